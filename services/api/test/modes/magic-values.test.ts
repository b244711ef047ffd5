// Magic values are a sandbox thing (docs/decisions/0440): a development server's sandbox
// providers pick scenarios by them; a production server's take every value as a plain value,
// for collections, payouts and KYC alike. The HTTP-level proof is in sandbox-and-live.test.ts.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { sandboxKycScenarioFor } from '../../src/connectors/sandbox/kyc/scenarios.ts';
import { sandboxPayoutScenarioFor } from '../../src/connectors/sandbox/payout-rails/scenarios.ts';
import { RailDeclinedError } from '../../src/rails/errors.ts';
import { sandboxScenarioFor } from '../../src/connectors/sandbox/collection-rails/scenarios.ts';
import type { CollectionInitiation } from '../../src/rails/types.ts';

const collection = (payer: CollectionInitiation['payer'], reference: string | null = null) =>
  ({ merchantId: 'm', transactionId: 't', amount: 100, currency: 'KES', payer, reference }) as unknown as CollectionInitiation;

describe('magic values', () => {
  it('are on in development and off in production, for every sandbox provider', () => {
    const development = loadConfig({});
    expect([development.rails.sandbox?.magicValues, development.payouts.sandbox.magicValues, development.kyc.sandbox.magicValues]).toEqual([true, true, true]);
    const production = loadConfig({ PAYAGG_ENV: 'production' });
    expect([production.rails.sandbox?.magicValues, production.payouts.sandbox.magicValues, production.kyc.sandbox.magicValues]).toEqual([false, false, false]);
  });

  it('without them every collection payer, payout destination and KYC name is plain; the payer field is still checked', () => {
    const cases: [Parameters<typeof sandboxScenarioFor>[0], CollectionInitiation][] = [
      ['mobile_money', collection({ phone: '+254700000001' })],
      ['ussd', collection({ phone: '+254700000006' })],
      ['card', collection({ cardToken: 'tok_sandbox_fail' })],
      ['card', collection({ cardToken: 'tok_sandbox_challenge' })],
      ['bank', collection({ accountRef: 'acct_sandbox_challenge' })],
    ];
    for (const [rail, request] of cases) {
      expect(sandboxScenarioFor(rail, request), rail).not.toBe('success');
      expect(sandboxScenarioFor(rail, request, false), rail).toBe('success');
    }
    expect(() => sandboxScenarioFor('card', collection({ cardToken: '4242 4242 4242 4242' }), false)).toThrow(RailDeclinedError);

    const destination = { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254709900001' } as never;
    expect(sandboxPayoutScenarioFor(destination)).toBe('invalid_account');
    expect(sandboxPayoutScenarioFor(destination, false)).toBe('success');
    expect(sandboxKycScenarioFor('Shop sandbox_kyc_rejected')).toBe('identity_not_verified');
    expect(sandboxKycScenarioFor('Shop sandbox_kyc_rejected', false)).toBe('verified');
  });
});
