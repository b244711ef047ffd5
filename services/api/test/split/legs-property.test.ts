// The legs of any amount under any rule add up exactly to the amount, and a refund's parts to the
// refund (split-legs.ts, split-rules.ts legAmounts): largest remainder loses no minor unit.
// Property-based (fast-check, already a dev dependency of the service): random amounts up to
// Number.MAX_SAFE_INTEGER, random rules of every type, random refund sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, basisPointsOf, basisPointsWhole } from '../../src/collections/splits/split-legs.ts';
import { legAmounts } from '../../src/collections/splits/split-rules.ts';

const amountArb = fc.bigInt({ min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) });
/** Percent shares with at most 2 decimals (as a rule stores them), adding up to at most 100. */
const sharesArb = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 50 })
  .map((points) => {
    let left = 10_000;
    return points.map((p) => {
      const taken = Math.min(p, left);
      left -= taken;
      return taken / 100;
    });
  });
const recipients = (values: number[]) => values.map((value) => ({
  recipient_type: 'platform' as const, recipient_id: null, value, escrow: false, escrow_release_condition: 'manual' as const,
}));

describe('split legs (property)', () => {
  it('percentage legs of any amount sum exactly to it; each within one minor unit of its exact share', () => {
    fc.assert(fc.property(amountArb, sharesArb, (amount, shares) => {
      const legs = legAmounts({ rule_type: 'percentage', recipients: recipients(shares), tiers: null }, amount)!;
      expect(legs.reduce((a, b) => a + b, 0n)).toBe(amount);
      const points = [...shares.map((s) => basisPointsOf(s)!), basisPointsWhole - shares.reduce((a, s) => a + basisPointsOf(s)!, 0n)];
      legs.forEach((leg, i) => {
        const exactTimesWhole = amount * points[i]!;
        expect(leg * basisPointsWhole <= exactTimesWhole + basisPointsWhole).toBe(true);
        expect(leg * basisPointsWhole >= exactTimesWhole - basisPointsWhole).toBe(true);
        expect(leg >= 0n).toBe(true);
      });
    }), { numRuns: 2_000 });
  });

  it('tiered legs sum exactly to the amount whichever band applies', () => {
    fc.assert(fc.property(amountArb, sharesArb, fc.array(fc.tuple(amountArb, sharesArb), { maxLength: 5 }), (amount, base, bands) => {
      const n = base.length;
      const tiers = bands.map(([min, shares]) => ({ min_amount: Number(min), values: Array.from({ length: n }, (_, i) => shares[i] ?? 0) }))
        .sort((a, b) => a.min_amount - b.min_amount);
      // Bands keep at most 100 % (values padded with zeros from a valid set).
      const legs = legAmounts({ rule_type: 'tiered', recipients: recipients(base), tiers }, amount)!;
      expect(legs.reduce((a, b) => a + b, 0n)).toBe(amount);
    }), { numRuns: 1_000 });
  });

  it('flat legs sum exactly to the amount, or are refused when they exceed it', () => {
    fc.assert(fc.property(amountArb, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }), (amount, values) => {
      const legs = legAmounts({ rule_type: 'flat', recipients: recipients(values), tiers: null }, amount);
      const taken = values.reduce((a, v) => a + BigInt(v), 0n);
      if (taken > amount) expect(legs).toBeNull();
      else expect(legs!.reduce((a, b) => a + b, 0n)).toBe(amount);
    }), { numRuns: 1_000 });
  });

  it('refunds in any sequence take parts that sum to each refund, never drive a leg below zero, and a full refund empties every leg', () => {
    fc.assert(fc.property(amountArb, sharesArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (amount, shares, fractions) => {
      const legs = legAmounts({ rule_type: 'percentage', recipients: recipients(shares), tiers: null }, amount)!;
      const left = [...legs];
      let remaining = amount;
      for (const f of [...fractions, 1]) {
        // A refund amount from 0 to what is left (the fraction only picks it; money stays bigint).
        const refund = f === 1 ? remaining : (remaining * BigInt(Math.floor(f * 1_000_000))) / 1_000_000n;
        if (refund === 0n) continue;
        const parts = allocate(refund, left);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(refund);
        parts.forEach((part, i) => {
          expect(part >= 0n && part <= left[i]!).toBe(true);
          left[i]! -= part;
        });
        remaining -= refund;
      }
      expect(left.every((leg) => leg === 0n)).toBe(true);
    }), { numRuns: 1_000 });
  });

  it('ties go to the earlier leg (documented order): 1 over four equal shares goes to the first', () => {
    expect(allocate(1n, [1n, 1n, 1n, 1n])).toEqual([1n, 0n, 0n, 0n]);
    expect(allocate(3n, [1n, 1n, 1n, 1n])).toEqual([1n, 1n, 1n, 0n]);
    expect(allocate(10n, [3333n, 3333n, 3334n])).toEqual([3n, 3n, 4n]);
  });

  it('percent shares: at most 2 decimals, read exactly', () => {
    expect(basisPointsOf(2.5)).toBe(250n);
    expect(basisPointsOf(33.33)).toBe(3333n);
    expect(basisPointsOf(100)).toBe(10_000n);
    expect(basisPointsOf(0.07)).toBe(7n);
    expect(basisPointsOf(33.333)).toBeNull();
    expect(basisPointsOf(0.1 + 0.2)).toBeNull();
    expect(basisPointsOf(100.01)).toBeNull();
  });
});
