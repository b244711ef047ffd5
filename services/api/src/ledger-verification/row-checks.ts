// The service's rows against their ledger transfers: every collection, refund, payout, escrow hold
// and dispute agrees with what the ledger holds for it, found by the very ids its capability
// derives (collections/ledger-collections.ts, payouts/ledger-payouts.ts, splits/ledger-splits.ts,
// disputes/ledger-disputes.ts). Reads rows a page at a time (keyset on id) and the ledger by id.
import { holdResolutionId, idFromUuid, TransferFlags, type Ledger, type Transfer } from '@payagg/ledger';
import { disputeHoldId, disputeTransferId, escrowReleaseId, legsMax, refundReservationId, refundTransferId, splitRefundTransferId } from '../collections/index.ts';
import { payoutReservationId, payoutTransferId } from '../payouts/index.ts';
import { systemAccountId } from '../domain/ledger-accounts.ts';
import { holdState, lookupTransfers, pages, rowPageSize, type Check, type HoldState } from './ledger-reads.ts';
import { checkSplitRefundAmounts, readTakenHolds, splitRefundIds, type SplitRefundRow } from './split-refund-checks.ts';

const isPending = (t: Transfer) => (t.flags & TransferFlags.pending) !== 0;

type TransactionRow = SplitRefundRow & { type: 'collection' | 'refund' | 'transfer'; status: string; currency: string };

/** A collection's settlement legs (idFromUuid(id, i), contiguous from 0) as found. */
function collectionLegs(found: Map<bigint, Transfer>, id: string): Transfer[] {
  const legs: Transfer[] = [];
  for (let i = 0; i < legsMax; i += 1) {
    const leg = found.get(idFromUuid(id, i));
    if (!leg) break;
    legs.push(leg);
  }
  return legs;
}

function checkCollection(check: Check, row: TransactionRow, found: Map<bigint, Transfer>): void {
  const legs = collectionLegs(found, row.id);
  const subject = { kind: 'collection', id: row.id };
  // success and reversed (a refund reversed it in full) were settled; pending and failed never are.
  const settled = row.status === 'success' || row.status === 'reversed';
  if (!settled) {
    if (legs.length > 0) check.report({ check: 'collection_transfers', subject, message: `a ${row.status} collection has settlement transfers in the ledger`, expected: 'no transfer', found: `${legs.length} leg(s), first ${legs[0]!.id}` });
    return;
  }
  if (legs.length === 0) {
    check.report({ check: 'collection_transfers', subject, message: `a ${row.status} collection has no settlement transfer`, expected: `transfer ${idFromUuid(row.id, 0)} of ${row.amount} ${row.currency}`, found: 'none' });
    return;
  }
  const sum = legs.reduce((total, leg) => total + leg.amount, 0n);
  if (sum !== BigInt(row.amount)) check.report({ check: 'collection_amount', subject, message: 'the settlement legs do not sum to the collection amount', expected: row.amount, found: sum.toString() });
  const rail = systemAccountId('rail_clearing', row.currency);
  const stray = legs.find((leg) => leg.debit_account_id !== rail);
  if (stray) check.report({ check: 'collection_accounts', subject, message: `leg ${stray.id} is not debited to rail clearing (${row.currency})`, expected: rail.toString(), found: stray.debit_account_id.toString() });
}

/** A refund's reservation holds: the plain one, or a split refund's wallet legs. */
function refundHolds(found: Map<bigint, Transfer>, id: string, nowNs: bigint): { pendingId: bigint; state: HoldState; amount: bigint }[] {
  const plain = refundReservationId(id);
  if (found.has(plain)) {
    return [{ pendingId: plain, amount: found.get(plain)!.amount, state: holdState(found, plain, [refundTransferId(id, 'commit'), refundTransferId(id, 'cancel')], nowNs) }];
  }
  const holds = [];
  for (let leg = 0; leg < legsMax; leg += 1) {
    const pendingId = splitRefundTransferId(id, 'reserve', leg);
    if (!found.has(pendingId)) continue;
    holds.push({ pendingId, amount: found.get(pendingId)!.amount, state: holdState(found, pendingId, [splitRefundTransferId(id, 'commit', leg), splitRefundTransferId(id, 'cancel', leg)], nowNs) });
  }
  return holds;
}

