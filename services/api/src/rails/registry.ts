// The rails as the collections flow uses them: one connector per rail, each behind its own
// circuit breaker. Sandbox connectors by default; a real provider integration replaces one by
// passing it in `connectors`.

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
import { allRails, isRail, jsonLineRailLogger, type Rail, type RailConnector, type RailLogger } from './types.ts';

export interface RailRegistryConfig {
  sandbox?: Partial<SandboxRailsConfig>;
  breaker?: Partial<RailBreakerConfig>;
}

export interface RailRegistryOptions {
  sql: Sql;
  config?: RailRegistryConfig;
  /** Real provider connectors; rails not listed get the sandbox connector. */
  connectors?: Partial<Record<Rail, RailConnector>>;
  logger?: RailLogger;
}

export interface RailRegistry {
  /** The breaker-wrapped connector of a rail. */
  connectorFor(rail: Rail): RailConnector;
  breakerState(rail: Rail): RailBreakerState;
  /** State and rolling-window counts of every rail's breaker, for tests and ops endpoints. */
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
  // One mutable object shared by the sandbox connectors, so setSandboxRailDown takes effect at once.
  const sandboxConfig: SandboxRailsConfig = resolveSandboxRailsConfig(options.config?.sandbox);

  const breakers = new Map<Rail, RailCircuitBreaker>();
  const connectors = new Map<Rail, RailConnector>();
  for (const rail of allRails) {
    const connector = options.connectors?.[rail] ?? createSandboxRailConnector(rail, { sql: options.sql, config: sandboxConfig });
    const breaker = createRailCircuitBreaker(rail, breakerConfig, logger);
    breakers.set(rail, breaker);
    // Observed outside the breaker, so a call the breaker refuses is counted too (metrics/provider-calls.ts).
    connectors.set(rail, observeRailConnector(withCircuitBreaker(connector, breaker)));
  }

  function known<T>(map: Map<Rail, T>, rail: Rail): T {
    const value = isRail(rail) ? map.get(rail) : undefined;
    if (value === undefined) throw new Error(`unknown rail: ${String(rail)}`);
    return value;
  }

  return {
    connectorFor: (rail) => known(connectors, rail),
    breakerState: (rail) => known(breakers, rail).snapshot().state,
    breakerSnapshots: () => allRails.map((rail) => known(breakers, rail).snapshot()),
    sandboxConfig: () => ({ ...sandboxConfig, railsDown: [...sandboxConfig.railsDown] }),
    setSandboxRailDown(rail, down) {
      known(connectors, rail);
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
