// TigerBeetle's create_transfers rules for one event, in its order (src/state_machine.zig:
// create_transfer, post_or_void_pending_transfer, create_transfer_exists,
// post_or_void_pending_transfer_exists). Each answers a status; a `created` one has applied its
// changes to the batch (transfer-batch.ts), which can still roll them back with its chain.

import {
  AccountFlags,
  TransferFlags,
  nsPerS,
  timestampNsMax,
  u128Max,
  type Account,
  type CreateTransferStatus,
  type Transfer,
} from '../../model.ts';
import { expiresAt, has, PendingStatus, type StoredTransfer } from './batch-state.ts';
import type { TransferBatch } from './transfer-batch.ts';

function transferExists(batch: TransferBatch, t: Transfer, e: StoredTransfer): CreateTransferStatus {
  if (t.flags !== e.flags) return 'exists_with_different_flags';
  if (t.pending_id !== e.pending_id) return 'exists_with_different_pending_id';
  if (t.timeout !== e.timeout) return 'exists_with_different_timeout';
  if (has(t.flags, TransferFlags.post_pending_transfer) || has(t.flags, TransferFlags.void_pending_transfer)) {
    const p = batch.state.transfers.get(t.pending_id);
    if (!p) throw new Error(`ledger invariant: pending transfer ${t.pending_id} of ${e.id} not loaded`);
    return postOrVoidExists(t, e, p);
  }
  if (t.debit_account_id !== e.debit_account_id) return 'exists_with_different_debit_account_id';
  if (t.credit_account_id !== e.credit_account_id) return 'exists_with_different_credit_account_id';
  // A balancing transfer's amount is an upper limit: a resubmission may name any amount at
  // least as large as what was actually moved.
  if (has(t.flags, TransferFlags.balancing_debit) || has(t.flags, TransferFlags.balancing_credit)) {
    if (t.amount < e.amount) return 'exists_with_different_amount';
  } else if (t.amount !== e.amount) return 'exists_with_different_amount';
  if (t.user_data_128 !== e.user_data_128) return 'exists_with_different_user_data_128';
  if (t.user_data_64 !== e.user_data_64) return 'exists_with_different_user_data_64';
  if (t.user_data_32 !== e.user_data_32) return 'exists_with_different_user_data_32';
  if (t.ledger !== e.ledger) return 'exists_with_different_ledger';
  if (t.code !== e.code) return 'exists_with_different_code';
  return 'exists';
}

function postOrVoidExists(t: Transfer, e: Transfer, p: Transfer): CreateTransferStatus {
  if (t.debit_account_id !== 0n && t.debit_account_id !== e.debit_account_id) {
    return 'exists_with_different_debit_account_id';
  }
  if (t.credit_account_id !== 0n && t.credit_account_id !== e.credit_account_id) {
    return 'exists_with_different_credit_account_id';
  }
  if (has(t.flags, TransferFlags.void_pending_transfer)) {
    if (t.amount === 0n) {
      if (e.amount !== p.amount) return 'exists_with_different_amount';
    } else if (t.amount !== e.amount) return 'exists_with_different_amount';
  }
  if (has(t.flags, TransferFlags.post_pending_transfer)) {
    if (t.amount === u128Max) {
      if (e.amount !== p.amount) return 'exists_with_different_amount';
    } else if (t.amount !== e.amount) return 'exists_with_different_amount';
  }
  if ((t.user_data_128 === 0n ? p.user_data_128 : t.user_data_128) !== e.user_data_128) {
    return 'exists_with_different_user_data_128';
  }
  if ((t.user_data_64 === 0n ? p.user_data_64 : t.user_data_64) !== e.user_data_64) {
    return 'exists_with_different_user_data_64';
  }
  if ((t.user_data_32 === 0 ? p.user_data_32 : t.user_data_32) !== e.user_data_32) {
    return 'exists_with_different_user_data_32';
  }
  if (t.ledger !== 0 && t.ledger !== e.ledger) return 'exists_with_different_ledger';
  if (t.code !== 0 && t.code !== e.code) return 'exists_with_different_code';
  return 'exists';
}

