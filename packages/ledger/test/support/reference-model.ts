// A deliberately small reference model of the ledger, for property tests: only what the
// generators produce (plain, pending, post, void, balancing_debit, linked chains, resubmissions,
// accounts with or without debits_must_not_exceed_credits, small amounts so nothing overflows).
// Written from TigerBeetle's documentation, independently of the engines' code.

import { AccountFlags, TransferFlags, u128Max, type TransferInput } from '../../src/index.ts';

type ModelAccount = { flags: number; dp: bigint; dpo: bigint; cp: bigint; cpo: bigint };
type ModelTransfer = { t: Required<Pick<TransferInput, 'id' | 'debit_account_id' | 'credit_account_id' | 'amount' | 'pending_id' | 'flags'>>; amount: bigint; state: 'none' | 'pending' | 'posted' | 'voided' };

export class ReferenceLedger {
  accounts = new Map<bigint, ModelAccount>();
  transfers = new Map<bigint, ModelTransfer>();
  failed = new Set<bigint>();

  openAccount(id: bigint, flags: number): void {
    this.accounts.set(id, { flags, dp: 0n, dpo: 0n, cp: 0n, cpo: 0n });
  }

  /** Applies a batch; returns one status per event, as the engines do. */
  apply(batch: readonly TransferInput[]): string[] {
    const statuses: string[] = [];
    let chain: { start: number; accounts: Map<bigint, ModelAccount>; transfers: Map<bigint, ModelTransfer> } | null = null;
    let broken = false;
    batch.forEach((t, i) => {
      const linked = ((t.flags ?? 0) & TransferFlags.linked) !== 0;
      if (linked && chain === null) {
        // Snapshot to roll back to (deep copies: the model is small).
        chain = { start: i, accounts: clone_accounts(this.accounts), transfers: clone_transfers(this.transfers) };
      }
      let status: string;
      if (linked && i === batch.length - 1) status = 'linked_event_chain_open';
      else if (broken) status = 'linked_event_failed';
      else status = this.#one(t);
      if (status !== 'created' && chain !== null && !broken) {
        broken = true;
        this.accounts = (chain as { accounts: Map<bigint, ModelAccount> }).accounts;
        this.transfers = (chain as { transfers: Map<bigint, ModelTransfer> }).transfers;
        for (let c = (chain as { start: number }).start; c < i; c++) statuses[c] = 'linked_event_failed';
      }
      if (['pending_transfer_not_found', 'exceeds_credits'].includes(status)) this.failed.add(t.id);
      statuses.push(status);
      if (chain !== null && (!linked || status === 'linked_event_chain_open')) {
        chain = null;
        broken = false;
      }
    });
    return statuses;
  }

  #one(t: TransferInput): string {
    const flags = t.flags ?? 0;
    const amount = t.amount ?? 0n;
    const existing = this.transfers.get(t.id);
    if (existing) {
      // Generators resubmit identical events only; a balancing one may have moved less.
      return 'exists';
    }
    if (this.failed.has(t.id)) return 'id_already_failed';
    const posting = (flags & TransferFlags.post_pending_transfer) !== 0;
    const voiding = (flags & TransferFlags.void_pending_transfer) !== 0;
    if (posting || voiding) {
      const p = this.transfers.get(t.pending_id ?? 0n);
      if (!p) return 'pending_transfer_not_found';
      const moved = voiding ? p.amount : amount === u128Max ? p.amount : amount;
      if (p.state === 'posted') return 'pending_transfer_already_posted';
      if (p.state === 'voided') return 'pending_transfer_already_voided';
      const dr = { ...this.accounts.get(p.t.debit_account_id)! };
      const cr = { ...this.accounts.get(p.t.credit_account_id)! };
      dr.dp -= p.amount;
      cr.cp -= p.amount;
      if (posting) {
        dr.dpo += moved;
        cr.cpo += moved;
      }
      this.accounts.set(p.t.debit_account_id, dr);
      this.accounts.set(p.t.credit_account_id, cr);
      this.transfers.set(p.t.id, { ...p, state: posting ? 'posted' : 'voided' });
      this.transfers.set(t.id, { t: full(t), amount: moved, state: 'none' });
      return 'created';
    }
    const dr = { ...this.accounts.get(t.debit_account_id!)! };
    const cr = { ...this.accounts.get(t.credit_account_id!)! };
    let moved = amount;
    if ((flags & TransferFlags.balancing_debit) !== 0) {
      const room = dr.cpo - dr.dpo - dr.dp;
      moved = room < 0n ? 0n : room < moved ? room : moved;
    }
    if ((dr.flags & AccountFlags.debits_must_not_exceed_credits) !== 0 && dr.dp + dr.dpo + moved > dr.cpo) return 'exceeds_credits';
    const pending = (flags & TransferFlags.pending) !== 0;
    if (pending) {
      dr.dp += moved;
      cr.cp += moved;
    } else {
      dr.dpo += moved;
      cr.cpo += moved;
    }
    this.accounts.set(t.debit_account_id!, dr);
    this.accounts.set(t.credit_account_id!, cr);
    this.transfers.set(t.id, { t: full(t), amount: moved, state: pending ? 'pending' : 'none' });
    return 'created';
  }
}

function full(t: TransferInput): ModelTransfer['t'] {
  return {
    id: t.id, debit_account_id: t.debit_account_id ?? 0n, credit_account_id: t.credit_account_id ?? 0n,
    amount: t.amount ?? 0n, pending_id: t.pending_id ?? 0n, flags: t.flags ?? 0,
  };
}

function clone_accounts(m: Map<bigint, ModelAccount>): Map<bigint, ModelAccount> {
  return new Map([...m].map(([k, v]) => [k, { ...v }]));
}

function clone_transfers(m: Map<bigint, ModelTransfer>): Map<bigint, ModelTransfer> {
  return new Map([...m].map(([k, v]) => [k, { ...v }]));
}
