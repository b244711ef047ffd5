// Split settlement's money in the ledger (decision 0620; docs/split-settlement.md): escrow holds
// released or returned, refunds of several legs, escrow holds a refund makes smaller. A pending
// transfer cannot be partly voided, so taking part of an escrow hold back is "void the hold, hold
// the rest anew" in one linked chain; the new hold's id is derived from the operation. Every id
// below is persisted (rows and recovery read them back): the derivations never change.

import { currencyInfo, idFromParts, LedgerUsageError, u128FromUuid, type ChainStep, type Ledger, type MovementResult } from '@payagg/ledger';
import { ensureCurrency, resolveHold, systemAccountId, TransferCode } from '../../domain/ledger-accounts.ts';

/** The id of the post that releases the escrow hold `pendingTransferId` (releaseEscrow). */
export function escrowReleaseId(pendingTransferId: bigint): bigint {
  return idFromParts('payagg.ledger.escrow_release', pendingTransferId);
}

/** Releases an escrow hold into the wallet's available balance (post the hold). */
export async function releaseEscrow(ledger: Ledger, pendingTransferId: bigint): Promise<MovementResult> {
  return resolveHold(ledger, escrowReleaseId(pendingTransferId), pendingTransferId, 'post');
}

/** Returns an escrow hold to rail clearing (void the hold). */
export async function returnEscrow(ledger: Ledger, pendingTransferId: bigint): Promise<MovementResult> {
  return resolveHold(ledger, idFromParts('payagg.ledger.escrow_return', pendingTransferId), pendingTransferId, 'void');
}

/** A leg of reserveSplitRefund: a wallet's reservation, or an escrow hold made smaller. */
export type SplitRefundLeg =
  | { kind: 'wallet'; leg: number; accountId: bigint; amount: bigint }
  | { kind: 'hold'; leg: number; accountId: bigint; collectionId: string; holdPendingId: bigint; keep: bigint };

/** The id of the hold a split refund leaves behind for `leg` (reserveSplitRefund). */
export function splitHoldId(refundId: string, leg: number): bigint {
  return idFromParts('payagg.ledger.split_hold', u128FromUuid(refundId), leg);
}

/**
 * The ids of a split refund's transfers for `leg` (reserveSplitRefund): exported so that a
 * request that died after its ledger step can be found and undone by whoever meets what it left.
 */
export function splitRefundTransferId(refundId: string, step: 'reserve' | 'commit' | 'cancel' | 'take', leg: number): bigint {
  return idFromParts('payagg.ledger.split_refund', u128FromUuid(refundId), step, leg);
}

/** Void the hold `pendingId` (when there is one); hold `keep` anew when some stays. */
function holdRemade(args: { voidId: bigint; pendingId: bigint | null; newHoldId: bigint; accountId: bigint; keep: bigint; currency: string; userData128: bigint }): ChainStep[] {
  // No pending to void when a refund had taken the whole hold (pendingId null).
  const steps: ChainStep[] = args.pendingId === null ? [] : [{ id: args.voidId, pendingId: args.pendingId, resolve: 'void' }];
  if (args.keep > 0n) {
    steps.push({
      id: args.newHoldId, debitAccountId: systemAccountId('rail_clearing', args.currency), creditAccountId: args.accountId, amount: args.keep,
      currency: args.currency, code: TransferCode.collection_escrow_leg, userData128: args.userData128, pending: true,
    });
  }
  return steps;
}

/**
 * Reserves a refund of a split collection in ONE linked chain, all legs or none:
 *   a wallet leg: a hold wallet -> rail clearing (its reservation, posted or voided with
 *                 commitSplitRefund / cancelSplitRefund);
 *   a held leg:   its escrow hold voided and, when some stays held, a new hold rail clearing ->
 *                 wallet of `keep` (id splitHoldId(refundId, leg)): the part taken back is in
 *                 rail clearing at once, never in the recipient's balance.
 * insufficient_funds when a wallet cannot cover its part (nothing moved); hold_already_posted /
 * hold_already_voided when a hold is no longer held.
 */
