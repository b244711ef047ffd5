// The rails as the collections flow uses them: one connector per (provider, rail), each behind
// its own circuit breaker. The sandbox's for every rail always; real providers' beside them
// (`providerConnectors`), chosen per (rail, currency, country) by the routing table
// (provider-routing/routing-table.ts, rails/routed-calls.ts; decision 0640).

import type { Sql } from 'postgres';
import {
  createRailCircuitBreaker,
  resolveRailBreakerConfig,
  withCircuitBreaker,
  type RailBreakerConfig,
  type RailBreakerSnapshot,
  type RailBreakerState,
  type RailCircuitBreaker,
} from './circuit-breaker.ts';
import { parseOptionalInteger, resolveSandboxRailsConfig, sandboxRailsConfigFromEnv, type SandboxRailsConfig } from '../connectors/sandbox/collection-rails/config.ts';
import { createSandboxRailConnector } from '../connectors/sandbox/collection-rails/connector.ts';
import { observeRailConnector } from '../metrics/provider-calls.ts';
import { allRails, isRail, jsonLineRailLogger, type Rail, type RailConnector, type RailInitiationResult, type RailLogger } from './types.ts';
import { assertProvidersRegistered, providerNamePattern, sandboxOnlyRoutingTable, sandboxProvider, type RoutingTable } from '../provider-routing/routing-table.ts';

export interface RailRegistryConfig {
  sandbox?: Partial<SandboxRailsConfig>;
  breaker?: Partial<RailBreakerConfig>;
  /** Which provider serves which (rail, currency, country) (PROVIDER_ROUTES: docs/providers.md); default: the sandbox. */
  routing?: RoutingTable;
}

export interface RailRegistryOptions {
  sql: Sql;
  config?: RailRegistryConfig;
  /**
   * Real providers' connectors, registered beside the sandbox's, each under its `provider` name
   * and rail (one per pair). The routing table decides which serves what (decision 0640).
   */
  providerConnectors?: readonly RailConnector[];
  logger?: RailLogger;
}

/** A collection the rail holds, and the provider holding it (RailRegistry.findCollectionAnywhere). */
export type HeldCollection = { provider: string; initiation: RailInitiationResult };

export interface RailRegistry {
  /**
   * The breaker-wrapped connector of a rail at a provider (default: the sandbox). A transaction's
   * calls go to the provider on its row (transactions.provider); a new one's to its route's.
   */
  connectorFor(rail: Rail, provider?: string): RailConnector;
  /** The ordered providers of a collection's route (never empty): the first, then its fallbacks. */
  providersFor(route: { rail: Rail; currency: string; country: string | null }): string[];
  /** Whether the route of (rail, currency) differs by country (then the caller reads the country). */
  routeDependsOnCountry(rail: Rail, currency: string): boolean;
  /** Every provider with a connector for the rail, the sandbox last. */
  providersOfRail(rail: Rail): string[];
  /**
   * The providers' status query by our reference, asked of every provider of the rail until one
   * holds the collection: for a run that died without recording which provider it reached. Null
   * when none holds it; throws (the first provider's error) when one could not answer and none held it.
   */
  findCollectionAnywhere(rail: Rail, transactionId: string): Promise<HeldCollection | null>;
  /** The providers whose connectors can be asked for a final status (RailConnector.queryOutcome): those a silent one is polled at. */
  providersWithStatusQuery(): string[];
  breakerState(rail: Rail, provider?: string): RailBreakerState;
  /** State and rolling-window counts of every (provider, rail) breaker, for tests and ops endpoints. */
  breakerSnapshots(): RailBreakerSnapshot[];
  /** The resolved sandbox settings (a copy). */
  sandboxConfig(): SandboxRailsConfig;
  /**
   * Forces a sandbox rail down (or back up) at run time, as SANDBOX_RAILS_DOWN does at start.
   * The breaker then sees outages and opens as it would for a real provider.
   */
  setSandboxRailDown(rail: Rail, down: boolean): void;
  /** Stops the breakers' timers. */
  close(): void;
}