function checkRefund(check: Check, row: TransactionRow, found: Map<bigint, Transfer>): void {
  const subject = { kind: 'refund', id: row.id };
  const holds = refundHolds(found, row.id, check.nowNs);
  const takes = Array.from({ length: legsMax }, (_, leg) => splitRefundTransferId(row.id, 'take', leg)).filter((id) => found.has(id));
  const want: HoldState = row.status === 'success' ? 'posted' : row.status === 'pending' ? 'pending' : 'voided';
  if (holds.length === 0 && takes.length === 0) {
    if (row.status !== 'failed') check.report({ check: 'refund_transfers', subject, message: `a ${row.status} refund has no reservation in the ledger`, expected: `hold ${refundReservationId(row.id)} ${want}`, found: 'none' });
    return;
  }
  for (const hold of holds) {
    const agrees = want === 'voided' ? hold.state !== 'posted' && hold.state !== 'pending' : hold.state === want;
    if (!agrees) check.report({ check: 'refund_transfers', subject, message: `a ${row.status} refund's reservation ${hold.pendingId} is ${hold.state}`, expected: want, found: hold.state });
  }
  if (holds.length === 1 && takes.length === 0 && holds[0]!.pendingId === refundReservationId(row.id) && holds[0]!.amount !== BigInt(row.amount)) {
    check.report({ check: 'refund_amount', subject, message: `reservation ${holds[0]!.pendingId} differs from the refund amount`, expected: row.amount, found: holds[0]!.amount.toString() });
  }
  if (row.refund_legs !== null) checkSplitRefundAmounts(check, row, found);
}

async function checkTransactions(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<TransactionRow>((after) => check.sql<TransactionRow[]>`
    select id, type, status, amount::text as amount, currency, refund_legs from transactions
    where id > ${after} and type in ('collection', 'refund') order by id limit ${rowPageSize}`)) {
    const ids = rows.flatMap((row) => row.type === 'collection'
      ? Array.from({ length: legsMax }, (_, i) => idFromUuid(row.id, i))
      : [refundReservationId(row.id), refundTransferId(row.id, 'commit'), refundTransferId(row.id, 'cancel'),
        ...(['reserve', 'commit', 'cancel', 'take'] as const).flatMap((step) => Array.from({ length: legsMax }, (_, leg) => splitRefundTransferId(row.id, step, leg))),
        ...splitRefundIds(row)]);
    const found = await lookupTransfers(check.ledger, ids);
    await readTakenHolds(check, rows, found);
    for (const row of rows) (row.type === 'collection' ? checkCollection : checkRefund)(check, row, found);
    count += rows.length;
  }
  return count;
}

type PayoutRow = { id: string; status: string; amount: string; currency: string; hold_ids: string[] };

function payoutResolutionIds(payoutId: string, holdId: bigint): bigint[] {
  const ids = [holdResolutionId(holdId, 'post'), holdResolutionId(holdId, 'void')];
  if (holdId === payoutReservationId(payoutId)) ids.push(payoutTransferId(payoutId, 'commit'), payoutTransferId(payoutId, 'cancel'));
  return ids;
}

function checkPayout(check: Check, row: PayoutRow, found: Map<bigint, Transfer>): void {
  const subject = { kind: 'payout', id: row.id };
  const want: HoldState = row.status === 'success' ? 'posted' : row.status === 'failed' ? 'voided' : 'pending';
  let toClearing = 0n;
  const clearing = systemAccountId('payout_clearing', row.currency);
  for (const text of row.hold_ids) {
    const holdId = BigInt(text);
    const state = holdState(found, holdId, payoutResolutionIds(row.id, holdId), check.nowNs);
    const agrees = want === 'voided' ? state !== 'posted' && state !== 'pending' : state === want;
    if (!agrees) check.report({ check: 'payout_transfers', subject, message: `a ${row.status} payout's hold ${holdId} is ${state}`, expected: want, found: state });
    const hold = found.get(holdId);
    if (hold && hold.credit_account_id === clearing) toClearing += hold.amount;
  }
  if (want !== 'voided' && toClearing !== BigInt(row.amount)) {
    check.report({ check: 'payout_amount', subject, message: `the payout's holds into payout clearing (${row.currency}) differ from its amount`, expected: row.amount, found: toClearing.toString() });
  }
}

async function checkPayouts(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<PayoutRow>((after) => check.sql<PayoutRow[]>`
    select id, status, amount::text as amount, currency, hold_ids from payouts where id > ${after} order by id limit ${rowPageSize}`)) {
    const found = await lookupTransfers(check.ledger, rows.flatMap((row) => row.hold_ids.flatMap((text) => [BigInt(text), ...payoutResolutionIds(row.id, BigInt(text))])));
    for (const row of rows) checkPayout(check, row, found);
    count += rows.length;
  }
  return count;
}

