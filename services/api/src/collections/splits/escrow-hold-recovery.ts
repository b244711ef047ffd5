// A hold the ledger ended without the database recording it (docs/split-settlement.md, decision
// 0481). A refund of a split collection, or an escrow return, takes a hold in the ledger (its
// pending transfer voided, the rest held anew) INSIDE a database transaction that then writes the
// refund row; a request that dies between that ledger step and its commit leaves the database
// saying `held` with a pending id the ledger has already voided, and maybe other transfers of the
// dead refund (wallet reservations, the rest held anew) pending in the ledger.
//
// Whoever meets that hold next (a release, delivery confirmation, the auto-release job, a
// return, a refund) calls restoreTakenHold under the collection's and the hold's row locks:
//   1. the dead refund is found: the escrow return of the hold as it stands (its refund id
//      derives from the hold and its pending id) or a refund whose hold intent is still kept
//      (hold-intents.ts; its row never committed), whichever the ledger shows voided the hold;
//   2. a refund's intent is abandoned in this transaction (its commit can never pass the gate)
//      and its idempotency record forgotten (a retry with its key starts afresh under a new id);
//   3. every transfer it left pending is voided (idempotent), and each hold it took is held anew
//      in the ledger with the amount the database records (a restore id derived from the voided
//      pending id: a restore repeated after a crash moves nothing twice);
//   4. the caller goes on with its own operation against the restored hold.
// So nothing the dead request did survives ("a request that fails moves nothing"), and no hold
// is ever recorded `returned` without a refund. The ledger steps come before the commit, and each
// is idempotent, so a crash during a restore leaves the same state for the next one to finish.
import { idFromParts, type Ledger } from '@payagg/ledger';
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/index.ts';
import type { IdempotencyStore } from '../../idempotency/idempotency-store.ts';
import type { EscrowHoldRow } from './escrow-hold-records.ts';
import { voidExistingHolds } from '../../domain/hold-intents.ts';
import { regrowHold, splitHoldId, splitRefundTransferId } from './ledger-splits.ts';

export type HoldRecoveryDeps = {
  ledger: Ledger;
  /** Every server path passes it; a caller without it (a test's bare domain call) forgets no record. */
  idempotency?: Pick<IdempotencyStore, 'forgetRuns'>;
};

/**
 * The refund id of a return of `hold` as it stands: derived from its ledger pending id (a new one
 * each time the hold is regrown), so a repeated return reuses it and a later return gets another.
 */