export function createRailRegistry(options: RailRegistryOptions): RailRegistry {
  const logger = options.logger ?? jsonLineRailLogger;
  const breakerConfig = resolveRailBreakerConfig(options.config?.breaker);
  const routing = options.config?.routing ?? sandboxOnlyRoutingTable;
  // One mutable object shared by the sandbox connectors, so setSandboxRailDown takes effect at once.
  const sandboxConfig: SandboxRailsConfig = resolveSandboxRailsConfig(options.config?.sandbox);

  const breakers = new Map<string, RailCircuitBreaker>();
  const connectors = new Map<string, RailConnector>();
  const keyOf = (provider: string, rail: Rail) => `${provider} ${rail}`;
  const register = (provider: string, connector: RailConnector) => {
    const key = keyOf(provider, connector.rail);
    if (connectors.has(key)) throw new Error(`two ${connector.rail} connectors registered for provider ${provider}`);
    const breaker = createRailCircuitBreaker(connector.rail, breakerConfig, logger, provider);
    breakers.set(key, breaker);
    // Observed outside the breaker, so a call the breaker refuses is counted too (metrics/provider-calls.ts).
    connectors.set(key, observeRailConnector(withCircuitBreaker({ ...connector, provider }, breaker)));
  };
  for (const connector of options.providerConnectors ?? []) {
    const provider = connector.provider;
    if (provider === undefined || !providerNamePattern.test(provider) || provider === sandboxProvider) {
      throw new Error(`a provider connector must name its provider (${providerNamePattern.source}, not "${sandboxProvider}"), got ${String(provider)}`);
    }
    if (!isRail(connector.rail)) throw new Error(`provider ${provider}: unknown rail ${String(connector.rail)}`);
    register(provider, connector);
  }
  for (const rail of allRails) register(sandboxProvider, createSandboxRailConnector(rail, { sql: options.sql, config: sandboxConfig }));
  assertProvidersRegistered(routing, 'collection', (method, provider) => connectors.has(keyOf(provider, method as Rail)));

  function known<T>(map: Map<string, T>, rail: Rail, provider: string): T {
    const value = isRail(rail) ? map.get(keyOf(provider, rail)) : undefined;
    if (value === undefined) throw new Error(`unknown rail or provider: ${String(provider)} ${String(rail)}`);
    return value;
  }
  const providersOfRail = (rail: Rail): string[] => [
    ...[...connectors.keys()].filter((key) => key.endsWith(` ${rail}`)).map((key) => key.slice(0, key.indexOf(' ')))
      .filter((provider) => provider !== sandboxProvider),
    sandboxProvider,
  ];

  return {
    connectorFor: (rail, provider = sandboxProvider) => known(connectors, rail, provider),
    providersFor: ({ rail, currency, country }) => routing.providersFor({ kind: 'collection', method: rail, currency, country }),
    routeDependsOnCountry: (rail, currency) => routing.dependsOnCountry('collection', rail, currency),
    providersOfRail,
    async findCollectionAnywhere(rail, transactionId) {
      let firstError: unknown = null;
      for (const provider of providersOfRail(rail)) {
        try {
          const initiation = await known(connectors, rail, provider).findCollection(transactionId);
          if (initiation !== null) return { provider, initiation };
        } catch (error) {
          firstError ??= error;
        }
      }
      if (firstError !== null) throw firstError;
      return null;
    },
    providersWithStatusQuery: () => [...new Set([...connectors.entries()].filter(([, c]) => c.queryOutcome !== undefined).map(([key]) => key.slice(0, key.indexOf(' '))))],
    breakerState: (rail, provider = sandboxProvider) => known(breakers, rail, provider).snapshot().state,
    breakerSnapshots: () => [...breakers.values()].filter((b) => b.provider === sandboxProvider).map((b) => b.snapshot())
      .concat([...breakers.values()].filter((b) => b.provider !== sandboxProvider).map((b) => b.snapshot())),
    sandboxConfig: () => ({ ...sandboxConfig, railsDown: [...sandboxConfig.railsDown] }),
    setSandboxRailDown(rail, down) {
      known(connectors, rail, sandboxProvider);
      const others = sandboxConfig.railsDown.filter((name) => name !== rail);
      sandboxConfig.railsDown = down ? [...others, rail] : others;
      logger.warn(down ? 'sandbox rail forced down' : 'sandbox rail forced up', { rail });
    },
    close() {
      for (const breaker of breakers.values()) breaker.shutdown();
    },
  };
}

/**
 * Registry settings from the environment: the sandbox ones (see sandboxRailsConfigFromEnv) and
 * RAIL_BREAKER_ERROR_THRESHOLD_PERCENTAGE, RAIL_BREAKER_VOLUME_THRESHOLD,
 * RAIL_BREAKER_RESET_TIMEOUT_MS, RAIL_BREAKER_TIMEOUT_MS, RAIL_BREAKER_ROLLING_WINDOW_MS.
 */
export function railRegistryConfigFromEnv(env: Record<string, string | undefined>): RailRegistryConfig {
  const breaker: Partial<RailBreakerConfig> = {
    errorThresholdPercentage: parseOptionalInteger(env, 'RAIL_BREAKER_ERROR_THRESHOLD_PERCENTAGE'),
    volumeThreshold: parseOptionalInteger(env, 'RAIL_BREAKER_VOLUME_THRESHOLD'),
    resetTimeoutMs: parseOptionalInteger(env, 'RAIL_BREAKER_RESET_TIMEOUT_MS'),
    timeoutMs: parseOptionalInteger(env, 'RAIL_BREAKER_TIMEOUT_MS'),
    rollingWindowMs: parseOptionalInteger(env, 'RAIL_BREAKER_ROLLING_WINDOW_MS'),
  };
  return { sandbox: sandboxRailsConfigFromEnv(env), breaker: resolveRailBreakerConfig(breaker) };
}
