// The parts every real connector shares, alone: amounts in a provider's major units (exact, by
// ISO exponent), the bearer-token cache (single flight, expiry margin, 401), the payout attempt key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutAttemptUuid } from '../../src/payout-rails/attempt-reference.ts';
import { majorUnitsOf, minorUnitsOf } from '../../src/rails/provider-amounts.ts';
import { createTokenCache } from '../../src/rails/token-cache.ts';

describe('provider amounts', () => {
  it('writes minor units with the currency exponent, dropping trailing zeros, refusing what does not fit', () => {
    expect(majorUnitsOf(150_000, 'KES', 0)).toEqual({ ok: true, value: '1500' });
    expect(majorUnitsOf(150_050, 'KES', 0)).toEqual({ ok: false, refusal: 'fraction_not_representable' });
    expect(majorUnitsOf(150_050, 'KES', 2)).toEqual({ ok: true, value: '1500.5' });
    expect(majorUnitsOf(7, 'GHS', 2)).toEqual({ ok: true, value: '0.07' });
    expect(majorUnitsOf(15_000, 'UGX', 0)).toEqual({ ok: true, value: '15000' });
    expect(majorUnitsOf(1_234, 'KWD', 3)).toEqual({ ok: true, value: '1.234' });
    expect(majorUnitsOf(100, 'XYZ', 2)).toEqual({ ok: false, refusal: 'unknown_currency' });
    expect(majorUnitsOf(0, 'KES', 2)).toEqual({ ok: false, refusal: 'not_a_positive_safe_integer' });
    expect(majorUnitsOf(1.5, 'KES', 2)).toEqual({ ok: false, refusal: 'not_a_positive_safe_integer' });
  });

  it('reads a provider amount back exactly, refusing more fraction digits than the currency has', () => {
    expect(minorUnitsOf('1500', 'KES')).toBe(150_000);
    expect(minorUnitsOf('12.5', 'GHS')).toBe(1_250);
    expect(minorUnitsOf(1500, 'KES')).toBe(150_000);
    expect(minorUnitsOf('1.5', 'UGX')).toBeNull();
    expect(minorUnitsOf('1.005', 'KES')).toBeNull();
    expect(minorUnitsOf('-1', 'KES')).toBeNull();
    expect(minorUnitsOf('1e3', 'KES')).toBeNull();
  });

  it('round-trips every amount in every exponent', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom('KES', 'UGX', 'KWD', 'XOF'), (amount, currency) => {
      const major = majorUnitsOf(amount, currency, 3);
      expect(major.ok).toBe(true);
      if (major.ok) expect(minorUnitsOf(major.value, currency)).toBe(amount);
    }));
  });
});

describe('token cache', () => {
  it('fetches once for concurrent callers, refreshes at the margin, forgets a refused token, and never caches a failure', async () => {
    let clock = 0;
    let fetched = 0;
    let failNext = false;
    const cache = createTokenCache({
      now: () => clock,
      refreshMarginMs: 60_000,
      fetchToken: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (failNext) {
          failNext = false;
          throw new Error('token endpoint down');
        }
        fetched += 1;
        return { accessToken: `token-${fetched}`, expiresInS: 3600 };
      },
    });
    expect(new Set(await Promise.all(Array.from({ length: 10 }, () => cache.token())))).toEqual(new Set(['token-1']));
    clock = 3_600_000 - 60_001;
    expect(await cache.token()).toBe('token-1');
    clock = 3_600_000 - 60_000;
    expect(await cache.token()).toBe('token-2');
    cache.invalidate('token-1'); // an old token: the current one stays
    expect(await cache.token()).toBe('token-2');
    cache.invalidate('token-2');
    failNext = true;
    await expect(cache.token()).rejects.toThrow(/down/);
    expect(await cache.token()).toBe('token-3');
  });
});

describe('payout attempt key', () => {
  it('is a UUIDv8, the same for the same attempt and different for another', () => {
    const payoutId = '0b5f1c9e-4d2a-4f6b-9a51-3c7e2d8f1a04';
    const key = payoutAttemptUuid(payoutId, 0);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payoutAttemptUuid(payoutId, 0)).toBe(key);
    expect(payoutAttemptUuid(payoutId, 1)).not.toBe(key);
  });
});
