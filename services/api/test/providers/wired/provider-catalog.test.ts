// The provider catalog (src/provider-routing/provider-catalog.ts): nothing configured registers
// no provider; a half-configured one refuses to start, naming what is missing (decision 0669).
import { describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { providerConnectorsFromEnv } from '../../../src/provider-routing/provider-catalog.ts';

// Never queried: no provider is built in these cases, or the build throws first.
const deps = { sql: null as unknown as Sql };

describe('providerConnectorsFromEnv', () => {
  it('registers nothing when no provider is configured', () => {
    expect(providerConnectorsFromEnv({}, deps)).toEqual({ rails: [], payoutRails: [], callbackHandlers: [], settlementReports: {} });
  });

  it.each([
    [{ MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke' }, /M-Pesa is half-configured: set MPESA_CONSUMER_KEY/],
    [{ MTN_MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com' }, /MTN MoMo is half-configured/],
    [{ PAYSTACK_BASE_URL: 'https://api.paystack.co' }, /PAYSTACK_SECRET_KEY is not/],
  ])('refuses a half-configured provider (%o)', (env, message) => {
    expect(() => providerConnectorsFromEnv(env, deps)).toThrow(message);
  });

  it('registers MTN MoMo under its routing name, with its status queries and PUT callbacks', () => {
    const built = providerConnectorsFromEnv({
      MTN_MOMO_BASE_URL: 'http://127.0.0.1:1', MTN_MOMO_TARGET_ENVIRONMENT: 'sandbox',
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: 'k1', MTN_MOMO_COLLECTION_API_USER: 'u1', MTN_MOMO_COLLECTION_API_KEY: 'a1',
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'k2', MTN_MOMO_DISBURSEMENT_API_USER: 'u2', MTN_MOMO_DISBURSEMENT_API_KEY: 'a2',
      MTN_MOMO_CURRENCIES: 'UGX',
    }, deps);
    expect(built.rails?.map((rail) => [rail.provider, rail.rail, typeof rail.queryOutcome])).toEqual([['mtn_momo', 'mobile_money', 'function']]);
    expect(built.payoutRails?.map((rail) => [rail.provider, rail.destinationType, typeof rail.queryPayout])).toEqual([['mtn_momo', 'mobile_money', 'function']]);
    expect(built.callbackHandlers?.map((handler) => [handler.provider, handler.methods])).toEqual([['mtn_momo', ['POST', 'PUT']]]);
  });
});