export function escrowReturnRefundId(hold: Pick<EscrowHoldRow, 'id' | 'ledger_pending_id'>): string {
  const hex = createHash('sha256').update(`payagg.escrow.return:${hold.id}:${hold.ledger_pending_id}`).digest('hex');
  // A version-8 (custom) UUID: the hash's first 122 bits.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Taker = { refundId: string; intent: { scopeId: string | null; key: string | null } | null };

/**
 * The dead refund whose ledger step voided `hold`'s pending transfer, or null when none is known
 * (an intent the sweeper abandoned and then deleted: its transfers were voided by the sweeper).
 */
async function takerOf(tx: Tx, ledger: Ledger, hold: EscrowHoldRow): Promise<Taker | null> {
  if (hold.ledger_pending_id === null) return null;
  // Intents of refunds that never committed (a committed refund's intent is deleted with its
  // commit). Only a few exist at any time: they are open for the life of one request.
  const intents = await tx<{ owner_id: string; idempotency_scope: string | null; idempotency_key: string | null }[]>`
    select owner_id, idempotency_scope, idempotency_key from ledger_hold_intents i
    where kind = 'refund' and idempotency_scope = ${hold.merchant_id}
      and not exists (select 1 from transactions t where t.id = i.owner_id)`;
  const candidates: Taker[] = [
    { refundId: escrowReturnRefundId(hold), intent: null },
    ...intents.map((row) => ({ refundId: row.owner_id, intent: { scopeId: row.idempotency_scope, key: row.idempotency_key } })),
  ];
  const takeIds = candidates.map((c) => splitRefundTransferId(c.refundId, 'take', hold.leg));
  const found = await ledger.engine.lookupTransfers(takeIds);
  const pendingId = BigInt(hold.ledger_pending_id);
  const hit = found.find((transfer) => transfer.pending_id === pendingId);
  if (!hit) return null;
  return candidates[takeIds.indexOf(hit.id)]!;
}

/**
 * Under the collection's and the hold's row locks, for a hold the database records held whose
 * pending transfer the ledger no longer holds. `knownVoided`: the caller's own ledger call proved
 * the pending transfer voided (a release or a return refused with hold_already_voided), so even
 * without a known taker the hold is held anew (its taker's transfers were voided by the sweeper).
 * Returns whether the hold (and any other hold of the collection the same refund took) was
 * restored; the caller re-reads the holds.
 */
export async function restoreTakenHold(tx: Tx, deps: HoldRecoveryDeps, hold: EscrowHoldRow, options: { knownVoided: boolean }): Promise<boolean> {
  const taker = await takerOf(tx, deps.ledger, hold);
  if (!taker) {
    if (!options.knownVoided) return false;
    await holdAnew(tx, deps.ledger, hold);
    return true;
  }
  if (taker.intent) {
    // The gate: from this commit on, the dead refund's commit can never pass (hold-intents.ts).
    await tx`update ledger_hold_intents set state = 'abandoned', abandoned_at = now() where owner_id = ${taker.refundId} and state = 'open'`;
    if (deps.idempotency && taker.intent.scopeId !== null && taker.intent.key !== null) {
      await deps.idempotency.forgetRuns(tx, [{ merchantId: taker.intent.scopeId, key: taker.intent.key, resourceId: taker.refundId }]);
    }
  }
  const legs = await tx<{ leg: number }[]>`select leg from settlement_legs where transaction_id = ${hold.transaction_id} order by leg`;
  // Its wallet reservations and the rests it held anew: voided if they exist (never a void of a
  // transfer that does not exist: the ledger would remember that void's id as failed).
  await voidExistingHolds(deps.ledger, legs.flatMap(({ leg }) => [splitRefundTransferId(taker.refundId, 'reserve', leg), splitHoldId(taker.refundId, leg)]));
  const holds = await tx<EscrowHoldRow[]>`
    select * from escrow_holds where transaction_id = ${hold.transaction_id} and status = 'held' and ledger_pending_id is not null
    order by leg for update`;
  const takes = await deps.ledger.engine.lookupTransfers(holds.map((h) => splitRefundTransferId(taker.refundId, 'take', h.leg)));
  for (const h of holds) {
    const take = takes.find((t) => t.id === splitRefundTransferId(taker.refundId, 'take', h.leg));
    if (take && take.pending_id === BigInt(h.ledger_pending_id!)) await holdAnew(tx, deps.ledger, h);
  }
  return true;
}

/** Holds `hold`'s recorded amount anew in the ledger (its old pending transfer is void). */
async function holdAnew(tx: Tx, ledger: Ledger, hold: EscrowHoldRow): Promise<void> {
  const [leg] = await tx<{ ledger_account_id: string }[]>`
    select ledger_account_id from settlement_legs where transaction_id = ${hold.transaction_id} and leg = ${hold.leg}`;
  const newHoldId = idFromParts('payagg.escrow.hold_restore', BigInt(hold.ledger_pending_id!));
  const held = await regrowHold(ledger, {
    operationId: hold.id, collectionId: hold.transaction_id, currency: hold.currency, pendingId: null,
    newHoldId, accountId: BigInt(leg!.ledger_account_id), amount: hold.amount,
  });
  if (!held.ok) throw new Error(`could not hold escrow hold ${hold.id} anew: ${held.failure}`);
  await tx`update escrow_holds set ledger_pending_id = ${newHoldId.toString()}, updated_at = now() where id = ${hold.id}`;
}
