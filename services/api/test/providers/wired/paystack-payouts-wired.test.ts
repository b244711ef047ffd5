// Paystack payouts and refunds wired end to end (issue 24): built from PAYSTACK_* and routed by
// PROVIDER_ROUTES as deployed (provider-catalog.ts), through the public API. A bank payout is a
// Paystack transfer settled by its signed transfer.success webhook (a forged one refused before
// anything is recorded); a transfer.failed fails it and gives the money back; a transient
// transfer.failed retries as a new attempt at the next provider of the route (decision 0761); a
// bulk batch's items go to Paystack too; a card collection taken by Paystack is refunded through
// Paystack (POST /refund, settled by refund.processed). The emulator answers from Paystack's own
// OpenAPI description (test/support/paystack-emulator/) and signs its webhooks as
// https://paystack.com/docs/payments/webhooks/ says.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, refund } from '../../collections/helpers.ts';
import type { TestService } from '../../helpers/service.ts';
import { createBatch, createPayout, payoutTestEnv, runJobs, tokenize } from '../../payouts/helpers.ts';
import type { PaystackEmulator } from '../../support/paystack-emulator/emulator.ts';
import { paystackSkipReason } from '../../support/paystack-emulator/fixture.ts';
import { availableOf, cardFundedWallet, countOf, eventCounts, expectBooksBalanced, payoutRow, payoutStatus, playUntil } from './payout-helpers.ts';
import { startPaystackWired } from './wired-services.ts';

let service: TestService;
let emulator: PaystackEmulator;
let ngnWallet: string;
let ghsWallet: string;

if (paystackSkipReason) console.warn(`test/providers/wired/paystack-payouts-wired.test.ts skipped: ${paystackSkipReason}`);

async function bankRef(currency: 'NGN' | 'GHS', accountNumber: string): Promise<string> {
  const created = await tokenize(service.client, {
    destination_type: 'bank', country: currency === 'NGN' ? 'NG' : 'GH', currency, bank_code: currency === 'NGN' ? '058' : 'GH280100',
    account_number: accountNumber, account_name: 'Ada Obi',
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  return created.data!.data.destination_ref;
}

async function bankPayout(walletId: string, currency: 'NGN' | 'GHS', ref: string, amount: number): Promise<string> {
  const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'bank', destination_ref: ref, amount, currency });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  return created.data!.data.id;
}

const finalWithin = (id: string) => playUntil(service, async () => ['success', 'failed'].includes(await payoutStatus(service, id)));

