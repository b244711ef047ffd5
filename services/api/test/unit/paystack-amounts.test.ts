// Paystack's amounts and settings without a network: the exact conversion between our minor units
// and Paystack's subunits (decision 0651) and PAYSTACK_* parsing (decision 0650).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultAmountExponents, fromPaystackAmount, toPaystackAmount } from '../../src/connectors/paystack/amounts.ts';
import { paystackConfigFromEnv } from '../../src/connectors/paystack/config.ts';

describe('Paystack amounts', () => {
  it('is the identity for every currency Paystack\'s description names (all 1/100, as ISO 4217)', () => {
    for (const currency of Object.keys(defaultAmountExponents)) {
      fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        expect(toPaystackAmount(amount, currency, defaultAmountExponents)).toEqual({ ok: true, amount });
        expect(fromPaystackAmount(amount, currency, defaultAmountExponents)).toBe(amount);
      }));
    }
  });

  it('refuses naming amount what a coarser Paystack unit cannot hold, and never rounds', () => {
    const wholeShillings = { KES: 0 };
    expect(toPaystackAmount(150_050, 'KES', wholeShillings)).toMatchObject({ ok: false, refusal: { field: 'amount' } });
    expect(toPaystackAmount(150_000, 'KES', wholeShillings)).toEqual({ ok: true, amount: 1_500 });
    expect(fromPaystackAmount(1_500, 'KES', wholeShillings)).toBe(150_000);
  });

  it('multiplies for a finer Paystack unit, refusing past the safe integers, and divides back exactly', () => {
    const centimes = { XOF: 2 };
    expect(toPaystackAmount(1_000, 'XOF', centimes)).toEqual({ ok: true, amount: 100_000 });
    expect(toPaystackAmount(Number.MAX_SAFE_INTEGER, 'XOF', centimes)).toMatchObject({ ok: false, refusal: { field: 'amount' } });
    expect(fromPaystackAmount(100_050, 'XOF', centimes)).toBeNull();
    expect(fromPaystackAmount(100_000, 'XOF', centimes)).toBe(1_000);
  });

  it('refuses naming currency what Paystack does not serve, and amount what is not a positive integer', () => {
    expect(toPaystackAmount(100, 'UGX', defaultAmountExponents)).toMatchObject({ ok: false, refusal: { field: 'currency' } });
    expect(toPaystackAmount(100, 'XOF', defaultAmountExponents)).toMatchObject({ ok: false, refusal: { field: 'currency' } });
    for (const amount of [0, -1, 1.5, Number.NaN]) expect(toPaystackAmount(amount, 'NGN', defaultAmountExponents)).toMatchObject({ ok: false, refusal: { field: 'amount' } });
  });
});

describe('PAYSTACK_* settings', () => {
  const key = 'sk_test_abc123';

  it('is off with no secret key, and refuses to start half-configured', () => {
    expect(paystackConfigFromEnv({})).toBeNull();
    expect(() => paystackConfigFromEnv({ PAYSTACK_BASE_URL: 'https://api.paystack.co' })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(() => paystackConfigFromEnv({ PAYSTACK_SECRET_KEY: key })).toThrow(/PAYSTACK_CUSTOMER_EMAIL_DOMAIN/);
  });

  it('reads every setting, with defaults', () => {
    expect(paystackConfigFromEnv({ PAYSTACK_SECRET_KEY: key, PAYSTACK_CUSTOMER_EMAIL_DOMAIN: 'pay.example.com' })).toEqual({
      secretKey: key, baseUrl: 'https://api.paystack.co', timeoutMs: 15_000, customerEmailDomain: 'pay.example.com', ussdType: '737',
      mobileMoneyProviders: { GHS: 'mtn', KES: 'mpesa' }, amountExponents: defaultAmountExponents,
    });
    expect(paystackConfigFromEnv({
      PAYSTACK_SECRET_KEY: key, PAYSTACK_CUSTOMER_EMAIL_DOMAIN: 'pay.example.com', PAYSTACK_TIMEOUT_MS: '5000', PAYSTACK_USSD_TYPE: '919',
      PAYSTACK_MOBILE_MONEY_PROVIDERS: 'GHS:vod', PAYSTACK_AMOUNT_EXPONENTS: 'NGN:2,XOF:2',
    })).toMatchObject({ timeoutMs: 5_000, ussdType: '919', mobileMoneyProviders: { GHS: 'vod' }, amountExponents: { NGN: 2, XOF: 2 } });
  });

  it('names the setting that is wrong and never shows the key', () => {
    const secret = 'pk_live_notasecretkey';
    const error = (() => { try { paystackConfigFromEnv({ PAYSTACK_SECRET_KEY: secret }); } catch (e) { return e as Error; } return null; })();
    expect(error?.message).toMatch(/PAYSTACK_SECRET_KEY/);
    expect(error?.message).not.toContain(secret);
    const base = { PAYSTACK_SECRET_KEY: key, PAYSTACK_CUSTOMER_EMAIL_DOMAIN: 'pay.example.com' };
    expect(() => paystackConfigFromEnv({ ...base, PAYSTACK_TIMEOUT_MS: '0' })).toThrow(/PAYSTACK_TIMEOUT_MS/);
    expect(() => paystackConfigFromEnv({ ...base, PAYSTACK_USSD_TYPE: '123' })).toThrow(/PAYSTACK_USSD_TYPE/);
    expect(() => paystackConfigFromEnv({ ...base, PAYSTACK_AMOUNT_EXPONENTS: 'NGN:9' })).toThrow(/PAYSTACK_AMOUNT_EXPONENTS: NGN/);
  });
});

describe('a provider\'s refusal names the field it refused', () => {
  it('is 422 on `amount` when the rail says amount, on `body` when it says nothing', async () => {
    const { railRefusal } = await import('../../src/collections/rail-calls.ts');
    const { RailDeclinedError } = await import('../../src/rails/errors.ts');
    const { outcomeHttp } = await import('../../src/http/outcomes.ts');
    const named = railRefusal(new RailDeclinedError('mobile_money', 'invalid_amount', { field: 'amount' }), 'mobile_money') as { outcome: string; fields: Array<{ field: string }> };
    expect(named.fields.map((f) => f.field)).toEqual(['amount']);
    expect(outcomeHttp[named.outcome as keyof typeof outcomeHttp].status).toBe(422);
    const unnamed = railRefusal(new RailDeclinedError('card', 'parent_not_found'), 'card') as { fields: Array<{ field: string }> };
    expect(unnamed.fields.map((f) => f.field)).toEqual(['body']);
  });
});
