// Requests by operation, method and status, with their latency: one histogram (its _count is the
// request count). The operation is the spec's operationId of the matched route (http/route-match.ts),
// never the raw path: a path holds ids, and one label value per id would grow the series without
// bound. Requests outside the spec have fixed names (healthz, readyz) or `none` (404s, pages).
import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';
import type { RouteMatch } from '../http/route-match.ts';
import { metricNamePrefix, processRegistry, secondsSince } from './registry.ts';

/**
 * Bucket bounds in seconds: from a cached read (a few ms) to the slowest request worth telling
 * apart (a slow rail initiation, 1.5 s in the sandbox, under a 5 s breaker timeout); above 10 s
 * everything is one bucket.
 */
export const httpRequestDurationBucketsS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: `${metricNamePrefix}http_request_duration_seconds`,
  help: 'HTTP requests by API family (merchant, partner, or none), spec operation (operationId; healthz, readyz, or none outside the spec), method and status (aborted: the client left before the answer), with their latency from arrival to the last byte sent',
  labelNames: ['api', 'operation', 'method', 'status'] as const,
  buckets: httpRequestDurationBucketsS,
  registers: [processRegistry],
});

/** The methods a label may name; any other (a client may send any token) is counted as `other`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Operational routes outside the spec, by their exact path. */
const operationalRoutes: Record<string, string> = { '/healthz': 'healthz', '/readyz': 'readyz' };

function labelsOf(req: Request, res: Response): { api: string; operation: string; method: string; status: string } {
  const route = res.locals.route as RouteMatch | undefined;
  const method = knownMethods.has(req.method) ? req.method : 'other';
  const status = res.headersSent ? String(res.statusCode) : 'aborted';
  if (route) {
    const api = route.spec.basePath.includes('partner') ? 'partner' : 'merchant';
    return { api, operation: route.operation.operationId, method, status };
  }
  return { api: 'none', operation: operationalRoutes[req.path] ?? 'none', method, status };
}

/** Express middleware, first in the pipeline: observes every request when its connection is done with it. */
export function countRequests(req: Request, res: Response, next: NextFunction): void {
  const startNs = process.hrtime.bigint();
  res.once('close', () => httpRequestDuration.observe(labelsOf(req, res), secondsSince(startNs)));
  next();
}