function postOrVoidPendingTransfer(batch: TransferBatch, t: Transfer, timestamp: bigint): CreateTransferStatus {
  const posting = has(t.flags, TransferFlags.post_pending_transfer);
  const voiding = has(t.flags, TransferFlags.void_pending_transfer);
  if (posting && voiding) return 'flags_are_mutually_exclusive';
  if (has(t.flags, TransferFlags.pending)) return 'flags_are_mutually_exclusive';
  if (has(t.flags, TransferFlags.balancing_debit)) return 'flags_are_mutually_exclusive';
  if (has(t.flags, TransferFlags.balancing_credit)) return 'flags_are_mutually_exclusive';

  if (t.pending_id === 0n) return 'pending_id_must_not_be_zero';
  if (t.pending_id === u128Max) return 'pending_id_must_not_be_int_max';
  if (t.pending_id === t.id) return 'pending_id_must_be_different';
  if (t.timeout !== 0) return 'timeout_reserved_for_pending_transfer';

  const p = batch.state.transfers.get(t.pending_id);
  if (!p) return 'pending_transfer_not_found';
  if (!has(p.flags, TransferFlags.pending)) return 'pending_transfer_not_pending';

  const dr = batch.state.accounts.get(p.debit_account_id);
  const cr = batch.state.accounts.get(p.credit_account_id);
  if (!dr || !cr) throw new Error(`ledger invariant: accounts of pending transfer ${p.id} not loaded`);

  if (t.debit_account_id > 0n && t.debit_account_id !== p.debit_account_id) {
    return 'pending_transfer_has_different_debit_account_id';
  }
  if (t.credit_account_id > 0n && t.credit_account_id !== p.credit_account_id) {
    return 'pending_transfer_has_different_credit_account_id';
  }
  // user_data may differ between a pending transfer and its post/void.
  if (t.ledger > 0 && t.ledger !== p.ledger) return 'pending_transfer_has_different_ledger';
  if (t.code > 0 && t.code !== p.code) return 'pending_transfer_has_different_code';

  // A void of amount 0, or a post of amount u128Max, means "the whole pending amount".
  const amount = voiding
    ? (t.amount === 0n ? p.amount : t.amount)
    : (t.amount === u128Max ? p.amount : t.amount);
  if (amount > p.amount) return 'exceeds_pending_transfer_amount';
  if (voiding && amount < p.amount) return 'pending_transfer_has_different_amount';

  switch (p.pending_status) {
    case PendingStatus.posted: return 'pending_transfer_already_posted';
    case PendingStatus.voided: return 'pending_transfer_already_voided';
    case PendingStatus.expired: return 'pending_transfer_expired';
    case PendingStatus.pending: break;
    default: throw new Error(`ledger invariant: pending transfer ${p.id} has status ${p.pending_status}`);
  }
  const expiry = expiresAt(p);
  // Due but not yet swept by the expiry pass: TigerBeetle answers the same before its pulse.
  if (expiry !== null && expiry <= timestamp) return 'pending_transfer_expired';

  // From here on the transfer cannot fail.
  batch.insertTransfer({
    id: t.id,
    debit_account_id: p.debit_account_id,
    credit_account_id: p.credit_account_id,
    user_data_128: t.user_data_128 > 0n ? t.user_data_128 : p.user_data_128,
    user_data_64: t.user_data_64 > 0n ? t.user_data_64 : p.user_data_64,
    user_data_32: t.user_data_32 > 0 ? t.user_data_32 : p.user_data_32,
    ledger: p.ledger,
    code: p.code,
    pending_id: t.pending_id,
    timeout: 0,
    timestamp,
    flags: t.flags,
    amount,
    pending_status: PendingStatus.none,
  });
  batch.setPendingStatus(p, posting ? PendingStatus.posted : PendingStatus.voided);

  const drNew: Account = { ...dr, debits_pending: dr.debits_pending - p.amount };
  const crNew: Account = { ...cr, credits_pending: cr.credits_pending - p.amount };
  if (posting) {
    drNew.debits_posted += amount;
    crNew.credits_posted += amount;
  }
  batch.applyBalances(drNew, crNew, timestamp);
  return 'created';
}

