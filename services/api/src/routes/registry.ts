// How routes are wired: each resource module (src/routes/<resource>.ts) exports a function that
// returns a RouteHandlers table keyed by the seed's route (`'GET /users'`). app.ts gives every spec
// operation its handler (operationHandlers); an operation without one gets `notImplemented` (501).
// Which operation a request is, is decided once by src/http/route-match.ts, never here.
// Landing an endpoint = adding its key to its resource's table, nothing else.
import type { Request, Response } from 'express';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import type { FlowDeps } from '../flow-deps.ts';
import { sendError } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Paginator } from '../http/pagination.ts';
import { routeOf } from '../http/route-match.ts';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import { normalizedRouteKey } from '../auth/scopes.ts';
import type { ReconReportSources } from '../reconciliation/settlement-pulls.ts';

export type RouteHandler = (req: Request, res: Response) => void | Promise<void>;
export type RouteHandlers = Record<string, RouteHandler>;

/**
 * What handlers may use: what flows use (flow-deps.ts: the pool, the ledger, rail connectors,
 * the idempotency store, config, logger, clock; src/runtime.ts builds the domain parts), and the
 * HTTP-only parts: the cursor paginator and the secret box; and the providers' report APIs.
 */
export type RouteContext = FlowDeps & {
  groupCommit: GroupCommit;
  paginator: Paginator;
  secretBox: SecretBox;
  /** The providers' report APIs the ops API's reconciliation runs pull from (runtime.ts). */
  reconReportSources: ReconReportSources;
};

export function notImplemented(_req: Request, res: Response): void {
  sendError(res, new ApiError('NOT_IMPLEMENTED', `${routeOf(res).operation.routeKey} is specified but not implemented yet.`));
}

/**
 * The handler of every operation of `spec` (`notImplemented` where the table has none), and the
 * route keys answered with 501.
 */
export function operationHandlers(spec: LoadedSpec, handlers: RouteHandlers): { handlerOf: Map<SpecOperation, RouteHandler>; pending: string[] } {
  const known = new Set(spec.operations.map(normalizedRouteKey));
  const stray = Object.keys(handlers).filter((key) => !known.has(key.replace(/\{[^}]+\}/g, '{id}')));
  if (stray.length > 0) throw new Error(`handlers for routes that are not in the spec: ${stray.join(', ')}`);
  const handlerOf = new Map<SpecOperation, RouteHandler>();
  const pending: string[] = [];
  for (const op of spec.operations) {
    const handler = handlers[op.routeKey] ?? handlers[normalizedRouteKey(op)];
    if (!handler) pending.push(op.routeKey);
    handlerOf.set(op, handler ?? notImplemented);
  }
  return { handlerOf, pending };
}
