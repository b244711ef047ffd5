// Ledger verification (issue 25): proves every invariant the service promises about money and
// reports each violation precisely (violations.ts). Reads only; safe on a live system (a movement
// that commits mid-run can at worst be reported once and gone on the next run: see
// docs/operations.md). The checks:
//   each currency ledger sums to zero (debits = credits, posted and pending) and no account that
//   must not go below zero has (the ledger's checkInvariants);
//   every wallet's balances equal its postings (wallet-checks.ts);
//   every collection, refund (a split refund's parts summing to its amount), payout, escrow hold
//   and dispute row agrees with its transfers (row-checks.ts, split-refund-checks.ts), and so do
//   FX conversions (fx-checks.ts) and partner wallets' movements (partner-checks.ts);
//   PostgreSQL's records and the engine agree from the engine's side too: every account it holds
//   money in and every transfer it holds is one the service's rows explain (engine-agreement.ts).
// The service runs on ONE engine (TigerBeetle when TB_ADDRESSES is set, else PostgreSQL): the
// verification reads that one against the service's rows in PostgreSQL (decisions 0720, 0790).
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import { checkEngineAgreement } from './engine-agreement.ts';
import { checkFxConversions } from './fx-checks.ts';
import { checkPartnerMovements } from './partner-checks.ts';
import { checkRows } from './row-checks.ts';
import { checkWallets } from './wallet-checks.ts';
import type { VerificationReport, Violation } from './violations.ts';

export type VerificationDeps = { sql: Sql; ledger: Ledger; engine: VerificationReport['engine']; now: () => number };

export async function verifyLedger(deps: VerificationDeps): Promise<VerificationReport> {
  const startedAt = deps.now();
  const violations: Violation[] = [];
  const check = { ledger: deps.ledger, sql: deps.sql, nowNs: BigInt(startedAt) * 1_000_000n, report: (v: Violation) => violations.push(v) };
  const invariants = await deps.ledger.checkInvariants();
  for (const sum of invariants.ledgerSums) {
    if (sum.balanced) continue;
    violations.push({
      check: 'ledger_balanced', subject: { kind: 'currency_ledger', id: sum.currency },
      message: `the ${sum.currency} ledger (${sum.ledger}) does not sum to zero`,
      expected: 'debits = credits (posted and pending)',
      found: `debits_posted ${sum.debits_posted}, credits_posted ${sum.credits_posted}, debits_pending ${sum.debits_pending}, credits_pending ${sum.credits_pending}`,
    });
  }
  for (const accountId of invariants.negativeAccounts) {
    violations.push({ check: 'account_limit', subject: { kind: 'ledger_account', id: accountId.toString() }, message: 'the account is past its limit (a wallet below zero)', expected: 'balance >= 0', found: 'below zero' });
  }
  const wallets = await checkWallets(check, 'wallet');
  const partnerWallets = await checkWallets(check, 'partner_wallet');
  const rows = await checkRows(check);
  const fxConversions = await checkFxConversions(check);
  const partnerMovements = await checkPartnerMovements(check);
  const engine = await checkEngineAgreement(check, invariants.ledgerSums.map((sum) => sum.currency));
  return {
    ok: violations.length === 0,
    checkedAt: new Date(startedAt).toISOString(),
    engine: deps.engine,
    checked: {
      currencies: invariants.ledgerSums.length, wallets, partnerWallets, ...rows, fxConversions, partnerMovements,
      engineAccounts: engine.accounts, engineTransfers: engine.transfers,
    },
    violations,
  };
}