type EscrowRow = { id: string; status: string; amount: string; ledger_pending_id: string | null; ledger_account_id: string };

function checkEscrowHold(check: Check, row: EscrowRow, found: Map<bigint, Transfer>): void {
  if (row.ledger_pending_id === null) return; // a refund in progress took the whole hold
  const subject = { kind: 'escrow_hold', id: row.id };
  const pendingId = BigInt(row.ledger_pending_id);
  const pending = found.get(pendingId);
  const released = found.has(escrowReleaseId(pendingId));
  if (!pending || !isPending(pending)) {
    check.report({ check: 'escrow_transfers', subject, message: `the escrow hold's pending transfer ${pendingId} is not in the ledger`, expected: 'a pending transfer', found: pending ? 'a posted transfer' : 'none' });
    return;
  }
  if (row.status === 'held') {
    if (pending.amount !== BigInt(row.amount)) check.report({ check: 'escrow_amount', subject, message: `pending transfer ${pendingId} differs from the hold amount`, expected: row.amount, found: pending.amount.toString() });
    if (pending.credit_account_id !== BigInt(row.ledger_account_id)) check.report({ check: 'escrow_accounts', subject, message: `pending transfer ${pendingId} credits another account than the hold's wallet`, expected: row.ledger_account_id, found: pending.credit_account_id.toString() });
    if (released) check.report({ check: 'escrow_transfers', subject, message: `a held escrow hold was released in the ledger (${escrowReleaseId(pendingId)})`, expected: 'pending', found: 'posted' });
  } else if (row.status === 'released' && !released) {
    check.report({ check: 'escrow_transfers', subject, message: `a released escrow hold has no release transfer ${escrowReleaseId(pendingId)}`, expected: 'posted', found: 'not posted' });
  } else if (row.status === 'returned' && released) {
    check.report({ check: 'escrow_transfers', subject, message: `a returned escrow hold was released in the ledger (${escrowReleaseId(pendingId)})`, expected: 'voided', found: 'posted' });
  }
}

async function checkEscrowHolds(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<EscrowRow>((after) => check.sql<EscrowRow[]>`
    select h.id, h.status, h.amount::text as amount, h.ledger_pending_id::text as ledger_pending_id, w.ledger_account_id::text as ledger_account_id
    from escrow_holds h join wallets w on w.id = h.wallet_id where h.id > ${after} order by h.id limit ${rowPageSize}`)) {
    const pendingIds = rows.flatMap((row) => row.ledger_pending_id === null ? [] : [BigInt(row.ledger_pending_id)]);
    const found = await lookupTransfers(check.ledger, [...pendingIds, ...pendingIds.map(escrowReleaseId)]);
    for (const row of rows) checkEscrowHold(check, row, found);
    count += rows.length;
  }
  return count;
}

type DisputeRow = { id: string; status: string; amount: string };

function checkDispute(check: Check, row: DisputeRow, found: Map<bigint, Transfer>): void {
  const subject = { kind: 'dispute', id: row.id };
  const holdId = disputeHoldId(row.id);
  const state = holdState(found, holdId, [disputeTransferId(row.id, 'won'), disputeTransferId(row.id, 'lost')], check.nowNs);
  const want: HoldState = row.status === 'open' ? 'pending' : row.status === 'won' ? 'voided' : 'posted';
  if (state !== want) check.report({ check: 'dispute_transfers', subject, message: `a ${row.status} dispute's hold ${holdId} is ${state}`, expected: want, found: state });
  const hold = found.get(holdId);
  if (hold && hold.amount !== BigInt(row.amount)) check.report({ check: 'dispute_amount', subject, message: `hold ${holdId} differs from the disputed amount`, expected: row.amount, found: hold.amount.toString() });
}

async function checkDisputes(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<DisputeRow>((after) => check.sql<DisputeRow[]>`
    select id, status, amount::text as amount from disputes where id > ${after} order by id limit ${rowPageSize}`)) {
    const found = await lookupTransfers(check.ledger, rows.flatMap((row) => [disputeHoldId(row.id), disputeTransferId(row.id, 'won'), disputeTransferId(row.id, 'lost')]));
    for (const row of rows) checkDispute(check, row, found);
    count += rows.length;
  }
  return count;
}

/** Checks every row kind; answers how many rows of each it read. */
export async function checkRows(check: Check): Promise<{ transactions: number; payouts: number; escrowHolds: number; disputes: number }> {
  return {
    transactions: await checkTransactions(check),
    payouts: await checkPayouts(check),
    escrowHolds: await checkEscrowHolds(check),
    disputes: await checkDisputes(check),
  };
}
