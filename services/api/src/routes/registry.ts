// How routes are wired: each resource module (src/routes/<resource>.ts) exports a function that
// returns a RouteHandlers table keyed by the seed's route (`'GET /users'`). app.ts registers one
// Express route per spec operation; an operation without a handler gets `notImplemented` (501).
// Landing an endpoint = adding its key to its resource's table, nothing else.
import type { Request, Response, Router } from 'express';
import type { Ledger } from '@payagg/ledger';
import type { Config } from '../config.ts';
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import { sendError } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Paginator } from '../http/pagination.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import { normalizedRouteKey } from '../auth/scopes.ts';

export type RouteHandler = (req: Request, res: Response) => void | Promise<void>;
export type RouteHandlers = Record<string, RouteHandler>;

/**
 * What handlers may use: the pool, the cursor paginator, the secret box, the logger, config, and
 * the domain runtime (ledger, rail connectors, idempotency store: src/runtime.ts).
 */
export type RouteContext = {
  sql: Sql;
  ledger: Ledger;
  rails: RailRegistry;
  idempotency: IdempotencyStore;
  groupCommit: GroupCommit;
  paginator: Paginator;
  secretBox: SecretBox;
  logger: Logger;
  config: Config;
  now: () => number;
};

export function notImplemented(req: Request, res: Response): void {
  sendError(res, new ApiError('NOT_IMPLEMENTED', `${req.method} ${req.route?.path ?? req.path} is specified but not implemented yet.`));
}

/** Registers every operation of `spec` on `router`; returns the route keys answered with 501. */
export function registerOperations(router: Router, spec: LoadedSpec, handlers: RouteHandlers): string[] {
  const known = new Set(spec.operations.map(normalizedRouteKey));
  const stray = Object.keys(handlers).filter((key) => !known.has(key.replace(/\{[^}]+\}/g, '{id}')));
  if (stray.length > 0) throw new Error(`handlers for routes that are not in the spec: ${stray.join(', ')}`);
  const pending: string[] = [];
  for (const op of spec.operations) {
    const handler = handlers[op.routeKey] ?? handlers[normalizedRouteKey(op)];
    if (!handler) pending.push(op.routeKey);
    router[op.method](op.expressPath, handler ?? notImplemented);
  }
  return pending;
}