describe.skipIf(paystackSkipReason !== null)('Paystack payouts and refunds through the public API', () => {
  beforeAll(async () => {
    ({ service, emulator } = await startPaystackWired({
      ...payoutTestEnv,
      PROVIDER_ROUTES: 'collection card KES * = paystack; payout bank NGN * = paystack; payout bank GHS * = paystack, sandbox',
    }));
    ngnWallet = await cardFundedWallet(service, 'NGN', 5_000_000);
    ghsWallet = await cardFundedWallet(service, 'GHS', 1_000_000);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await emulator?.close();
  });

  it('a bank payout is a Paystack transfer settled by its signed transfer.success; a forged one records nothing', async () => {
    await emulator.webhooksSent();
    const ref = await bankRef('NGN', '0123456789');
    const before = await availableOf(service, ngnWallet);
    const id = await bankPayout(ngnWallet, 'NGN', ref, 50_000);
    // Forged before anything is sent: a transfer.success for it signed with a key that is not ours.
    const recorded = await countOf(service, 'provider_outcomes');
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: `${id}_0`, status: 'success', amount: 50_000, currency: 'NGN', transfer_code: 'TRF_forged' } });
    const forged = await fetch(`${service.origin}/provider-callbacks/paystack/`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', 'sk_test_not_ours').update(body).digest('hex') },
    });
    expect(forged.status).toBe(401);
    expect(await countOf(service, 'provider_outcomes')).toBe(recorded);
    expect(await payoutStatus(service, id)).toBe('queued');

    expect(await finalWithin(id)).toBe(true);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'success', provider: 'paystack', retry_count: 0 });
    expect(emulator.state.transfers.get(`${id}_0`)).toMatchObject({ amount: 50_000, currency: 'NGN', status: 'success' });
    expect(emulator.deliveries).toContainEqual(expect.objectContaining({ event: 'transfer.success', reference: `${id}_0`, status: 200 }));
    expect(before - await availableOf(service, ngnWallet)).toBe(50_000);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.success': 1 });
    expect(emulator.violations).toEqual([]);
    await expectBooksBalanced(service);
  });

  it('a transfer.failed for an invalid account fails the payout and gives the money back', async () => {
    const ref = await bankRef('NGN', '0123456703');
    const before = await availableOf(service, ngnWallet);
    const id = await bankPayout(ngnWallet, 'NGN', ref, 30_000);
    expect(await availableOf(service, ngnWallet)).toBe(before - 30_000);
    expect(await finalWithin(id)).toBe(true);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'failed', provider: 'paystack', failure_reason: 'invalid_account', retry_count: 0 });
    expect(emulator.deliveries).toContainEqual(expect.objectContaining({ event: 'transfer.failed', reference: `${id}_0`, status: 200 }));
    expect(await availableOf(service, ngnWallet)).toBe(before);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.failed': 1 });
    await expectBooksBalanced(service);
  });

  it('a transient transfer.failed retries as a new attempt at the next provider of the route, never again at Paystack', async () => {
    // ...01: Paystack fails the transfer with "Bank processor timeout" (transient); the sandbox pays it.
    const ref = await bankRef('GHS', '0123456701');
    const before = await availableOf(service, ghsWallet);
    const id = await bankPayout(ghsWallet, 'GHS', ref, 40_000);
    expect(await finalWithin(id)).toBe(true);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'success', provider: 'sandbox', retry_count: 1 });
    expect(emulator.state.transfers.get(`${id}_0`)).toMatchObject({ status: 'failed' });
    expect(emulator.state.transfers.has(`${id}_1`)).toBe(false);
    expect(before - await availableOf(service, ghsWallet)).toBe(40_000);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.success': 1 });
    await expectBooksBalanced(service);
  });

  it('a bulk batch: each item a Paystack transfer, the batch partially_failed, the wallet paying only what succeeded', async () => {
    const good = await bankRef('NGN', '0123456788');
    const bad = await bankRef('NGN', '0223456703');
    const before = await availableOf(service, ngnWallet);
    const created = await createBatch(service.client, { wallet_id: ngnWallet, payouts: [
      { destination_type: 'bank', destination_ref: good, amount: 11_000, currency: 'NGN' },
      { destination_type: 'bank', destination_ref: bad, amount: 12_000, currency: 'NGN' },
      { destination_type: 'bank', destination_ref: good, amount: 13_000, currency: 'NGN' },
    ] });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const ids = created.data!.data.payouts.map((p) => p.id);
    const batchId = created.data!.data.id;
    const batchStatus = async () => (await service.client.GET('/payouts/batches/{id}', { params: { path: { id: batchId } } })).data!.data.status;
    expect(await playUntil(service, async () => (await batchStatus()) !== 'processing')).toBe(true);
    expect(await batchStatus()).toBe('partially_failed');
    expect(await Promise.all(ids.map(async (id) => (await payoutRow(service, id)).provider))).toEqual(['paystack', 'paystack', 'paystack']);
    expect(ids.map((id) => emulator.state.transfers.get(`${id}_0`)?.amount)).toEqual([11_000, 12_000, 13_000]);
    expect(before - await availableOf(service, ngnWallet)).toBe(24_000);
    for (const id of ids) expect(Object.keys(await eventCounts(service, id)).filter((type) => type === 'payout.success' || type === 'payout.failed')).toHaveLength(1);
    await expectBooksBalanced(service);
  });

  it('refunds a Paystack card collection through Paystack, settled by refund.processed', async () => {
    const created = await collect(service.client, { amount: 250_000, currency: 'KES', rail: 'card', payer_card_token: 'AUTH_success' });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    const status = async (txid: string) => (await service.client.GET('/transactions/{id}', { params: { path: { id: txid } } })).data!.data.status;
    expect(await playUntil(service, async () => (await status(id)) === 'success')).toBe(true);
    const wallet = (await service.client.GET('/wallets', { params: { query: { owner_id: service.merchantId } } })).data!.data.find((w) => w.currency === 'KES')!;
    const before = await availableOf(service, wallet.id);

    const refunded = await refund(service.client, id, { amount: 100_000, reason: 'customer asked' }, randomUUID());
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    const refundId = refunded.data!.data.id;
    expect((await service.sql<{ provider: string }[]>`select provider from transactions where id = ${refundId}`)[0]?.provider).toBe('paystack');
    expect(emulator.state.refunds.find((r) => r.transactionReference === id)).toMatchObject({ amount: 100_000, status: 'pending' });
    emulator.finishPending();
    expect(await playUntil(service, async () => (await status(refundId)) !== 'pending')).toBe(true);
    expect(await status(refundId)).toBe('success');
    expect(emulator.deliveries).toContainEqual(expect.objectContaining({ event: 'refund.processed', reference: id, status: 200 }));
    expect(before - await availableOf(service, wallet.id)).toBe(100_000);
    expect((await eventCounts(service, refundId))['transaction.success']).toBe(1);
    await runJobs(service);
    expect(await availableOf(service, wallet.id)).toBe(before - 100_000);
    await expectBooksBalanced(service);
  });
});
