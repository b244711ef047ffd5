// The TigerBeetle cluster not answering in time (no quorum: replicas lost or restarting) is, like
// the database being away (db/unavailable.ts), a moment to wait out, not a fault of the request:
// the one error handler answers it 503 SERVICE_UNAVAILABLE with Retry-After, never 500
// (decision 0580). The ledger engine gave up waiting after TB_REQUEST_TIMEOUT_MS, so the client
// is never left hanging on the cluster; what the request had reserved is released by its flow's
// failure path or, when the ledger is still away then, by the hold-intent sweeper (decision 0410),
// and a retry with the same Idempotency-Key is safe.
import { LedgerUnavailableError } from '@payagg/ledger';

/** Seconds a client should wait: about a view change plus a replica's restart on a busy host. */
export const ledgerUnavailableRetryAfterS = 2;

/** True when `error`, or an error it wraps (`cause`, an AggregateError's `errors`), is the ledger cluster not answering. */
export function isLedgerUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false;
  if (error instanceof LedgerUnavailableError) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isLedgerUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isLedgerUnavailable(inner, depth + 1));
}
