// The Paystack collection rails against the emulated Paystack (real HTTP; every request and answer
// checked against Paystack's own OpenAPI description): charges on each rail, declines, insufficient
// funds, a timeout after sending resolved by verify without a second charge, outages, refunds,
// reversals, amounts Paystack cannot take, and the secret key never in a log line or an error.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { RailDeclinedError, RailOutageError, railFailureOf } from '../../../src/rails/errors.ts';
import type { CollectionInitiation } from '../../../src/rails/types.ts';
import { paystackSkipReason, startPaystackFixture, testSecretKey, usePaystackFixture } from '../../support/paystack-emulator/fixture.ts';

if (paystackSkipReason) console.warn(`test/connectors/paystack/collections.test.ts skipped: ${paystackSkipReason}`);

function card(token: string, amount = 250_000, currency = 'NGN'): CollectionInitiation {
  return { transactionId: randomUUID(), merchantId: randomUUID(), amount, currency, payer: { cardToken: token } };
}

describe.skipIf(paystackSkipReason !== null)('Paystack collection rails', () => {
  const f = usePaystackFixture();
  const rails = () => f.provider.railConnectors;
  const chargesPosted = () => f.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/charge').length;

  it('charges a saved card; charge.success arrives signed and becomes the collection success', async () => {
    const request = card('AUTH_success');
    const result = await rails().card.initiateCollection(request);
    expect(result).toEqual({ providerReference: request.transactionId, actionUrl: null, ussdCode: null });
    await f.emulator.webhooksSent();
    expect(f.outcomes).toContainEqual({
      kind: 'collection', provider: 'paystack',
      outcome: { providerReference: request.transactionId, rail: 'card', kind: 'collection', status: 'success', failureReason: null, transactionId: request.transactionId },
    });
    expect(await rails().card.outcomeOf(request.transactionId)).toMatchObject({ status: 'success' });
    expect(f.emulator.state.charges.get(request.transactionId)).toMatchObject({ amount: 250_000, currency: 'NGN', email: `${request.transactionId}@payments.payagg.test` });
  });

  it('a declined card and a card without funds are failed collections, learned by the status query', async () => {
    const declined = card('AUTH_declined');
    const poor = card('AUTH_insufficient');
    await rails().card.initiateCollection(declined);
    await rails().card.initiateCollection(poor);
    expect(await rails().card.outcomeOf(declined.transactionId)).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect(await rails().card.outcomeOf(poor.transactionId)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    await f.emulator.webhooksSent();
    expect(f.outcomes.filter((o) => o.kind === 'collection' && [declined.transactionId, poor.transactionId].includes(o.outcome.transactionId))).toEqual([]);
  });

  it('mobile money waits for the payer; insufficient funds and a payer who never approves fail', async () => {
    const base = { merchantId: randomUUID(), amount: 5_000, currency: 'GHS' };
    const ok = { ...base, transactionId: randomUUID(), payer: { phone: '+233551230000' } };
    const poor = { ...base, transactionId: randomUUID(), payer: { phone: '+233551230001' } };
    const silent = { ...base, transactionId: randomUUID(), payer: { phone: '+233551230002' } };
    for (const request of [ok, poor, silent]) {
      expect(await rails().mobile_money.initiateCollection(request)).toEqual({ providerReference: request.transactionId, actionUrl: null, ussdCode: null });
    }
    expect(await rails().mobile_money.outcomeOf(ok.transactionId)).toBeNull();
    f.emulator.finishPending();
    await f.emulator.webhooksSent();
    expect(f.outcomes.some((o) => o.kind === 'collection' && o.outcome.transactionId === ok.transactionId && o.outcome.status === 'success')).toBe(true);
    expect(await rails().mobile_money.outcomeOf(poor.transactionId)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect(await rails().mobile_money.outcomeOf(silent.transactionId)).toMatchObject({ status: 'failed', failureReason: 'payer_declined' });
    expect(f.emulator.state.charges.get(ok.transactionId)).toMatchObject({ channel: 'mobile_money' });
  });

  it('ussd answers the code to dial; bank charges take the bank code and account number', async () => {
    const ussd = { transactionId: randomUUID(), merchantId: randomUUID(), amount: 10_000, currency: 'NGN', payer: { phone: '+2348030000000' } };
    const result = await rails().ussd.initiateCollection(ussd);
    expect(result.ussdCode).toMatch(/^\*737\*000\*\d+#$/);
    const bank = { transactionId: randomUUID(), merchantId: randomUUID(), amount: 10_000, currency: 'NGN', payer: { accountRef: '057:0000000000' } };
    await rails().bank.initiateCollection(bank);
    f.emulator.finishPending();
    expect(await rails().bank.outcomeOf(bank.transactionId)).toMatchObject({ status: 'success', rail: 'bank' });
    await expect(rails().bank.initiateCollection({ ...bank, transactionId: randomUUID(), payer: { accountRef: 'acct_123' } }))
      .rejects.toMatchObject({ declineCode: 'payer_account_ref_invalid', field: 'payer_account_ref' });
  });

  it('a timeout after sending is resolved by verify on the retry: one charge, the same reference', async () => {
    const request = card('AUTH_success', 7_500);
    f.emulator.inject({ method: 'POST', template: '/charge', mode: 'late' });
    const error = await rails().card.initiateCollection(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailOutageError);
    expect(railFailureOf(error)).toBe('rail_timed_out');
    expect(await rails().card.findCollection(request.transactionId)).toEqual({ providerReference: request.transactionId, actionUrl: null, ussdCode: null });
    const before = chargesPosted();
    expect(await rails().card.initiateCollection(request)).toEqual({ providerReference: request.transactionId, actionUrl: null, ussdCode: null });
    expect(chargesPosted()).toBe(before + 1);
    expect([...f.emulator.state.charges.values()].filter((c) => c.reference === request.transactionId)).toHaveLength(1);
    // The same id with another amount is not the same request.
    await expect(rails().card.initiateCollection({ ...request, amount: 7_501 })).rejects.toMatchObject({ declineCode: 'transaction_id_reused_with_different_request' });
  });

  it('a 5xx to /charge is ambiguous, a dropped connection too; a refused connection is certain', async () => {
    f.emulator.inject({ method: 'POST', template: '/charge', mode: 'status', status: 500 });
    expect(railFailureOf(await rails().card.initiateCollection(card('AUTH_success')).catch((e: unknown) => e))).toBe('rail_timed_out');
    f.emulator.inject({ method: 'POST', template: '/charge', mode: 'status', status: 503 });
    expect(railFailureOf(await rails().card.initiateCollection(card('AUTH_success')).catch((e: unknown) => e))).toBe('rail_unavailable');
    f.emulator.inject({ method: 'POST', template: '/charge', mode: 'drop' });
    expect(railFailureOf(await rails().card.initiateCollection(card('AUTH_success')).catch((e: unknown) => e))).toBe('rail_timed_out');
    const { createPaystackProvider, resolvePaystackConfig } = await import('../../../src/connectors/paystack/index.ts');
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createPaystackProvider(resolvePaystackConfig({ secretKey: testSecretKey, baseUrl: `http://127.0.0.1:${port}`, customerEmailDomain: 'x.test' }), { logger: { info() {}, warn() {}, error() {} } });
    const refused = await nowhere.railConnectors.card.initiateCollection(card('AUTH_success')).catch((e: unknown) => e);
    expect(refused).toMatchObject({ outageCause: 'provider_down' });
  });

  it('refunds through POST /refund; refund.processed becomes the refund success; a retry never refunds twice', async () => {
    const collection = card('AUTH_success', 100_000);
    await rails().card.initiateCollection(collection);
    const refund = { transactionId: randomUUID(), parentProviderReference: collection.transactionId, amount: 40_000, currency: 'NGN' };
    f.emulator.inject({ method: 'POST', template: '/refund', mode: 'late' });
    expect(railFailureOf(await rails().card.initiateRefund(refund).catch((e: unknown) => e))).toBe('rail_timed_out');
    const first = await rails().card.initiateRefund(refund);
    expect(await rails().card.initiateRefund(refund)).toEqual(first);
    expect(f.emulator.state.refunds.filter((r) => r.transactionReference === collection.transactionId)).toHaveLength(1);
    f.emulator.finishPending();
    await f.emulator.webhooksSent();
    expect(f.outcomes).toContainEqual({
      kind: 'refund', provider: 'paystack',
      outcome: { providerReference: first.providerReference, rail: 'card', kind: 'refund', status: 'success', failureReason: null, transactionId: refund.transactionId },
    });
    await expect(rails().card.initiateRefund({ ...refund, transactionId: randomUUID(), amount: 60_001 })).rejects.toMatchObject({ declineCode: 'refund_exceeds_refundable_amount' });
    await expect(rails().card.initiateRefund({ ...refund, transactionId: randomUUID(), parentProviderReference: randomUUID() })).rejects.toMatchObject({ declineCode: 'parent_not_found' });
  });

  it('a refund Paystack fails is a refund_rejected outcome', async () => {
    const collection = card('AUTH_refundfails', 20_000);
    await rails().card.initiateCollection(collection);
    const refund = { transactionId: randomUUID(), parentProviderReference: collection.transactionId, amount: 20_000, currency: 'NGN' };
    await rails().card.initiateRefund(refund);
    f.emulator.finishPending();
    await f.emulator.webhooksSent();
    expect(f.outcomes.find((o) => o.kind === 'refund' && o.outcome.transactionId === refund.transactionId)?.outcome)
      .toMatchObject({ status: 'failed', failureReason: 'refund_rejected' });
  });

  it('reverses a collection as a refund of the whole amount, once; the reversal is no refund outcome', async () => {
    const collection = card('AUTH_success', 33_300);
    await rails().card.initiateCollection(collection);
    const reversal = await rails().card.reverseCollection({ transactionId: collection.transactionId, reason: 'could not be recorded' });
    expect(reversal).toMatchObject({ collectionProviderReference: collection.transactionId, amount: 33_300, currency: 'NGN' });
    expect(await rails().card.reverseCollection({ transactionId: collection.transactionId, reason: 'again' })).toEqual(reversal);
    await expect(rails().card.initiateCollection(collection)).rejects.toMatchObject({ declineCode: 'collection_reversed' });
    await expect(rails().card.reverseCollection({ transactionId: randomUUID(), reason: 'x' })).rejects.toMatchObject({ declineCode: 'collection_not_found' });
    const pending = card('AUTH_pending');
    await rails().card.initiateCollection(pending);
    expect(railFailureOf(await rails().card.reverseCollection({ transactionId: pending.transactionId, reason: 'x' }).catch((e: unknown) => e))).toBe('rail_timed_out');
    f.emulator.finishPending();
    await f.emulator.webhooksSent();
    expect(f.outcomes.filter((o) => o.kind === 'refund' && o.outcome.transactionId === collection.transactionId)).toEqual([]);
  });

  it('refuses with 422-bound declines naming amount or currency what Paystack cannot take', async () => {
    await expect(rails().card.initiateCollection(card('AUTH_success', 1_000, 'UGX'))).rejects.toMatchObject({ declineCode: 'invalid_currency', field: 'currency' });
    const wholeShillings = await startPaystackFixture({ amountExponents: { KES: 0 } });
    try {
      const mpesa = { merchantId: randomUUID(), currency: 'KES', payer: { phone: '+254712345678' } };
      const error = await wholeShillings.provider.railConnectors.mobile_money.initiateCollection({ ...mpesa, transactionId: randomUUID(), amount: 150_050 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RailDeclinedError);
      expect(error).toMatchObject({ declineCode: 'invalid_amount', field: 'amount' });
      const ok = { ...mpesa, transactionId: randomUUID(), amount: 150_000 };
      await wholeShillings.provider.railConnectors.mobile_money.initiateCollection(ok);
      expect(wholeShillings.emulator.state.charges.get(ok.transactionId)?.amount).toBe(1_500);
      expect(wholeShillings.emulator.requests.filter((r) => r.path === '/charge')).toHaveLength(1);
      expect(wholeShillings.emulator.violations).toEqual([]);
    } finally {
      await wholeShillings.close();
    }
  }, 60_000);

  it('a refused secret key is an outage, and the key is in no log line and no error', async () => {
    const wrongKey = 'sk_test_ffffffffffffffffffffffffffffffffffffffff';
    const { createPaystackProvider, resolvePaystackConfig } = await import('../../../src/connectors/paystack/index.ts');
    const lines: string[] = [];
    const log = (message: string, fields?: Record<string, unknown>) => { lines.push(JSON.stringify({ message, ...fields })); };
    const wrong = createPaystackProvider(resolvePaystackConfig({ secretKey: wrongKey, baseUrl: f.emulator.url, customerEmailDomain: 'x.test' }), { logger: { info: log, warn: log, error: log } });
    const error = await wrong.railConnectors.card.initiateCollection(card('AUTH_success')).catch((e: unknown) => e);
    expect(error).toMatchObject({ outageCause: 'provider_down' });
    const everything = [...lines, ...f.logLines, String(error), JSON.stringify(error), String((error as Error).cause)].join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain(testSecretKey);
    expect(everything).not.toContain(testSecretKey.slice(8));
  });
});
