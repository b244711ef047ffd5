// One broken promise of the ledger, named precisely enough to act on: which check, which row,
// account or transfer, what was expected and what was found (docs/operations.md says what to do).

export type ViolationCheck =
  | 'ledger_balanced' | 'account_limit' | 'wallet_account' | 'wallet_postings'
  | 'collection_transfers' | 'collection_amount' | 'collection_accounts'
  | 'refund_transfers' | 'refund_amount'
  | 'payout_transfers' | 'payout_amount'
  | 'escrow_transfers' | 'escrow_amount' | 'escrow_accounts'
  | 'dispute_transfers' | 'dispute_amount'
  | 'split_refund_amount'
  | 'fx_transfers' | 'fx_amount' | 'fx_accounts'
  | 'partner_movement_transfers' | 'partner_movement_amount' | 'partner_movement_accounts'
  | 'engine_account' | 'engine_transfer';

export type Violation = {
  check: ViolationCheck;
  /** What is wrong: a currency ledger, a ledger account, a wallet or a service row, by id. */
  subject: { kind: string; id: string };
  message: string;
  expected?: string;
  found?: string;
};

export type VerificationReport = {
  ok: boolean;
  /** ISO 8601: when the verification started. */
  checkedAt: string;
  /** The engine it read (the service runs on one: TigerBeetle or PostgreSQL). */
  engine: 'tigerbeetle' | 'postgres';
  checked: {
    currencies: number; wallets: number; partnerWallets: number; transactions: number; payouts: number; escrowHolds: number; disputes: number;
    fxConversions: number; partnerMovements: number;
    /** What the engine holds, read from its side (engine-agreement.ts): every account and transfer of the currencies with money. */
    engineAccounts: number; engineTransfers: number;
  };
  violations: Violation[];
};

/** The report as text: one line per violation, then a summary line. */
export function reportText(report: VerificationReport): string {
  const lines = report.violations.map((v) => `VIOLATION ${v.check} ${v.subject.kind} ${v.subject.id}: ${v.message}`
    + (v.expected === undefined ? '' : ` (expected ${v.expected}, found ${v.found ?? '?'})`));
  const c = report.checked;
  lines.push(`${report.ok ? 'OK' : 'FAILED'}: ${report.violations.length} violation(s); checked ${c.currencies} currency ledger(s), ${c.wallets} wallet(s), `
    + `${c.transactions} transaction(s), ${c.payouts} payout(s), ${c.escrowHolds} escrow hold(s), ${c.disputes} dispute(s), `
    + `${c.partnerWallets} partner wallet(s), ${c.fxConversions} FX conversion(s), ${c.partnerMovements} partner movement(s); `
    + `${c.engineAccounts} account(s) and ${c.engineTransfers} transfer(s) of the engine against PostgreSQL's rows; on ${report.engine} at ${report.checkedAt}`);
  return `${lines.join('\n')}\n`;
}

/** The report as JSON: bigint-free already (every figure is a decimal string). */
export function reportJson(report: VerificationReport): string {
  return `${JSON.stringify(report)}\n`;
}
