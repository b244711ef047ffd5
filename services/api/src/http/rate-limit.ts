// Per-key rate limits (seed: 429 RATE_LIMITED with Retry-After in integer seconds; numbers
// "not shown"). Each API key (merchant or partner) gets RATE_LIMIT_BURST requests per window of
// ceil(RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND) seconds; unauthenticated requests (the payer
// checkout endpoints) are counted by client address. Failed authentications are limited too, in
// budgets of their own (authFailureBucket below, charged by src/auth/authenticate.ts).
// Both kinds are shared by every API process: counted in PostgreSQL by rate-limiter-flexible
// (src/http/shared-rate-limit.ts, decision 0520), so N processes give a key its limit once.
import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type { Sql } from '../db/index.ts';
import { normalizePeerAddress } from '../auth/ip-allow.ts';
import type { Principal } from '../auth/principal.ts';
import { ApiError } from './errors.ts';
import { createSharedRateLimiter, type RateLimitState, type SharedRateLimiter } from './shared-rate-limit.ts';

export type { RateLimitState, SharedRateLimiter } from './shared-rate-limit.ts';

/** Keeps valid traffic's counters apart from failures' in the one table (both have `key:<id>`). */
export const validTrafficKeyPrefix = 'rl';
export const authFailureKeyPrefix = 'auth_failure';

// The RateLimit-* headers (spec: components/headers; docs/decisions/0461-rate-limit-headers.md),
// after the IETF draft's RateLimit-Limit / -Remaining / -Reset fields: every response to a
// request charged to a bucket carries its bucket's state, errors and 429 included.
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(state.remaining));
  res.setHeader('RateLimit-Reset', String(state.resetS));
}

export function rateLimited(retryAfterS: number): ApiError {
  return new ApiError('RATE_LIMITED', 'Too many requests; retry after the number of seconds in Retry-After.', { headers: { 'Retry-After': String(retryAfterS) } });
}

/**
 * The failure bucket a refused authentication is charged to (docs/decisions/0031-auth-failure-rate-limit.md):
 *   - a failure on a key the service knows (bad signature, stale timestamp, wrong signature
 *     version, revoked, expired, address or scope refused): that key's failure bucket;
 *   - a failure that names no known key (missing, malformed or unknown key): the caller's
 *     address, an IPv6 caller by its /64 (one host can hold a whole /64).
 * These buckets are apart from the buckets of valid traffic, and a request that authenticates is
 * never charged to nor refused by them: an attacker who knows a merchant's public key spends
 * only that key's failure budget, never the merchant's valid traffic nor another merchant's.
 */
export function authFailureBucket(keyId: string | null, remoteAddress: string | undefined): string {
  if (keyId !== null) return `key:${keyId}`;
  return `addr:${addressGroupOf(remoteAddress)}`;
}

/** An IPv4 address as is, an IPv6 address as its /64 prefix, anything else as "unknown". */
export function addressGroupOf(remoteAddress: string | undefined): string {
  const address = normalizePeerAddress(remoteAddress);
  if (!address) return 'unknown';
  if (net.isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, four lowercase hex digits each. */
export function expandIpv6(address: string): string[] {
  // A zone (`fe80::1%eth0`) is not part of the address; a trailing dotted quad
  // (`64:ff9b::1.2.3.4`) is two groups.
  const bare = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const text = dotted
    ? `${bare.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : bare;
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) => group.padStart(4, '0').toLowerCase());
}

/**
 * Refused authentications' budgets (decision 0031), as large as a key's and shared across
 * processes the same way: with per-process budgets an attacker got N times the failures from N
 * processes. null when rate limiting is off.
 */
export function createAuthFailureLimiter(sql: Sql, perSecond: number, burst: number): SharedRateLimiter | null {
  if (perSecond <= 0) return null;
  return createSharedRateLimiter(sql, { perSecond, burst, keyPrefix: authFailureKeyPrefix });
}

export function rateLimit(options: { perSecond: number; burst: number; sql: Sql }) {
  if (options.perSecond <= 0) {
    return function rateLimitDisabled(_req: Request, _res: Response, next: NextFunction): void {
      next();
    };
  }
  const limiter = createSharedRateLimiter(options.sql, { perSecond: options.perSecond, burst: options.burst, keyPrefix: validTrafficKeyPrefix });
  return async function rateLimitByKey(req: Request, res: Response, next: NextFunction): Promise<void> {
    const principal = res.locals.principal as Principal | undefined;
    // A partner key (auth/authenticate-partner.ts) has a bucket of its own, as a merchant key has.
    const partnerKeyId = (res.locals.partnerPrincipal as { apiKey: { id: string } } | undefined)?.apiKey.id;
    // An operator key (auth/authenticate-operator.ts) too.
    const operatorKeyId = (res.locals.operatorPrincipal as { apiKey: { id: string } } | undefined)?.apiKey.id;
    const id = principal ? `key:${principal.apiKey.id}` : partnerKeyId ? `partner_key:${partnerKeyId}`
      : operatorKeyId ? `operator_key:${operatorKeyId}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    let state: RateLimitState;
    try {
      state = await limiter.charge(id);
    } catch (error) {
      return next(error);
    }
    // Set before the handler runs, so whatever it answers (a 2xx, a refusal, a 500) carries them.
    setRateLimitHeaders(res, state);
    if (state.retryAfterS === 0) return next();
    next(rateLimited(state.retryAfterS));
  };
}
