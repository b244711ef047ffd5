// Claiming an idempotency key: a first run (batched inserts under load), the replay of a finished
// run, the takeover of a run whose owner died, or a wait for one still running.
import { randomUUID } from 'node:crypto';
import { createStatementBatcher, type StatementBatcher } from '../db/statement-batcher.ts';
import { Refusal } from '../domain/outcomes.ts';
import type { Claim, IdempotencyScope, IdempotencyStoreState } from './idempotency-record.ts';

/**
 * How long a concurrent request waits for the first one to finish before answering 409
 * (spec: `idempotency_wait_max_s = 15`).
 */
export const concurrentWaitMsMax = 15_000;
/** How often a waiting request looks at the record again. */
export const concurrentPollMs = 25;

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

type ClaimInsert = { scope: IdempotencyScope; resourceId: string; requestSealed: Buffer | null };
type Inserted = { resource_id: string; started_at: Date };

/** The store's state with the batcher its first claims go through (createClaimBatcher). */
export type ClaimingState = IdempotencyStoreState & { claimBatcher: StatementBatcher<ClaimInsert, Inserted | null> };

function compareKeys(a: IdempotencyScope, b: IdempotencyScope): number {
  if (a.merchantId !== b.merchantId) return a.merchantId < b.merchantId ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

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
async function insertClaims(state: IdempotencyStoreState, claims: ClaimInsert[]): Promise<(Inserted | null)[]> {
  const { sql } = state;
  const values = claims
    .toSorted((a, b) => compareKeys(a.scope, b.scope))
    .map(({ scope, resourceId, requestSealed }) => sql`(${scope.merchantId}, ${scope.key}, ${scope.operation},
      ${scope.requestSha256}, ${resourceId}, now() + ${state.lockMs} * interval '1 millisecond',
      now() + ${state.retentionHours} * interval '1 hour', ${requestSealed})`)
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

/** Under load, claims from concurrent requests go to the database together (statement-batcher.ts). */
export function createClaimBatcher(
  state: IdempotencyStoreState,
  batch: { inFlightMax?: number; batchMax?: number } | undefined,
): StatementBatcher<ClaimInsert, Inserted | null> {
  return createStatementBatcher<ClaimInsert, Inserted | null>({
    ...batch,
    run: (claims) => insertClaims(state, claims),
  });
}

function tryInsert(state: ClaimingState, scope: IdempotencyScope): Promise<Inserted | null> {
  const requestSealed = scope.request === undefined ? null : state.secretBox.seal(JSON.stringify(scope.request));
  return state.claimBatcher.run({ scope, resourceId: randomUUID(), requestSealed });
}

async function read({ sql }: IdempotencyStoreState, scope: IdempotencyScope): Promise<Row | null> {
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
async function tryTakeOver(
  { sql, lockMs }: IdempotencyStoreState,
  scope: IdempotencyScope,
): Promise<{ started_at: Date; first_claimed_at: Date } | null> {
  const rows = await sql<{ started_at: Date; first_claimed_at: Date }[]>`
    update idempotency_keys
    set locked_until = now() + ${lockMs} * interval '1 millisecond'
    where merchant_id = ${scope.merchantId} and key = ${scope.key} and response_status is null
      and (locked_until is null or locked_until <= now())
    returning now()::timestamptz(3) as started_at, created_at::timestamptz(3) as first_claimed_at`;
  return rows[0] ?? null;
}

/** The claim of a request (see idempotency-store.ts for what each kind means). */
export async function claim(state: ClaimingState, scope: IdempotencyScope): Promise<Claim> {
  const deadline = Date.now() + state.concurrentWaitMs;
  for (;;) {
    const inserted = await tryInsert(state, scope);
    if (inserted) {
      return { kind: 'run', resourceId: inserted.resource_id, recoveryPoint: 'started', startedAt: inserted.started_at, firstClaimedAt: inserted.started_at };
    }
    const row = await read(state, scope);
    if (!row) continue; // deleted between insert and read (released after a failure): try again
    if (row.operation !== scope.operation || row.request_sha256 !== scope.requestSha256) {
      throw new Refusal('idempotency_key_reused_with_different_request',
        'This Idempotency-Key was already used with a different request. Use a new key for a new operation.');
    }
    if (row.response_status !== null && row.response_sealed) {
      return { kind: 'replay', status: row.response_status, body: JSON.parse(state.secretBox.open(row.response_sealed)) };
    }
    const takenOver = row.lock_lapsed ? await tryTakeOver(state, scope) : null;
    if (takenOver !== null) {
      return { kind: 'resume', resourceId: row.resource_id, recoveryPoint: row.recovery_point, startedAt: takenOver.started_at, firstClaimedAt: takenOver.first_claimed_at };
    }
    if (Date.now() >= deadline) {
      throw new Refusal('idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed. Retry later with the same key.');
    }
    await new Promise((resolve) => setTimeout(resolve, concurrentPollMs));
  }
}

/**
 * The completer's way in (idempotent.ts resumeIdempotent): the 'resume' claim of a run that
 * died, or null when the record is gone, finished, for another payload, or still locked.
 */
export async function takeOver(state: IdempotencyStoreState, scope: IdempotencyScope): Promise<Extract<Claim, { kind: 'resume' }> | null> {
  const row = await read(state, scope);
  if (!row || row.response_status !== null || !row.lock_lapsed) return null;
  if (row.operation !== scope.operation || row.request_sha256 !== scope.requestSha256) return null;
  const takenOver = await tryTakeOver(state, scope);
  return takenOver === null ? null : {
    kind: 'resume', resourceId: row.resource_id, recoveryPoint: row.recovery_point, startedAt: takenOver.started_at, firstClaimedAt: takenOver.first_claimed_at,
  };
}
