// Hold intents (decision 0410): what keeps a ledger hold from outliving a request that failed.
//
// A payout, a bulk payout, a partner withdrawal, a refund (not split) and a sandbox dispute
// reserve their money in the ledger BEFORE their rows commit, and the ledger and the database cannot commit together. So each such request:
//   1. writes its intent, committed on its own: the ids of the holds it is about to place, under
//      the id of what it creates (its idempotency record's resource id) and that record's key
//      (openHoldIntent);
//   2. places the holds;
//   3. commits its rows with closeHoldIntent among the writes: the intent is deleted while still
//      'open', or the whole commit rolls back (the gate).
// A request that fails after step 1 abandons its intent at once (releasingHoldsOnFailure, in the
// flows); a request whose process died leaves it 'open', and the sweeper (sweepHoldIntents, the
// holds.void_abandoned job) abandons it once it is holdIntentAbandonAgeMs old. Abandoning is one
// transaction: the intent becomes 'abandoned' (from then on no commit can pass the gate: a run
// still going, however slow, fails at its commit and creates nothing) and the idempotency record
// that still carries the owner id is forgotten (a retry with the same key starts afresh under a
// new id: the old ids' holds are void and must never be reused). Then whichever of the intent's
// holds exist are voided (idempotent: the void's id derives from the hold's).
//
// Why the intent row and not the idempotency record alone: the record does not name the holds
// (a bulk payout's count, a cross-currency payout's legs), and its lock lapsing does not stop
// the original run from committing later; the gate does.
import type { Ledger } from '@payagg/ledger';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write } from '../db/write.ts';
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts';
import type { Logger } from '../log.ts';

export type HoldIntentKind = 'payout' | 'payout_batch' | 'partner_withdrawal' | 'refund' | 'dispute';

export type HoldIntent = {
  /** The id of what the request creates: its idempotency record's resource id. */
  ownerId: string;
  kind: HoldIntentKind;
  /** The pending transfers the request will place (one linked chain: all or none). */
  holdIds: readonly bigint[];
  /** The idempotency record the request runs under (its scope id and key); null when it has none. */
  idempotency: { scopeId: string; key: string } | null;
};

/**
 * How long an intent may stay open before the sweeper abandons it. A request writes its intent
 * and commits within milliseconds; one still open after a minute belongs to a process that died
 * or is stuck, and twice the default idempotency lock (30 s) is ample. Abandoning a run that is
 * in fact still going is safe (its commit fails at the gate: 500, nothing created, nothing held).
 */
export const holdIntentAbandonAgeMs = 60_000;
/**
 * How long an abandoned intent is kept after its holds were voided, and re-checked on every
 * pass: a run stuck between its intent and its ledger call for longer than the abandon age could
 * still place its holds late (and die before its own failure path voids them). An hour is far
 * beyond any pause of a live process.
 */
export const abandonedHoldIntentKeepMs = 60 * 60_000;
/** Intents one sweep abandons, and abandoned intents it checks, at most; the rest wait a pass. */
export const holdIntentSweepBatchMax = 1_000;

export type HoldIntentDeps = { sql: Sql; ledger: Ledger; idempotency: IdempotencyStore };

/**
 * Step 1: records the intent, committed before any hold is placed. A resumed run of the same
 * owner writes it again (touching it); an intent already abandoned refuses, because its ids'
 * holds are void and a hold replayed under them would reserve nothing.
 */
export async function openHoldIntent(sql: Sql, intent: HoldIntent): Promise<void> {
  const rows = await sql`
    insert into ledger_hold_intents (owner_id, kind, hold_ids, idempotency_scope, idempotency_key)
    values (${intent.ownerId}, ${intent.kind}, ${intent.holdIds.map(String)}::numeric[], ${intent.idempotency?.scopeId ?? null}, ${intent.idempotency?.key ?? null})
    on conflict (owner_id) do update set touched_at = now(), hold_ids = excluded.hold_ids
    where ledger_hold_intents.state = 'open'
    returning 1`;
  if (rows.length !== 1) throw new Error(`hold intent ${intent.ownerId} was abandoned: its holds are void and its ids may not be reused`);
}

/** Step 3, the gate: one of the writes that commit the owner's rows. */
export function closeHoldIntent(q: Queryable, ownerId: string): CommitWrite {
  return {
    name: 'hold intent closed (still open: not abandoned)',
    statement: q`delete from ledger_hold_intents where owner_id = ${ownerId} and state = 'open' returning 1`,
    expectOneRow: true,
  };
}

/** Asserts that the holds a request places are the ones its intent names (a bug otherwise). */
export function assertHoldsIntended(intent: HoldIntent, holdIds: readonly bigint[]): void {
  const intended = new Set(intent.holdIds);
  if (holdIds.length !== intended.size || holdIds.some((id) => !intended.has(id))) {
    throw new Error(`holds of ${intent.ownerId} differ from its intent`);
  }
}

type IntentRow = { owner_id: string; kind: string; hold_ids: string[]; idempotency_scope: string | null; idempotency_key: string | null; state: 'open' | 'abandoned' };

/** The idempotency runs of abandoned intents, to forget (intents without a record have none). */
function runsOf(rows: readonly IntentRow[]): { merchantId: string; key: string; resourceId: string }[] {
  return rows.flatMap((row) => (row.idempotency_scope === null || row.idempotency_key === null ? []
    : [{ merchantId: row.idempotency_scope, key: row.idempotency_key, resourceId: row.owner_id }]));
}

export type AbandonOutcome =
  /** No intent: the owner's commit went through (or the intent was never written): nothing to do. */
  | 'committed'
  /** The intent is abandoned and none of its holds is left pending. */
  | 'released';

