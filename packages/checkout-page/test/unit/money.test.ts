// Minor units -> what the payer reads: ISO 4217 decimals per currency, exact (no float), and the
// same exponents as the API's ledger for every currency the service accepts.
import { currencies } from '@payagg/ledger';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatAmount, minorToMajorString } from '../../src/money.ts';

describe('currencyExponent', () => {
  it('agrees with the ledger for every currency the service accepts', () => {
    for (const info of currencies.values()) expect(currencyExponent(info.code), info.code).toBe(info.exponent);
  });

  it('follows ISO 4217 where Intl\'s display digits (CLDR) differ', () => {
    // Intl shows these with 0 decimals; ISO 4217 minor units (what amounts are counted in) are 2 or 3.
    expect(currencyExponent('IDR')).toBe(2);
    expect(currencyExponent('HUF')).toBe(2);
    expect(currencyExponent('IQD')).toBe(3);
    expect(currencyExponent('TND')).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent('xof')).toBe(0);
  });
});

describe('minorToMajorString', () => {
  it.each([
    [250_000, 2, '2500.00'], [5, 2, '0.05'], [5, 3, '0.005'], [0, 2, '0.00'], [25_000, 0, '25000'],
    [Number.MAX_SAFE_INTEGER, 2, '90071992547409.91'],
  ])('%d with %d decimals is %s', (amount, exponent, major) => {
    expect(minorToMajorString(amount, exponent)).toBe(major);
  });

  it('refuses what is not a non-negative safe integer', () => {
    for (const amount of [1.5, -1, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) expect(() => minorToMajorString(amount, 2)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    ['KES', 250_000, 'KES\u00a02,500.00'],
    ['UGX', 25_000, 'UGX\u00a025,000'],
    ['XOF', 150_000, 'F\u202fCFA\u00a0150,000'],
    ['TND', 1_500, 'TND\u00a01.500'],
    ['KWD', 1, 'KWD\u00a00.001'],
    ['USD', 1_999, '$19.99'],
    ['IDR', 150_000, 'IDR\u00a01,500.00'],
  ])('%s %d reads %s', (currency, amount, shown) => {
    expect(formatAmount(amount, currency, 'en-US')).toBe(shown);
  });

  it('formats beyond a double\'s precision exactly (the amount never becomes a float)', () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER, 'KES', 'en-US')).toBe('KES\u00a090,071,992,547,409.91');
  });

  it('follows the payer\'s locale for grouping and symbol', () => {
    expect(formatAmount(250_000, 'KES', 'en-KE')).toBe('Ksh\u00a02,500.00');
    expect(formatAmount(150_000, 'XOF', 'fr-SN')).toBe('150\u202f000\u00a0F\u202fCFA');
  });

  it('shows an unknown code plainly rather than a wrong number', () => {
    expect(formatAmount(1_234, 'ZZZ', 'en-US')).toMatch(/12\.34/);
  });
});
