// Merchant request authentication (seed: "Authentication"), as Express middleware for every
// operation of the merchant spec. Which operation a request is comes from the one route matcher
// (src/http/route-match.ts), which has already answered 404 for any path that is not exactly a
// spec path: this middleware never looks at the path itself, so no spelling of a path can reach
// a handler without passing here.
//
// Checks run in this fixed order; the first failure answers 401:
//   1. X-Service-Key present and well-formed            else AUTH_INVALID_KEY
//   2. key known                                        else AUTH_INVALID_KEY
//   3. key not revoked, not expired                     else AUTH_INVALID_KEY
//      key of its merchant's mode, and not a sandbox key on a production server
//      (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md)  else AUTH_INVALID_KEY
//   4. caller address on the key's IP allow-list        else AUTH_INVALID_KEY
//   5. X-Service-Timestamp: Unix seconds within ±tolerance  else AUTH_SIGNATURE_MISMATCH
//   6. X-Service-Signature-Version absent, "1" or "2"   else AUTH_SIGNATURE_MISMATCH
//   7. the version is one the key accepts (a key may require 2)  else AUTH_SIGNATURE_MISMATCH
//   8. X-Service-Signature matches, per that version (src/auth/signature.ts; constant time)
//                                                       else AUTH_SIGNATURE_MISMATCH
//   9. key's scopes allow the operation                 else AUTH_INVALID_KEY
// The scope check comes only after the signature, so a caller without the secret cannot probe
// which operations a key may call. All 401s carry the same generic messages per code.
//
// Every refusal is charged to a failure bucket (src/http/rate-limit.ts, authFailureBucket: the
// key when it is known, else the caller's address); once that bucket is spent, a refusal answers
// 429 RATE_LIMITED with Retry-After instead of 401 (and is logged at debug, not info, so a flood
// cannot flood the log either). A request that passes every check is never refused by a failure
// bucket (docs/decisions/0031-auth-failure-rate-limit.md).
import type { NextFunction, Request, Response } from 'express';
import { apiKeyPattern } from '../accounts/index.ts';
import { ApiError } from '../http/errors.ts';
import { authFailureBucket, type SharedRateLimiter, rateLimited, setRateLimitHeaders } from '../http/rate-limit.ts';
import { routeOf } from '../http/route-match.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import type { ServiceMode } from '../config.ts';
import { keyModeRefusal } from './key-mode.ts';
import { ipAllowed } from './ip-allow.ts';
import type { KeyLookup } from './key-cache.ts';
import type { Principal } from './principal.ts';
import { capabilityOf, scopesAllow } from './scopes.ts';
import {
  parseTimestamp,
  type SignatureVersion,
  signatureMatches,
  signatureMatchesV2,
  signatureVersionHeader,
  signatureVersionFromHeader,
  timestampWithinTolerance,
} from './signature.ts';

export const merchantBasePath = '/v1';

export type AuthDeps = {
  /** Key rows with their opened secrets (src/auth/key-cache.ts). */
  lookupKey: KeyLookup;
  spec: LoadedSpec;
  signatureToleranceS: number;
  logger: Logger;
  now: () => number;
  /** Budgets of refused authentications (src/http/rate-limit.ts); null: refusals are not limited. */
  failureLimiter: SharedRateLimiter | null;
  /** PAYAGG_ENV: a production server has no sandbox world, so it refuses sandbox keys. */
  serviceMode: ServiceMode;
};

const invalidKey = () => new ApiError('AUTH_INVALID_KEY', 'The API key is missing, invalid, or not allowed to make this request.');
const signatureMismatch = () => new ApiError('AUTH_SIGNATURE_MISMATCH', 'The request signature or timestamp is not valid.');

