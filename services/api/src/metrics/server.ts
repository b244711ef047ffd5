// The metrics listener (decision 0560): GET /metrics in Prometheus' text format, on a port of its
// own, apart from the public API. What a scrape returns: the process's metrics (registry.ts:
// requests, provider and ledger calls, webhook attempts, Node's), this runtime's gauges
// (runtime-gauges.ts) and the database's (database-gauges.ts).
import http from 'node:http';
import { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { RailRegistry } from '../rails/registry.ts';
import { registerDatabaseGauges } from './database-gauges.ts';
import { processRegistry } from './registry.ts';
import { registerRuntimeGauges } from './runtime-gauges.ts';

export type MetricsServer = { port: number; close(): Promise<void> };

/** The process's metrics with those of one runtime and its database. */
export function createScrapeRegistry(input: { sql: Sql; rails: RailRegistry; config: Config; databaseTimeoutMs?: number }): Registry {
  const own = new Registry();
  registerRuntimeGauges(own, input);
  registerDatabaseGauges(own, input.sql, { timeoutMs: input.databaseTimeoutMs });
  return Registry.merge([processRegistry, own]);
}

export async function startMetricsServer(input: { registry: Registry; port: number; host: string; logger: Logger }): Promise<MetricsServer> {
  const { registry, logger } = input;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then((text) => {
      res.writeHead(200, { 'Content-Type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text);
    }, (error: Error) => {
      logger.error('metrics scrape failed', { error: error.message });
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics scrape failed\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port, input.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : input.port;
  logger.info('metrics listening', { port, host: input.host, path: '/metrics' });
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/**
 * Starts the listener when METRICS_PORT asks for one (metrics/settings.ts): what main.ts and
 * worker.ts call once their runtime is up. Null when metrics are not served.
 */
export async function serveMetrics(input: {
  settings: { port: number; host: string } | null; sql: Sql; rails: RailRegistry; config: Config; logger: Logger;
}): Promise<MetricsServer | null> {
  if (!input.settings) {
    input.logger.info('metrics not served: METRICS_PORT is not set');
    return null;
  }
  return await startMetricsServer({ registry: createScrapeRegistry(input), ...input.settings, logger: input.logger });
}
