// An escrow hold's row, the events it emits and how its end is recorded: what escrow-holds.ts
// (release, return, auto-release), split-refunds.ts and escrow-hold-recovery.ts share. A module of
// its own so that none of those three imports another in a circle (decision 0600).
import type { Tx } from '../../db/index.ts';
import { appendEvents, type NewEvent } from '../../domain/events.ts';
import type { LegRecipientType, ReleaseCondition } from './split-legs.ts';

export type EscrowHoldStatus = 'held' | 'released' | 'returned';
export type EscrowHoldRow = {
  id: string;
  merchant_id: string;
  transaction_id: string;
  leg: number;
  wallet_id: string;
  recipient_type: LegRecipientType;
  recipient_id: string;
  amount: bigint;
  currency: string;
  status: EscrowHoldStatus;
  release_condition: ReleaseCondition;
  release_at: Date | null;
  ledger_pending_id: string | null;
  created_at: Date;
  updated_at: Date;
};
export function escrowEvent(hold: EscrowHoldRow, merchantId: string, type: 'escrow.held' | 'escrow.released' | 'escrow.returned', amount = hold.amount): NewEvent {
  return {
    merchantId,
    type,
    resourceType: 'transaction',
    resourceId: hold.transaction_id,
    data: {
      transaction_id: hold.transaction_id,
      merchant_id: merchantId,
      wallet_id: hold.wallet_id,
      escrow_hold_id: hold.id,
      recipient_type: hold.recipient_type,
      amount: Number(amount),
      currency: hold.currency,
      occurred_at: hold.updated_at.toISOString(),
    },
  };
}

export async function recordHoldEnd(tx: Tx, hold: EscrowHoldRow, action: 'release' | 'return'): Promise<EscrowHoldRow> {
  const [ended] = await tx<EscrowHoldRow[]>`
    update escrow_holds set status = ${action === 'release' ? 'released' : 'returned'}, updated_at = now()
    where id = ${hold.id} returning *`;
  if (action === 'return') {
    // Returned money is back on the payer's side: the collection's refundable remainder shrinks.
    await tx`update settlement_legs set refunded_amount = refunded_amount + ${hold.amount.toString()}::bigint
             where transaction_id = ${hold.transaction_id} and leg = ${hold.leg}`;
    await tx`update transactions set refunded_amount = refunded_amount + ${hold.amount.toString()}::bigint, updated_at = now()
             where id = ${hold.transaction_id}`;
  }
  await appendEvents(tx, [escrowEvent(ended!, hold.merchant_id, action === 'release' ? 'escrow.released' : 'escrow.returned')]);
  return ended!;
}