/**
 * The in-process failure path: abandons the intent of `ownerId` (if still open) and voids its
 * holds. Waits for a commit in flight on the intent (its row lock), so it never voids the holds of
 * a commit that went through.
 */
export async function abandonHoldIntent(deps: HoldIntentDeps, ownerId: string): Promise<AbandonOutcome> {
  const intent = await write(deps, { prepare: async (tx: Tx) => {
    const [row] = await tx<IntentRow[]>`
      select owner_id, kind, hold_ids::text[] as hold_ids, idempotency_scope, idempotency_key, state
      from ledger_hold_intents where owner_id = ${ownerId} for update`;
    if (!row) return null;
    if (row.state === 'open') {
      await tx`update ledger_hold_intents set state = 'abandoned', abandoned_at = now() where owner_id = ${ownerId}`;
      await deps.idempotency.forgetRuns(tx, runsOf([row]));
    }
    return row;
  } });
  if (!intent) return 'committed';
  await voidExistingHolds(deps.ledger, intent.hold_ids.map(BigInt));
  await deps.sql`update ledger_hold_intents set checked_at = now() where owner_id = ${ownerId}`;
  return 'released';
}

/**
 * Voids whichever of `holdIds` exist, each on its own (a hold voided elsewhere must not stop the
 * others). Never submits a void for a hold that does not exist: the ledger would remember the
 * void's id as failed (pending_transfer_not_found is transient), and refuse it once the hold
 * appears. Returns how many holds this call voided (0 when they were already void).
 */
export async function voidExistingHolds(ledger: Ledger, holdIds: readonly bigint[]): Promise<number> {
  const found = await ledger.engine.lookupTransfers(holdIds);
  if (found.length === 0) return 0;
  const results = await ledger.voidHoldGroups(found.map((transfer) => [transfer.id]));
  let voided = 0;
  results.forEach((result, i) => {
    if (result.ok) {
      if (!result.replayed) voided += 1;
      return;
    }
    // Already voided (by another void id) or expired: the money is back either way.
    if (result.failure === 'hold_already_voided' || result.failure === 'hold_expired') return;
    // Posted: only a commit that passed the gate posts, so this is a bug worth stopping for.
    throw new Error(`could not void hold ${found[i]!.id}: ${result.failure}`);
  });
  return voided;
}

export type HoldIntentSweep = { abandoned: number; voided: number; failed: string[] };

/**
 * The sweeper's pass (holds.void_abandoned): abandons the intents open for `abandonAgeMs` or more
 * (forgetting their idempotency records), then voids the holds of abandoned intents and deletes
 * those abandoned more than abandonedHoldIntentKeepMs ago. Safe with several sweepers at once:
 * each intent is taken by one (FOR UPDATE SKIP LOCKED), and a void is idempotent anyway.
 */
export async function sweepHoldIntents(deps: HoldIntentDeps,
  options: { abandonAgeMs?: number; limit?: number } = {}): Promise<HoldIntentSweep> {
  const abandonAgeMs = options.abandonAgeMs ?? holdIntentAbandonAgeMs;
  const limit = options.limit ?? holdIntentSweepBatchMax;
  const abandoned = await write(deps, { prepare: async (tx: Tx) => {
    const rows = await tx<IntentRow[]>`
      update ledger_hold_intents set state = 'abandoned', abandoned_at = now()
      where owner_id in (
        select owner_id from ledger_hold_intents
        where state = 'open' and touched_at <= now() - ${abandonAgeMs} * interval '1 millisecond'
        order by touched_at limit ${limit}
        for update skip locked)
      returning owner_id, idempotency_scope, idempotency_key`;
    await deps.idempotency.forgetRuns(tx, runsOf(rows));
    return rows.length;
  } });
  const failed: string[] = [];
  const voided = await write(deps, { prepare: async (tx: Tx) => {
    const rows = await tx<(IntentRow & { kept_enough: boolean })[]>`
      select owner_id, hold_ids::text[] as hold_ids,
             abandoned_at <= now() - ${abandonedHoldIntentKeepMs} * interval '1 millisecond' as kept_enough
      from ledger_hold_intents where state = 'abandoned'
      order by checked_at nulls first limit ${limit}
      for update skip locked`;
    let count = 0;
    const done: string[] = [];
    const checked: string[] = [];
    for (const row of rows) {
      try {
        count += await voidExistingHolds(deps.ledger, row.hold_ids.map(BigInt));
        (row.kept_enough ? done : checked).push(row.owner_id);
      } catch {
        failed.push(row.owner_id);
      }
    }
    if (done.length > 0) await tx`delete from ledger_hold_intents where owner_id = any(${done}::uuid[])`;
    if (checked.length > 0) await tx`update ledger_hold_intents set checked_at = now() where owner_id = any(${checked}::uuid[])`;
    return count;
  } });
  return { abandoned, voided, failed };
}

/**
 * The flows' failure path around steps 1-3: when `work` throws, the intent of `ownerId` is
 * abandoned and its holds voided before the error goes on (so the answer, a refusal or a 500,
 * leaves nothing reserved). When that undo itself fails (the database is gone), the sweeper
 * finishes it within holdIntentAbandonAgeMs and a pass.
 */
export async function releasingHoldsOnFailure<T>(deps: HoldIntentDeps & { logger: Logger }, ownerId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    try {
      await abandonHoldIntent(deps, ownerId);
    } catch (undoError) {
      deps.logger.error('could not release the holds of a failed request; the sweeper will', {
        owner_id: ownerId, error: undoError instanceof Error ? undoError.message : String(undoError),
      });
    }
    throw error;
  }
}
