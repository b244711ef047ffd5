// Pure parts: FX arithmetic (integers, one rounding) and deterministic ids.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LedgerUsageError, convertAmount, divideRounded, idFromParts, idFromUuid, ledgerOf, parseRate, u128FromUuid, u128_max, uuidFromU128 } from '../src/index.ts';

describe('fx arithmetic', () => {
  test('parseRate reads decimals exactly and refuses anything else', () => {
    expect(parseRate('1520.25')).toEqual({ numerator: 152025n, denominator: 100n });
    expect(parseRate('2')).toEqual({ numerator: 2n, denominator: 1n });
    for (const bad of ['', '1e3', '-1', '1.', '.5', '0', '0.000', '1,5', ' 1']) {
      expect(() => parseRate(bad), bad).toThrow(LedgerUsageError);
    }
    expect(() => parseRate('1'.repeat(31))).toThrow(LedgerUsageError);
  });

  test('each rounding rule', () => {
    const cases: Array<[bigint, bigint, Record<string, bigint>]> = [
      [7n, 2n, { down: 3n, up: 4n, half_up: 4n, half_even: 4n }],
      [5n, 2n, { down: 2n, up: 3n, half_up: 3n, half_even: 2n }],
      [11n, 4n, { down: 2n, up: 3n, half_up: 3n, half_even: 3n }],
      [9n, 4n, { down: 2n, up: 3n, half_up: 2n, half_even: 2n }],
      [8n, 4n, { down: 2n, up: 2n, half_up: 2n, half_even: 2n }],
    ];
    for (const [n, d, expected] of cases) {
      for (const [rule, value] of Object.entries(expected)) {
        expect(divideRounded(n, d, rule as 'down'), `${n}/${d} ${rule}`).toBe(value);
      }
    }
  });

  test('exponents: USD cents to UGX (no minor unit) and back', () => {
    // 12.34 USD at 3700.5 UGX/USD = 45664.17 UGX -> 45664
    expect(convertAmount({ amount: 1234n, rate: parseRate('3700.5'), fromExponent: 2, toExponent: 0, rounding: 'down' })).toBe(45664n);
    // 45664 UGX at 0.00027 USD/UGX = 12.32928 USD -> 1233 cents half_up
    expect(convertAmount({ amount: 45664n, rate: parseRate('0.00027'), fromExponent: 0, toExponent: 2, rounding: 'half_up' })).toBe(1233n);
  });

  test('property: down <= exact <= up, and they differ by at most one', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (amount, num, den) => {
      const rate = { numerator: num, denominator: den };
      const down = convertAmount({ amount, rate, fromExponent: 2, toExponent: 2, rounding: 'down' });
      const up = convertAmount({ amount, rate, fromExponent: 2, toExponent: 2, rounding: 'up' });
      const half = convertAmount({ amount, rate, fromExponent: 2, toExponent: 2, rounding: 'half_even' });
      expect(down * den <= amount * num).toBe(true);
      expect(up * den >= amount * num).toBe(true);
      expect(up - down <= 1n).toBe(true);
      expect(half === down || half === up).toBe(true);
    }));
  });
});

describe('ids', () => {
  const uuid = '0190d6b4-8f1e-7c3a-9b2d-4e5f60718293';

  test('idFromUuid is deterministic, distinct per leg, and a valid u128', () => {
    expect(idFromUuid(uuid, 0)).toBe(idFromUuid(uuid, 0));
    expect(idFromUuid(uuid, 0)).not.toBe(idFromUuid(uuid, 1));
    expect(idFromUuid(uuid.toUpperCase(), 3)).toBe(idFromUuid(uuid, 3));
    const id = idFromUuid(uuid, 2);
    expect(id > 0n && id < u128_max).toBe(true);
    expect(() => idFromUuid('not-a-uuid', 0)).toThrow(LedgerUsageError);
    expect(() => idFromUuid(uuid, -1)).toThrow(LedgerUsageError);
    expect(u128FromUuid(uuid)).toBe(0x0190d6b48f1e7c3a9b2d4e5f60718293n);
    expect(uuidFromU128(u128FromUuid(uuid.toUpperCase()))).toBe(uuid.toLowerCase());
    expect(uuidFromU128(1n)).toBe('00000000-0000-0000-0000-000000000001');
    expect(() => uuidFromU128(u128_max + 1n)).toThrow(LedgerUsageError);
    expect(() => uuidFromU128(-1n)).toThrow(LedgerUsageError);
  });

  test('idFromParts separates its parts', () => {
    expect(idFromParts('ns', 'ab', 'c')).not.toBe(idFromParts('ns', 'a', 'bc'));
    expect(idFromParts('ns', 1n)).toBe(idFromParts('ns', '1'));
  });

  test('ledger = ISO 4217 numeric code', () => {
    expect(ledgerOf('USD')).toBe(840);
    expect(ledgerOf('NGN')).toBe(566);
    expect(() => ledgerOf('ABC')).toThrow(LedgerUsageError);
  });
});