/** The raw request bytes kept by src/http/body.ts; signatures are computed over exactly these. */
export function rawBodyOf(req: Request): Buffer {
  return (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
}

function requestSignatureMatches(version: SignatureVersion, secret: string, timestamp: string, req: Request): boolean {
  const given = req.get('x-service-signature');
  if (version === 1) return signatureMatches(secret, timestamp, rawBodyOf(req), given);
  // originalUrl is the request target exactly as it arrived (Express never rewrites it), so a
  // later change of req.url by routing cannot change what the signature must cover.
  const line = { method: req.method, pathWithQuery: req.originalUrl, idempotencyKey: req.get('idempotency-key') ?? '' };
  return signatureMatchesV2(secret, timestamp, line, rawBodyOf(req), given);
}

export function authenticateMerchant(deps: AuthDeps) {
  return async function authenticate(req: Request, res: Response, next: NextFunction): Promise<void> {
    const route = routeOf(res);
    // Another family (the partner API) authenticates its own way.
    if (route.spec !== deps.spec) return next();
    const capability = capabilityOf(route.operation);
    // The two payer-facing checkout endpoints are authorized by the session's client_token.
    if (capability === 'checkout_token') return next();

    const fail = async (error: ApiError, reason: string, keyId?: string): Promise<never> => {
      const fields = { request_id: res.locals.requestId, reason, key_id: keyId, ip: req.socket.remoteAddress };
      const state = await deps.failureLimiter?.charge(authFailureBucket(keyId ?? null, req.socket.remoteAddress));
      // The refusal carries the failure bucket's state: it is the budget this caller spends now.
      if (state) setRateLimitHeaders(res, state);
      const retryAfterS = state?.retryAfterS ?? 0;
      if (retryAfterS > 0) {
        deps.logger.debug('authentication refused; failure budget spent', fields);
        throw rateLimited(retryAfterS);
      }
      deps.logger.info('authentication refused', fields);
      throw error;
    };

    const apiKey = req.get('x-service-key');
    if (!apiKey) return fail(invalidKey(), 'key missing');
    if (!apiKeyPattern.test(apiKey)) return fail(invalidKey(), 'key malformed');
    const nowMs = deps.now();
    const key = await deps.lookupKey(apiKey, nowMs);
    if (!key) return fail(invalidKey(), 'key unknown');
    if (key.revoked_at) return fail(invalidKey(), 'key revoked', key.id);
    if (key.expires_at && key.expires_at.getTime() <= nowMs) return fail(invalidKey(), 'key expired', key.id);
    const modeRefusal = keyModeRefusal(key.mode, key.merchant_mode, deps.serviceMode);
    if (modeRefusal) return fail(invalidKey(), modeRefusal, key.id);
    if (key.ipAllowList && !ipAllowed(key.ipAllowList, req.socket.remoteAddress)) return fail(invalidKey(), 'ip not allowed', key.id);

    const timestampHeader = req.get('x-service-timestamp');
    const timestamp = parseTimestamp(timestampHeader);
    if (timestamp === null) return fail(signatureMismatch(), 'timestamp missing or malformed', key.id);
    if (!timestampWithinTolerance(timestamp, nowMs, deps.signatureToleranceS)) return fail(signatureMismatch(), 'timestamp outside tolerance', key.id);
    const version = signatureVersionFromHeader(req.get(signatureVersionHeader));
    if (version === null) return fail(signatureMismatch(), 'signature version unknown', key.id);
    if (version < key.signature_version_min) return fail(signatureMismatch(), `key requires signature version ${key.signature_version_min}`, key.id);
    if (!requestSignatureMatches(version, key.secret, timestampHeader as string, req)) return fail(signatureMismatch(), `signature v${version} mismatch`, key.id);

    if (!scopesAllow(key.scopes, capability)) return fail(invalidKey(), `scope lacks ${capability}`, key.id);

    const principal: Principal = {
      merchant: { id: key.merchant_id, name: key.merchant_name, status: key.merchant_status },
      apiKey: { id: key.id, key: key.key, scopes: key.scopes },
      mode: key.mode,
      user: key.user_id && key.user_role && key.user_status ? { id: key.user_id, role: key.user_role, status: key.user_status } : null,
    };
    res.locals.principal = principal;
    next();
  };
}
