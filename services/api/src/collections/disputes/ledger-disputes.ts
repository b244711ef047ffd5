// A dispute's money in the ledger (decision 0620; docs/disputes.md, decision 0280): a hold out of
// the merchant wallet into rail clearing (where a chargeback leaves through the rail); won voids
// it (the wallet gets it back), lost posts it. The ledger allows one resolution. The ids derive
// from the dispute's id and are persisted (hold intents record the hold's): they never change.

import type { Ledger, MovementResult } from '@payagg/ledger';
import { TransferCode, walletHolds } from '../../domain/ledger-accounts.ts';

const disputeHolds = walletHolds({
  family: 'payagg.ledger.dispute_hold', steps: { hold: 'hold', void: 'won', post: 'lost' },
  what: 'dispute', holder: 'rail_clearing', code: TransferCode.dispute_hold,
});

/** A dispute's hold and its one resolution (won voids it, lost posts it). */
export function disputeTransferId(disputeId: string, step: 'hold' | 'won' | 'lost'): bigint {
  return disputeHolds.transferId(disputeId, step);
}

/** The id of holdDispute's hold for `disputeId` (recorded before holding: hold intents). */
export function disputeHoldId(disputeId: string): bigint {
  return disputeHolds.holdId(disputeId);
}

/**
 * Holds a disputed amount: a hold merchant wallet -> rail clearing. The wallet's available
 * balance drops at once; insufficient_funds when it cannot cover it, and nothing moves.
 */
export async function holdDispute(ledger: Ledger, args: { disputeId: string; walletAccountId: bigint; currency: string; amount: bigint }): Promise<MovementResult> {
  return disputeHolds.hold(ledger, args.disputeId, args);
}

/** The merchant won: void the hold, the wallet gets the amount back. */
export async function returnDisputeHold(ledger: Ledger, disputeId: string): Promise<MovementResult> {
  return disputeHolds.resolve(ledger, disputeId, 'void');
}

/** The merchant lost: post the hold, the amount leaves to the payer through the rail. */
export async function postDisputeHold(ledger: Ledger, disputeId: string): Promise<MovementResult> {
  return disputeHolds.resolve(ledger, disputeId, 'post');
}
