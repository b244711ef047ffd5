// Returning an escrow hold (POST /escrow-holds/{id}/return; docs/split-settlement.md,
// docs/decisions/0451-escrow-return-is-a-refund.md). A return gives the held money back to the
// payer, so it IS a refund of the collection, of that hold's leg only, and takes the refund path
// all the way: a refund transaction linked to the collection (type refund, reason naming the
// hold), sent to the rail's refund API, settled by the rail's outcome like any refund
// (transaction.success, then transaction.reversed on the collection when nothing is left).
//
// Steps:
//   1. one database transaction under the collection's row lock, then the hold's: the hold must
//      still be held; no dispute may be open; the ledger takes the hold whole (its pending
//      transfer is voided back to rail clearing, split-refunds.ts's `hold` leg with nothing
//      kept), the refund row (pending) is written, the leg's and the collection's refunded
//      amounts grow. The hold keeps status held with amount 0 (a refund in progress took it).
//   2. rail initiation outside any database transaction (refunds.ts initiateRefund). If the
//      rail refuses, the refund is undone (the hold regrown, the row deleted): 503, nothing
//      moved. A timeout is ambiguous: the row and the reservation stay.
//   3. the announcement (refund's transaction.pending) marks the hold returned with
//      escrow.returned, in the same database transaction.
// A retry of a return that stopped between 1 and 3 (timeout, crash) finds the un-announced refund
// and goes on from step 2 with it; the rail answers as before for the same refund id. The refund
// id derives from the hold's ledger pending id, so a step 1 that died after the ledger moved and
// before its commit is repeated with the same id and the ledger answers `exists`; an operation of
// another kind that meets the hold first undoes it (escrow-hold-recovery.ts: nothing moved).
// If the rail later fails the refund, split-refunds.ts undoSplitRefundLegs puts the hold back to
// held (escrow.held) because the payer was not repaid.
import type { Queryable, Tx } from '../../db/index.ts';
import { write } from '../../db/write.ts';
import { refundableAfterDisputes } from '../disputes/disputes.ts';
import { escrowReturnRefundId, restoreTakenHold } from './escrow-hold-recovery.ts';
import { appendEvents } from '../../domain/events.ts';
import { escrowEvent, escrowHoldNotFound, type EscrowHoldRow, getEscrowHold, notHeld, recordHoldEnd } from './escrow-holds.ts';
import type { Refusal } from '../../domain/outcomes.ts';
import { initiateRefund, insertRefundRow, type RefundsDeps } from '../refunds.ts';
import { finishSplitRefundUndos } from './split-refunds.ts';
import { lockTransaction, type RefundLegPart, type TransactionRow } from '../transactions.ts';
import { reserveSplitRefund } from './ledger-splits.ts';

/** POST /escrow-holds/{id}/return: the hold as it stands once its refund is announced (returned). */
export async function returnEscrowHold(deps: RefundsDeps, merchantId: string, holdId: string): Promise<EscrowHoldRow> {
  const refund = await reserveEscrowReturn(deps, merchantId, holdId);
  await initiateRefund(deps, refund, () => [], { withinAnnouncement: markHoldReturned, timedOutRetry: escrowReturnTimedOutRetry });
  return await getEscrowHold(deps.sql, merchantId, holdId);
}

export { escrowReturnRefundId };

/**
 * A return's 503 after a rail timeout: its refund is recorded and may be paid, and the next
 * return of the hold (keyed or not: the key is optional, decision 0422) finishes it with that
 * same refund, so the wording is the return's, not a refund's "same Idempotency-Key".
 */
export const escrowReturnTimedOutRetry = 'The return is recorded but not confirmed: return the hold again (with the same Idempotency-Key if you sent one); the retry finishes this return with the same refund, never a second one.';

/** The reason written on a return's refund transaction (the visible link to the hold). */
export function escrowReturnReason(holdId: string): string {
  return `escrow hold ${holdId} returned`;
}

