// Refunds (seed: POST /collections/{id}/refunds, RefundCreate). A refund is a Transaction of
// type refund with its own lifecycle: its money is RESERVED in the ledger when it is created
// (a pending transfer merchant wallet -> rail clearing; 402 and nothing moved when the wallet
// cannot cover it), then POSTED when the rail confirms, VOIDED when the rail reports failure.
//
// Steps, in order (collections/flows/refund-collection.ts runs them; every write goes through db/write.ts):
//   1. (flow) lookups that can refuse without effect; idempotency claim (refund id);
//   2. database transaction A, under the collection's row lock (so racing refunds serialize):
//      the collection must be successful, the amount must fit the remainder, the ledger
//      reservation must succeed; then the refund row (pending) is written and the collection's
//      refunded_amount grows. Recovery point: refund_reserved. The reservation is announced by a
//      hold intent committed before the transaction and closed by it (hold-intents.ts): a
//      failure before the commit voids it (the flow), a crash leaves it to the sweeper.
//   3. rail initiation outside any database transaction (idempotent on the refund id). If the
//      rail refuses it (outage, open breaker, decline) the refund row is removed (it was never
//      announced) and then the reservation voided: 503, nothing created. A timeout is
//      ambiguous: the row and the reservation stay for a retry with the same key.
//   4. database transaction B: provider reference, transaction.pending event, stored response.
import type { Ledger } from '@payagg/ledger';
import { splitHoldId, splitRefundTransferId } from './splits/ledger-splits.ts';
import type { Schema } from '@payagg/contract';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { railFailureOf } from '../rails/errors.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { RailOutcome } from '../rails/types.ts';
import { collectionNotFound } from './collections.ts';
import type { HoldRecoveryDeps } from './splits/escrow-hold-recovery.ts';
import { refundableAfterDisputes } from './disputes/disputes.ts';
import { closeHoldIntent, type HoldIntent, openHoldIntent } from '../domain/hold-intents.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import { railRefusal } from './rail-calls.ts';
import {
  appendTransactionEvent,
  lockTransaction,
  type RefundLegPart,
  setTransactionStatus,
  type TransactionRow,
} from './transactions.ts';
import { commitSplitRefundLegs, finishSplitRefundUndos, reserveSplitRefundLegs } from './splits/split-refunds.ts';
import { ensureWallet } from '../wallets/index.ts';
import { cancelRefund, commitRefund, refundReservationId, reserveRefund as reserveRefundInLedger } from './ledger-collections.ts';

export type RefundsDeps = {
  sql: Sql; ledger: Ledger; rails: RailRegistry;
  /** To forget the record of a dead refund a later operation undoes (escrow-hold-recovery.ts). */
  idempotency?: HoldRecoveryDeps['idempotency'];
};
/** spec: RefundCreate (the whole body is optional). */
export type RefundRequest = Schema<'RefundCreate'>;

