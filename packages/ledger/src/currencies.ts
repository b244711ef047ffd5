// Currencies the ledger knows. One TigerBeetle ledger per currency; the ledger number is the
// currency's ISO 4217 numeric code (stable, public, and the same in every process). A currency
// absent from this table is refused: add it here (numeric code and minor-unit exponent from
// ISO 4217) before the service accepts it.

import { LedgerUsageError } from './model.ts';

export type CurrencyInfo = { code: string; ledger: number; exponent: number };

const currencyTable: ReadonlyArray<readonly [code: string, numeric: number, exponent: number]> = [
  ['BWP', 72, 2], ['CDF', 976, 2], ['EGP', 818, 2], ['ETB', 230, 2], ['EUR', 978, 2],
  ['GBP', 826, 2], ['GHS', 936, 2], ['KES', 404, 2], ['MAD', 504, 2], ['MWK', 454, 2],
  ['MZN', 943, 2], ['NGN', 566, 2], ['RWF', 646, 0], ['TZS', 834, 2], ['UGX', 800, 0],
  ['USD', 840, 2], ['XAF', 950, 0], ['XOF', 952, 0], ['ZAR', 710, 2], ['ZMW', 967, 2],
  ['JPY', 392, 0], ['KWD', 414, 3],
];

export const currencies: ReadonlyMap<string, CurrencyInfo> = new Map(
  currencyTable.map(([code, ledger, exponent]) => [code, { code, ledger, exponent }]),
);

const byLedger: ReadonlyMap<number, CurrencyInfo> = new Map([...currencies.values()].map((c) => [c.ledger, c]));

export function currencyInfo(code: string): CurrencyInfo {
  const info = currencies.get(code);
  if (!info) throw new LedgerUsageError(`currency ${code} is not in the ledger's currency table`);
  return info;
}

export function ledgerOf(code: string): number {
  return currencyInfo(code).ledger;
}

export function currencyOfLedger(ledger: number): CurrencyInfo | undefined {
  return byLedger.get(ledger);
}
