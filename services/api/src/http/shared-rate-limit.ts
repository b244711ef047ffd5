// Budgets shared by every API process (decision 0520): counted in PostgreSQL by
// rate-limiter-flexible, so N API processes on one database give a key its limit once, not N
// times. Two kinds use it (src/http/rate-limit.ts): valid traffic's budgets (a merchant key's, a
// partner key's, a payer address's) and refused authentications' budgets (decision 0031).
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Sql } from '../db/index.ts';

/** The table the shared counters live in (migrations/0520_rate_limits.sql). */
export const rateLimitTable = 'rate_limits';

/** A budget after one request was charged to it: what the RateLimit-* headers say. */
export type RateLimitState = {
  /** 0 when the request may go on, else the seconds to wait before retrying (>= 1): the window's end. */
  retryAfterS: number;
  /** The window's size: requests a key may make in one window (RATE_LIMIT_BURST). */
  limit: number;
  /** Requests left in the current window after this one, across all processes (0 when refused). */
  remaining: number;
  /** Whole seconds, rounded up, until the current window ends and the budget is whole again. */
  resetS: number;
};

/** A budget every API process charges. */
export type SharedRateLimiter = {
  charge(id: string): Promise<RateLimitState>;
};

/**
 * The window a shared budget is counted in: `burst` requests per `burst / perSecond` seconds,
 * rounded up to whole seconds (at least one): the same average rate and the same largest burst as
 * the per-process token bucket it replaced. rate-limiter-flexible's PostgreSQL store counts fixed
 * windows: a key's window starts at its first request after the last window ended; within it the
 * key gets exactly `burst` requests across all processes (one atomic upsert per request); across
 * a window's edge a client can spend two bursts back to back.
 */
export function sharedWindowS(perSecond: number, burst: number): number {
  return Math.max(1, Math.ceil(burst / perSecond));
}

/**
 * rate-limiter-flexible's PostgreSQL limiter over our request pool (postgres.js): it speaks to a
 * `pg`-style pool (`query({ text, values })` resolving to `{ rows }`), which this adapter
 * provides, so the limiter needs no pool or connections of its own. The statement is prepared
 * (postgres.js keeps it per connection by its text): the library sends the same two texts for
 * every request. Its bigint column comes back as text from postgres.js; the library does
 * arithmetic on it, so it is made a number here.
 */
function pgStyleClient(sql: Sql) {
  return {
    async query(q: { text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[] }> {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[], { prepare: true });
      return { rows: rows.map((row) => ({ ...row, points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) })) };
    },
  };
}

function stateOf(result: RateLimiterRes, burst: number, allowed: boolean): RateLimitState {
  const resetS = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  return { retryAfterS: allowed ? 0 : resetS, limit: burst, remaining: allowed ? result.remainingPoints : 0, resetS };
}

/**
 * A shared limiter of `burst` requests per window (sharedWindowS); `keyPrefix` keeps kinds of
 * budget apart in the one table (a key's valid budget and its failure budget are both `key:<id>`).
 *
 * - Once a key has spent its window (remaining 0), this process refuses it from memory until the
 *   window ends (rate-limiter-flexible's inMemoryBlockOnConsumed): a client hammering past its
 *   limit, or a flood of forged signatures, costs no database round trip per refused request.
 * - While the database does not answer, each process falls back to an in-memory limiter of the
 *   same size (insuranceLimiter): requests go on, limited per process, rather than all being
 *   refused or failing with a 500.
 */
export function createSharedRateLimiter(sql: Sql, options: { perSecond: number; burst: number; keyPrefix: string }): SharedRateLimiter {
  const { burst, keyPrefix } = options;
  const duration = sharedWindowS(options.perSecond, burst);
  const limiter = new RateLimiterPostgres({
    storeClient: pgStyleClient(sql),
    storeType: 'pool',
    tableName: rateLimitTable,
    tableCreated: true,
    keyPrefix,
    // Expired rows are overwritten on the key's next request; rows of keys not seen again are
    // deleted by the library's sweep (every 5 minutes, rows expired over an hour ago).
    clearExpiredByTimeout: true,
    points: burst,
    duration,
    // No inMemoryBlockDuration: blocked until the window's end, as the database would say.
    inMemoryBlockOnConsumed: burst,
    insuranceLimiter: new RateLimiterMemory({ points: burst, duration, keyPrefix }),
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
