// The process's metrics registry (prom-client): every metric counted where it happens (requests,
// provider and ledger calls, webhook attempts) registers here, once per process, as prom-client's
// own default registry would; Node's default metrics (CPU, memory, event-loop lag, GC, handles)
// too. What is read from the database or from a runtime at scrape time (database-gauges.ts,
// runtime-gauges.ts) lives in a registry of each metrics listener (server.ts), merged with this one
// when scraped, because one process can hold several runtimes (the tests start several services).
import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every metric of ours starts with it (Prometheus' convention: the application's namespace). */
export const metricNamePrefix = 'payagg_';

export const processRegistry = new Registry();

// Node's own metrics carry the same prefix, so a dashboard finds all of a process's series under one name.
collectDefaultMetrics({ register: processRegistry, prefix: metricNamePrefix });

/** Seconds since `startNs` (process.hrtime.bigint()): the unit Prometheus' histograms use. */
export function secondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e9;
}
