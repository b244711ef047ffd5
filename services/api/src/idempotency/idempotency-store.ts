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
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Queryable, Sql } from '../db/index.ts';
import { claim, type ClaimingState, concurrentWaitMsMax, createClaimBatcher, takeOver } from './idempotency-claims.ts';
import { purgeExpired, unfinished, type UnfinishedRunsQuery } from './idempotency-maintenance.ts';
import { abandon, completion, forgetRuns, release, restart, setRecoveryPoint, unlock } from './idempotency-progress.ts';
import type { IdempotencyScope, IdempotencyStoreState } from './idempotency-record.ts';

export { concurrentPollMs, concurrentWaitMsMax } from './idempotency-claims.ts';
export { purgeBatchMax } from './idempotency-maintenance.ts';
export type { Claim, IdempotencyScope, UnfinishedRun } from './idempotency-record.ts';

export type IdempotencyStoreOptions = {
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
};

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/**
 * The store's operations over its shared state. What each does, and why, is written at its
 * function: claiming in ./idempotency-claims.ts, a run's progress and end in
 * ./idempotency-progress.ts, the completer's scan and the purge in ./idempotency-maintenance.ts.
 */
export function createIdempotencyStore(deps: IdempotencyStoreOptions) {
  const state: IdempotencyStoreState = {
    sql: deps.sql,
    secretBox: deps.secretBox,
    retentionHours: deps.retentionHours,
    lockMs: deps.lockMs,
    concurrentWaitMs: deps.concurrentWaitMs ?? concurrentWaitMsMax,
    recoveryPointSql: deps.recoveryPointSql ?? deps.sql,
  };
  const claiming: ClaimingState = { ...state, claimBatcher: createClaimBatcher(state, deps.claimBatch) };
  return {
    claim: (scope: IdempotencyScope) => claim(claiming, scope),
    takeOver: (scope: IdempotencyScope) => takeOver(state, scope),
    setRecoveryPoint: (q: Queryable, scope: IdempotencyScope, recoveryPoint: string) => setRecoveryPoint(state, q, scope, recoveryPoint),
    restart,
    completion: (q: Queryable, scope: IdempotencyScope, status: number, body: unknown) => completion(state, q, scope, status, body),
    release: (scope: IdempotencyScope) => release(state, scope),
    unlock: (scope: IdempotencyScope) => unlock(state, scope),
    abandon: (scope: IdempotencyScope) => abandon(state, scope),
    forgetRuns,
    unfinished: (input: UnfinishedRunsQuery) => unfinished(state, input),
    purgeExpired: (limit?: number) => purgeExpired(state, limit),
  };
}
