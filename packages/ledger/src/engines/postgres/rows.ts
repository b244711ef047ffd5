// Rows of the ledger schema as the engine reads and writes them: column lists, row -> model
// conversions (u128 columns travel as text), and integer arrays as one text parameter.

import type { Account, Transfer } from '../../model.ts';
import type { PendingStatusValue, StoredTransfer } from './batch-state.ts';

export type Row = Record<string, string | number | null>;

export const accountColumns =
  'id::text, debits_pending::text, debits_posted::text, credits_pending::text, credits_posted::text, ' +
  'user_data_128::text, user_data_64::text, user_data_32::text, ledger::text, code, flags, timestamp::text';
export const transferColumns =
  'id::text, debit_account_id::text, credit_account_id::text, amount::text, pending_id::text, ' +
  'user_data_128::text, user_data_64::text, user_data_32::text, timeout::text, ledger::text, code, flags, ' +
  'timestamp::text, pending_status';

export function accountFromRow(r: Row): Account {
  return {
    id: BigInt(r.id as string),
    debits_pending: BigInt(r.debits_pending as string),
    debits_posted: BigInt(r.debits_posted as string),
    credits_pending: BigInt(r.credits_pending as string),
    credits_posted: BigInt(r.credits_posted as string),
    user_data_128: BigInt(r.user_data_128 as string),
    user_data_64: BigInt(r.user_data_64 as string),
    user_data_32: Number(r.user_data_32),
    reserved: 0,
    ledger: Number(r.ledger),
    code: Number(r.code),
    flags: Number(r.flags),
    timestamp: BigInt(r.timestamp as string),
  };
}

export function storedTransferFromRow(r: Row): StoredTransfer {
  return {
    id: BigInt(r.id as string),
    debit_account_id: BigInt(r.debit_account_id as string),
    credit_account_id: BigInt(r.credit_account_id as string),
    amount: BigInt(r.amount as string),
    pending_id: BigInt(r.pending_id as string),
    user_data_128: BigInt(r.user_data_128 as string),
    user_data_64: BigInt(r.user_data_64 as string),
    user_data_32: Number(r.user_data_32),
    timeout: Number(r.timeout),
    ledger: Number(r.ledger),
    code: Number(r.code),
    flags: Number(r.flags),
    timestamp: BigInt(r.timestamp as string),
    pending_status: Number(r.pending_status) as PendingStatusValue,
  };
}

export function transferFromStored(s: StoredTransfer): Transfer {
  const { pending_status: _status, ...transfer } = s;
  return transfer;
}

/** A PostgreSQL array literal of integers, passed as one text parameter and cast in SQL. */
export function arrayLiteral(values: Iterable<bigint | number>): string {
  let out = '{';
  let first = true;
  for (const v of values) {
    out += first ? String(v) : ',' + String(v);
    first = false;
  }
  return out + '}';
}
