// Idempotency records (seed: Idempotency): one row per (merchant, key), claimed before the
// operation runs, completed in the same database transaction as the operation's own writes.
//
// A claim answers one of:
//   run      — first use of the key: run the operation with the pre-allocated `resourceId`;
//   resume   — an earlier run of the same payload died midway (its lock lapsed): run again from
//              `recoveryPoint` with the SAME `resourceId`, so rail and ledger calls, which are
//              idempotent on that id, are not repeated;
//   replay   — the operation finished: answer the stored response (status 200, effect not repeated).
// Same key with a different payload (or another operation) is refused
// (idempotency_key_reused_with_different_request: 409 IDEMPOTENCY_CONFLICT). A request arriving
// while another holds the key waits for it (polling) and answers its stored result.
//
// Recovery points are the flows' own closed unions (src/flows/); here they are text, with two
// every operation shares: 'started' (the claim) and 'finished' (the stored response).
import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { PendingQuery, Queryable, Sql } from '../db/index.ts';
import { createStatementBatcher } from '../db/statement-batcher.ts';
import { Refusal } from '../domain/outcomes.ts';

/**
 * How long a concurrent request waits for the first one to finish before answering 409
 * (spec: `idempotency_wait_max_s = 15`).
 */
export const concurrentWaitMsMax = 15_000;
/** How often a waiting request looks at the record again. */
export const concurrentPollMs = 25;
/** Expired records one purge deletes at most (one statement); the rest go in the next pass. */
export const purgeBatchMax = 10_000;

export type IdempotencyScope = {
  merchantId: string;
  key: string;
  operation: string;
  requestSha256: string;
  /**
   * The request itself, for an operation the completer can finish after its process died (see
   * migration 0006): kept sealed while the run is in flight, cleared with the stored response.
   */
  request?: unknown;
};

/** A record whose run died and whose client has not come back (IdempotencyStore.unfinished). */
export type UnfinishedRun = { scope: IdempotencyScope & { request: unknown }; resourceId: string; recoveryPoint: string };

// `startedAt` is the database's clock at the claim (or the takeover), to the millisecond: the
// creation time of what the run creates, known before its one final statement (collections.ts).
// `firstClaimedAt` is the database's clock at the key's first claim: the instant a resumed run
// judges its time rules at (a payout scheduled for when the request was made is not "in the
// past" because its first run died and the retry came later).
export type Claim =
  | { kind: 'run'; resourceId: string; recoveryPoint: 'started'; startedAt: Date; firstClaimedAt: Date }
  | { kind: 'resume'; resourceId: string; recoveryPoint: string; startedAt: Date; firstClaimedAt: Date }
  | { kind: 'replay'; status: number; body: unknown };

type Row = {
  operation: string;
  request_sha256: string;
  resource_id: string;
  recovery_point: string;
  locked_until: Date | null;
  response_status: number | null;
  response_sealed: Buffer | null;
  lock_lapsed: boolean;
};

