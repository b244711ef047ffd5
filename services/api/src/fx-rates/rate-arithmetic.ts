// Currency conversion arithmetic: integers only, one rounding, by a named rule (moved from
// @payagg/ledger, which knows no product: decision 0620). A rate is "units of the quote currency
// per one unit of the base currency", in major units, exactly as quoted (e.g. "1520.25" NGN per
// USD). Converting a minor-unit amount multiplies by the rate and by 10^(quote exponent - base
// exponent), then rounds once. Errors stay LedgerUsageError, as before the move.

import { LedgerUsageError } from '@payagg/ledger';

/** Digits allowed in a decimal rate string (integer and fraction together). */
export const rateDigitsMax = 30;

export type Rate = { numerator: bigint; denominator: bigint };
/**
 * down: toward zero (what the service uses: the platform's FX position never pays out a fraction it did
 * not receive, as TigerBeetle's currency-exchange recipe advises); up: away from zero;
 * half_up: nearest, ties away from zero; half_even: nearest, ties to even (banker's).
 */
export type Rounding = 'down' | 'up' | 'half_up' | 'half_even';

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/** Parses "1520.25" into 152025/100 without ever making a float. */
export function parseRate(rate: string): Rate {
  const match = decimalPattern.exec(rate);
  if (!match) throw new LedgerUsageError(`rate must be a plain decimal like "1520.25", got "${rate}"`);
  const integer = match[1]!;
  const fraction = match[2] ?? '';
  if (integer.length + fraction.length > rateDigitsMax) throw new LedgerUsageError(`rate has more than ${rateDigitsMax} digits`);
  const numerator = BigInt(integer + fraction);
  if (numerator === 0n) throw new LedgerUsageError('rate must be greater than zero');
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** numerator / denominator rounded by `rounding`; both non-negative, denominator > 0. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (numerator < 0n || denominator <= 0n) throw new LedgerUsageError('divideRounded takes non-negative / positive');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  switch (rounding) {
    case 'down': return quotient;
    case 'up': return quotient + 1n;
    case 'half_up': return 2n * remainder >= denominator ? quotient + 1n : quotient;
    case 'half_even': {
      const twice = 2n * remainder;
      if (twice > denominator) return quotient + 1n;
      if (twice < denominator) return quotient;
      return quotient % 2n === 0n ? quotient : quotient + 1n;
    }
  }
}

/** A minor-unit amount of the base currency in minor units of the quote currency. */
export function convertAmount(args: {
  amount: bigint;
  rate: Rate;
  fromExponent: number;
  toExponent: number;
  rounding: Rounding;
}): bigint {
  const { amount, rate, fromExponent, toExponent, rounding } = args;
  if (rate.numerator <= 0n || rate.denominator <= 0n) throw new LedgerUsageError('rate must be positive');
  let numerator = amount * rate.numerator;
  let denominator = rate.denominator;
  const shift = toExponent - fromExponent;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  return divideRounded(numerator, denominator, rounding);
}
