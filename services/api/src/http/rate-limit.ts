// Per-API-key token bucket (seed: 429 RATE_LIMITED with Retry-After in integer seconds; numbers
// "not shown"). Each key gets `burst` tokens, refilled at `perSecond`; a request takes one.
// Unauthenticated requests (the payer checkout endpoints) are bucketed by client address.
// Failed authentications are limited too, in buckets of their own (authFailureBucket below,
// charged by src/auth/authenticate.ts).
// Buckets live in this process: with N instances a key's effective limit is up to N times higher
// (docs/decisions/0132-rate-limits.md).
import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { normalizePeerAddress } from '../auth/ip-allow.ts';
import type { Principal } from '../auth/principal.ts';
import { ApiError } from './errors.ts';

// Bounds memory: past this many buckets the oldest is dropped (it refills to full anyway).
export const rateLimitBucketsMax = 100_000;

type Bucket = { tokens: number; updatedMs: number };

/** A bucket after one request was charged to it: what the RateLimit-* headers say. */
export type RateLimitState = {
  /** 0 when the request may go on, else the seconds to wait before retrying (>= 1). */
  retryAfterS: number;
  /** The bucket's size when full (the burst). */
  limit: number;
  /** Whole tokens left after this request (0 when it was refused). */
  remaining: number;
  /** Whole seconds until the bucket is full again (0 when it is). */
  resetS: number;
};

export type RateLimiter = {
  /** Takes one token; returns 0 when allowed, else the seconds to wait before retrying (>= 1). */
  take(id: string, nowMs: number): number;
  /** As take, with the bucket's state for the RateLimit-* headers. */
  charge(id: string, nowMs: number): RateLimitState;
};

// The RateLimit-* headers (spec: components/headers; docs/decisions/0461-rate-limit-headers.md),
// after the IETF draft's RateLimit-Limit / -Remaining / -Reset fields: every response to a
// request charged to a bucket carries its bucket's state, errors and 429 included.
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(state.remaining));
  res.setHeader('RateLimit-Reset', String(state.resetS));
}

export function createRateLimiter(perSecond: number, burst: number): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const limiter: RateLimiter = {
    take(id, nowMs) {
      return limiter.charge(id, nowMs).retryAfterS;
    },
    charge(id, nowMs) {
      let bucket = buckets.get(id);
      if (!bucket) {
        if (buckets.size >= rateLimitBucketsMax) {
          const oldest = buckets.keys().next().value;
          if (oldest !== undefined) buckets.delete(oldest);
        }
        bucket = { tokens: burst, updatedMs: nowMs };
        buckets.set(id, bucket);
      }
      const elapsedS = Math.max(0, nowMs - bucket.updatedMs) / 1000;
      bucket.tokens = Math.min(burst, bucket.tokens + elapsedS * perSecond);
      bucket.updatedMs = nowMs;
      let retryAfterS = 0;
      if (bucket.tokens >= 1) bucket.tokens -= 1;
      else retryAfterS = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      return {
        retryAfterS,
        limit: burst,
        remaining: Math.floor(bucket.tokens),
        resetS: Math.max(0, Math.ceil((burst - bucket.tokens) / perSecond)),
      };
    },
  };
  return limiter;
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

export function rateLimit(options: { perSecond: number; burst: number; now: () => number }) {
  if (options.perSecond <= 0) {
    return function rateLimitDisabled(_req: Request, _res: Response, next: NextFunction): void {
      next();
    };
  }
  const limiter = createRateLimiter(options.perSecond, options.burst);
  return function rateLimitByKey(req: Request, res: Response, next: NextFunction): void {
    const principal = res.locals.principal as Principal | undefined;
    // A partner key (auth/authenticate-partner.ts) has a bucket of its own, as a merchant key has.
    const partnerKeyId = (res.locals.partnerPrincipal as { apiKey: { id: string } } | undefined)?.apiKey.id;
    const id = principal ? `key:${principal.apiKey.id}` : partnerKeyId ? `partner_key:${partnerKeyId}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    const state = limiter.charge(id, options.now());
    // Set before the handler runs, so whatever it answers (a 2xx, a refusal, a 500) carries them.
    setRateLimitHeaders(res, state);
    if (state.retryAfterS === 0) return next();
    next(rateLimited(state.retryAfterS));
  };
}
