// A claimed run's progress and end on its idempotency record: its recovery points, its stored
// response, and the ways a run that did not finish lets go of its key.
import { randomUUID } from 'node:crypto';
import type { PendingQuery, Queryable } from '../db/index.ts';
import type { IdempotencyScope, IdempotencyStoreState } from './idempotency-record.ts';

/**
 * Records how far the operation got (a crash after this point resumes from it).
 * Written on its own (q is the pool), it goes through recoveryPointSql: its commit does not
 * wait for the disk, saving one fsync per request. That adds no new failure: other sessions
 * see it at once, and every later synchronous commit (the operation's own, which follows)
 * flushes it too; it can only be lost in a database crash before that commit, which leaves
 * the same state as a crash just before this write, which retries already handle (resume
 * with the same resource id; the rail and ledger are idempotent on it). Inside the caller's
 * transaction it simply belongs to that transaction.
 */
export async function setRecoveryPoint(
  { sql, recoveryPointSql }: IdempotencyStoreState,
  q: Queryable,
  scope: IdempotencyScope,
  recoveryPoint: string,
): Promise<void> {
  const target = q === sql ? recoveryPointSql : q;
  await target`update idempotency_keys set recovery_point = ${recoveryPoint}
          where merchant_id = ${scope.merchantId} and key = ${scope.key}`;
}

/**
 * The operation's effect was fully undone (a refund whose rail refused it: row deleted,
 * reservation about to be voided). Back to 'started' with a NEW pre-allocated id, in the
 * caller's database transaction: a later run must never reuse the old id, whose ledger
 * reservation is voided (the ledger would answer `exists` and reserve nothing).
 */
export async function restart(q: Queryable, scope: IdempotencyScope): Promise<void> {
  await q`update idempotency_keys set recovery_point = 'started', resource_id = ${randomUUID()}
          where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null`;
}

/**
 * Stores the final response, as an unsent statement on `q` (`returning 1`: one row when the
 * record exists), committed with the operation's own writes (db/write.ts).
 */
export function completion(
  { secretBox }: IdempotencyStoreState,
  q: Queryable,
  scope: IdempotencyScope,
  status: number,
  body: unknown,
): PendingQuery {
  const sealed = secretBox.seal(JSON.stringify(body));
  return q`update idempotency_keys
           set response_status = ${status}, response_sealed = ${sealed}, recovery_point = 'finished',
               locked_until = null, request_sealed = null
           where merchant_id = ${scope.merchantId} and key = ${scope.key}
           returning 1`;
}

/**
 * The operation failed before any effect (validation inside the domain, rail outage): forget
 * the key so the client may retry with it. After an effect began, keep the record and only
 * drop the lock, so a retry resumes instead of starting over.
 */
export async function release(state: IdempotencyStoreState, scope: IdempotencyScope): Promise<void> {
  await state.sql`delete from idempotency_keys
            where merchant_id = ${scope.merchantId} and key = ${scope.key}
              and response_status is null and recovery_point = 'started'`;
  await unlock(state, scope);
}

/** Keeps the record of a failed run whose effect may have begun, dropping only its lock. */
export async function unlock({ sql }: IdempotencyStoreState, scope: IdempotencyScope): Promise<void> {
  await sql`update idempotency_keys set locked_until = null
            where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null`;
}

/**
 * Forgets a run whose effect is known not to exist (the completer found that the rail holds
 * nothing under its id), at whatever recovery point: the key is free again. Only while this
 * process holds the run's lock (it took the run over), so a client's retry cannot be racing.
 */
export async function abandon({ sql }: IdempotencyStoreState, scope: IdempotencyScope): Promise<void> {
  await sql`delete from idempotency_keys
            where merchant_id = ${scope.merchantId} and key = ${scope.key}
              and response_status is null and locked_until > now()`;
}

/**
 * Forgets unfinished runs whose effect was undone from outside the run (the hold-intent
 * sweeper voided their ledger holds, domain/hold-intents.ts), in the caller's transaction:
 * a record still carrying that resource id and no response is deleted, so a retry with the
 * key starts afresh under a new id (the old id's holds are void and must not be replayed).
 * A record that moved on (finished, or claimed anew under another id) is left alone.
 */
export async function forgetRuns(q: Queryable, runs: readonly { merchantId: string; key: string; resourceId: string }[]): Promise<void> {
  if (runs.length === 0) return;
  await q`delete from idempotency_keys k
          using unnest(${runs.map((run) => run.merchantId)}::uuid[], ${runs.map((run) => run.key)}::text[],
                       ${runs.map((run) => run.resourceId)}::uuid[]) as r(merchant_id, key, resource_id)
          where k.merchant_id = r.merchant_id and k.key = r.key and k.resource_id = r.resource_id
            and k.response_status is null`;
}
