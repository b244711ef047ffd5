// Rails module: connector contract, sandbox providers, circuit breakers.
export * from './types.ts';
export * from './errors.ts';
export * from './circuit-breaker.ts';
export * from './registry.ts';
export * from '../connectors/sandbox/collection-rails/config.ts';
export * from '../connectors/sandbox/collection-rails/scenarios.ts';
export { createSandboxRailConnector, createSandboxRailConnectors, type SandboxRailConnectorOptions } from '../connectors/sandbox/collection-rails/connector.ts';
export { providerReferencePrefixes, reversalReferenceMarker, newProviderReference, newUssdCode, actionUrlFor } from '../connectors/sandbox/collection-rails/references.ts';

/**
 * Paths of the migrations that create the sandbox rail tables, in order, for runners and tests
 * that run the rails without the rest of the service (0008 adds the reversals).
 */
export const sandboxRailsMigrationUrls = [
  new URL('../../migrations/0002_sandbox_rails.sql', import.meta.url),
  new URL('../../migrations/0008_collection_reversals.sql', import.meta.url),
] as const;
