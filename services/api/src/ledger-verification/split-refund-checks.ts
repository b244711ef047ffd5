// A split refund's amounts (issue 25): the parts recorded on the refund row (transactions.refund_legs,
// one per leg: `held` taken out of the leg's escrow hold, else reserved from the recipient's wallet)
// each equal what the ledger moved for that leg, and together they sum to the refund's amount.
// What the ledger moved per leg (collections/splits/ledger-splits.ts reserveSplitRefund):
//   a wallet part: the reservation splitRefundTransferId(refund, 'reserve', leg), its amount;
//   a held part:   the escrow hold voided by splitRefundTransferId(refund, 'take', leg) minus what
//                  was held anew (splitHoldId(refund, leg), absent when the hold was taken whole).
// These transfers are never undone by a later step (a refused refund voids the reservations and
// regrows holds under other ids), so the figures hold whatever the refund's status.
import { type Transfer } from '@payagg/ledger';
import { splitHoldId, splitRefundTransferId } from '../collections/index.ts';
import { lookupTransfers, type Check } from './ledger-reads.ts';

/** A part of transactions.refund_legs, as stored (collections/transactions.ts RefundLegPart). */
export type RefundPart = { leg: number; amount: number; held: boolean };
export type SplitRefundRow = { id: string; amount: string; refund_legs: RefundPart[] | null };

/** The ids the check reads for a refund's parts (the escrow holds its takes voided are read after: splitRefundPendingIds). */
export function splitRefundIds(row: SplitRefundRow): bigint[] {
  return (row.refund_legs ?? []).flatMap((part) => part.held
    ? [splitRefundTransferId(row.id, 'take', part.leg), splitHoldId(row.id, part.leg)]
    : [splitRefundTransferId(row.id, 'reserve', part.leg)]);
}

/** Adds to `found` the escrow holds the refunds' takes voided (a second read: their ids are the takes' pending_id). */
export async function readTakenHolds(check: Check, rows: readonly SplitRefundRow[], found: Map<bigint, Transfer>): Promise<void> {
  const pendingIds = rows.flatMap((row) => (row.refund_legs ?? []).filter((part) => part.held)
    .flatMap((part) => {
      const take = found.get(splitRefundTransferId(row.id, 'take', part.leg));
      return take ? [take.pending_id] : [];
    }));
  for (const [id, transfer] of await lookupTransfers(check.ledger, pendingIds)) found.set(id, transfer);
}

/** What the ledger moved for one part, or why it cannot tell. */
function movedFor(row: SplitRefundRow, part: RefundPart, found: Map<bigint, Transfer>): bigint | string {
  if (!part.held) {
    const reserve = found.get(splitRefundTransferId(row.id, 'reserve', part.leg));
    return reserve ? reserve.amount : `no reservation ${splitRefundTransferId(row.id, 'reserve', part.leg)}`;
  }
  const take = found.get(splitRefundTransferId(row.id, 'take', part.leg));
  if (!take) return `no take ${splitRefundTransferId(row.id, 'take', part.leg)} of the escrow hold`;
  const taken = found.get(take.pending_id);
  if (!taken) return `the escrow hold ${take.pending_id} it voided is not in the ledger`;
  return taken.amount - (found.get(splitHoldId(row.id, part.leg))?.amount ?? 0n);
}

/**
 * Checks one split refund: each part against what the ledger moved for its leg, and the parts' sum
 * against the refund's amount (so the ledger's legs, when each agrees, sum to it too).
 */
export function checkSplitRefundAmounts(check: Check, row: SplitRefundRow, found: Map<bigint, Transfer>): void {
  const subject = { kind: 'refund', id: row.id };
  const parts = row.refund_legs ?? [];
  let rowSum = 0n;
  for (const part of parts) {
    rowSum += BigInt(part.amount);
    const moved = movedFor(row, part, found);
    if (typeof moved === 'string') {
      check.report({ check: 'split_refund_amount', subject, message: `leg ${part.leg}'s ${part.held ? 'held' : 'wallet'} part: ${moved}`, expected: String(part.amount), found: 'none' });
      continue;
    }
    if (moved !== BigInt(part.amount)) {
      check.report({ check: 'split_refund_amount', subject, message: `leg ${part.leg}'s ${part.held ? 'part taken from its escrow hold' : 'wallet reservation'} differs from the part the refund records`, expected: String(part.amount), found: moved.toString() });
    }
  }
  if (rowSum !== BigInt(row.amount)) {
    check.report({ check: 'split_refund_amount', subject, message: 'the parts recorded per leg (refund_legs) do not sum to the refund amount', expected: row.amount, found: rowSum.toString() });
  }
}
