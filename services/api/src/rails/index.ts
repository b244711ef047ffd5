// Rails module: connector contract, sandbox providers, circuit breakers, outcome delivery.
export * from './types.ts';
export * from './errors.ts';
export * from './circuit-breaker.ts';
export * from './registry.ts';
export * from './outcome-worker.ts';
export * from './sandbox/config.ts';
export * from './sandbox/scenarios.ts';
export { createSandboxRailConnector, createSandboxRailConnectors, type SandboxRailConnectorOptions } from './sandbox/connector.ts';
export { PROVIDER_REFERENCE_PREFIXES, newProviderReference, newUssdCode, actionUrlFor } from './sandbox/references.ts';

/** Path of the migration that creates the sandbox rail tables, for runners and tests. */
export const sandboxRailsMigrationUrl = new URL('../../migrations/0002_sandbox_rails.sql', import.meta.url);
