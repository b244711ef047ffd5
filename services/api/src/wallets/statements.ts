// Merchant statements (issue 25): a wallet's balance at a past moment, its opening and closing
// balances per UTC day over a period, and the period's movements as CSV (docs/wallets.md,
// Statements). Every figure is read from the ledger (balanceAt, postings): nothing is stored.
import { historyPageMax, TransferFlags, type AccountMovement, type Balance, type Ledger } from '@payagg/ledger';
import { exactInteger, toWalletEntryResource, type ExactInteger, type WalletRow } from './wallets.ts';

/** Longest statement, in days (one balance read per day boundary and one postings read per day). */
export const statementDaysMax = 92;
const msPerDay = 86_400_000;
const nsPerMs = 1_000_000n;

/** The wallet's balances after every movement at or before `atMs` (zero before its first). */
export async function walletBalanceAt(ledger: Ledger, wallet: WalletRow, atMs: number): Promise<Balance> {
  const at = BigInt(atMs) * nsPerMs;
  if (at < 1n) return { available: 0n, pending: 0n };
  const balance = await ledger.balanceAt({ accountId: BigInt(wallet.ledger_account_id), at });
  if (!balance) throw new Error(`wallet ${wallet.id}: ledger account ${wallet.ledger_account_id} not found`);
  return balance;
}

/** Every movement of the wallet with a ledger timestamp in [fromMs, toMs), oldest first. */
export async function movementsBetween(ledger: Ledger, wallet: WalletRow, fromMs: number, toMs: number): Promise<AccountMovement[]> {
  const all: AccountMovement[] = [];
  const from = BigInt(Math.max(fromMs, 0)) * nsPerMs + 1n;
  const to = BigInt(toMs) * nsPerMs - 1n;
  if (to < from) return all;
  let after: bigint | undefined;
  for (;;) {
    const page = await ledger.postings({ accountId: BigInt(wallet.ledger_account_id), from, to, limit: historyPageMax, ...(after === undefined ? {} : { after }) });
    all.push(...page);
    if (page.length < historyPageMax) return all;
    after = page[page.length - 1]!.transfer.timestamp;
  }
}

/** Posted money of one movement: a plain transfer or a hold's post; holds and voids move none. */
function postedAmount(movement: AccountMovement): bigint {
  const flags = movement.transfer.flags;
  return (flags & (TransferFlags.pending | TransferFlags.void_pending_transfer)) === 0 ? movement.transfer.amount : 0n;
}

export type StatementDay = {
  date: string;
  opening_available: ExactInteger; opening_pending: ExactInteger;
  closing_available: ExactInteger; closing_pending: ExactInteger;
  credits: ExactInteger; debits: ExactInteger; entries: number;
};

/** The UTC day `date` (YYYY-MM-DD) as its first millisecond. */
export function dayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/**
 * The wallet's statement for the UTC days fromDate..toDate (inclusive; the caller checked the
 * range): opening = the balance at the end of the day before, closing = at the end of the day.
 */
export async function walletStatement(ledger: Ledger, wallet: WalletRow, fromDate: string, toDate: string) {
  const first = dayStartMs(fromDate);
  const count = (dayStartMs(toDate) - first) / msPerDay + 1;
  // Balance at the end of each day before and of the period: boundaries[k] closes day k-1.
  const boundaries = await Promise.all(Array.from({ length: count + 1 }, (_, k) => walletBalanceAt(ledger, wallet, first + k * msPerDay - 1)));
  const days: StatementDay[] = [];
  for (let k = 0; k < count; k += 1) {
    const start = first + k * msPerDay;
    const movements = await movementsBetween(ledger, wallet, start, start + msPerDay);
    let credits = 0n;
    let debits = 0n;
    for (const movement of movements) {
      if (movement.direction === 'credit') credits += postedAmount(movement);
      else debits += postedAmount(movement);
    }
    days.push({
      date: new Date(start).toISOString().slice(0, 10),
      opening_available: exactInteger(boundaries[k]!.available), opening_pending: exactInteger(boundaries[k]!.pending),
      closing_available: exactInteger(boundaries[k + 1]!.available), closing_pending: exactInteger(boundaries[k + 1]!.pending),
      credits: exactInteger(credits), debits: exactInteger(debits), entries: movements.length,
    });
  }
  return { wallet_id: wallet.id, currency: wallet.currency, date_from: fromDate, date_to: toDate, days };
}

/** The CSV export's columns, in order: a WalletEntry's fields (spec: exportWalletStatement). */
export const statementCsvColumns = [
  'created_at', 'entry_id', 'type', 'phase', 'direction', 'amount', 'currency', 'available_balance_after',
  'pending_balance_after', 'transaction_id', 'payout_id', 'fx_conversion_id', 'dispute_id', 'hold_id',
] as const;

/**
 * One CSV field: RFC 4180 (quoted when it holds a comma, quote, CR or LF; quotes doubled), and
 * safe to open in a spreadsheet: a cell starting with = + - @ gets a leading ' (OWASP, CSV
 * injection) so it is shown as text and never run as a formula.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' && 'rawJSON' in value ? String((value as { rawJSON: string }).rawJSON) : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The period's movements as RFC 4180 CSV (CRLF, header row), oldest first. */
export async function walletStatementCsv(ledger: Ledger, wallet: WalletRow, fromDate: string, toDate: string): Promise<string> {
  const movements = await movementsBetween(ledger, wallet, dayStartMs(fromDate), dayStartMs(toDate) + msPerDay);
  const lines = [statementCsvColumns.join(',')];
  for (const movement of movements) {
    const entry = toWalletEntryResource(wallet, movement);
    const cells: Record<(typeof statementCsvColumns)[number], unknown> = { ...entry, entry_id: entry.id };
    lines.push(statementCsvColumns.map((column) => csvField(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
