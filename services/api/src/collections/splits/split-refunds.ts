// Refunds of split (or escrowed) collections (docs/split-settlement.md). A refund reverses the
// legs in proportion to what each leg has left (split-legs.ts allocate: largest remainder, ties
// to the earlier leg), so a full refund always takes every leg back whole and no leg ever goes
// below zero. A leg still held in escrow gives its part back out of the hold first: the hold is
// made smaller (the recipient never had that money); any other leg's part is reserved from the
// recipient's wallet like a plain refund's. All legs move in one linked chain: if one wallet
// cannot cover its part, the refund is 402 INSUFFICIENT_FUNDS and nothing moved.
//
// The callers hold the collection's row lock (refunds.ts), so a release or a return of one of its
// holds (escrow-holds.ts, which takes it first too) runs wholly before or after: a racing release
// makes the refund take the leg from the wallet; a refund that took a hold whole makes the
// release 409 ESCROW_HOLD_NOT_HELD.
import { idFromParts, type Ledger } from '@payagg/ledger';
import type { Tx } from '../../db/index.ts';
import { appendEvents, type NewEvent } from '../../domain/events.ts';
import { type HoldRecoveryDeps, restoreTakenHold } from './escrow-hold-recovery.ts';
import { escrowEvent, type EscrowHoldRow, recordHoldEnd } from './escrow-hold-records.ts';
import { Refusal } from '../../domain/outcomes.ts';
import { allocate } from './split-legs.ts';
import type { RefundLegPart, TransactionRow } from '../transactions.ts';
import { cancelSplitRefund, commitSplitRefund, creditLeg, escrowReleaseId, regrowHold, reserveSplitRefund, splitHoldId, type SplitRefundLeg } from './ledger-splits.ts';

type SettlementLegRow = { leg: number; ledger_account_id: string; amount: bigint; refunded_amount: bigint };

/**
 * Reserves the refund's part of each leg, or answers null when the collection was settled whole
 * (the plain refund path applies). Under the collection's row lock.
 */
export async function reserveSplitRefundLegs(tx: Tx, deps: HoldRecoveryDeps, input: {
  refundId: string; collection: TransactionRow; amount: bigint;
}, restored = false): Promise<RefundLegPart[] | null> {
  const { ledger } = deps;
  await finishSplitRefundUndos(tx, ledger, input.collection.id);
  const legs = await tx<SettlementLegRow[]>`
    select leg, ledger_account_id, amount, refunded_amount from settlement_legs where transaction_id = ${input.collection.id} order by leg for update`;
  if (legs.length === 0) return null;
  const holds = await tx<EscrowHoldRow[]>`select * from escrow_holds where transaction_id = ${input.collection.id} order by leg for update`;
  const holdOf = new Map(holds.map((hold) => [hold.leg, hold]));
  const parts = allocate(input.amount, legs.map((leg) => leg.amount - leg.refunded_amount));
  const ledgerLegs: SplitRefundLeg[] = [];
  const recorded: { part: RefundLegPart; hold: EscrowHoldRow | null; keep: bigint }[] = [];
  legs.forEach((leg, i) => {
    const part = parts[i]!;
    if (part === 0n) return;
    const hold = holdOf.get(leg.leg);
    const accountId = BigInt(leg.ledger_account_id);
    if (hold && hold.status === 'held' && hold.ledger_pending_id !== null) {
      const keep = hold.amount - part;
      ledgerLegs.push({ kind: 'hold', leg: leg.leg, accountId, collectionId: input.collection.id, holdPendingId: BigInt(hold.ledger_pending_id), keep });
      recorded.push({ part: { leg: leg.leg, amount: Number(part), held: true }, hold, keep });
    } else {
      ledgerLegs.push({ kind: 'wallet', leg: leg.leg, accountId, amount: part });
      recorded.push({ part: { leg: leg.leg, amount: Number(part), held: false }, hold: null, keep: 0n });
    }
  });
  const reserved = await reserveSplitRefund(ledger, { refundId: input.refundId, currency: input.collection.currency, legs: ledgerLegs });
  if (!reserved.ok) {
    if (reserved.failure === 'insufficient_funds') {
      throw new Refusal('refund_exceeds_wallet_balance', 'A recipient wallet of this split payment cannot cover its part of the refund. Nothing was moved.');
    }
    // A hold the ledger ended without the database recording it (nothing of this chain moved:
    // it is linked). Posted: a release died before its commit; the release is recorded. Voided:
    // a refund or a return died before its commit; it is undone and the hold held anew
    // (escrow-hold-recovery.ts). Then this refund is worked out again on what the holds now are.
    if (!restored && (reserved.failure === 'hold_already_posted' || reserved.failure === 'hold_already_voided')
      && await reconcileEndedHolds(tx, deps, holds)) {
      return await reserveSplitRefundLegs(tx, deps, input, true);
    }
    throw new Error(`ledger refused split refund reservation ${input.refundId}: ${reserved.failure} (${reserved.status})`);
  }
  for (const { part, hold, keep } of recorded) {
    await tx`update settlement_legs set refunded_amount = refunded_amount + ${part.amount} where transaction_id = ${input.collection.id} and leg = ${part.leg}`;
    if (hold !== null) {
      await tx`update escrow_holds set amount = ${keep.toString()}::bigint, updated_at = now(),
                 ledger_pending_id = ${keep > 0n ? splitHoldId(input.refundId, part.leg).toString() : null}
               where id = ${hold.id}`;
    }
  }
  return recorded.map(({ part }) => part);
}

