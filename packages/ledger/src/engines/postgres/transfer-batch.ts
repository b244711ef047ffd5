// The in-memory state of one transfer batch while TigerBeetle's rules run over it, with the undo
// log of the linked chain in progress: every change a chain makes can be rolled back, newest
// first, when a later member of the chain fails (TigerBeetle's scope_open / scope_close).

import { AccountFlags, type Account, type CreateTransferResult } from '../../model.ts';
import { has, type HistoryRow, type PendingStatusValue, type StoredTransfer, type TransferBatchOutcome, type TransferBatchState } from './batch-state.ts';

export class TransferBatch {
  readonly state: TransferBatchState;
  readonly results: CreateTransferResult[] = [];
  readonly transfersCreated: StoredTransfer[] = [];
  readonly pendingStatusChanges = new Map<bigint, PendingStatusValue>();
  readonly accountsChanged = new Map<bigint, Account>();
  readonly failedIdsNew: bigint[] = [];
  readonly history: HistoryRow[] = [];
  /** Transfers created earlier in this batch: id -> index in transfersCreated. */
  readonly #createdInBatch = new Map<bigint, number>();
  /** The first event of the linked chain in progress; null outside a chain. */
  chainStart: number | null = null;
  chainBroken = false;
  #undo: Array<() => void> = [];
  #chainHistoryLength = 0;

  constructor(state: TransferBatchState) {
    this.state = state;
  }

  openChain(index: number): void {
    this.chainStart = index;
    this.#undo = [];
    this.#chainHistoryLength = this.history.length;
  }

  /** A member of the chain failed: undo everything the chain did, newest first, and fail its earlier members. */
  breakChain(index: number): void {
    this.chainBroken = true;
    for (let u = this.#undo.length - 1; u >= 0; u--) this.#undo[u]!();
    this.#undo = [];
    this.history.length = this.#chainHistoryLength;
    for (let c = this.chainStart!; c < index; c++) this.results[c]!.status = 'linked_event_failed';
  }

  closeChain(): void {
    this.chainStart = null;
    this.chainBroken = false;
    this.#undo = [];
  }

  setAccount(a: Account): void {
    const before = this.state.accounts.get(a.id);
    const beforeChanged = this.accountsChanged.get(a.id);
    this.state.accounts.set(a.id, a);
    this.accountsChanged.set(a.id, a);
    if (this.chainStart !== null) {
      this.#undo.push(() => {
        if (before) this.state.accounts.set(a.id, before);
        if (beforeChanged) this.accountsChanged.set(a.id, beforeChanged);
        else this.accountsChanged.delete(a.id);
      });
    }
  }

  recordHistory(a: Account, timestamp: bigint): void {
    if (!has(a.flags, AccountFlags.history)) return;
    this.history.push({
      account_id: a.id,
      debits_pending: a.debits_pending,
      debits_posted: a.debits_posted,
      credits_pending: a.credits_pending,
      credits_posted: a.credits_posted,
      timestamp,
    });
  }

  /** The new balances of a transfer's two accounts, with their history entries. */
  applyBalances(dr: Account, cr: Account, timestamp: bigint): void {
    this.setAccount(dr);
    this.setAccount(cr);
    this.recordHistory(dr, timestamp);
    this.recordHistory(cr, timestamp);
  }

  insertTransfer(t: StoredTransfer): void {
    this.state.transfers.set(t.id, t);
    this.#createdInBatch.set(t.id, this.transfersCreated.length);
    this.transfersCreated.push(t);
    if (this.chainStart !== null) {
      this.#undo.push(() => {
        this.state.transfers.delete(t.id);
        this.transfersCreated.pop();
        this.#createdInBatch.delete(t.id);
      });
    }
  }

  setPendingStatus(p: StoredTransfer, status: PendingStatusValue): void {
    const updated: StoredTransfer = { ...p, pending_status: status };
    this.state.transfers.set(p.id, updated);
    const index = this.#createdInBatch.get(p.id) ?? -1;
    const inBatch = index >= 0;
    if (inBatch) this.transfersCreated[index] = updated;
    const changeBefore = this.pendingStatusChanges.get(p.id);
    if (!inBatch) this.pendingStatusChanges.set(p.id, status);
    if (this.chainStart !== null) {
      this.#undo.push(() => {
        this.state.transfers.set(p.id, p);
        if (inBatch) this.transfersCreated[index] = p;
        else if (changeBefore === undefined) this.pendingStatusChanges.delete(p.id);
        else this.pendingStatusChanges.set(p.id, changeBefore);
      });
    }
  }

  outcome(): TransferBatchOutcome {
    return {
      results: this.results, transfersCreated: this.transfersCreated, pendingStatusChanges: this.pendingStatusChanges,
      accountsChanged: this.accountsChanged, failedIdsNew: this.failedIdsNew, history: this.history,
    };
  }
}
