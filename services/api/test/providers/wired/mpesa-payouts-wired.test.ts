// M-Pesa payouts, partner withdrawals and reversals wired end to end (issue 24): built from MPESA_*
// and routed by PROVIDER_ROUTES as deployed, through the public APIs. A B2C payout's result
// callback is believed only through Daraja's Transaction Status query (forged result and status
// callbacks change nothing); KES 1,500.50, which M-Pesa cannot write (whole shillings), is a 422
// naming the amount at POST /payouts, in a bulk item, for a scheduled payout and for a partner
// withdrawal, with nothing created or held (decision 0760); a partner withdrawal goes out by B2C
// (decision 0762); an M-Pesa collection is refunded by Daraja's Reversal API. The Daraja emulator
// (test/connectors/mpesa/emulator.ts) follows Safaricom's published contract over real HTTP.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, refund } from '../../collections/helpers.ts';
import type { TestService } from '../../helpers/service.ts';
import { createBatch, createPayout, destinationRef, payoutTestEnv, runJobs } from '../../payouts/helpers.ts';
import type { MpesaEmulator } from '../../connectors/mpesa/emulator.ts';
import { createTestPartner, deposit, newWallet, availableOf as partnerAvailable, type TestPartner } from '../../partner/helpers.ts';
import { payoutAttemptUuid } from '../../../src/payout-rails/attempt-reference.ts';
import { availableOf, cardFundedWallet, countOf, eventCounts, expectBooksBalanced, fieldsOf, payoutRow, payoutStatus, playUntil } from './payout-helpers.ts';
import { startMpesaWired } from './wired-services.ts';

let service: TestService;
let emulator: MpesaEmulator;
let walletId: string;
let partner: TestPartner;

beforeAll(async () => {
  ({ service, emulator } = await startMpesaWired({ ...payoutTestEnv, PROVIDER_ROUTES: 'collection mobile_money KES * = mpesa; payout mobile_money KES * = mpesa' }));
  walletId = await cardFundedWallet(service, 'KES', 5_000_000);
  partner = await createTestPartner(service, 'M-Pesa Partner');
}, 60_000);
afterAll(async () => {
  await service?.close();
  await emulator?.close();
});
beforeEach(() => {
  Object.assign(emulator.failures, { down: false, timeoutAfterAcceptMs: null, neverCallBack: false, duplicateCallback: false, answerStatusFirst: false });
});

const postCallback = async (path: string, body: unknown) => (await fetch(`${service.origin}/provider-callbacks/mpesa/${path}`, {
  method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
})).status;
const statusQueries = async () => (await service.sql<{ n: number }[]>`select count(*)::int as n from provider_references where provider = 'mpesa' and kind = 'status_query'`)[0]!.n;

async function payout(amount: number, ref: string, extra: { scheduled_at?: string } = {}) {
  return await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount, currency: 'KES', ...extra });
}

describe('M-Pesa B2C payouts through the public API', () => {
  it('believes a B2C result only through the Transaction Status query; forged callbacks change nothing', async () => {
    emulator.failures.neverCallBack = true; // Daraja's own Result is lost: only our forgeries arrive, then we replay it.
    const ref = await destinationRef(service.client, '+254712345678');
    const before = await availableOf(service, walletId);
    const created = await payout(250_000, ref);
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    await runJobs(service);
    const originator = payoutAttemptUuid(id, 0);
    const movement = [...emulator.movements.values()].find((m) => m.originatorConversationId === originator)!;
    expect(movement).toMatchObject({ kind: 'b2c', shillings: 2_500, party: '254712345678' });
    while (movement.resultCode === null) await new Promise((resolve) => setTimeout(resolve, 10));

    const recorded = await countOf(service, 'provider_outcomes');
    // A Result for a send we never made, and a status "answer" to a query we never asked.
    expect(await postCallback('b2c/result', { Result: { ResultCode: 0, OriginatorConversationID: randomUUID(), ConversationID: 'AG_1', TransactionID: 'X' } })).toBe(200);
    expect(await postCallback('status/result', { Result: { ResultCode: 0, OriginatorConversationID: originator, ConversationID: 'AG_FORGED',
      ResultParameters: { ResultParameter: [{ Key: 'TransactionStatus', Value: 'Completed' }] } } })).toBe(200);
    await runJobs(service);
    expect(await countOf(service, 'provider_outcomes')).toBe(recorded);
    expect(await payoutStatus(service, id)).toBe('processing');
    expect(before - await availableOf(service, walletId)).toBe(250_000); // held, not paid

    // Daraja's Result arrives (late): it claims a failure, but the status query Daraja answers says Completed.
    emulator.failures.neverCallBack = false;
    const asked = await statusQueries();
    expect(await postCallback('b2c/result', { Result: { ResultType: 0, ResultCode: 2001, ResultDesc: 'claimed failure', OriginatorConversationID: originator,
      ConversationID: movement.conversationId, TransactionID: movement.receipt } })).toBe(200);
    expect(await playUntil(service, async () => (await payoutStatus(service, id)) !== 'processing')).toBe(true);
    expect(await statusQueries()).toBeGreaterThan(asked);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'success', provider: 'mpesa' });
    expect(before - await availableOf(service, walletId)).toBe(250_000);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.success': 1 });
    expect([...emulator.movements.values()].filter((m) => m.originatorConversationId === originator)).toHaveLength(1);
    await expectBooksBalanced(service);
  });

  it('KES 1,500.50 is a 422 naming the amount at request time, for a payout, a bulk item and a scheduled payout, with nothing created or held', async () => {
    const ref = await destinationRef(service.client, '+254712345679');
    const before = await availableOf(service, walletId);
    const [payouts, batches, movements] = [await countOf(service, 'payouts'), await countOf(service, 'payout_batches'), emulator.movements.size];

    const single = await payout(150_050, ref);
    expect(single.response.status).toBe(422);
    expect(single.error).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(fieldsOf(single.error)).toEqual(['body.amount']);
    expect(JSON.stringify(single.error)).toMatch(/whole shillings/);

    const scheduled = await payout(150_050, ref, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.response.status).toBe(422);
    expect(fieldsOf(scheduled.error)).toEqual(['body.amount']);

    const bulk = await createBatch(service.client, { wallet_id: walletId, payouts: [
      { destination_type: 'mobile_money', destination_ref: ref, amount: 150_000, currency: 'KES' },
      { destination_type: 'mobile_money', destination_ref: ref, amount: 150_050, currency: 'KES' },
      { destination_type: 'mobile_money', destination_ref: ref, amount: 99, currency: 'KES' },
    ] });
    expect(bulk.response.status).toBe(422);
    expect(fieldsOf(bulk.error)).toEqual(['body.payouts[1].amount', 'body.payouts[2].amount']);

    // The same key may be used again once the amount is right: the refusal bound nothing.
    const key = randomUUID();
    expect((await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 150_050, currency: 'KES' }, key)).response.status).toBe(422);
    await runJobs(service);
    expect([await countOf(service, 'payouts'), await countOf(service, 'payout_batches'), emulator.movements.size]).toEqual([payouts, batches, movements]);
    expect(await availableOf(service, walletId)).toBe(before);
    const fixed = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 150_000, currency: 'KES' }, key);
    expect(fixed.response.status, JSON.stringify(fixed.error)).toBe(200);
    expect(await playUntil(service, async () => (await payoutStatus(service, fixed.data!.data.id)) === 'success')).toBe(true);
    expect(before - await availableOf(service, walletId)).toBe(150_000);
    await expectBooksBalanced(service);
  });
});