/**
 * Records each held hold of a collection whose pending transfer the ledger has ended: a release's
 * post (its id derives from the pending id), or a dead refund's or return's take (undone). Returns
 * whether any was found.
 */
async function reconcileEndedHolds(tx: Tx, deps: HoldRecoveryDeps, holds: readonly EscrowHoldRow[]): Promise<boolean> {
  let found = false;
  for (const hold of holds) {
    if (hold.status !== 'held' || hold.ledger_pending_id === null) continue;
    const [posted] = await deps.ledger.engine.lookupTransfers([escrowReleaseId(BigInt(hold.ledger_pending_id))]);
    if (posted) {
      await recordHoldEnd(tx, hold, 'release');
      found = true;
    } else if (await restoreTakenHold(tx, deps, hold, { knownVoided: false })) {
      found = true;
    }
  }
  return found;
}

/**
 * The rail paid a split refund: the wallet parts' reservations are posted; a hold the refund took
 * whole is returned (escrow.returned). Under the refund's and the collection's row locks.
 */
export async function commitSplitRefundLegs(tx: Tx, ledger: Ledger, refund: TransactionRow): Promise<void> {
  const parts = refund.refund_legs ?? [];
  const posted = await commitSplitRefund(ledger, refund.id, parts.filter((p) => !p.held).map((p) => p.leg));
  if (!posted.ok && posted.failure !== 'hold_already_posted') throw new Error(`post split refund ${refund.id}: ${posted.failure}`);
  const emptied = await tx<EscrowHoldRow[]>`
    update escrow_holds set status = 'returned', updated_at = now()
    where transaction_id = ${refund.parent_transaction_id} and leg = any(${parts.filter((p) => p.held).map((p) => p.leg)}::int[])
      and status = 'held' and amount = 0
    returning *`;
  await appendEvents(tx, emptied.map((hold): NewEvent => ({
    merchantId: hold.merchant_id, type: 'escrow.returned', resourceType: 'transaction', resourceId: hold.transaction_id,
    data: {
      transaction_id: hold.transaction_id, merchant_id: hold.merchant_id, wallet_id: hold.wallet_id, escrow_hold_id: hold.id,
      recipient_type: hold.recipient_type, amount: parts.find((p) => p.leg === hold.leg)!.amount, currency: hold.currency,
      occurred_at: hold.updated_at.toISOString(),
    },
  })));
}

/**
 * Finishes the undo of every split refund of `collectionId` the rail refused at initiation or
 * failed whose undo was recorded (refund_reservation_voids) but not finished (refunds.ts
 * undoRefundReservation, applyRefundOutcome: a crash after the record): the ledger parts are
 * undone (idempotent on the refund), a refused refund's row is deleted (a failed one stays
 * failed), the collection's remainder restored and the record crossed out, in the caller's
 * transaction. Under the collection's row lock: every operation on a split collection's holds
 * calls it first, so none ever meets a hold the undo has half moved.
 */
