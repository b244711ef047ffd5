// What the route decides about amounts and retries (payout-rails/routed-sends.ts; decisions 0760,
// 0761), over the real M-Pesa, MTN MoMo and Paystack payout connectors' own amount checks (no
// provider is called: an amount is judged before anything is sent) and a route of several.
import { describe, expect, it } from 'vitest';
import { createMpesaPayoutConnector } from '../../src/connectors/mpesa/payout-connector.ts';
import type { MpesaContext } from '../../src/connectors/mpesa/context.ts';
import { createMtnMomoPayoutConnector } from '../../src/connectors/mtn-momo/payout-connector.ts';
import type { MtnMomoClient } from '../../src/connectors/mtn-momo/client.ts';
import type { MtnMomoConfig } from '../../src/connectors/mtn-momo/config.ts';
import { nextProviderAfter, routedAmountRefusal, sendPayoutRouted, type PayoutRoute } from '../../src/payout-rails/routed-sends.ts';
import type { PayoutRailRegistry } from '../../src/payout-rails/registry.ts';
import { PayoutRailOutageError, type PayoutRailConnector } from '../../src/payout-rails/types.ts';

const silentLogger = { info() {}, warn() {}, error() {} };
const mpesa = { ...createMpesaPayoutConnector({ config: {}, logger: silentLogger } as unknown as MpesaContext), provider: 'mpesa' };
const momo = createMtnMomoPayoutConnector({ currencies: ['UGX', 'GHS'], fractionDigitsMax: 0 } as unknown as MtnMomoConfig, { client: {} as MtnMomoClient, logger: silentLogger });

/** A connector that records its sends and answers as told. */
function recording(provider: string, answer: 'accept' | 'down'): PayoutRailConnector & { sent: string[] } {
  const sent: string[] = [];
  return {
    destinationType: 'mobile_money', provider, sent,
    async sendPayout(request) {
      sent.push(`${request.payoutId}.${request.attempt}`);
      if (answer === 'down') throw new PayoutRailOutageError('mobile_money', 'provider_down');
      return { providerReference: `${provider}-ref` };
    },
  };
}

function registry(route: string[], connectors: Record<string, PayoutRailConnector>): PayoutRailRegistry {
  return {
    connectorFor: (_type, provider = 'sandbox') => connectors[provider]!,
    providersFor: () => route,
    providersWithStatusQuery: () => [],
    sandboxFor: () => null,
    setSandboxRailDown: () => {},
    close: () => {},
  };
}

const kes: PayoutRoute = { destinationType: 'mobile_money', currency: 'KES', country: 'KE' };
const sandbox = recording('sandbox', 'accept');

describe('amounts the routed provider cannot write', () => {
  it('asks the first provider of the route, with the connector its send declines with', () => {
    const rails = registry(['mpesa', 'sandbox'], { mpesa, sandbox });
    expect(routedAmountRefusal(rails, kes, { amount: 150_050, currency: 'KES' })).toMatchObject({ provider: 'mpesa', field: 'amount', message: expect.stringMatching(/whole shillings/) });
    expect(routedAmountRefusal(rails, kes, { amount: 150_000, currency: 'KES' })).toBeNull();
    expect(routedAmountRefusal(registry(['sandbox', 'mpesa'], { mpesa, sandbox }), kes, { amount: 150_050, currency: 'KES' })).toBeNull();
    const ugx = registry(['mtn_momo'], { mtn_momo: momo });
    expect(routedAmountRefusal(ugx, { ...kes, currency: 'GHS' }, { amount: 1_250, currency: 'GHS' })).toMatchObject({ field: 'amount' });
    expect(routedAmountRefusal(ugx, { ...kes, currency: 'XOF' }, { amount: 1_250, currency: 'XOF' })).toMatchObject({ field: 'currency' });
  });

  it('a fallback that cannot write the amount is skipped, never sent to', async () => {
    const first = recording('first', 'down');
    const rails = registry(['first', 'mpesa', 'sandbox'], { first, mpesa, sandbox });
    const sent = await sendPayoutRouted(rails, {
      route: kes, pinned: 'first', pinnedNow: true, pin: async () => {},
      request: { payoutId: 'p1', attempt: 0, merchantId: 'm', amount: 150_050, currency: 'KES', destination: { destination_type: 'mobile_money', phone: '+254712345678' } },
    });
    expect(sent.provider).toBe('sandbox');
    expect(first.sent).toEqual(['p1.0']);
  });
});

describe('the provider of a retry after a transient failure', () => {
  it('is the next one of the route after the one that failed, around to the first, skipping what cannot write the amount', () => {
    const rails = registry(['a', 'b', 'c'], { a: sandbox, b: sandbox, c: sandbox });
    const send = { amount: 100, currency: 'KES' };
    expect(nextProviderAfter(rails, kes, 'a', send)).toBe('b');
    expect(nextProviderAfter(rails, kes, 'c', send)).toBe('a');
    expect(nextProviderAfter(rails, kes, 'gone', send)).toBe('a');
    expect(nextProviderAfter(registry(['only'], { only: sandbox }), kes, 'only', send)).toBe('only');
    const withMpesa = registry(['a', 'mpesa', 'c'], { a: sandbox, mpesa, c: sandbox });
    expect(nextProviderAfter(withMpesa, kes, 'a', { amount: 150_050, currency: 'KES' })).toBe('c');
    expect(nextProviderAfter(withMpesa, kes, 'a', { amount: 150_000, currency: 'KES' })).toBe('mpesa');
  });
});
