// Helpers of the FX tests: exact decimal comparisons on the rates the API returns. A rate has at
// most 10 significant digits, so the JSON number the SDK parsed prints back as exactly the
// decimal the server wrote (String(n) is the shortest text that reads back to n).
import { expect } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';

/** Digits after the point every comparison here works at (rates below 1 reach about 1e-8). */
export const scale = 30n;

/** A decimal text (or the JSON number of one) as an integer scaled by 10^scale, exactly. */
export function scaled(value: number | string): bigint {
  const text = String(value);
  expect(text, `${text} is a plain decimal`).toMatch(/^\d+(\.\d+)?$/);
  const [integer, fraction = ''] = text.split('.');
  return BigInt(integer! + fraction.padEnd(Number(scale), '0'));
}

/** One unit in the last of the 10 significant digits of `value` (scaled). */
export function lastDigitUnit(value: number | string): bigint {
  const text = String(value);
  const digits = text.replace('.', '').replace(/^0+/, '').length;
  const fractionDigits = (text.split('.')[1] ?? '').length;
  // The value's last written digit sits at 10^-fractionDigits; a rate cut to 10 significant
  // digits may have written fewer (trailing zeros dropped), so the unit is at most this.
  return 10n ** (scale - BigInt(fractionDigits + Math.max(0, 10 - digits)));
}

export async function getRate(client: MerchantClient, base: string, quote: string) {
  return await client.GET('/fx/rates', { params: { query: { base_currency: base, quote_currency: quote } } });
}

export async function lockRate(client: MerchantClient, base: string, quote: string) {
  return await client.POST('/fx/rate-locks', { body: { base_currency: base, quote_currency: quote } });
}
