// One circuit breaker per rail (opossum) around initiation.
//
// Closed: calls pass; outages and timeouts are counted over a rolling window. Once at least
// volumeThreshold calls happened in the window and more than errorThresholdPercentage of them
// failed, the breaker opens: calls fail fast with RailUnavailableError and the provider is not
// called. After resetTimeoutMs it is half-open: exactly one call goes through as a probe (others
// still fail fast); success closes the breaker, failure opens it again for another resetTimeoutMs.
// RailDeclinedError (invalid input) is the provider working correctly, so it never counts.
// When the breaker closes, the rolling window is emptied (as Hystrix does): the successful probe
// proved the provider healthy, and the failures that opened the breaker must not reopen it at the
// first new failure.

import { EventEmitter } from 'node:events';
import CircuitBreaker from 'opossum';
import { RailOutageError, RailUnavailableError, railFailureOf } from './errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Rail, RailConnector, RailLogger } from './types.ts';

export interface RailBreakerConfig {
  /** Failure share, in percent, above which the breaker opens. */
  errorThresholdPercentage: number;
  /** Minimum calls in the rolling window before the breaker may open. */
  volumeThreshold: number;
  /** How long the breaker stays open before letting one probe through. */
  resetTimeoutMs: number;
  /** An initiation taking longer counts as a failure and surfaces as RailOutageError('timeout'). */
  timeoutMs: number;
  /** Length of the rolling window the failure share is computed over. */
  rollingWindowMs: number;
}

export const railBreakerErrorThresholdPercentageDefault = 50;
export const railBreakerVolumeThresholdDefault = 5;
export const railBreakerResetTimeoutMsDefault = 30_000;
/** Above the sandbox slow initiation (1.5 s), below a typical HTTP request timeout. */
export const railBreakerTimeoutMsDefault = 5_000;
export const railBreakerRollingWindowMsDefault = 10_000;
/** opossum divides the window into this many buckets; the window must be a multiple of it. */
export const railBreakerRollingBuckets = 10;

export const railBreakerConfigDefault: RailBreakerConfig = {
  errorThresholdPercentage: railBreakerErrorThresholdPercentageDefault,
  volumeThreshold: railBreakerVolumeThresholdDefault,
  resetTimeoutMs: railBreakerResetTimeoutMsDefault,
  timeoutMs: railBreakerTimeoutMsDefault,
  rollingWindowMs: railBreakerRollingWindowMsDefault,
};

export function resolveRailBreakerConfig(partial: Partial<RailBreakerConfig> = {}): RailBreakerConfig {
  const config: RailBreakerConfig = { ...railBreakerConfigDefault };
  for (const [key, value] of Object.entries(partial) as [keyof RailBreakerConfig, number | undefined][]) {
    if (value !== undefined) config[key] = value;
  }
  assertInteger('errorThresholdPercentage', config.errorThresholdPercentage, 0, 100);
  assertInteger('volumeThreshold', config.volumeThreshold, 0, 1_000_000);
  assertInteger('resetTimeoutMs', config.resetTimeoutMs, 1, 86_400_000);
  assertInteger('timeoutMs', config.timeoutMs, 1, 600_000);
  assertInteger('rollingWindowMs', config.rollingWindowMs, railBreakerRollingBuckets, 86_400_000);
  if (config.rollingWindowMs % railBreakerRollingBuckets !== 0) {
    throw new Error(`rail breaker config: rollingWindowMs must be a multiple of ${railBreakerRollingBuckets}`);
  }
  return config;
}

export type RailBreakerState = 'closed' | 'open' | 'half_open';

/** Counts over the current rolling window. */
export interface RailBreakerStats {
  fires: number;
  successes: number;
  failures: number;
  timeouts: number;
  rejects: number;
}

export interface RailBreakerSnapshot {
  rail: Rail;
  /** The provider whose connector the breaker guards ('sandbox' for ours). */
  provider: string;
  state: RailBreakerState;
  stats: RailBreakerStats;
}

export interface RailCircuitBreaker {
  readonly rail: Rail;
  readonly provider: string;
  /** Runs one provider call through the breaker, translating the breaker's own errors. */
  fire<T>(call: () => Promise<T>): Promise<T>;
  snapshot(): RailBreakerSnapshot;
  /** Stops the breaker's timers; every later call fails with RailUnavailableError. */
  shutdown(): void;
}

type ProviderCall = () => Promise<unknown>;

/** The event opossum's Status listens for on a rotateBucketController to start a new bucket. */
const opossumRotateEvent = 'rotate';

