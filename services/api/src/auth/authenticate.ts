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
//   4. caller address on the key's IP allow-list        else AUTH_INVALID_KEY
//   5. X-Service-Timestamp: Unix seconds within ±tolerance  else AUTH_SIGNATURE_MISMATCH
//   6. X-Service-Signature matches (constant time)      else AUTH_SIGNATURE_MISMATCH
//   7. key's scopes allow the operation                 else AUTH_INVALID_KEY
// The scope check comes only after the signature, so a caller without the secret cannot probe
// which operations a key may call. All 401s carry the same generic messages per code.
import type { NextFunction, Request, Response } from 'express';
import { api_key_pattern } from '../domain/api-keys.ts';
import { ApiError } from '../http/errors.ts';
import { routeOf } from '../http/route-match.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import { ipAllowed } from './ip-allow.ts';
import type { KeyLookup } from './key-cache.ts';
import type { Principal } from './principal.ts';
import { capabilityOf, scopesAllow } from './scopes.ts';
import { parseTimestamp, signatureMatches, timestampWithinTolerance } from './signature.ts';

export const merchant_base_path = '/v1';

export type AuthDeps = {
  /** Key rows with their opened secrets (src/auth/key-cache.ts). */
  lookupKey: KeyLookup;
  spec: LoadedSpec;
  signatureToleranceS: number;
  logger: Logger;
  now: () => number;
};

const invalidKey = () => new ApiError('AUTH_INVALID_KEY', 'The API key is missing, invalid, or not allowed to make this request.');
const signatureMismatch = () => new ApiError('AUTH_SIGNATURE_MISMATCH', 'The request signature or timestamp is not valid.');

/** The raw request bytes kept by src/http/body.ts; signatures are computed over exactly these. */
export function rawBodyOf(req: Request): Buffer {
  return (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
}

export function authenticateMerchant(deps: AuthDeps) {
  return async function authenticate(req: Request, res: Response, next: NextFunction): Promise<void> {
    const route = routeOf(res);
    // Another family (the partner API) authenticates its own way.
    if (route.spec !== deps.spec) return next();
    const capability = capabilityOf(route.operation);
    // The two payer-facing checkout endpoints are authorized by the session's client_token.
    if (capability === 'checkout_token') return next();

    const fail = (error: ApiError, reason: string, keyId?: string) => {
      deps.logger.info('authentication refused', { request_id: res.locals.requestId, reason, key_id: keyId, ip: req.socket.remoteAddress });
      throw error;
    };

    const apiKey = req.get('x-service-key');
    if (!apiKey) return fail(invalidKey(), 'key missing');
    if (!api_key_pattern.test(apiKey)) return fail(invalidKey(), 'key malformed');
    const nowMs = deps.now();
    const key = await deps.lookupKey(apiKey, nowMs);
    if (!key) return fail(invalidKey(), 'key unknown');
    if (key.revoked_at) return fail(invalidKey(), 'key revoked', key.id);
    if (key.expires_at && key.expires_at.getTime() <= nowMs) return fail(invalidKey(), 'key expired', key.id);
    if (key.ipAllowList && !ipAllowed(key.ipAllowList, req.socket.remoteAddress)) return fail(invalidKey(), 'ip not allowed', key.id);

    const timestampHeader = req.get('x-service-timestamp');
    const timestamp = parseTimestamp(timestampHeader);
    if (timestamp === null) return fail(signatureMismatch(), 'timestamp missing or malformed', key.id);
    if (!timestampWithinTolerance(timestamp, nowMs, deps.signatureToleranceS)) return fail(signatureMismatch(), 'timestamp outside tolerance', key.id);
    if (!signatureMatches(key.secret, timestampHeader as string, rawBodyOf(req), req.get('x-service-signature'))) {
      return fail(signatureMismatch(), 'signature mismatch', key.id);
    }

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
