// Amounts arrive in minor units (integers). The page shows them in major units with the
// currency's own number of decimals: KES 250000 -> "KES 2,500.00", UGX 25000 -> "UGX 25,000",
// TND 1500 -> "TND 1.500".
//
// The number of decimals is ISO 4217's minor-unit exponent, the same the API and its ledger use
// (packages/ledger/src/currencies.ts; test/unit/money.test.ts checks they agree), NOT
// Intl.NumberFormat's own default: Intl follows CLDR's display digits, which differ from ISO
// 4217 for some currencies (CLDR shows IDR, HUF, COP, IQD... with 0 decimals; their minor
// units are 2 or 3), and dividing by the wrong power of ten misstates the amount 100-fold.
// Intl is used only to lay the number out (grouping, symbol, locale), with the exponent forced.
// No float ever holds the amount: the major value is built as a decimal string.

/** ISO 4217 currencies whose minor unit is not 2 (List One, 2024). Every other code has 2. */
const exponent0 = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const exponent3 = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const exponent4 = new Set(['CLF', 'UYW']);

export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (exponent0.has(code)) return 0;
  if (exponent3.has(code)) return 3;
  if (exponent4.has(code)) return 4;
  return 2;
}

/** 250000, 2 -> "2500.00"; 5, 3 -> "0.005"; 25000, 0 -> "25000". Integers only, exactly. */
export function minorToMajorString(amount: number, exponent: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative safe integer, got ${amount}`);
  const digits = String(amount).padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** The amount as the payer reads it, in `locale` (the browser's by default). */
export function formatAmount(amount: number, currency: string, locale?: string | string[]): string {
  const exponent = currencyExponent(currency);
  const major = minorToMajorString(amount, exponent);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent,
    });
    // Intl.NumberFormat formats a decimal string exactly (ECMA-402 NumberFormat v3).
    return format.format(major as unknown as number);
  } catch {
    // A code Intl does not know: the plain decimal and the code, never a wrong number.
    return `${currency} ${major}`;
  }
}