export async function finishSplitRefundUndos(tx: Tx, ledger: Ledger, collectionId: string): Promise<number> {
  const undoing = await tx<TransactionRow[]>`
    select t.* from transactions t join refund_reservation_voids v on v.refund_id = t.id
    where t.parent_transaction_id = ${collectionId} and t.type = 'refund' and t.refund_legs is not null
    order by t.created_at for update of t`;
  for (const refund of undoing) {
    const { keptOnPayerSide } = await undoSplitRefundLegs(tx, ledger, refund);
    // Refused at initiation (never announced): the row goes. Failed by the rail: it stays failed.
    if (refund.status === 'pending') await tx`delete from transactions where id = ${refund.id}`;
    await tx`update transactions set refunded_amount = refunded_amount - ${(refund.amount - keptOnPayerSide).toString()}::bigint, updated_at = now()
             where id = ${collectionId}`;
    await tx`delete from refund_reservation_voids where refund_id = ${refund.id}`;
  }
  return undoing.length;
}

/**
 * A split refund that will not be paid (the rail failed it, or refused its initiation): the
 * wallet parts' reservations are voided; each held part goes back into its hold if the hold is
 * still held or was returned meanwhile (held again: decision 0480), or to the wallet's available
 * balance if it was released meanwhile. The legs' refunded amounts drop back.
 * Each ledger movement is idempotent on the refund, so a repeated undo moves nothing twice.
 */
export async function undoSplitRefundLegs(tx: Tx, ledger: Ledger, refund: TransactionRow): Promise<{ keptOnPayerSide: bigint }> {
  const parts = refund.refund_legs ?? [];
  const collectionId = refund.parent_transaction_id!;
  const voided = await cancelSplitRefund(ledger, refund.id, parts.filter((p) => !p.held).map((p) => p.leg));
  if (!voided.ok && voided.failure !== 'hold_already_voided') throw new Error(`void split refund ${refund.id}: ${voided.failure}`);
  let keptOnPayerSide = 0n;
  for (const part of parts) {
    let back = true;
    if (part.held) {
      const [hold] = await tx<EscrowHoldRow[]>`select * from escrow_holds where transaction_id = ${collectionId} and leg = ${part.leg} for update`;
      const [leg] = await tx<SettlementLegRow[]>`select leg, ledger_account_id, amount, refunded_amount from settlement_legs where transaction_id = ${collectionId} and leg = ${part.leg}`;
      const accountId = BigInt(leg!.ledger_account_id);
      // A returned hold is held again with this part (decision 0480): the payer was not repaid,
      // so the money goes back where it was, whether this refund was the return itself
      // (escrow-returns.ts) or a partial refund the return came after. The merchant may return
      // (or release) it again; nothing is left on the payer's side counted as refunded.
      const reopened = hold!.status === 'returned';
      if (hold!.status === 'held' || reopened) {
        const newHoldId = idFromParts('payagg.split.hold_regrow', refund.id, part.leg);
        // What a returned hold still records went back with its return: only this part is held.
        const amount = (reopened ? 0n : hold!.amount) + BigInt(part.amount);
        const regrown = await regrowHold(ledger, {
          operationId: refund.id, collectionId, currency: refund.currency,
          pendingId: hold!.ledger_pending_id === null ? null : BigInt(hold!.ledger_pending_id), newHoldId, accountId, amount,
        });
        if (!regrown.ok && regrown.failure !== 'hold_already_voided') throw new Error(`regrow hold ${hold!.id}: ${regrown.failure}`);
        const [held] = await tx<EscrowHoldRow[]>`
          update escrow_holds set status = 'held', amount = ${amount.toString()}::bigint, ledger_pending_id = ${newHoldId.toString()}, updated_at = now()
          where id = ${hold!.id} returning *`;
        if (reopened) await appendEvents(tx, [escrowEvent(held!, held!.merchant_id, 'escrow.held')]);
      } else if (hold!.status === 'released') {
        const credited = await creditLeg(ledger, {
          id: idFromParts('payagg.split.leg_credit', refund.id, part.leg), collectionId, currency: refund.currency, accountId, amount: BigInt(part.amount),
        });
        if (!credited.ok) throw new Error(`credit leg ${part.leg} of ${collectionId}: ${credited.failure}`);
      } else {
        // Not a state a hold has (held, released, returned); kept for a row of an unknown state.
        back = false;
        keptOnPayerSide += BigInt(part.amount);
      }
    }
    if (back) await tx`update settlement_legs set refunded_amount = refunded_amount - ${part.amount} where transaction_id = ${collectionId} and leg = ${part.leg}`;
  }
  return { keptOnPayerSide };
}
