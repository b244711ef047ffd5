// The ledger's invariants, for tests and operators: in every currency ledger the debits equal the
// credits (posted and pending), and no account that must not go below zero (or above it) has.
// Reads every account: an operator tool, not a per-request check.

import { AccountFlags, queryLimitMax, type Account, type LedgerEngine } from '../model.ts';
import { currencies } from '../currencies.ts';

export type LedgerSum = {
  ledger: number;
  currency: string;
  debits_posted: bigint;
  credits_posted: bigint;
  debits_pending: bigint;
  credits_pending: bigint;
  balanced: boolean;
};

/** negativeAccounts: accounts whose limit flag the balances break (debits_must_not_exceed_credits or the reverse). */
export type InvariantReport = { ok: boolean; ledgerSums: LedgerSum[]; negativeAccounts: bigint[] };

function breaksItsLimit(a: Account): boolean {
  if ((a.flags & AccountFlags.debits_must_not_exceed_credits) !== 0 && a.credits_posted < a.debits_posted + a.debits_pending) return true;
  return (a.flags & AccountFlags.credits_must_not_exceed_debits) !== 0 && a.debits_posted < a.credits_posted + a.credits_pending;
}

export async function checkInvariants(engine: LedgerEngine): Promise<InvariantReport> {
  const sums: LedgerSum[] = [];
  const negativeAccounts: bigint[] = [];
  for (const { code, ledger } of currencies.values()) {
    const sum: LedgerSum = { ledger, currency: code, debits_posted: 0n, credits_posted: 0n, debits_pending: 0n, credits_pending: 0n, balanced: true };
    let timestampMin = 0n;
    for (;;) {
      const page = await engine.queryAccounts({ ledger, limit: queryLimitMax, timestamp_min: timestampMin });
      for (const a of page) {
        sum.debits_posted += a.debits_posted;
        sum.credits_posted += a.credits_posted;
        sum.debits_pending += a.debits_pending;
        sum.credits_pending += a.credits_pending;
        if (breaksItsLimit(a)) negativeAccounts.push(a.id);
      }
      if (page.length < queryLimitMax) break;
      timestampMin = page[page.length - 1]!.timestamp + 1n;
    }
    sum.balanced = sum.debits_posted === sum.credits_posted && sum.debits_pending === sum.credits_pending;
    if (sum.debits_posted + sum.credits_posted + sum.debits_pending + sum.credits_pending > 0n) sums.push(sum);
  }
  return { ok: sums.every((s) => s.balanced) && negativeAccounts.length === 0, ledgerSums: sums, negativeAccounts };
}