/** One breaker per (provider, rail): one provider's outage never refuses another's calls (decision 0640). */
export function createRailCircuitBreaker(rail: Rail, config: RailBreakerConfig, logger: RailLogger, provider = 'sandbox'): RailCircuitBreaker {
  // We drive opossum's bucket rotation ourselves so that we can also empty the window on close.
  const bucketRotation = new EventEmitter();
  const bucketRotationTimer = setInterval(
    () => bucketRotation.emit(opossumRotateEvent),
    config.rollingWindowMs / railBreakerRollingBuckets,
  );
  bucketRotationTimer.unref();

  const breaker = new CircuitBreaker<[ProviderCall], unknown>((call) => call(), {
    name: `rail:${provider}:${rail}`,
    timeout: config.timeoutMs,
    errorThresholdPercentage: config.errorThresholdPercentage,
    volumeThreshold: config.volumeThreshold,
    resetTimeout: config.resetTimeoutMs,
    rollingCountTimeout: config.rollingWindowMs,
    rollingCountBuckets: railBreakerRollingBuckets,
    rollingPercentilesEnabled: false,
    enableSnapshots: false,
    rotateBucketController: bucketRotation,
    // A decline is the provider working; our own database away (the sandbox keeps its state
    // there) is not the provider's failure either, and must not open its breaker.
    errorFilter: (error: unknown) => railFailureOf(error) === 'rail_declined_request' || isDatabaseUnavailable(error),
  });
  breaker.on('open', () => logger.warn('rail circuit breaker opened', { rail, provider, reset_timeout_ms: config.resetTimeoutMs }));
  breaker.on('halfOpen', () => logger.info('rail circuit breaker half-open: next call is a probe', { rail, provider }));
  breaker.on('close', () => {
    for (let bucket = 0; bucket < railBreakerRollingBuckets; bucket += 1) bucketRotation.emit(opossumRotateEvent);
    logger.info('rail circuit breaker closed', { rail, provider });
  });

  async function fire<T>(call: () => Promise<T>): Promise<T> {
    try {
      return (await breaker.fire(call)) as T;
    } catch (error) {
      throw translateBreakerError(rail, error);
    }
  }

  function snapshot(): RailBreakerSnapshot {
    const stats = breaker.stats;
    const state: RailBreakerState = breaker.halfOpen ? 'half_open' : breaker.closed ? 'closed' : 'open';
    return {
      rail,
      provider,
      state,
      stats: {
        fires: stats.fires,
        successes: stats.successes,
        failures: stats.failures,
        timeouts: stats.timeouts,
        rejects: stats.rejects,
      },
    };
  }

  function shutdown(): void {
    clearInterval(bucketRotationTimer);
    breaker.shutdown();
  }

  return { rail, provider, fire, snapshot, shutdown };
}

/** opossum's own errors carry a code; everything else is the connector's error, passed on unchanged. */
function translateBreakerError(rail: Rail, error: unknown): unknown {
  if (!(error instanceof Error) || !CircuitBreaker.isOurError(error)) return error;
  const code = (error as Error & { code?: string }).code;
  if (code === 'ETIMEDOUT') return new RailOutageError(rail, 'timeout', { cause: error });
  // EOPENBREAKER (open, or a half-open probe already in flight), ESHUTDOWN, ESEMLOCKED.
  return new RailUnavailableError(rail, { cause: error });
}

/** The connector as the collections flow sees it: every initiation goes through the rail's breaker. */
export function withCircuitBreaker(connector: RailConnector, breaker: RailCircuitBreaker): RailConnector {
  if (connector.rail !== breaker.rail || (connector.provider ?? 'sandbox') !== breaker.provider) {
    throw new Error(`circuit breaker of ${breaker.provider} ${breaker.rail} cannot guard connector of ${connector.provider ?? 'sandbox'} ${connector.rail}`);
  }
  const { queryOutcome } = connector;
  return {
    rail: connector.rail,
    provider: breaker.provider,
    initiateCollection: (request) => breaker.fire(() => connector.initiateCollection(request)),
    initiateRefund: (request) => breaker.fire(() => connector.initiateRefund(request)),
    findCollection: (transactionId) => breaker.fire(() => connector.findCollection(transactionId)),
    redeliverOutcome: (transactionId) => breaker.fire(() => connector.redeliverOutcome(transactionId)),
    reverseCollection: (request) => breaker.fire(() => connector.reverseCollection(request)),
    ...(queryOutcome ? { queryOutcome: (query: Parameters<typeof queryOutcome>[0]) => breaker.fire(() => queryOutcome.call(connector, query)) } : {}),
  };
}

function assertInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`rail breaker config: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}
