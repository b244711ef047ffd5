// Exact decimal arithmetic for rates: a rate is a fraction of two bigints, read from and written
// as a plain decimal string. No binary floating point anywhere in the arithmetic
// (docs/decisions/0311-fx-rates-as-bigint-fractions.md); the ledger's conversion arithmetic
// (rate-arithmetic.ts: convertAmount, parseRate) uses the same representation.
import { parseRate, type Rate } from './rate-arithmetic.ts';

export type Fraction = Rate;

/** "129.35" -> 12935/100, exactly (positive decimals only, as rates are). */
export function decimalFraction(text: string): Fraction {
  return parseRate(text);
}

/** a x b, exactly. */
export function multiply(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

/** numerator/denominator as a decimal string of at most `digits` significant digits, cut toward zero. */
export function significantDecimal(value: Fraction, digits: number): string {
  const { numerator, denominator } = value;
  if (numerator <= 0n || denominator <= 0n) throw new Error('significantDecimal takes a positive fraction');
  const integerDigits = (numerator / denominator).toString().length;
  let scale = numerator >= denominator ? Math.max(0, digits - integerDigits) : 0;
  if (numerator < denominator) {
    // Below one: the first significant digit is `lead` places after the point.
    let lead = 1;
    while (numerator * 10n ** BigInt(lead) < denominator) lead += 1;
    scale = lead - 1 + digits;
  }
  const scaled = (numerator * 10n ** BigInt(scale)) / denominator;
  return formatScaled(scaled, scale);
}

/** A non-negative integer `scaled` / 10^scale as a plain decimal without trailing zeros. */
export function formatScaled(scaled: bigint, scale: number): string {
  if (scale === 0) return scaled.toString();
  const text = scaled.toString().padStart(scale + 1, '0');
  const integer = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}
