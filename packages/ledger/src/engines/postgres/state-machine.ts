// TigerBeetle's create_accounts / create_transfers rules, run in memory over the rows one batch
// touches. The PostgreSQL engine locks those rows, loads them, runs this, and writes back the
// changes in one statement, so the rules live here once, in plain code, in TigerBeetle's order
// (src/state_machine.zig: execute_create, create_account, create_transfer,
// post_or_void_pending_transfer, *_exists).

import {
  AccountFlags,
  TransferFlags,
  ns_per_s,
  timestamp_ns_max,
  transient_transfer_statuses,
  u128_max,
  type Account,
  type AccountBalance,
  type CreateAccountResult,
  type CreateAccountStatus,
  type CreateTransferResult,
  type CreateTransferStatus,
  type Transfer,
} from '../../model.ts';

/** Lifecycle of a pending transfer (TigerBeetle's TransferPendingStatus). */
export const PendingStatus = { none: 0, pending: 1, posted: 2, voided: 3, expired: 4 } as const;
export type PendingStatusValue = (typeof PendingStatus)[keyof typeof PendingStatus];

/** A transfer row as stored: the transfer plus its pending lifecycle. */
export type StoredTransfer = Transfer & { pending_status: PendingStatusValue };

export type HistoryRow = AccountBalance & { account_id: bigint };

/** Rows one transfer batch reads; the engine loads them under row locks. */
export type TransferBatchState = {
  accounts: Map<bigint, Account>;
  transfers: Map<bigint, StoredTransfer>;
  failed_ids: Set<bigint>;
};

export type TransferBatchOutcome = {
  results: CreateTransferResult[];
  transfers_created: StoredTransfer[];
  /** Pending transfers (existing before the batch) whose status changed. */
  pending_status_changes: Map<bigint, PendingStatusValue>;
  accounts_changed: Map<bigint, Account>;
  failed_ids_new: bigint[];
  history: HistoryRow[];
};

const has = (flags: number, flag: number): boolean => (flags & flag) !== 0;

function expires_at(p: Transfer): bigint | null {
  return p.timeout === 0 ? null : p.timestamp + BigInt(p.timeout) * ns_per_s;
}

/** Undo log for a linked chain: restores every value the chain replaced, newest first. */
type Undo = Array<() => void>;