function compareKeys(a: IdempotencyScope, b: IdempotencyScope): number {
  if (a.merchantId !== b.merchantId) return a.merchantId < b.merchantId ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

export function createIdempotencyStore(deps: {
  sql: Sql;
  secretBox: SecretBox;
  retentionHours: number;
  /** How long a claim protects a running operation before another request may resume it. */
  lockMs: number;
  /** How long a concurrent request waits for the first (default concurrentWaitMsMax). */
  concurrentWaitMs?: number;
  /**
   * A pool whose commits do not wait for the disk (db/index.ts asynchronousCommitSession), for
   * recovery points written outside a transaction. Default: `sql`.
   */
  recoveryPointSql?: Sql;
  /** How claims are batched under load (statement-batcher.ts defaults); tests force batches with it. */
  claimBatch?: { inFlightMax?: number; batchMax?: number };
}) {
  const { sql, secretBox } = deps;
  const recoveryPointSql = deps.recoveryPointSql ?? sql;

  type ClaimInsert = { scope: IdempotencyScope; resourceId: string; requestSealed: Buffer | null };
  type Inserted = { resource_id: string; started_at: Date };

  /**
   * Claims keys for first runs: new records, or ones replacing a record past its retention (an
   * expired key is as good as absent, whether or not the purge has run). One statement, so two
   * racing claims cannot both win: the loser's ON CONFLICT sees the winner's fresh row. Returns
   * the claims that won, told apart by their pre-allocated resource ids. (Two claims of one key
   * in one statement make PostgreSQL refuse it all: "cannot affect row a second time"; the
   * batcher then runs them one by one, and the second finds the first's row.) Rows go in key
   * order, so two concurrent statements claiming the same keys wait for each other in one order
   * and cannot deadlock.
   */
  async function insertClaims(claims: ClaimInsert[]): Promise<(Inserted | null)[]> {
    const values = claims
      .toSorted((a, b) => compareKeys(a.scope, b.scope))
      .map(({ scope, resourceId, requestSealed }) => sql`(${scope.merchantId}, ${scope.key}, ${scope.operation},
        ${scope.requestSha256}, ${resourceId}, now() + ${deps.lockMs} * interval '1 millisecond',
        now() + ${deps.retentionHours} * interval '1 hour', ${requestSealed})`)
      .reduce((joined, row) => sql`${joined}, ${row}`);
    const rows = await sql<Inserted[]>`
      insert into idempotency_keys
        (merchant_id, key, operation, request_sha256, resource_id, locked_until, expires_at, request_sealed)
      values ${values}
      on conflict (merchant_id, key) do update set
        operation = excluded.operation, request_sha256 = excluded.request_sha256,
        resource_id = excluded.resource_id, recovery_point = 'started', locked_until = excluded.locked_until,
        response_status = null, response_sealed = null, created_at = now(), expires_at = excluded.expires_at,
        request_sealed = excluded.request_sealed
      where idempotency_keys.expires_at <= now()
      returning resource_id, now()::timestamptz(3) as started_at`;
    const won = new Map(rows.map((row) => [row.resource_id, row]));
    return claims.map((claim) => won.get(claim.resourceId) ?? null);
  }

  // Under load, claims from concurrent requests go to the database together (statement-batcher.ts).
  const claimBatcher = createStatementBatcher<ClaimInsert, Inserted | null>({
    ...deps.claimBatch,
    run: insertClaims,
  });

  function tryInsert(scope: IdempotencyScope): Promise<Inserted | null> {
    const requestSealed = scope.request === undefined ? null : secretBox.seal(JSON.stringify(scope.request));
    return claimBatcher.run({ scope, resourceId: randomUUID(), requestSealed });
  }

  async function read(scope: IdempotencyScope): Promise<Row | null> {
    const rows = await sql<Row[]>`
      select operation, request_sha256, resource_id, recovery_point, locked_until, response_status,
             response_sealed, (locked_until is null or locked_until <= now()) as lock_lapsed
      from idempotency_keys
      where merchant_id = ${scope.merchantId} and key = ${scope.key} and expires_at > now()`;
    return rows[0] ?? null;
  }

  /**
   * Takes over a record whose owner died (lock lapsed, no response): only one taker wins. The
   * lapse is re-checked in the UPDATE itself: concurrent takers queue on the row lock and, under
   * READ COMMITTED, re-evaluate the condition against the winner's new locked_until. (Comparing
   * with the locked_until read earlier does not work: a JS Date keeps milliseconds, the column
   * microseconds, so the two never match and a crashed run could never be resumed.)
   */
  async function tryTakeOver(scope: IdempotencyScope): Promise<{ started_at: Date; first_claimed_at: Date } | null> {
    const rows = await sql<{ started_at: Date; first_claimed_at: Date }[]>`
      update idempotency_keys
      set locked_until = now() + ${deps.lockMs} * interval '1 millisecond'
      where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null
        and (locked_until is null or locked_until <= now())
      returning now()::timestamptz(3) as started_at, created_at::timestamptz(3) as first_claimed_at`;
    return rows[0] ?? null;
  }

  async function unlock(scope: IdempotencyScope): Promise<void> {
    await sql`update idempotency_keys set locked_until = null
              where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null`;
  }

  function completion(q: Queryable, scope: IdempotencyScope, status: number, body: unknown): PendingQuery {
    const sealed = secretBox.seal(JSON.stringify(body));
    return q`update idempotency_keys
             set response_status = ${status}, response_sealed = ${sealed}, recovery_point = 'finished',
                 locked_until = null, request_sealed = null
             where merchant_id = ${scope.merchantId} and key = ${scope.key}
             returning 1`;
  }

  return {
    async claim(scope: IdempotencyScope): Promise<Claim> {
      const deadline = Date.now() + (deps.concurrentWaitMs ?? concurrentWaitMsMax);
      for (;;) {
        const inserted = await tryInsert(scope);
        if (inserted) {
          return { kind: 'run', resourceId: inserted.resource_id, recoveryPoint: 'started', startedAt: inserted.started_at, firstClaimedAt: inserted.started_at };
        }
        const row = await read(scope);
        if (!row) continue; // deleted between insert and read (released after a failure): try again
        if (row.operation !== scope.operation || row.request_sha256 !== scope.requestSha256) {
          throw new Refusal('idempotency_key_reused_with_different_request',
            'This Idempotency-Key was already used with a different request. Use a new key for a new operation.');
        }
        if (row.response_status !== null && row.response_sealed) {
          return { kind: 'replay', status: row.response_status, body: JSON.parse(secretBox.open(row.response_sealed)) };
        }
        const takenOver = row.lock_lapsed ? await tryTakeOver(scope) : null;
        if (takenOver !== null) {
          return { kind: 'resume', resourceId: row.resource_id, recoveryPoint: row.recovery_point, startedAt: takenOver.started_at, firstClaimedAt: takenOver.first_claimed_at };
        }
        if (Date.now() >= deadline) {
          throw new Refusal('idempotency_key_in_use',
            'A request with this Idempotency-Key is still being processed. Retry later with the same key.');
        }
        await new Promise((resolve) => setTimeout(resolve, concurrentPollMs));
      }
    },

    /**
     * The completer's way in (idempotent.ts resumeIdempotent): the 'resume' claim of a run that
     * died, or null when the record is gone, finished, for another payload, or still locked.
     */
    async takeOver(scope: IdempotencyScope): Promise<Extract<Claim, { kind: 'resume' }> | null> {
      const row = await read(scope);
      if (!row || row.response_status !== null || !row.lock_lapsed) return null;
      if (row.operation !== scope.operation || row.request_sha256 !== scope.requestSha256) return null;
      const takenOver = await tryTakeOver(scope);
      return takenOver === null ? null : {
        kind: 'resume', resourceId: row.resource_id, recoveryPoint: row.recovery_point, startedAt: takenOver.started_at, firstClaimedAt: takenOver.first_claimed_at,
      };
    },

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
    async setRecoveryPoint(q: Queryable, scope: IdempotencyScope, recoveryPoint: string): Promise<void> {
      const target = q === sql ? recoveryPointSql : q;
      await target`update idempotency_keys set recovery_point = ${recoveryPoint}
              where merchant_id = ${scope.merchantId} and key = ${scope.key}`;
    },

    /**
     * The operation's effect was fully undone (a refund whose rail refused it: row deleted,
     * reservation about to be voided). Back to 'started' with a NEW pre-allocated id, in the
     * caller's database transaction: a later run must never reuse the old id, whose ledger
     * reservation is voided (the ledger would answer `exists` and reserve nothing).
     */
    async restart(q: Queryable, scope: IdempotencyScope): Promise<void> {
      await q`update idempotency_keys set recovery_point = 'started', resource_id = ${randomUUID()}
              where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null`;
    },

    /**
     * Stores the final response, as an unsent statement on `q` (`returning 1`: one row when the
     * record exists), committed with the operation's own writes (db/write.ts).
     */
    completion(q: Queryable, scope: IdempotencyScope, status: number, body: unknown): PendingQuery {
      return completion(q, scope, status, body);
    },

    /**
     * The operation failed before any effect (validation inside the domain, rail outage): forget
     * the key so the client may retry with it. After an effect began, keep the record and only
     * drop the lock, so a retry resumes instead of starting over.
     */
    async release(scope: IdempotencyScope): Promise<void> {
      await sql`delete from idempotency_keys
                where merchant_id = ${scope.merchantId} and key = ${scope.key}
                  and response_status is null and recovery_point = 'started'`;
      await unlock(scope);
    },

    /** Keeps the record of a failed run whose effect may have begun, dropping only its lock. */
    unlock,

    /**
     * Forgets a run whose effect is known not to exist (the completer found that the rail holds
     * nothing under its id), at whatever recovery point: the key is free again. Only while this
     * process holds the run's lock (it took the run over), so a client's retry cannot be racing.
     */
    async abandon(scope: IdempotencyScope): Promise<void> {
      await sql`delete from idempotency_keys
                where merchant_id = ${scope.merchantId} and key = ${scope.key}
                  and response_status is null and locked_until > now()`;
    },

    /**
     * Forgets unfinished runs whose effect was undone from outside the run (the hold-intent
     * sweeper voided their ledger holds, domain/hold-intents.ts), in the caller's transaction:
     * a record still carrying that resource id and no response is deleted, so a retry with the
     * key starts afresh under a new id (the old id's holds are void and must not be replayed).
     * A record that moved on (finished, or claimed anew under another id) is left alone.
     */
    async forgetRuns(q: Queryable, runs: readonly { merchantId: string; key: string; resourceId: string }[]): Promise<void> {
      if (runs.length === 0) return;
      await q`delete from idempotency_keys k
              using unnest(${runs.map((run) => run.merchantId)}::uuid[], ${runs.map((run) => run.key)}::text[],
                           ${runs.map((run) => run.resourceId)}::uuid[]) as r(merchant_id, key, resource_id)
              where k.merchant_id = r.merchant_id and k.key = r.key and k.resource_id = r.resource_id
                and k.response_status is null`;
    },

    /**
     * Runs of `operationPrefix` that died and were not resumed: no response, a request kept, the
     * lock lapsed at least `idleMs` ago, claimed between `claimedAfter` and `claimedBefore` (the
     * claim's time is expires_at less the retention, so the scan uses the expiry index), oldest
     * first. The completer takes each over through takeOver(), which re-checks it.
     */
    async unfinished(input: {
      operationPrefix: string; idleMs: number; claimedAfter: Date; claimedBefore: Date; limit: number;
      /**
       * false: also runs that kept no request (the run finisher forgets those whose effect commits
       * with the answer, jobs/run-finisher.ts); their `request` is undefined. Default true.
       */
      requestKept?: boolean;
    }): Promise<UnfinishedRun[]> {
      const requestKept = input.requestKept ?? true;
      const rows = await sql<{ merchant_id: string; key: string; operation: string; request_sha256: string; resource_id: string; recovery_point: string; request_sealed: Buffer | null }[]>`
        select merchant_id, key, operation, request_sha256, resource_id, recovery_point, request_sealed
        from idempotency_keys
        where expires_at > ${input.claimedAfter}::timestamptz + ${deps.retentionHours} * interval '1 hour'
          and expires_at <= ${input.claimedBefore}::timestamptz + ${deps.retentionHours} * interval '1 hour'
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
    },

    /** Deletes records past their retention (run by the maintenance worker). */
    async purgeExpired(limit = purgeBatchMax): Promise<number> {
      const rows = await sql`
        delete from idempotency_keys where ctid in (
          select ctid from idempotency_keys where expires_at <= now() limit ${limit})
        returning 1`;
      return rows.length;
    },
  };
}
