// Partner request authentication (seed: "Partner wallet paths", `X-API-Key`), as Express
// middleware for every operation of the partner spec (spec/partner.yaml). Like the merchant
// authentication (authenticate.ts) it never looks at the path: the route matcher has decided the
// operation. One answer for every refusal: 401 AUTH_INVALID_KEY with one generic message, whether
// the key is missing, malformed, unknown, revoked or wrong in its secret part.
//
// Keys are compared by their SHA-256 digest in constant time (accounts/partners.ts). Refusals are
// charged to the same failure budgets as the merchant API's (rate-limit.ts authFailureBucket: the
// key row when the key id is known, else the caller's address), so a flood of bad keys turns into
// 429s. A key is never logged: at most its row id.
import type { NextFunction, Request, Response } from 'express';
import type { Queryable } from '../db/index.ts';
import { findPartnerKeyForAuth, keyIdOf, partnerKeyMatches, partnerKeyPattern, type PartnerKeyForAuth } from '../accounts/index.ts';
import { ApiError } from '../http/errors.ts';
import { authFailureBucket, type SharedRateLimiter, rateLimited, setRateLimitHeaders } from '../http/rate-limit.ts';
import { routeOf } from '../http/route-match.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import type { ServiceMode } from '../config.ts';
import { keyModeRefusal } from './key-mode.ts';
import type { KeyMode } from './principal.ts';

export const partnerApiKeyHeader = 'x-api-key';
// Bounds memory; when full, the oldest entry is dropped.
export const partnerKeyCacheEntriesMax = 10_000;

/** The authenticated caller of a partner request (res.locals.partnerPrincipal); `mode` is the partner's. */
export type PartnerPrincipal = { partner: { id: string }; apiKey: { id: string }; mode: KeyMode };

export function partnerPrincipalOf(res: Response): PartnerPrincipal {
  const principal = res.locals.partnerPrincipal as PartnerPrincipal | undefined;
  // Partner routes are behind authenticatePartner(); reaching here without one is a wiring bug.
  if (!principal) throw new Error('partnerPrincipalOf: request was not authenticated');
  return principal;
}

/**
 * Key rows by key id, kept `ttlMs` (AUTH_CACHE_TTL_MS, as merchant keys): a revocation is seen by
 * every instance within that time. Only the row (its digest) is cached, never the key itself.
 */
export function createPartnerKeyLookup(sql: Queryable, ttlMs: number): (apiKey: string, nowMs: number) => Promise<PartnerKeyForAuth | null> {
  if (ttlMs <= 0) return (apiKey) => findPartnerKeyForAuth(sql, apiKey);
  const entries = new Map<string, { row: PartnerKeyForAuth; loadedMs: number }>();
  return async (apiKey, nowMs) => {
    const keyId = keyIdOf(apiKey);
    const hit = entries.get(keyId);
    if (hit && nowMs - hit.loadedMs < ttlMs) return hit.row;
    const row = await findPartnerKeyForAuth(sql, apiKey);
    entries.delete(keyId);
    if (!row) return null;
    if (entries.size >= partnerKeyCacheEntriesMax) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(keyId, { row, loadedMs: nowMs });
    return row;
  };
}

const invalidKey = () => new ApiError('AUTH_INVALID_KEY', 'The API key is missing or invalid.');

export function authenticatePartner(deps: {
  spec: LoadedSpec;
  lookupKey: (apiKey: string, nowMs: number) => Promise<PartnerKeyForAuth | null>;
  logger: Logger;
  now: () => number;
  failureLimiter: SharedRateLimiter | null;
  /** PAYAGG_ENV: a production server refuses sandbox partners' keys (auth/key-mode.ts). */
  serviceMode: ServiceMode;
}) {
  return async function authenticate(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (routeOf(res).spec !== deps.spec) return next();
    const fail = async (reason: string, keyRowId?: string): Promise<never> => {
      const fields = { request_id: res.locals.requestId, reason, partner_key_row: keyRowId, ip: req.socket.remoteAddress };
      const state = await deps.failureLimiter?.charge(authFailureBucket(keyRowId ? `partner:${keyRowId}` : null, req.socket.remoteAddress));
      // The refusal carries the failure bucket's state, as the merchant API's do (authenticate.ts).
      if (state) setRateLimitHeaders(res, state);
      const retryAfterS = state?.retryAfterS ?? 0;
      if (retryAfterS > 0) {
        deps.logger.debug('partner authentication refused; failure budget spent', fields);
        throw rateLimited(retryAfterS);
      }
      deps.logger.info('partner authentication refused', fields);
      throw invalidKey();
    };
    const apiKey = req.get(partnerApiKeyHeader);
    if (!apiKey) return fail('key missing');
    if (!partnerKeyPattern.test(apiKey)) return fail('key malformed');
    const row = await deps.lookupKey(apiKey, deps.now());
    if (!row) return fail('key unknown');
    if (!partnerKeyMatches(apiKey, row.key_sha256)) return fail('key secret mismatch', row.id);
    if (row.revoked_at) return fail('key revoked', row.id);
    // A partner key carries its partner's mode, so only the server's half of the rule can refuse it.
    const modeRefusal = keyModeRefusal(row.mode, row.mode, deps.serviceMode);
    if (modeRefusal) return fail(modeRefusal, row.id);
    const principal: PartnerPrincipal = { partner: { id: row.partner_id }, apiKey: { id: row.id }, mode: row.mode };
    res.locals.partnerPrincipal = principal;
    next();
  };
}
