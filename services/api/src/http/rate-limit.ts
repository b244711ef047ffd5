// Per-API-key token bucket (seed: 429 RATE_LIMITED with Retry-After in integer seconds; numbers
// "not shown"). Each key gets `burst` tokens, refilled at `perSecond`; a request takes one.
// Unauthenticated requests (the payer checkout endpoints) are bucketed by client address.
// Failed authentications are limited too, in buckets of their own (authFailureBucket below,
// charged by src/auth/authenticate.ts).
// Valid traffic's budgets (per key, per payer address) are shared by every API process: they are
// counted in PostgreSQL by rate-limiter-flexible (createSharedRateLimiter below, decision 0520).
// Refused authentications' budgets still live in each process (createRateLimiter).
import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Sql } from '../db/index.ts';
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

/** The table the shared counters live in (migrations/0520_rate_limits.sql). */
export const rateLimitTable = 'rate_limits';

/** A budget every API process charges, so N processes give a key its limit once, not N times. */
export type SharedRateLimiter = {
  charge(id: string): Promise<RateLimitState>;
};

/**
 * The window a shared budget is counted in: `burst` requests per `burst / perSecond` seconds (at
 * least one), the same average rate as the token bucket and the same largest burst.
 * rate-limiter-flexible's PostgreSQL store counts fixed windows: within one window a key gets
 * exactly `burst` requests across all processes (one atomic upsert per request); across a
 * window's edge a client can spend up to two bursts back to back.
 */
export function sharedWindowS(perSecond: number, burst: number): number {
  return Math.max(1, Math.ceil(burst / perSecond));
}

/**
 * rate-limiter-flexible's PostgreSQL limiter over our request pool (postgres.js): it speaks to a
 * `pg`-style pool (`query({ text, values })` resolving to `{ rows }`), which this adapter
 * provides, so the limiter needs no pool or connections of its own. Its bigint column comes back
 * as text from postgres.js; the library does arithmetic on it, so it is made a number here.
 */
function pgStyleClient(sql: Sql) {
  return {
    async query(q: { text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[] }> {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[]);
      return { rows: rows.map((row) => ({ ...row, points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) })) };
    },
  };
}

function stateOf(result: RateLimiterRes, burst: number, allowed: boolean): RateLimitState {
  const waitS = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  return {
    retryAfterS: allowed ? 0 : waitS,
    limit: burst,
    remaining: allowed ? result.remainingPoints : 0,
    resetS: result.remainingPoints >= burst ? 0 : Math.max(0, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/**
 * The shared limiter. While the database does not answer, each process falls back to an
 * in-memory limiter of the same size (rate-limiter-flexible's insuranceLimiter): requests go on
 * limited per process, as before decision 0520, rather than all being refused by the limiter.
 */
export function createSharedRateLimiter(sql: Sql, perSecond: number, burst: number): SharedRateLimiter {
  const duration = sharedWindowS(perSecond, burst);
  const limiter = new RateLimiterPostgres({
    storeClient: pgStyleClient(sql),
    storeType: 'pool',
    tableName: rateLimitTable,
    tableCreated: true,
    // Expired rows are overwritten on the key's next request; rows of keys not seen again are
    // deleted by the library's sweep (every 5 minutes, rows expired over an hour ago).
    clearExpiredByTimeout: true,
    points: burst,
    duration,
    insuranceLimiter: new RateLimiterMemory({ points: burst, duration }),
  });
  return {
    async charge(id) {
      try {
        return stateOf(await limiter.consume(id), burst, true);
      } catch (refusal) {
        // consume rejects with the RateLimiterRes when the budget is spent; anything else (the
        // store and its insurance both failing) is a fault, not a refusal.
        if (refusal instanceof RateLimiterRes) return stateOf(refusal, burst, false);
        throw refusal;
      }
    },
  };
}

export function rateLimit(options: { perSecond: number; burst: number; sql: Sql }) {
  if (options.perSecond <= 0) {
    return function rateLimitDisabled(_req: Request, _res: Response, next: NextFunction): void {
      next();
    };
  }
  const limiter = createSharedRateLimiter(options.sql, options.perSecond, options.burst);
  return async function rateLimitByKey(req: Request, res: Response, next: NextFunction): Promise<void> {
    const principal = res.locals.principal as Principal | undefined;
    // A partner key (auth/authenticate-partner.ts) has a bucket of its own, as a merchant key has.
    const partnerKeyId = (res.locals.partnerPrincipal as { apiKey: { id: string } } | undefined)?.apiKey.id;
    const id = principal ? `key:${principal.apiKey.id}` : partnerKeyId ? `partner_key:${partnerKeyId}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
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
