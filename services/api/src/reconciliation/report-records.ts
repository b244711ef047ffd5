// One provider record, whatever report it came from (docs/reconciliation.md "Report formats"):
// every parser turns its format's rows into these, one at a time, so a report of any size streams
// through in constant memory. Amounts are integer minor units (never floats: decimal text is read
// digit by digit, decimalToMinorUnits).
import { currencyInfo } from '@payagg/ledger';

export const reportRecordKinds = ['collection', 'refund', 'payout'] as const;
export type ReportRecordKind = (typeof reportRecordKinds)[number];
export type ReportRecordStatus = 'success' | 'failed' | 'pending';

export type ProviderReportRecord = {
  /** The provider's name for the payment: the key the matcher joins on (settings.ts ourKey). */
  reference: string;
  kind: ReportRecordKind;
  /** Minor units, a safe integer >= 0. */
  amount: number;
  currency: string;
  status: ReportRecordStatus;
  occurredAt: Date;
};

/** A row a parser cannot read: the line (1-based, of the file; the row for JSON) and the column. */
export class ReportParseError extends Error {
  readonly line: number;
  readonly column: string;
  constructor(line: number, column: string, message: string) {
    super(`line ${line}, ${column}: ${message}`);
    this.name = 'ReportParseError';
    this.line = line;
    this.column = column;
  }
}

/** A reference longer than this is not one any provider issues; refusing it bounds a row's size. */
export const referenceLengthMax = 255;

export function checkReference(value: string | undefined, line: number, column: string): string {
  const reference = (value ?? '').trim();
  if (reference === '' || reference.length > referenceLengthMax) {
    throw new ReportParseError(line, column, `must be 1 to ${referenceLengthMax} characters`);
  }
  return reference;
}

/** Currencies already found supported: a report names a handful, a million times. */
const knownCurrencies = new Set<string>();

export function checkCurrency(value: string | undefined, line: number, column: string): string {
  const currency = (value ?? '').trim().toUpperCase();
  if (knownCurrencies.has(currency)) return currency;
  try {
    currencyInfo(currency);
  } catch {
    throw new ReportParseError(line, column, `"${currency}" is not a supported currency`);
  }
  knownCurrencies.add(currency);
  return currency;
}

/**
 * "1,500.00" or "-1500.5" in `currency` -> 150000 / 150050 minor units, without floats: the
 * integer and fraction digits are read as text. More fraction digits than the currency's exponent
 * is an error, never a rounding. The sign is dropped (a statement's Withdrawn column may carry
 * one); the caller knows the direction from the column.
 */
export function decimalToMinorUnits(text: string, currency: string, line: number, column: string): number {
  const cleaned = text.trim().replace(/,/g, '').replace(/^-/, '');
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(cleaned);
  if (!match) throw new ReportParseError(line, column, `"${text}" is not an amount`);
  const exponent = currencyInfo(currency).exponent;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) throw new ReportParseError(line, column, `"${text}" has more than ${exponent} decimals`);
  const minor = BigInt(match[1]!) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new ReportParseError(line, column, 'is larger than any amount we record');
  return Number(minor);
}