/** Step 2. Returns the pending refund row; refuses (nothing moved) in RefundOutcome's order. */
export async function reserveRefund(deps: RefundsDeps, input: {
  refundId: string; merchantId: string; collectionId: string; request: RefundRequest;
  /** The idempotency record the run holds (hold-intents.ts: an abandoned reservation forgets it). */
  idempotency: HoldIntent['idempotency'];
}): Promise<TransactionRow> {
  // The reservation's intent commits first, on its own and before the transaction (so a request
  // never waits for a second connection while holding one), and the transaction closes it
  // (hold-intents.ts): a crash in between leaves it to the sweeper, which voids the reservation.
  // A split refund names its own pending transfers instead (below). Not
  // when the refund row already exists (a resumed run after step 2 committed): its reservation
  // belongs to that row and must never be swept.
  const [existing] = await deps.sql<{ id: string }[]>`select id from transactions where id = ${input.refundId}`;
  const intended = !existing;
  if (intended) {
    // A split refund's pending transfers (its wallet reservations, the rests of holds it takes
    // part of) are named too, for every leg: the sweeper voids whichever a dead run left
    // (escrow-hold-recovery.ts holds anew what it took).
    const legs = await deps.sql<{ leg: number }[]>`select leg from settlement_legs where transaction_id = ${input.collectionId}`;
    await openHoldIntent(deps.sql, {
      ownerId: input.refundId, kind: 'refund', idempotency: input.idempotency, holdIds: [
        refundReservationId(input.refundId),
        ...legs.flatMap(({ leg }) => [splitRefundTransferId(input.refundId, 'reserve', leg), splitHoldId(input.refundId, leg)]),
      ],
    });
  }
  return await write(deps, { prepare: async (tx: Tx) => {
    const resumed = await lockTransaction(tx, input.refundId);
    if (resumed) return resumed; // a resumed run: step 2 already committed
    let collection = await lockTransaction(tx, input.collectionId);
    if (!collection || collection.merchant_id !== input.merchantId || collection.type !== 'collection') {
      throw collectionNotFound();
    }
    // A refused split refund whose undo a crash interrupted is finished first (its remainder
    // comes back), then the collection is read again.
    if (await finishSplitRefundUndos(tx, deps.ledger, collection.id) > 0) collection = (await lockTransaction(tx, collection.id))!;
    if (collection.status === 'reversed') {
      throw fieldsRefusal('collection_fully_refunded', [{ field: 'path.id', message: 'the collection is already fully refunded (reversed)' }]);
    }
    if (collection.status !== 'success') {
      throw fieldsRefusal('collection_not_successful', [{
        field: 'path.id', message: `only a successful collection can be refunded; this one is ${collection.status}`,
      }]);
    }
    // Disputes: none may be open; what a lost one gave the payer back is not refundable again.
    const { lostAmount } = await refundableAfterDisputes(tx, collection);
    const remaining = collection.amount - collection.refunded_amount - lostAmount;
    const amount = input.request.amount === undefined || input.request.amount === null
      ? remaining : BigInt(input.request.amount);
    if (remaining <= 0n) {
      throw fieldsRefusal('nothing_left_to_refund', [{ field: 'path.id', message: 'nothing is left to refund: refunds in progress or done cover the whole amount' }]);
    }
    if (amount > remaining) {
      throw fieldsRefusal('refund_exceeds_remaining_amount', [{ field: 'body.amount', message: `must not exceed the remaining refundable amount (${remaining})` }]);
    }
    // A split (or escrowed) collection gives back each leg's part (split-refunds.ts).
    const refundLegs = await reserveSplitRefundLegs(tx, deps, { refundId: input.refundId, collection, amount });
    const walletAccountId = refundLegs !== null ? null : (await ensureWallet(tx, deps.ledger, {
      merchantId: collection.merchant_id, ownerType: 'merchant', ownerId: collection.merchant_id, currency: collection.currency,
    })).accountId;
    const reserved = walletAccountId === null ? { ok: true as const } : await reserveRefundInLedger(deps.ledger, {
      refundId: input.refundId, currency: collection.currency, amount, walletAccountId,
    });
    if (!reserved.ok) {
      if (reserved.failure === 'insufficient_funds') {
        throw new Refusal('refund_exceeds_wallet_balance', 'The wallet balance is too low to cover this refund. Nothing was moved.');
      }
      throw new Error(`ledger refused refund reservation ${input.refundId}: ${reserved.failure} (${reserved.status})`);
    }
    // From here the operation cannot fail for a reason of the caller's.
    await tx`update transactions set refunded_amount = refunded_amount + ${amount.toString()}::bigint, updated_at = now()
             where id = ${collection.id}`;
    return await insertRefundRow(tx, { refundId: input.refundId, collection, amount, reason: input.request.reason ?? null, refundLegs });
  }, writes: (q: Queryable) => (intended ? [closeHoldIntent(q, input.refundId)] : []) });
}

/** The pending refund row (type refund, linked to its collection), once its money is reserved. */
export async function insertRefundRow(tx: Tx, input: {
  refundId: string; collection: TransactionRow; amount: bigint; reason: string | null; refundLegs: RefundLegPart[] | null;
}): Promise<TransactionRow> {
  const { collection, refundLegs } = input;
  const [refund] = await tx<TransactionRow[]>`
    insert into transactions (id, merchant_id, sub_merchant_id, type, rail, provider, status, amount, currency,
      parent_transaction_id, reference, refund_reason, refund_legs)
    values (${input.refundId}, ${collection.merchant_id}, ${collection.sub_merchant_id}, 'refund', ${collection.rail},
      ${collection.provider},
      'pending', ${input.amount.toString()}::bigint, ${collection.currency}, ${collection.id}, ${collection.reference},
      ${input.reason}, ${refundLegs === null ? null : tx.json(refundLegs as never)})
    returning *`;
  return refund!;
}

export type RefundInitiationHooks = {
  /**
   * Runs inside the database transaction that deletes a refund the rail refused (before its
   * reservation is voided): the caller forgets the refund id there (IdempotentRun.restart), so
   * no later run can reuse an id whose reservation is voided.
   */
  withinUndo?: (tx: Tx) => Promise<void>;
  /** Runs inside the database transaction that announces the refund (after transaction.pending). */
  withinAnnouncement?: (tx: Tx, refund: TransactionRow) => Promise<void>;
  /** How a caller retries after a rail timeout (503), when not "with the same Idempotency-Key". */
  timedOutRetry?: string;
};

/**
 * Steps 3 and 4: initiate on the rail, then announce the refund; `commitWrites` (the stored
 * response) commit with the announcement.
 */
