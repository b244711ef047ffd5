// Ledger call latency: every call the service makes to its ledger engine (TigerBeetle or the
// PostgreSQL engine), by engine and operation (the engine's method: createTransfers,
// lookupAccounts...) and outcome (ok, error). The engine is wrapped, not the Ledger: each Ledger
// method is one or more engine calls, and an engine call is what crosses to the ledger's server.
import type { LedgerEngine } from '@payagg/ledger';
import { Histogram } from 'prom-client';
import { metricNamePrefix, processRegistry, secondsSince } from './registry.ts';

/** Seconds: a TigerBeetle batch answers in about a millisecond, a PostgreSQL engine call in a few. */
export const ledgerCallDurationBucketsS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export const ledgerCallDuration = new Histogram({
  name: `${metricNamePrefix}ledger_call_duration_seconds`,
  help: 'Calls to the ledger engine by engine (tigerbeetle, postgres), operation (the engine method: createAccounts, createTransfers, lookupAccounts, lookupTransfers, getAccountTransfers, getAccountBalances, queryAccounts) and outcome (ok, error: the call threw; a transfer refused with a result code is ok), with their latency',
  labelNames: ['engine', 'operation', 'outcome'] as const,
  buckets: ledgerCallDurationBucketsS,
  registers: [processRegistry],
});

/** The engine methods that reach the ledger's server (close is not a call). */
const ledgerOperations = [
  'createAccounts', 'createTransfers', 'lookupAccounts', 'lookupTransfers', 'getAccountTransfers', 'getAccountBalances', 'queryAccounts',
] as const;

/**
 * `engine` with its calls observed: a Proxy, so `instanceof`, `name` and the engine's own fields
 * (the PostgreSQL engine's `sql`) stay what they were, and every method still runs with the engine
 * itself as `this` (the engines keep private fields, which a method called on another object
 * cannot read).
 */
export function observeLedgerEngine<E extends LedgerEngine>(engine: E): E {
  const observed = new Map<string | symbol, unknown>();
  for (const operation of ledgerOperations) {
    const call = (engine[operation] as (...args: unknown[]) => Promise<unknown>).bind(engine);
    observed.set(operation, async (...args: unknown[]) => {
      const startNs = process.hrtime.bigint();
      let outcome = 'error';
      try {
        const result = await call(...args);
        outcome = 'ok';
        return result;
      } finally {
        ledgerCallDuration.observe({ engine: engine.name, operation, outcome }, secondsSince(startNs));
      }
    });
  }
  return new Proxy(engine, {
    get(target, property) {
      if (observed.has(property)) return observed.get(property);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
