// The rows one batch touches, as the PostgreSQL engine loads them under row locks, and what the
// batch changes in them: the shapes TigerBeetle's rules (create-accounts.ts, create-transfers.ts)
// read and write in memory before the engine writes the changes back in one statement.

import type { Account, AccountBalance, CreateAccountResult, CreateTransferResult, Transfer } from '../../model.ts';
import { nsPerS } from '../../model.ts';

/** Lifecycle of a pending transfer (TigerBeetle's TransferPendingStatus). */
export const PendingStatus = { none: 0, pending: 1, posted: 2, voided: 3, expired: 4 } as const;
export type PendingStatusValue = (typeof PendingStatus)[keyof typeof PendingStatus];

/** A transfer row as stored: the transfer plus its pending lifecycle (column pending_status). */
export type StoredTransfer = Transfer & { pending_status: PendingStatusValue };

export type HistoryRow = AccountBalance & { account_id: bigint };

/** Rows one transfer batch reads; the engine loads them under row locks. */
export type TransferBatchState = {
  accounts: Map<bigint, Account>;
  transfers: Map<bigint, StoredTransfer>;
  failedIds: Set<bigint>;
};

export type TransferBatchOutcome = {
  results: CreateTransferResult[];
  transfersCreated: StoredTransfer[];
  /** Pending transfers (existing before the batch) whose status changed. */
  pendingStatusChanges: Map<bigint, PendingStatusValue>;
  accountsChanged: Map<bigint, Account>;
  failedIdsNew: bigint[];
  history: HistoryRow[];
};

export type AccountBatchState = { accounts: Map<bigint, Account> };
export type AccountBatchOutcome = { results: CreateAccountResult[]; accountsCreated: Account[] };

export const has = (flags: number, flag: number): boolean => (flags & flag) !== 0;

/** When a pending transfer's timeout passes (ledger ns); null when it has none. */
export function expiresAt(p: Transfer): bigint | null {
  return p.timeout === 0 ? null : p.timestamp + BigInt(p.timeout) * nsPerS;
}