describe('partner withdrawals routed to M-Pesa', () => {
  async function partnerDestination(phone: string): Promise<string> {
    const { data, error, response } = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone } });
    expect(response.status, JSON.stringify(error)).toBe(200);
    return data!.data.destinationRef;
  }
  const withdraw = (walletId2: string, amount: number, destinationRef: string) => partner.client.POST('/wallets/{walletId}/withdrawals', {
    params: { path: { walletId: walletId2 }, header: { 'X-Idempotency-Key': randomUUID() } }, body: { amount, destinationRef, reference: 'cash-out' },
  });
  const withdrawalStatus = async (id: string) => (await partner.client.GET('/withdrawals/{withdrawalId}', { params: { path: { withdrawalId: id } } })).data!.data.status;

  it('goes out by B2C, its provider recorded, settled through the one outcome path', async () => {
    const wallet = await newWallet(partner.client, 'KES');
    await deposit(partner.client, wallet.id, 1_000_000);
    const ref = await partnerDestination('+254712345670');
    const created = await withdraw(wallet.id, 400_000, ref);
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    expect(await playUntil(service, async () => (await withdrawalStatus(id)) !== 'pending')).toBe(true);
    expect(await withdrawalStatus(id)).toBe('success');
    expect((await service.sql<{ provider: string }[]>`select provider from partner_movements where id = ${id}`)[0]?.provider).toBe('mpesa');
    expect([...emulator.movements.values()].filter((m) => m.originatorConversationId === payoutAttemptUuid(id, 0))).toMatchObject([{ kind: 'b2c', shillings: 4_000, resultCode: 0 }]);
    expect((await service.sql<{ provider: string; applied: boolean }[]>`
      select provider, applied_at is not null as applied from provider_outcomes where kind = 'payout' and body->>'payoutId' = ${id}`)).toEqual([{ provider: 'mpesa', applied: true }]);
    expect(await partnerAvailable(partner.client, wallet.id)).toBe(600_000);
    await expectBooksBalanced(service);
  });

  it('KES 1,500.50 is a 422 naming body.amount, nothing reserved', async () => {
    const wallet = await newWallet(partner.client, 'KES');
    await deposit(partner.client, wallet.id, 1_000_000);
    const ref = await partnerDestination('+254712345671');
    const movements = await countOf(service, 'partner_movements');
    const refused = await withdraw(wallet.id, 150_050, ref);
    expect(refused.response.status).toBe(422);
    expect(fieldsOf(refused.error)).toEqual(['body.amount']);
    expect(await countOf(service, 'partner_movements')).toBe(movements);
    expect(await partnerAvailable(partner.client, wallet.id)).toBe(1_000_000);
  });
});

describe('refunds of M-Pesa collections', () => {
  it('are Daraja reversals of the payment, confirmed by a status query', async () => {
    const created = await collect(service.client, { amount: 300_000, currency: 'KES', rail: 'mobile_money', payer_phone: '254712345672' });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    const status = async (txid: string) => (await service.client.GET('/transactions/{id}', { params: { path: { id: txid } } })).data!.data.status;
    expect(await playUntil(service, async () => (await status(id)) === 'success')).toBe(true);
    const before = await availableOf(service, walletId);
    const refunded = await refund(service.client, id, { amount: 100_000 });
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    const refundId = refunded.data!.data.id;
    expect(await playUntil(service, async () => (await status(refundId)) !== 'pending')).toBe(true);
    expect(await status(refundId)).toBe('success');
    expect([...emulator.movements.values()].filter((m) => m.kind === 'reversal' && m.shillings === 1_000)).toHaveLength(1);
    expect(before - await availableOf(service, walletId)).toBe(100_000);
    expect((await eventCounts(service, refundId))['transaction.success']).toBe(1);
    await expectBooksBalanced(service);
  });
});
