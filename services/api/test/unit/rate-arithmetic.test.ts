// Conversion arithmetic (integers, one rounding): moved from @payagg/ledger with the code (decision 0620).

import fc from 'fast-check';
import { LedgerUsageError } from '@payagg/ledger';
import { describe, expect, test } from 'vitest';
import { convertAmount, divideRounded, parseRate } from '../../src/fx-rates/rate-arithmetic.ts';

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
