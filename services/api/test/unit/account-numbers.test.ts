// Account numbers of partner wallets (partner-wallets/account-numbers.ts): the NUBAN-style check digit and
// the serial bijection.
import { describe, expect, it } from 'vitest';
import { accountNumberOfSerial, accountNumberProblem, checkDigitOf } from '../../src/partner-wallets/account-numbers.ts';

describe('partner account numbers', () => {
  it('computes the check digit with weights 3,7,3 over the institution code 999 and the serial', () => {
    // 999 000000001: 9*3 + 9*7 + 9*3 + 1*3 = 120; (10 - 0) mod 10 = 0.
    expect(checkDigitOf('000000001')).toBe(0);
    // 999 000000002: 117 + 6 = 123 -> 7.
    expect(checkDigitOf('000000002')).toBe(7);
    // 999 123456789: 117 + 1*3+2*7+3*3+4*3+5*7+6*3+7*3+8*7+9*3 = 117 + 195 = 312 -> 8.
    expect(checkDigitOf('123456789')).toBe(8);
  });

  it('gives 10-digit numbers that pass their own check, distinct for distinct serials', () => {
    const seen = new Set<string>();
    for (let n = 1n; n <= 5_000n; n += 1n) {
      const number = accountNumberOfSerial(n);
      expect(number).toMatch(/^[0-9]{10}$/);
      expect(accountNumberProblem(number)).toBeNull();
      seen.add(number.slice(0, 9));
    }
    expect(seen.size).toBe(5_000);
    // Consecutive serials do not give consecutive numbers.
    expect(Number(accountNumberOfSerial(2n).slice(0, 9)) - Number(accountNumberOfSerial(1n).slice(0, 9))).not.toBe(1);
  });

  it('catches every single-digit error, and every swap of neighbours under weights 3 and 7 that are not 5 apart', () => {
    const number = accountNumberOfSerial(42n);
    for (let i = 0; i < 10; i += 1) {
      for (let d = 0; d < 10; d += 1) {
        if (String(d) === number[i]) continue;
        const typo = `${number.slice(0, i)}${d}${number.slice(i + 1)}`;
        expect(accountNumberProblem(typo), typo).not.toBeNull();
      }
    }
    // The serial's weights (the institution code takes the first three): two neighbours under
    // equal weights (3,3) swap unseen, as in NUBAN itself.
    const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3];
    let checked = 0;
    for (let i = 0; i < 8; i += 1) {
      const a = Number(number[i]);
      const b = Number(number[i + 1]);
      if (a === b || Math.abs(a - b) === 5 || weights[i] === weights[i + 1]) continue;
      checked += 1;
      const swapped = `${number.slice(0, i)}${b}${a}${number.slice(i + 2)}`;
      expect(accountNumberProblem(swapped), swapped).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('names what is wrong', () => {
    expect(accountNumberProblem('123')).toBe('must be 10 digits');
    expect(accountNumberProblem('12345678ab')).toBe('must be 10 digits');
    const number = accountNumberOfSerial(7n);
    const wrong = `${number.slice(0, 9)}${(Number(number[9]) + 1) % 10}`;
    expect(accountNumberProblem(wrong)).toMatch(/check digit/);
  });
});