export async function initiateRefund(deps: RefundsDeps, refund: TransactionRow,
  commitWrites: (q: Queryable, row: TransactionRow) => CommitWrite[], hooks: RefundInitiationHooks = {}): Promise<TransactionRow> {
  if (refund.provider_reference !== null) {
    // Resumed after step 4 had committed but before the response was stored.
    await write(deps, { writes: (q) => commitWrites(q, refund) });
    return refund;
  }
  const [parent] = await deps.sql<{ provider_reference: string; provider: string }[]>`
    select provider_reference, provider from transactions where id = ${refund.parent_transaction_id}`;
  let initiation;
  try {
    // A refund goes to the provider that took the collection, never along a route (decision 0641).
    initiation = await deps.rails.connectorFor(refund.rail, parent!.provider).initiateRefund({
      transactionId: refund.id,
      parentProviderReference: parent!.provider_reference,
      amount: Number(refund.amount),
      currency: refund.currency,
    });
  } catch (error) {
    // A timeout is ambiguous (the rail may have accepted the refund and will pay the payer):
    // keep the row and its reservation; the idempotency record keeps its recovery point, so a
    // retry with the same key resumes with the same refund id and the rail answers as before.
    if (railFailureOf(error) !== 'rail_timed_out') await undoRefundReservation(deps, refund, hooks);
    throw railRefusal(error, refund.rail, { timedOutRetry: hooks.timedOutRetry });
  }
  return await write(deps, {
    prepare: async (tx) => {
      const [row] = await tx<TransactionRow[]>`
        update transactions set provider_reference = ${initiation.providerReference},
          action_url = ${initiation.actionUrl}, ussd_code = ${initiation.ussdCode}, updated_at = now()
        where id = ${refund.id} returning *`;
      await appendTransactionEvent(tx, row!, 'transaction.pending');
      await hooks.withinAnnouncement?.(tx, row!);
      return row!;
    },
    writes: commitWrites,
  });
}

/**
 * The rail refused the refund at initiation: forget the refund, then give the money back.
 * Order matters, because the database and the ledger cannot commit together:
 *   1. one database transaction records the void to do (refund_reservation_voids) and (via
 *      `withinUndo`) moves the idempotency record to a fresh id; a plain refund's row goes here
 *      too and the collection's remainder is restored;
 *   2. then the ledger gives the money back and the recorded void is crossed out: a plain
 *      refund's reservation is voided; a split refund's parts are undone (split-refunds.ts
 *      finishSplitRefundUndos: wallet reservations voided, held parts back into their holds) in
 *      one database transaction under the collection's lock that deletes its row, restores the
 *      remainder and crosses the record out.
 * A crash between 1 and 2, or inside 2, leaves the void recorded: the sweeper
 * (voidPendingRefundReservations) finishes it, and for a split refund so does any operation on
 * the collection's holds or refunds first (each ledger movement is idempotent on the refund, so a
 * repeated undo moves nothing twice). The other order could leave a row whose reservation is
 * already voided, which a resumed run would send to the rail and post as a refund never paid for.
 */
async function undoRefundReservation(deps: RefundsDeps, refund: TransactionRow, hooks: RefundInitiationHooks): Promise<void> {
  const recorded = await write(deps, { prepare: async (tx) => {
    const locked = await lockTransaction(tx, refund.id);
    if (!locked || locked.provider_reference !== null || locked.status !== 'pending') return false;
    if (locked.refund_legs === null) {
      await tx`delete from transactions where id = ${refund.id}`;
      await tx`update transactions set refunded_amount = refunded_amount - ${refund.amount.toString()}::bigint, updated_at = now()
               where id = ${refund.parent_transaction_id}`;
    }
    await tx`insert into refund_reservation_voids (refund_id, merchant_id) values (${refund.id}, ${refund.merchant_id}) on conflict do nothing`;
    await hooks.withinUndo?.(tx);
    return true;
  } });
  if (!recorded) return;
  await voidRefundReservation(deps, refund.id);
}

/** Gives a recorded refused refund's money back in the ledger, then crosses the record out. Idempotent. */
async function voidRefundReservation(deps: RefundsDeps, refundId: string): Promise<void> {
  const [split] = await deps.sql<{ parent_transaction_id: string }[]>`
    select parent_transaction_id from transactions where id = ${refundId} and refund_legs is not null`;
  if (split) {
    await write(deps, { prepare: async (tx) => {
      await lockTransaction(tx, split.parent_transaction_id);
      await finishSplitRefundUndos(tx, deps.ledger, split.parent_transaction_id);
    } });
    return;
  }
  const voided = await cancelRefund(deps.ledger, refundId);
  if (!voided.ok && voided.failure !== 'hold_already_voided') {
    throw new Error(`ledger refused to void refund ${refundId}: ${voided.failure}`);
  }
  await write(deps, { writes: (q) => [{
    name: 'refund reservation void crossed out',
    statement: q`delete from refund_reservation_voids where refund_id = ${refundId} returning 1`,
    expectOneRow: false,
  }] });
}

