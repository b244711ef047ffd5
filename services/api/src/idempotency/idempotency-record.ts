// What an idempotency record is to the code around it: the scope a request claims it under, the
// claim the request gets, a run that died unfinished, and what the store's statements share.
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';

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

/** The store's settings and pools, shared by its statements (idempotency-store.ts builds it). */
export type IdempotencyStoreState = {
  sql: Sql;
  secretBox: SecretBox;
  retentionHours: number;
  /** How long a claim protects a running operation before another request may resume it. */
  lockMs: number;
  /** How long a concurrent request waits for the first. */
  concurrentWaitMs: number;
  /** Where recovery points written outside a transaction go (idempotency-progress.ts setRecoveryPoint). */
  recoveryPointSql: Sql;
};