export async function reserveSplitRefund(ledger: Ledger, args: { refundId: string; currency: string; legs: readonly SplitRefundLeg[] }): Promise<MovementResult> {
  currencyInfo(args.currency);
  if (args.legs.length === 0) throw new LedgerUsageError('a split refund needs at least one leg');
  await ensureCurrency(ledger, args.currency);
  const userData128 = u128FromUuid(args.refundId);
  const steps: ChainStep[] = [];
  for (const leg of args.legs) {
    if (leg.kind === 'wallet') {
      if (leg.amount <= 0n) throw new LedgerUsageError('a refund leg amount must be positive');
      steps.push({
        id: splitRefundTransferId(args.refundId, 'reserve', leg.leg), debitAccountId: leg.accountId,
        creditAccountId: systemAccountId('rail_clearing', args.currency), amount: leg.amount, currency: args.currency,
        code: TransferCode.refund_leg, userData128, pending: true,
      });
    } else {
      steps.push(...holdRemade({
        voidId: splitRefundTransferId(args.refundId, 'take', leg.leg), pendingId: leg.holdPendingId,
        newHoldId: splitHoldId(args.refundId, leg.leg), accountId: leg.accountId, keep: leg.keep, currency: args.currency,
        userData128: u128FromUuid(leg.collectionId),
      }));
    }
  }
  return ledger.submitChain(steps);
}

async function splitRefundFinish(ledger: Ledger, refundId: string, walletLegs: readonly number[], resolve: 'post' | 'void'): Promise<MovementResult> {
  if (walletLegs.length === 0) return { ok: true, transferIds: [], replayed: false };
  return ledger.submitChain(walletLegs.map((leg) => ({
    id: splitRefundTransferId(refundId, resolve === 'post' ? 'commit' : 'cancel', leg),
    pendingId: splitRefundTransferId(refundId, 'reserve', leg),
    resolve,
  })));
}

/** The rail paid a split refund: post the wallet legs' reservations (legs as reserved). */
export async function commitSplitRefund(ledger: Ledger, refundId: string, walletLegs: readonly number[]): Promise<MovementResult> {
  return splitRefundFinish(ledger, refundId, walletLegs, 'post');
}

/** The rail refused a split refund: void the wallet legs' reservations (the wallets get it back). */
export async function cancelSplitRefund(ledger: Ledger, refundId: string, walletLegs: readonly number[]): Promise<MovementResult> {
  return splitRefundFinish(ledger, refundId, walletLegs, 'void');
}

/**
 * Puts money taken from an escrow hold back (a split refund the rail refused): the hold
 * `pendingId` is voided and held anew with `amount` (id `newHoldId`), in one linked chain.
 */
export async function regrowHold(ledger: Ledger, args: { operationId: string; collectionId: string; currency: string; pendingId: bigint | null; newHoldId: bigint; accountId: bigint; amount: bigint }): Promise<MovementResult> {
  currencyInfo(args.currency);
  const steps = holdRemade({
    voidId: idFromParts('payagg.ledger.hold_regrow', u128FromUuid(args.operationId), args.newHoldId), pendingId: args.pendingId,
    newHoldId: args.newHoldId, accountId: args.accountId, keep: args.amount, currency: args.currency,
    userData128: u128FromUuid(args.collectionId),
  });
  // Nothing was held and nothing is to be held: nothing moves.
  if (steps.length === 0) return { ok: true, transferIds: [], replayed: false };
  return ledger.submitChain(steps);
}

/** Credits a leg's money straight to a wallet (a refused split refund whose hold was released meanwhile). */
export async function creditLeg(ledger: Ledger, args: { id: bigint; collectionId: string; currency: string; accountId: bigint; amount: bigint }): Promise<MovementResult> {
  currencyInfo(args.currency);
  return ledger.submitChain([{
    id: args.id, debitAccountId: systemAccountId('rail_clearing', args.currency), creditAccountId: args.accountId,
    amount: args.amount, currency: args.currency, code: TransferCode.collection_leg, userData128: u128FromUuid(args.collectionId),
  }]);
}
