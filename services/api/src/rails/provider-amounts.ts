// Our amounts (integer minor units, ISO 4217 exponents: packages/ledger/src/currencies.ts and
// decision 0046) as a provider writes them, and back. Exact: string arithmetic on the digits,
// never a float. A value a provider cannot represent is refused before anything is sent.
import { currencies } from '@payagg/ledger';

/** Why an amount cannot be written for a provider. */
export type AmountRefusal = 'unknown_currency' | 'not_a_positive_safe_integer' | 'fraction_not_representable';

export type MajorUnits = { ok: true; value: string } | { ok: false; refusal: AmountRefusal };

/**
 * `minor` minor units of `currency` as a decimal string in the currency's major units, with at
 * most `fractionDigitsMax` fraction digits (0: whole units only, as M-Pesa). Trailing zeros of the
 * fraction are dropped (150000 KES -> "1500", 150050 KES -> "1500.5" when fractions are allowed).
 * Refused when the currency is unknown to the ledger, the amount is not a positive safe integer,
 * or it has more fraction digits than the provider takes (150050 KES with whole units only).
 */
export function majorUnitsOf(minor: number, currency: string, fractionDigitsMax: number): MajorUnits {
  const info = currencies.get(currency);
  if (info === undefined) return { ok: false, refusal: 'unknown_currency' };
  if (!Number.isSafeInteger(minor) || minor < 1) return { ok: false, refusal: 'not_a_positive_safe_integer' };
  const digits = String(minor).padStart(info.exponent + 1, '0');
  const whole = digits.slice(0, digits.length - info.exponent);
  const fraction = digits.slice(digits.length - info.exponent).replace(/0+$/, '');
  if (fraction.length > fractionDigitsMax) return { ok: false, refusal: 'fraction_not_representable' };
  return { ok: true, value: fraction === '' ? whole : `${whole}.${fraction}` };
}

/**
 * A provider's decimal string (or whole number) in major units, as our minor units; null when it
 * is not a plain non-negative decimal with at most the currency's exponent of fraction digits.
 */
export function minorUnitsOf(major: string | number, currency: string): number | null {
  const info = currencies.get(currency);
  if (info === undefined) return null;
  const text = typeof major === 'number' ? (Number.isSafeInteger(major) ? String(major) : '') : major.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > info.exponent) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(info.exponent, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}
