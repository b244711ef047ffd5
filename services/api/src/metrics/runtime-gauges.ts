// Gauges read from this process's runtime when scraped: each collection rail's circuit breaker
// state (rails/circuit-breaker.ts), and the most connections each of its pools may open.
// postgres.js does not say how many of its connections are open or busy (it has no API for it),
// so the pools' real use is read where the server sees it: payagg_database_connections
// (database-gauges.ts).
import { Gauge, type Registry } from 'prom-client';
import { type Config, connectionsPerProcess } from '../config.ts';
import type { RailRegistry } from '../rails/registry.ts';
import { metricNamePrefix } from './registry.ts';

const breakerStates = ['closed', 'open', 'half_open'] as const;

export function registerRuntimeGauges(registry: Registry, runtime: { rails: RailRegistry; config: Config }): void {
  new Gauge({
    name: `${metricNamePrefix}rail_breaker_state`,
    help: 'Each collection rail\'s circuit breaker in this process, per provider (sandbox: ours): 1 for its current state (closed: calls pass; open: calls refused without calling the provider; half_open: one probe call allowed), 0 for the others',
    labelNames: ['rail', 'provider', 'state'] as const,
    registers: [registry],
    collect() {
      for (const snapshot of runtime.rails.breakerSnapshots()) {
        for (const state of breakerStates) this.set({ rail: snapshot.rail, provider: snapshot.provider, state }, snapshot.state === state ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: `${metricNamePrefix}database_pool_connections_max`,
    help: 'The most connections each of this process\'s database pools may open, as configured (database: the request pool, ledger, asyncCommit, worker, jobQueue, webhooks; 0: not used in this process; total: their sum). Configured, not measured: postgres.js does not expose open or busy connections; payagg_database_connections has what the server sees',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const [pool, max] of Object.entries(connectionsPerProcess(runtime.config))) this.set({ pool }, max);
    },
  });
}
