// A collection's money in the ledger (decision 0620: composed here from the ledger's generic
// chains and holds). Settling: money leaves rail clearing into each leg (wallets, platform fees)
// in one linked chain; escrow legs are holds (splits/ledger-splits.ts releases or returns them).
// Refunds the rail has yet to confirm: a hold wallet -> rail clearing, posted or voided.
// Transfer ids derive from the collection's / refund's id: a retry replays, the ledger answers exists.

import { currencyInfo, idFromUuid, LedgerUsageError, u128FromUuid, type Ledger, type MovementResult, type TransferStep } from '@payagg/ledger';
import { ensureCurrency, systemAccountId, TransferCode, walletHolds } from '../domain/ledger-accounts.ts';

/** Most legs one collection split may have (one linked chain, well under a batch). */
export const legsMax = 64;

export type SettlementLeg = {
  accountId: bigint;
  amount: bigint;
  /** Held as a pending transfer until releaseEscrow/returnEscrow. */
  escrow: boolean;
  /** Ledger timeout of an escrow hold: when it passes, the ledger RETURNS (voids) the hold. */
  timeoutSeconds?: number;
};
export type Settlement = { collectionId: string; currency: string; amount: bigint; legs: readonly SettlementLeg[] };
export type SettlementResult = MovementResult & { escrowTransferIds: bigint[] };

function assertLegs(legs: ReadonlyArray<{ amount: bigint }>, total: bigint): void {
  if (legs.length === 0 || legs.length > legsMax) throw new LedgerUsageError(`legs must number 1..${legsMax}`);
  let sum = 0n;
  for (const leg of legs) {
    if (leg.amount <= 0n) throw new LedgerUsageError('every leg amount must be positive');
    sum += leg.amount;
  }
  if (sum !== total) throw new LedgerUsageError(`legs sum to ${sum}, not the amount ${total}`);
}

/** A collection's settlement as one chain: rail clearing -> each leg (idFromUuid(collectionId, i)); escrow legs held. */
function settlementSteps(args: Settlement): TransferStep[] {
  currencyInfo(args.currency);
  const rail = systemAccountId('rail_clearing', args.currency);
  const userData128 = u128FromUuid(args.collectionId);
  return args.legs.map((leg, i) => ({
    id: idFromUuid(args.collectionId, i),
    debitAccountId: rail,
    creditAccountId: leg.accountId,
    amount: leg.amount,
    currency: args.currency,
    code: leg.escrow ? TransferCode.collection_escrow_leg : TransferCode.collection_leg,
    userData128,
    pending: leg.escrow,
    ...(leg.escrow && leg.timeoutSeconds !== undefined ? { timeoutSeconds: leg.timeoutSeconds } : {}),
  }));
}

/**
 * Settles many collections with as few ledger requests as they fit in: each collection is its own
 * linked chain, so one that cannot settle fails alone and the others land. Answers in the order
 * given. The rail outcome round settles its claimed outcomes this way.
 */
export async function settleCollections(ledger: Ledger, settlements: readonly Settlement[]): Promise<SettlementResult[]> {
  const chains = settlements.map((args) => {
    assertLegs(args.legs, args.amount);
    return settlementSteps(args);
  });
  for (const currency of new Set(settlements.map((args) => args.currency))) await ensureCurrency(ledger, currency);
  const outcomes = await ledger.submitChains(chains);
  return outcomes.map((result, i) => ({
    ...result,
    escrowTransferIds: chains[i]!.filter((step) => step.pending === true).map((step) => step.id),
  }));
}

/** Settles one collection (settleCollections of one). */
export async function settleCollection(ledger: Ledger, args: Settlement): Promise<SettlementResult> {
  const [result] = await settleCollections(ledger, [args]);
  return result!;
}

/** A refund the rail has yet to confirm; its steps use their own id family, apart from a collection's legs. */
const refundHolds = walletHolds({
  family: 'payagg.ledger.refund_hold', steps: { hold: 'reserve', post: 'commit', void: 'cancel' },
  what: 'refund', holder: 'rail_clearing', code: TransferCode.refund_leg,
});

export function refundTransferId(refundId: string, step: 'reserve' | 'commit' | 'cancel'): bigint {
  return refundHolds.transferId(refundId, step);
}

/** The id of reserveRefund's hold for `refundId` (recorded before reserving: hold intents). */
export function refundReservationId(refundId: string): bigint {
  return refundHolds.holdId(refundId);
}

/** Reserves a refund the rail has yet to confirm: a hold wallet -> rail clearing. */
export async function reserveRefund(ledger: Ledger, args: { refundId: string; walletAccountId: bigint; currency: string; amount: bigint }): Promise<MovementResult> {
  return refundHolds.hold(ledger, args.refundId, args);
}

/** The rail paid the refund back to the payer: post the reservation. */
export async function commitRefund(ledger: Ledger, refundId: string): Promise<MovementResult> {
  return refundHolds.resolve(ledger, refundId, 'post');
}

/** The rail refused the refund: void the reservation, the wallet gets the money back. */
export async function cancelRefund(ledger: Ledger, refundId: string): Promise<MovementResult> {
  return refundHolds.resolve(ledger, refundId, 'void');
}
