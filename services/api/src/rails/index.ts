// Rails module: connector contract, sandbox providers, circuit breakers, the sandbox outcome poller.
export * from './types.ts';
export * from './errors.ts';
export * from './circuit-breaker.ts';
export * from './registry.ts';
export * from './sandbox/outcome-poller.ts';
export * from './sandbox/config.ts';
export * from './sandbox/scenarios.ts';
export { createSandboxRailConnector, createSandboxRailConnectors, type SandboxRailConnectorOptions } from './sandbox/connector.ts';
export { PROVIDER_REFERENCE_PREFIXES, newProviderReference, newUssdCode, actionUrlFor } from './sandbox/references.ts';

/** Path of the migration that creates the sandbox rail tables, for runners and tests. */
export const SANDBOX_RAILS_MIGRATION_URL = new URL('../../migrations/0002_sandbox_rails.sql', import.meta.url);