/** How old a recorded void must be before the sweeper takes it (its own request may be voiding it). */
export const refundVoidSweepAgeMsDefault = 60_000;
/** Voids one sweep finishes at most; the rest wait for the next sweep. */
export const refundVoidSweepBatchMax = 1_000;

/**
 * Finishes the refund reservation voids that a crash left recorded (see undoRefundReservation):
 * those older than `olderThanMs`, up to `limit`. Returns how many were voided; one that the
 * ledger refuses is left for the next sweep and reported in `failed`.
 */
export async function voidPendingRefundReservations(deps: RefundsDeps,
  options: { olderThanMs?: number; limit?: number } = {}): Promise<{ voided: number; failed: string[] }> {
  const rows = await deps.sql<{ refund_id: string }[]>`
    select refund_id from refund_reservation_voids
    where created_at <= now() - ${options.olderThanMs ?? refundVoidSweepAgeMsDefault} * interval '1 millisecond'
    order by created_at limit ${options.limit ?? refundVoidSweepBatchMax}`;
  const failed: string[] = [];
  let voided = 0;
  for (const { refund_id } of rows) {
    try {
      await voidRefundReservation(deps, refund_id);
      voided += 1;
    } catch {
      failed.push(refund_id);
    }
  }
  return { voided, failed };
}

/**
 * The rail's final word on a refund. Idempotent.
 *   success -> the reservation is posted; transaction.success; when successful refunds now cover
 *              the whole collection, the collection becomes reversed (transaction.reversed);
 *   failed  -> the reservation is voided (money back to the wallet), the collection's refundable
 *              remainder is restored; transaction.failed.
 */
export async function applyRefundOutcome(deps: RefundsDeps, outcome: RailOutcome): Promise<void> {
  let splitUndoDue: string | null = null;
  await write(deps, { prepare: async (tx) => {
    const refund = await lockTransaction(tx, outcome.transactionId);
    if (!refund) throw new Error(`rail outcome for unknown refund ${outcome.transactionId}`);
    if (refund.type !== 'refund' || refund.status !== 'pending') return;
    // Reserved but not yet announced (its request timed out on the rail, or died before step 4):
    // settling it now would put transaction.success before transaction.pending. The retry of
    // that request announces it; the worker delivers this outcome again after that.
    if (refund.provider_reference === null) throw new Error(`rail outcome for refund ${refund.id} before its initiation was recorded`);
    const collection = await lockTransaction(tx, refund.parent_transaction_id!);
    // Another refund's interrupted undo moves the same holds: finished first (split-refunds.ts).
    if (refund.refund_legs !== null) await finishSplitRefundUndos(tx, deps.ledger, collection!.id);
    if (outcome.status === 'failed') {
      if (refund.refund_legs !== null) {
        // A split refund's undo moves holds: recorded here, with the failure, before the ledger
        // moves; finished right after this commit (or by the sweeper, or first by any operation
        // on the collection), as for a refusal at initiation (decision 0482).
        await setTransactionStatus(tx, refund, 'failed', { failureReason: outcome.failureReason });
        await tx`insert into refund_reservation_voids (refund_id, merchant_id) values (${refund.id}, ${refund.merchant_id}) on conflict do nothing`;
        splitUndoDue = refund.id;
        return;
      }
      const voided = await cancelRefund(deps.ledger, refund.id);
      if (!voided.ok && voided.failure !== 'hold_already_voided') throw new Error(`void refund ${refund.id}: ${voided.failure}`);
      await tx`update transactions set refunded_amount = refunded_amount - ${refund.amount.toString()}::bigint, updated_at = now()
               where id = ${collection!.id}`;
      await setTransactionStatus(tx, refund, 'failed', { failureReason: outcome.failureReason });
      return;
    }
    if (refund.refund_legs !== null) {
      await commitSplitRefundLegs(tx, deps.ledger, refund);
    } else {
      const posted = await commitRefund(deps.ledger, refund.id);
      if (!posted.ok && posted.failure !== 'hold_already_posted') throw new Error(`post refund ${refund.id}: ${posted.failure}`);
    }
    await setTransactionStatus(tx, refund, 'success');
    const [totals] = await tx<{ refunded: bigint }[]>`
      select coalesce(sum(amount), 0)::bigint as refunded from transactions
      where parent_transaction_id = ${collection!.id} and type = 'refund' and status = 'success'`;
    if (totals!.refunded >= collection!.amount && collection!.status === 'success') {
      await setTransactionStatus(tx, collection!, 'reversed');
    }
  } });
  if (splitUndoDue !== null) await voidRefundReservation(deps, splitUndoDue);
}
