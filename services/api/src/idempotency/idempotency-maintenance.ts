// What the completer and the maintenance job read and delete among idempotency records: the runs
// that died unfinished, and the records past their retention.
import type { IdempotencyStoreState, UnfinishedRun } from './idempotency-record.ts';

/** Expired records one purge deletes at most (one statement); the rest go in the next pass. */
export const purgeBatchMax = 10_000;

export type UnfinishedRunsQuery = {
  operationPrefix: string; idleMs: number; claimedAfter: Date; claimedBefore: Date; limit: number;
  /**
   * false: also runs that kept no request (the run finisher forgets those whose effect commits
   * with the answer, jobs/run-finisher.ts); their `request` is undefined. Default true.
   */
  requestKept?: boolean;
};

type UnfinishedRow = {
  merchant_id: string; key: string; operation: string; request_sha256: string; resource_id: string;
  recovery_point: string; request_sealed: Buffer | null;
};

/**
 * Runs of `operationPrefix` that died and were not resumed: no response, a request kept, the
 * lock lapsed at least `idleMs` ago, claimed between `claimedAfter` and `claimedBefore` (the
 * claim's time is expires_at less the retention, so the scan uses the expiry index), oldest
 * first. The completer takes each over through takeOver(), which re-checks it.
 */
export async function unfinished(
  { sql, secretBox, retentionHours }: IdempotencyStoreState,
  input: UnfinishedRunsQuery,
): Promise<UnfinishedRun[]> {
  const requestKept = input.requestKept ?? true;
  const rows = await sql<UnfinishedRow[]>`
    select merchant_id, key, operation, request_sha256, resource_id, recovery_point, request_sealed
    from idempotency_keys
    where expires_at > ${input.claimedAfter}::timestamptz + ${retentionHours} * interval '1 hour'
      and expires_at <= ${input.claimedBefore}::timestamptz + ${retentionHours} * interval '1 hour'
      and expires_at > now()
      and response_status is null and (request_sealed is not null or not ${requestKept})
      and starts_with(operation, ${input.operationPrefix})
      and (locked_until is null or locked_until <= now() - ${input.idleMs} * interval '1 millisecond')
    order by expires_at
    limit ${input.limit}`;
  return rows.map((row) => ({
    scope: {
      merchantId: row.merchant_id,
      key: row.key,
      operation: row.operation,
      requestSha256: row.request_sha256,
      request: row.request_sealed === null ? undefined : JSON.parse(secretBox.open(row.request_sealed)) as unknown,
    },
    resourceId: row.resource_id,
    recoveryPoint: row.recovery_point,
  }));
}

/** Deletes records past their retention (run by the maintenance worker). */
export async function purgeExpired({ sql }: IdempotencyStoreState, limit = purgeBatchMax): Promise<number> {
  const rows = await sql`
    delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where expires_at <= now() limit ${limit})
    returning 1`;
  return rows.length;
}