export function execute_create_transfers(
  events: readonly Transfer[],
  timestamp_first: bigint,
  state: TransferBatchState,
): TransferBatchOutcome {
  const results: CreateTransferResult[] = [];
  const transfers_created: StoredTransfer[] = [];
  const pending_status_changes = new Map<bigint, PendingStatusValue>();
  const accounts_changed = new Map<bigint, Account>();
  const failed_ids_new: bigint[] = [];
  const history: HistoryRow[] = [];
  // Transfers created earlier in this batch, keyed by id (they are in state.transfers too).
  // Transfers created earlier in this batch: id -> index in transfers_created.
  const created_in_batch = new Map<bigint, number>();

  let chain_start: number | null = null;
  let chain_broken = false;
  let undo: Undo = [];
  let chain_history_length = 0;

  const set_account = (a: Account): void => {
    const before = state.accounts.get(a.id);
    const before_changed = accounts_changed.get(a.id);
    state.accounts.set(a.id, a);
    accounts_changed.set(a.id, a);
    if (chain_start !== null) {
      undo.push(() => {
        if (before) state.accounts.set(a.id, before);
        if (before_changed) accounts_changed.set(a.id, before_changed);
        else accounts_changed.delete(a.id);
      });
    }
  };

  const record_history = (a: Account, timestamp: bigint): void => {
    if (!has(a.flags, AccountFlags.history)) return;
    history.push({
      account_id: a.id,
      debits_pending: a.debits_pending,
      debits_posted: a.debits_posted,
      credits_pending: a.credits_pending,
      credits_posted: a.credits_posted,
      timestamp,
    });
  };

  const insert_transfer = (t: StoredTransfer): void => {
    state.transfers.set(t.id, t);
    created_in_batch.set(t.id, transfers_created.length);
    transfers_created.push(t);
    if (chain_start !== null) {
      undo.push(() => {
        state.transfers.delete(t.id);
        transfers_created.pop();
        created_in_batch.delete(t.id);
      });
    }
  };

  const set_pending_status = (p: StoredTransfer, status: PendingStatusValue): void => {
    const updated: StoredTransfer = { ...p, pending_status: status };
    state.transfers.set(p.id, updated);
    const index = created_in_batch.get(p.id) ?? -1;
    const in_batch = index >= 0;
    if (in_batch) transfers_created[index] = updated;
    const change_before = pending_status_changes.get(p.id);
    if (!in_batch) pending_status_changes.set(p.id, status);
    if (chain_start !== null) {
      undo.push(() => {
        state.transfers.set(p.id, p);
        if (in_batch) transfers_created[index] = p;
        else if (change_before === undefined) pending_status_changes.delete(p.id);
        else pending_status_changes.set(p.id, change_before);
      });
    }
  };

  const create_transfer_exists = (t: Transfer, e: StoredTransfer): CreateTransferStatus => {
    if (t.flags !== e.flags) return 'exists_with_different_flags';
    if (t.pending_id !== e.pending_id) return 'exists_with_different_pending_id';
    if (t.timeout !== e.timeout) return 'exists_with_different_timeout';
    if (has(t.flags, TransferFlags.post_pending_transfer) || has(t.flags, TransferFlags.void_pending_transfer)) {
      const p = state.transfers.get(t.pending_id);
      if (!p) throw new Error(`ledger invariant: pending transfer ${t.pending_id} of ${e.id} not loaded`);
      return post_or_void_pending_transfer_exists(t, e, p);
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
  };

  const post_or_void_pending_transfer_exists = (t: Transfer, e: Transfer, p: Transfer): CreateTransferStatus => {
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
      if (t.amount === u128_max) {
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
  };

  const post_or_void_pending_transfer = (t: Transfer, timestamp: bigint): CreateTransferStatus => {
    const posting = has(t.flags, TransferFlags.post_pending_transfer);
    const voiding = has(t.flags, TransferFlags.void_pending_transfer);
    if (posting && voiding) return 'flags_are_mutually_exclusive';
    if (has(t.flags, TransferFlags.pending)) return 'flags_are_mutually_exclusive';
    if (has(t.flags, TransferFlags.balancing_debit)) return 'flags_are_mutually_exclusive';
    if (has(t.flags, TransferFlags.balancing_credit)) return 'flags_are_mutually_exclusive';

    if (t.pending_id === 0n) return 'pending_id_must_not_be_zero';
    if (t.pending_id === u128_max) return 'pending_id_must_not_be_int_max';
    if (t.pending_id === t.id) return 'pending_id_must_be_different';
    if (t.timeout !== 0) return 'timeout_reserved_for_pending_transfer';

    const p = state.transfers.get(t.pending_id);
    if (!p) return 'pending_transfer_not_found';
    if (!has(p.flags, TransferFlags.pending)) return 'pending_transfer_not_pending';

    const dr = state.accounts.get(p.debit_account_id);
    const cr = state.accounts.get(p.credit_account_id);
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

    // A void of amount 0, or a post of amount u128_max, means "the whole pending amount".
    const amount = voiding
      ? (t.amount === 0n ? p.amount : t.amount)
      : (t.amount === u128_max ? p.amount : t.amount);
    if (amount > p.amount) return 'exceeds_pending_transfer_amount';
    if (voiding && amount < p.amount) return 'pending_transfer_has_different_amount';

    switch (p.pending_status) {
      case PendingStatus.posted: return 'pending_transfer_already_posted';
      case PendingStatus.voided: return 'pending_transfer_already_voided';
      case PendingStatus.expired: return 'pending_transfer_expired';
      case PendingStatus.pending: break;
      default: throw new Error(`ledger invariant: pending transfer ${p.id} has status ${p.pending_status}`);
    }
    const expiry = expires_at(p);
    // Due but not yet swept by the expiry pass: TigerBeetle answers the same before its pulse.
    if (expiry !== null && expiry <= timestamp) return 'pending_transfer_expired';

    // From here on the transfer cannot fail.
    insert_transfer({
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
    set_pending_status(p, posting ? PendingStatus.posted : PendingStatus.voided);

    const dr_new: Account = { ...dr, debits_pending: dr.debits_pending - p.amount };
    const cr_new: Account = { ...cr, credits_pending: cr.credits_pending - p.amount };
    if (posting) {
      dr_new.debits_posted += amount;
      cr_new.credits_posted += amount;
    }
    set_account(dr_new);
    set_account(cr_new);
    record_history(dr_new, timestamp);
    record_history(cr_new, timestamp);
    return 'created';
  };

  const create_transfer = (t: Transfer, timestamp: bigint): CreateTransferStatus => {
    if (t.id === 0n) return 'id_must_not_be_zero';
    if (t.id === u128_max) return 'id_must_not_be_int_max';

    const e = state.transfers.get(t.id);
    if (e) return create_transfer_exists(t, e);
    if (state.failed_ids.has(t.id)) return 'id_already_failed';

    if (has(t.flags, TransferFlags.post_pending_transfer) || has(t.flags, TransferFlags.void_pending_transfer)) {
      return post_or_void_pending_transfer(t, timestamp);
    }

    if (t.debit_account_id === 0n) return 'debit_account_id_must_not_be_zero';
    if (t.debit_account_id === u128_max) return 'debit_account_id_must_not_be_int_max';
    if (t.credit_account_id === 0n) return 'credit_account_id_must_not_be_zero';
    if (t.credit_account_id === u128_max) return 'credit_account_id_must_not_be_int_max';
    if (t.credit_account_id === t.debit_account_id) return 'accounts_must_be_different';

    if (t.pending_id !== 0n) return 'pending_id_must_be_zero';
    if (!has(t.flags, TransferFlags.pending) && t.timeout !== 0) return 'timeout_reserved_for_pending_transfer';

    if (t.ledger === 0) return 'ledger_must_not_be_zero';
    if (t.code === 0) return 'code_must_not_be_zero';

    const dr = state.accounts.get(t.debit_account_id);
    if (!dr) return 'debit_account_not_found';
    const cr = state.accounts.get(t.credit_account_id);
    if (!cr) return 'credit_account_not_found';

    if (dr.ledger !== cr.ledger) return 'accounts_must_have_the_same_ledger';
    if (t.ledger !== dr.ledger) return 'transfer_must_have_the_same_ledger_as_accounts';

    let amount = t.amount;
    if (has(t.flags, TransferFlags.balancing_debit)) {
      const dr_balance = dr.debits_posted + dr.debits_pending;
      const room = dr.credits_posted > dr_balance ? dr.credits_posted - dr_balance : 0n;
      if (room < amount) amount = room;
    }
    if (has(t.flags, TransferFlags.balancing_credit)) {
      const cr_balance = cr.credits_posted + cr.credits_pending;
      const room = cr.debits_posted > cr_balance ? cr.debits_posted - cr_balance : 0n;
      if (room < amount) amount = room;
    }

    const pending = has(t.flags, TransferFlags.pending);
    if (pending) {
      if (amount + dr.debits_pending > u128_max) return 'overflows_debits_pending';
      if (amount + cr.credits_pending > u128_max) return 'overflows_credits_pending';
    }
    if (amount + dr.debits_posted > u128_max) return 'overflows_debits_posted';
    if (amount + cr.credits_posted > u128_max) return 'overflows_credits_posted';
    if (amount + dr.debits_pending + dr.debits_posted > u128_max) return 'overflows_debits';
    if (amount + cr.credits_pending + cr.credits_posted > u128_max) return 'overflows_credits';
    if (timestamp + BigInt(t.timeout) * ns_per_s > timestamp_ns_max) return 'overflows_timeout';

    if (has(dr.flags, AccountFlags.debits_must_not_exceed_credits) &&
      dr.debits_pending + dr.debits_posted + amount > dr.credits_posted) return 'exceeds_credits';
    if (has(cr.flags, AccountFlags.credits_must_not_exceed_debits) &&
      cr.credits_pending + cr.credits_posted + amount > cr.debits_posted) return 'exceeds_debits';

    // From here on the transfer cannot fail.
    insert_transfer({
      ...t,
      amount,
      timestamp,
      pending_status: pending ? PendingStatus.pending : PendingStatus.none,
    });
    const dr_new: Account = { ...dr };
    const cr_new: Account = { ...cr };
    if (pending) {
      dr_new.debits_pending += amount;
      cr_new.credits_pending += amount;
    } else {
      dr_new.debits_posted += amount;
      cr_new.credits_posted += amount;
    }
    set_account(dr_new);
    set_account(cr_new);
    record_history(dr_new, timestamp);
    record_history(cr_new, timestamp);
    return 'created';
  };

  for (let index = 0; index < events.length; index++) {
    const t = events[index]!;
    const timestamp = timestamp_first + BigInt(index);
    let status: CreateTransferStatus;
    // Evaluate this event; `break` leaves with the status.
    evaluate: {
      if (has(t.flags, TransferFlags.linked)) {
        if (chain_start === null) {
          chain_start = index;
          undo = [];
          chain_history_length = history.length;
        }
        if (index === events.length - 1) { status = 'linked_event_chain_open'; break evaluate; }
      }
      if (chain_broken) { status = 'linked_event_failed'; break evaluate; }
      if (t.timestamp !== 0n) { status = 'timestamp_must_be_zero'; break evaluate; }
      status = create_transfer(t, timestamp);
    }

    let timestamp_result = timestamp;
    if (status === 'exists') timestamp_result = state.transfers.get(t.id)!.timestamp;

    if (status !== 'created') {
      if (chain_start !== null && !chain_broken) {
        chain_broken = true;
        // Roll back everything the chain did so far, newest first.
        for (let u = undo.length - 1; u >= 0; u--) undo[u]!();
        undo = [];
        history.length = chain_history_length;
        for (let c = chain_start; c < index; c++) results[c]!.status = 'linked_event_failed';
      }
      if (status !== 'exists' && transient_transfer_statuses.has(status) && !state.failed_ids.has(t.id)) {
        state.failed_ids.add(t.id);
        failed_ids_new.push(t.id);
      }
    }
    results.push({ status, timestamp: timestamp_result });

    if (chain_start !== null && (!has(t.flags, TransferFlags.linked) || status === 'linked_event_chain_open')) {
      chain_start = null;
      chain_broken = false;
      undo = [];
    }
  }

  return { results, transfers_created, pending_status_changes, accounts_changed, failed_ids_new, history };
}

export type AccountBatchState = { accounts: Map<bigint, Account> };
export type AccountBatchOutcome = { results: CreateAccountResult[]; accounts_created: Account[] };

export function execute_create_accounts(
  events: readonly Account[],
  timestamp_first: bigint,
  state: AccountBatchState,
): AccountBatchOutcome {
  const results: CreateAccountResult[] = [];
  const accounts_created: Account[] = [];
  let chain_start: number | null = null;
  let chain_broken = false;
  let chain_created_from = 0;

  const create_account = (a: Account, timestamp: bigint): CreateAccountStatus => {
    if (a.reserved !== 0) return 'reserved_field';
    if (a.id === 0n) return 'id_must_not_be_zero';
    if (a.id === u128_max) return 'id_must_not_be_int_max';
    const e = state.accounts.get(a.id);
    if (e) {
      if (a.flags !== e.flags) return 'exists_with_different_flags';
      if (a.user_data_128 !== e.user_data_128) return 'exists_with_different_user_data_128';
      if (a.user_data_64 !== e.user_data_64) return 'exists_with_different_user_data_64';
      if (a.user_data_32 !== e.user_data_32) return 'exists_with_different_user_data_32';
      if (a.ledger !== e.ledger) return 'exists_with_different_ledger';
      if (a.code !== e.code) return 'exists_with_different_code';
      return 'exists';
    }
    if (has(a.flags, AccountFlags.debits_must_not_exceed_credits) &&
      has(a.flags, AccountFlags.credits_must_not_exceed_debits)) return 'flags_are_mutually_exclusive';
    if (a.debits_pending !== 0n) return 'debits_pending_must_be_zero';
    if (a.debits_posted !== 0n) return 'debits_posted_must_be_zero';
    if (a.credits_pending !== 0n) return 'credits_pending_must_be_zero';
    if (a.credits_posted !== 0n) return 'credits_posted_must_be_zero';
    if (a.ledger === 0) return 'ledger_must_not_be_zero';
    if (a.code === 0) return 'code_must_not_be_zero';
    const created: Account = { ...a, timestamp };
    state.accounts.set(a.id, created);
    accounts_created.push(created);
    return 'created';
  };

  for (let index = 0; index < events.length; index++) {
    const a = events[index]!;
    const timestamp = timestamp_first + BigInt(index);
    let status: CreateAccountStatus;
    evaluate: {
      if (has(a.flags, AccountFlags.linked)) {
        if (chain_start === null) {
          chain_start = index;
          chain_created_from = accounts_created.length;
        }
        if (index === events.length - 1) { status = 'linked_event_chain_open'; break evaluate; }
      }
      if (chain_broken) { status = 'linked_event_failed'; break evaluate; }
      if (a.timestamp !== 0n) { status = 'timestamp_must_be_zero'; break evaluate; }
      status = create_account(a, timestamp);
    }
    let timestamp_result = timestamp;
    if (status === 'exists') timestamp_result = state.accounts.get(a.id)!.timestamp;
    if (status !== 'created' && chain_start !== null && !chain_broken) {
      chain_broken = true;
      for (const rolled_back of accounts_created.splice(chain_created_from)) state.accounts.delete(rolled_back.id);
      for (let c = chain_start; c < index; c++) results[c]!.status = 'linked_event_failed';
    }
    results.push({ status, timestamp: timestamp_result });
    if (chain_start !== null && (!has(a.flags, AccountFlags.linked) || status === 'linked_event_chain_open')) {
      chain_start = null;
      chain_broken = false;
    }
  }
  return { results, accounts_created };
}
