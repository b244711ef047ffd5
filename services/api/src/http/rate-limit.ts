// Per-API-key token bucket (seed: 429 RATE_LIMITED with Retry-After in integer seconds; numbers
// "not shown"). Each key gets `burst` tokens, refilled at `perSecond`; a request takes one.
// Unauthenticated requests (the payer checkout endpoints) are bucketed by client address.
// Buckets live in this process: with N instances a key's effective limit is up to N times higher
// (docs/decisions.md).
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../auth/principal.ts';
import { ApiError } from './errors.ts';

// Bounds memory: past this many buckets the oldest is dropped (it refills to full anyway).
export const rateLimitBucketsMax = 100_000;

type Bucket = { tokens: number; updatedMs: number };

export type RateLimiter = {
  /** Takes one token; returns 0 when allowed, else the seconds to wait before retrying (>= 1). */
  take(id: string, nowMs: number): number;
};

export function createRateLimiter(perSecond: number, burst: number): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(id, nowMs) {
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
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  };
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
    const id = principal ? `key:${principal.apiKey.id}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    const retryAfterS = limiter.take(id, options.now());
    if (retryAfterS === 0) return next();
    next(new ApiError('RATE_LIMITED', 'Too many requests; retry after the number of seconds in Retry-After.', { headers: { 'Retry-After': String(retryAfterS) } }));
  };
}