/** Step 1, or the un-announced refund of an earlier return of this hold. */
async function reserveEscrowReturn(deps: RefundsDeps, merchantId: string, holdId: string): Promise<TransactionRow> {
  const found = await getEscrowHold(deps.sql, merchantId, holdId);
  const reserved = await write(deps, { prepare: async (tx): Promise<{ refund: TransactionRow } | { refusal: Refusal }> => {
    const collection = await lockTransaction(tx, found.transaction_id);
    if (!collection) throw escrowHoldNotFound();
    // An earlier return the rail refused whose undo a crash interrupted: finished first, so its
    // row is never sent to the rail again and the hold is whole.
    await finishSplitRefundUndos(tx, deps.ledger, collection.id);
    for (let attempt = 0; ; attempt += 1) {
      const [hold] = await tx<EscrowHoldRow[]>`select * from escrow_holds where id = ${holdId} for update`;
      if (!hold) throw escrowHoldNotFound();
      const unannounced = await unannouncedReturnOf(tx, hold);
      if (unannounced) return { refund: unannounced };
      if (hold.status !== 'held' || hold.amount === 0n || hold.ledger_pending_id === null) {
        throw notHeld(hold.status === 'held' ? 'taken back whole by a refund in progress' : hold.status);
      }
      // As for a refund: with a dispute open the payer may be repaid by the dispute (409).
      await refundableAfterDisputes(tx, collection);
      const refundId = escrowReturnRefundId(hold);
      const [leg] = await tx<{ ledger_account_id: string }[]>`
        select ledger_account_id from settlement_legs where transaction_id = ${collection.id} and leg = ${hold.leg} for update`;
      const taken = await reserveSplitRefund(deps.ledger, { refundId, currency: hold.currency, legs: [{
        kind: 'hold', leg: hold.leg, accountId: BigInt(leg!.ledger_account_id), collectionId: collection.id,
        holdPendingId: BigInt(hold.ledger_pending_id), keep: 0n,
      }] });
      if (taken.ok) return await recordReturn(tx, collection, hold, refundId);
      // The ledger already ended this hold. Posted: a release did and died before its commit;
      // the ledger is the truth, that release is recorded (and its event) and this return refused.
      if (taken.failure === 'hold_already_posted') return { refusal: notHeld((await recordHoldEnd(tx, hold, 'release')).status) };
      // Voided: a refund or another return took it and died before its commit. What that dead
      // request did is undone and the hold held anew (escrow-hold-recovery.ts); this return then
      // takes it under its new pending id (so with another refund id).
      if (taken.failure === 'hold_already_voided' && attempt === 0) {
        await restoreTakenHold(tx, deps, hold, { knownVoided: true });
        continue;
      }
      throw new Error(`ledger refused to take escrow hold ${hold.id} for its return: ${taken.failure} (${taken.status})`);
    }
  } });
  if ('refusal' in reserved) throw reserved.refusal;
  return reserved.refund;
}

/** Step 1's database part, once the ledger took the hold whole. */
async function recordReturn(tx: Tx, collection: TransactionRow, hold: EscrowHoldRow, refundId: string): Promise<{ refund: TransactionRow }> {
  // From here the operation cannot fail for a reason of the caller's.
  await tx`update settlement_legs set refunded_amount = refunded_amount + ${hold.amount.toString()}::bigint
           where transaction_id = ${collection.id} and leg = ${hold.leg}`;
  await tx`update escrow_holds set amount = 0, ledger_pending_id = null, updated_at = now() where id = ${hold.id}`;
  await tx`update transactions set refunded_amount = refunded_amount + ${hold.amount.toString()}::bigint, updated_at = now()
           where id = ${collection.id}`;
  const part: RefundLegPart = { leg: hold.leg, amount: Number(hold.amount), held: true, hold_return: true };
  return { refund: await insertRefundRow(tx, { refundId, collection, amount: hold.amount, reason: escrowReturnReason(hold.id), refundLegs: [part] }) };
}

/** A refund that returns `hold`, reserved but not yet announced (its rail call did not finish). */
async function unannouncedReturnOf(q: Queryable, hold: EscrowHoldRow): Promise<TransactionRow | null> {
  const [row] = await q<TransactionRow[]>`
    select * from transactions
    where parent_transaction_id = ${hold.transaction_id} and type = 'refund' and status = 'pending' and provider_reference is null
      and refund_legs @> ${q.json([{ leg: hold.leg, hold_return: true }] as never)}::jsonb
    limit 1`;
  return row ?? null;
}

/** Step 3, inside the announcement: the hold its refund took whole is returned (escrow.returned). */
async function markHoldReturned(tx: Tx, refund: TransactionRow): Promise<void> {
  const part = refund.refund_legs?.find((p) => p.hold_return === true);
  if (!part) throw new Error(`refund ${refund.id} returns no escrow hold`);
  const [returned] = await tx<EscrowHoldRow[]>`
    update escrow_holds set status = 'returned', updated_at = now()
    where transaction_id = ${refund.parent_transaction_id} and leg = ${part.leg} and status = 'held' and amount = 0
    returning *`;
  if (returned) await appendEvents(tx, [escrowEvent(returned, returned.merchant_id, 'escrow.returned', BigInt(part.amount))]);
}