export function createTransfer(batch: TransferBatch, t: Transfer, timestamp: bigint): CreateTransferStatus {
  if (t.id === 0n) return 'id_must_not_be_zero';
  if (t.id === u128Max) return 'id_must_not_be_int_max';

  const e = batch.state.transfers.get(t.id);
  if (e) return transferExists(batch, t, e);
  if (batch.state.failedIds.has(t.id)) return 'id_already_failed';

  if (has(t.flags, TransferFlags.post_pending_transfer) || has(t.flags, TransferFlags.void_pending_transfer)) {
    return postOrVoidPendingTransfer(batch, t, timestamp);
  }

  if (t.debit_account_id === 0n) return 'debit_account_id_must_not_be_zero';
  if (t.debit_account_id === u128Max) return 'debit_account_id_must_not_be_int_max';
  if (t.credit_account_id === 0n) return 'credit_account_id_must_not_be_zero';
  if (t.credit_account_id === u128Max) return 'credit_account_id_must_not_be_int_max';
  if (t.credit_account_id === t.debit_account_id) return 'accounts_must_be_different';

  if (t.pending_id !== 0n) return 'pending_id_must_be_zero';
  if (!has(t.flags, TransferFlags.pending) && t.timeout !== 0) return 'timeout_reserved_for_pending_transfer';

  if (t.ledger === 0) return 'ledger_must_not_be_zero';
  if (t.code === 0) return 'code_must_not_be_zero';

  const dr = batch.state.accounts.get(t.debit_account_id);
  if (!dr) return 'debit_account_not_found';
  const cr = batch.state.accounts.get(t.credit_account_id);
  if (!cr) return 'credit_account_not_found';

  if (dr.ledger !== cr.ledger) return 'accounts_must_have_the_same_ledger';
  if (t.ledger !== dr.ledger) return 'transfer_must_have_the_same_ledger_as_accounts';

  let amount = t.amount;
  if (has(t.flags, TransferFlags.balancing_debit)) {
    const drBalance = dr.debits_posted + dr.debits_pending;
    const room = dr.credits_posted > drBalance ? dr.credits_posted - drBalance : 0n;
    if (room < amount) amount = room;
  }
  if (has(t.flags, TransferFlags.balancing_credit)) {
    const crBalance = cr.credits_posted + cr.credits_pending;
    const room = cr.debits_posted > crBalance ? cr.debits_posted - crBalance : 0n;
    if (room < amount) amount = room;
  }

  const pending = has(t.flags, TransferFlags.pending);
  if (pending) {
    if (amount + dr.debits_pending > u128Max) return 'overflows_debits_pending';
    if (amount + cr.credits_pending > u128Max) return 'overflows_credits_pending';
  }
  if (amount + dr.debits_posted > u128Max) return 'overflows_debits_posted';
  if (amount + cr.credits_posted > u128Max) return 'overflows_credits_posted';
  if (amount + dr.debits_pending + dr.debits_posted > u128Max) return 'overflows_debits';
  if (amount + cr.credits_pending + cr.credits_posted > u128Max) return 'overflows_credits';
  if (timestamp + BigInt(t.timeout) * nsPerS > timestampNsMax) return 'overflows_timeout';

  if (has(dr.flags, AccountFlags.debits_must_not_exceed_credits) &&
    dr.debits_pending + dr.debits_posted + amount > dr.credits_posted) return 'exceeds_credits';
  if (has(cr.flags, AccountFlags.credits_must_not_exceed_debits) &&
    cr.credits_pending + cr.credits_posted + amount > cr.debits_posted) return 'exceeds_debits';

  // From here on the transfer cannot fail.
  batch.insertTransfer({
    ...t,
    amount,
    timestamp,
    pending_status: pending ? PendingStatus.pending : PendingStatus.none,
  });
  const drNew: Account = { ...dr };
  const crNew: Account = { ...cr };
  if (pending) {
    drNew.debits_pending += amount;
    crNew.credits_pending += amount;
  } else {
    drNew.debits_posted += amount;
    crNew.credits_posted += amount;
  }
  batch.applyBalances(drNew, crNew, timestamp);
  return 'created';
}
