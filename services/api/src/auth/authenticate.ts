// Merchant request authentication (seed: "Authentication"), as Express middleware for /v1/*.
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
import { apiKeyPattern } from '../domain/api-keys.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import { ipAllowed } from './ip-allow.ts';
import type { KeyLookup } from './key-cache.ts';
import type { Principal } from './principal.ts';
import { capabilityOf, scopesAllow } from './scopes.ts';
import { parseTimestamp, signatureMatches, timestampWithinTolerance } from './signature.ts';

export const merchantBasePath = '/v1';

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
    if (req.path !== merchantBasePath && !req.path.startsWith(`${merchantBasePath}/`)) return next();
    const operation = deps.spec.findOperation(req.method, req.path);
    const capability = operation ? capabilityOf(operation) : null;
    // The two payer-facing checkout endpoints are authorized by the session's client_token.
    if (capability === 'checkout_token') return next();

    const fail = (error: ApiError, reason: string, keyId?: string) => {
      deps.logger.info('authentication refused', { request_id: res.locals.requestId, reason, key_id: keyId, ip: req.socket.remoteAddress });
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
    if (key.ipAllowList && !ipAllowed(key.ipAllowList, req.socket.remoteAddress)) return fail(invalidKey(), 'ip not allowed', key.id);

    const timestampHeader = req.get('x-service-timestamp');
    const timestamp = parseTimestamp(timestampHeader);
    if (timestamp === null) return fail(signatureMismatch(), 'timestamp missing or malformed', key.id);
    if (!timestampWithinTolerance(timestamp, nowMs, deps.signatureToleranceS)) return fail(signatureMismatch(), 'timestamp outside tolerance', key.id);
    if (!signatureMatches(key.secret, timestampHeader as string, rawBodyOf(req), req.get('x-service-signature'))) {
      return fail(signatureMismatch(), 'signature mismatch', key.id);
    }

    // Unknown routes (404/405 follow) need no scope; known ones need their capability.
    if (capability !== null && !scopesAllow(key.scopes, capability)) return fail(invalidKey(), `scope lacks ${capability}`, key.id);

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
