// Paystack wired end to end (issue 24): built from PAYSTACK_* (provider-catalog.ts), routed by
// PROVIDER_ROUTES, a card collection through the public API completes by Paystack's webhook,
// believed only with its HMAC-SHA512 signature (connectors/paystack/callbacks.ts); a forged
// webhook changes nothing. The emulator (test/support/paystack-emulator/) answers from Paystack's
// own OpenAPI description and signs its webhooks as https://paystack.com/docs/payments/webhooks/ says.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, expectLedgerInvariants, walletBalance } from '../../collections/helpers.ts';
import type { TestService } from '../../helpers/service.ts';
import type { PaystackEmulator } from '../../support/paystack-emulator/emulator.ts';
import { paystackSkipReason } from '../../support/paystack-emulator/fixture.ts';
import { startPaystackWired } from './wired-services.ts';

let service: TestService;
let emulator: PaystackEmulator;

if (paystackSkipReason) console.warn(`test/providers/wired/paystack-wired.test.ts skipped: ${paystackSkipReason}`);

describe.skipIf(paystackSkipReason !== null)('Paystack through the public API', () => {
  beforeAll(async () => {
    ({ service, emulator } = await startPaystackWired({ PROVIDER_ROUTES: 'collection card KES * = paystack' }));
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await emulator?.close();
  });

  const status = async (id: string) => (await service.client.GET('/collections/{id}', { params: { path: { id } } })).data!.data.status;

  it('a forged webhook changes nothing; the signed one completes the card collection', async () => {
    const before = await walletBalance(service, service.merchantId, 'KES');
    const created = await collect(service.client, { amount: 250_000, currency: 'KES', rail: 'card', payer_card_token: 'AUTH_success' });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    expect((await service.sql<{ provider: string }[]>`select provider from transactions where id = ${id}`)[0]?.provider).toBe('paystack');

    const recorded = async () => (await service.sql<{ n: number }[]>`select count(*)::int as n from provider_outcomes where provider = 'paystack'`)[0]!.n;
    const recordedBefore = await recorded();
    // Forged: a charge.success for it, signed with a key that is not ours.
    const body = JSON.stringify({ event: 'charge.success', data: { reference: id, status: 'success', amount: 250_000, currency: 'KES', channel: 'card' } });
    const forged = await fetch(`${service.origin}/provider-callbacks/paystack/`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', 'sk_test_not_ours').update(body).digest('hex') },
    });
    expect(forged.status).toBe(401);
    // Nothing of it was recorded: the intake refused it before the ingress (the collection itself
    // may still settle on its own, by the emulator's signed webhook or the status poll).
    expect(await recorded()).toBe(recordedBefore);

    emulator.finishPending();
    await emulator.webhooksSent();
    expect(emulator.deliveries, JSON.stringify([emulator.deliveries, service.logs.filter((line) => line.msg === 'provider callback')])).toContainEqual(expect.objectContaining({ status: 200 }));
    await service.runtime.deliverRailOutcomes();
    expect(await status(id)).toBe('success');
    expect((await walletBalance(service, service.merchantId, 'KES')).available).toBeGreaterThan(before.available);
    await expectLedgerInvariants(service);
  });
});
