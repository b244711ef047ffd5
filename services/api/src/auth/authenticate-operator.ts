// Operator request authentication for every operation of the ops spec (spec/ops.yaml, /ops/v1):
// `Authorization: Bearer opk_...`. Operator keys are their own kind (accounts/operators.ts): a
// merchant's key and signature, or a partner's X-API-Key, authenticate nothing here, and an
// operator key nothing on the merchant or partner APIs (their authentications know only their
// own kinds). Every refusal is 401 AUTH_INVALID_KEY with one message, charged to the shared
// failure budgets (rate-limit.ts), like the partner API's (authenticate-partner.ts). Operator
// keys are checked on every request (no cache): the ops API is low-traffic and a revocation
// must hold at once.
import type { NextFunction, Request, Response } from 'express';
import type { Queryable } from '../db/index.ts';
import { findOperatorKeyForAuth, operatorKeyMatches, operatorKeyPattern } from '../accounts/index.ts';
import { ApiError } from '../http/errors.ts';
import { authFailureBucket, type SharedRateLimiter, rateLimited, setRateLimitHeaders } from '../http/rate-limit.ts';
import { routeOf } from '../http/route-match.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';

export const opsBasePath = '/ops/v1';

/** The authenticated caller of an ops request (res.locals.operatorPrincipal). */
export type OperatorPrincipal = { operator: { id: string }; apiKey: { id: string } };

export function operatorPrincipalOf(res: Response): OperatorPrincipal {
  const principal = res.locals.operatorPrincipal as OperatorPrincipal | undefined;
  if (!principal) throw new Error('operatorPrincipalOf: request was not authenticated');
  return principal;
}

const invalidKey = () => new ApiError('AUTH_INVALID_KEY', 'The operator key is missing or invalid.');

export function authenticateOperator(deps: { spec: LoadedSpec; sql: Queryable; logger: Logger; failureLimiter: SharedRateLimiter | null }) {
  return async function authenticate(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (routeOf(res).spec !== deps.spec) return next();
    const fail = async (reason: string, keyRowId?: string): Promise<never> => {
      const fields = { request_id: res.locals.requestId, reason, operator_key_row: keyRowId, ip: req.socket.remoteAddress };
      const state = await deps.failureLimiter?.charge(authFailureBucket(keyRowId ? `operator:${keyRowId}` : null, req.socket.remoteAddress));
      if (state) setRateLimitHeaders(res, state);
      const retryAfterS = state?.retryAfterS ?? 0;
      if (retryAfterS > 0) throw rateLimited(retryAfterS);
      deps.logger.info('operator authentication refused', fields);
      throw invalidKey();
    };
    const header = req.get('authorization') ?? '';
    const apiKey = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!apiKey) return fail('key missing');
    if (!operatorKeyPattern.test(apiKey)) return fail('key malformed');
    const row = await findOperatorKeyForAuth(deps.sql, apiKey);
    if (!row) return fail('key unknown');
    if (!operatorKeyMatches(apiKey, row.key_sha256)) return fail('key secret mismatch', row.id);
    if (row.revoked_at) return fail('key revoked', row.id);
    const principal: OperatorPrincipal = { operator: { id: row.operator_id }, apiKey: { id: row.id } };
    res.locals.operatorPrincipal = principal;
    next();
  };
}
