// The MTN MoMo connectors against the MoMo emulator (./emulator.ts) over real HTTP: collections,
// payouts and refunds with every failure reason mapped, the token cached and refreshed once under
// concurrency, an ambiguous timeout finished by the same X-Reference-Id (never paid twice),
// unsigned callbacks believed only through the status read, amounts MoMo cannot write refused.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMtnMomoProvider, mtnMomoConfigFromEnv, type MtnMomoConfig } from '../../../src/connectors/mtn-momo/index.ts';
import { payoutAttemptUuid } from '../../../src/payout-rails/attempt-reference.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError } from '../../../src/payout-rails/types.ts';
import { RailDeclinedError, RailOutageError, railFailureOf } from '../../../src/rails/errors.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.ts';
import { capturingLogger } from '../capturing-logger.ts';
import { postJson } from '../http-server.ts';
import { startMomoEmulator, type MomoEmulator } from './emulator.ts';

let clockMs = Date.parse('2026-11-28T10:00:00Z');
const now = () => clockMs;
let emulator: MomoEmulator;
let receiver: CallbackReceiver;
let logger: ReturnType<typeof capturingLogger>;
let provider: ReturnType<typeof createMtnMomoProvider>;
let config: MtnMomoConfig;

const payerPhone = '+256772000001';

beforeAll(async () => {
  emulator = await startMomoEmulator({ now, finalDelayMs: 30 });
  receiver = await startCallbackReceiver('mtn_momo', () => provider.callbackHandler);
});
afterAll(async () => {
  await receiver?.close();
  await emulator?.close();
});
beforeEach(() => {
  config = {
    baseUrl: emulator.url, targetEnvironment: emulator.targetEnvironment,
    collection: emulator.credentials.collection, disbursement: emulator.credentials.disbursement,
    callbackUrlBase: receiver.base, currencies: ['UGX', 'GHS', 'EUR'], fractionDigitsMax: 0, requestTimeoutMs: 3_000,
  };
  logger = capturingLogger();
  provider = createMtnMomoProvider(config, { logger, now });
  Object.assign(emulator.failures, { down: false, timeoutAfterAcceptMs: null, neverCallBack: false, duplicateCallback: false });
  emulator.scenarios.clear();
});
afterEach(() => {
  // Secrets never reach a log line: credentials, tokens, the Authorization header.
  const secrets = [config.collection.apiKey, config.collection.subscriptionKey, config.disbursement.apiKey, config.disbursement.subscriptionKey];
  for (const line of logger.lines) {
    for (const secret of secrets) expect(line).not.toContain(secret);
    expect(line).not.toMatch(/Bearer|Basic /);
  }
});

function collect(amount: number, phone = payerPhone, currency = 'UGX') {
  const transactionId = randomUUID();
  return { transactionId, started: provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount, currency, payer: { phone } }) };
}

async function outcomeFor(reference: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = receiver.outcomes.find((entry) => (entry.kind === 'payout' ? entry.outcome.providerReference : entry.outcome.providerReference) === reference);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no outcome for ${reference}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('MTN MoMo collections', () => {
  it('a request to pay is accepted, keyed by our transaction id, and its callback yields success once confirmed', async () => {
    const { transactionId, started } = collect(15_000);
    expect(await started).toEqual({ providerReference: transactionId, actionUrl: null, ussdCode: null });
    expect(emulator.held.get(transactionId)?.body).toMatchObject({ amount: '15000', currency: 'UGX', externalId: transactionId, payer: { partyIdType: 'MSISDN', partyId: '256772000001' } });
    const outcome = await outcomeFor(transactionId);
    expect(outcome).toEqual({ kind: 'collection', provider: 'mtn_momo', outcome: { providerReference: transactionId, rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId } });
  });

  it.each([
    ['APPROVAL_REJECTED', 'payer_declined'],
    ['NOT_ENOUGH_FUNDS', 'insufficient_funds'],
    ['PAYER_NOT_FOUND', 'account_closed'],
    ['EXPIRED', 'payer_declined'],
    ['INTERNAL_PROCESSING_ERROR', 'payer_declined'],
  ])('FAILED with %s ends the collection as %s', async (reason, failureReason) => {
    const phone = `+2567720${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    emulator.scenarios.set(phone.slice(1), { status: 'FAILED', reason });
    const { transactionId, started } = collect(500, phone);
    await started;
    expect((await outcomeFor(transactionId)).outcome).toMatchObject({ status: 'failed', failureReason });
  });

  it('a timeout after MoMo accepted is finished by the same X-Reference-Id: paid once, the original answer', async () => {
    emulator.failures.timeoutAfterAcceptMs = 8_000;
    const createdBefore = emulator.created.requesttopay;
    const { transactionId, started } = collect(2_000);
    const error = await started.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailOutageError);
    expect(railFailureOf(error)).toBe('rail_timed_out');
    emulator.failures.timeoutAfterAcceptMs = null;
    const retried = await provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 2_000, currency: 'UGX', payer: { phone: payerPhone } });
    expect(retried.providerReference).toBe(transactionId);
    expect(await provider.railConnectors.mobile_money.findCollection(transactionId)).toMatchObject({ providerReference: transactionId });
    // MoMo created one request to pay: the retry was answered 409 and read back, not sent again.
    expect(emulator.created.requesttopay).toBe(createdBefore + 1);
    // The same key with another amount is not the same request.
    await expect(provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 2_100, currency: 'UGX', payer: { phone: payerPhone } }))
      .rejects.toMatchObject({ declineCode: 'transaction_id_reused_with_different_request' });
  }, 30_000);

  it('MoMo down: an outage the breaker counts, and nothing held', async () => {
    emulator.failures.down = true;
    const { transactionId, started } = collect(1_000);
    const error = await started.catch((caught: unknown) => caught);
    expect(railFailureOf(error)).toBe('rail_unavailable');
    expect(emulator.held.has(transactionId)).toBe(false);
  });

  it('an amount MoMo cannot write is refused before anything is sent, naming amount; a currency it does not take names currency', async () => {
    const before = emulator.created.requesttopay;
    const fraction = await collect(1_050, payerPhone, 'GHS').started.catch((caught: unknown) => caught);
    expect(fraction).toBeInstanceOf(RailDeclinedError);
    expect(fraction).toMatchObject({ declineCode: 'invalid_amount', field: 'amount' });
    expect(railFailureOf(fraction)).toBe('rail_declined_request');
    await expect(collect(1_000, payerPhone, 'KES').started).rejects.toMatchObject({ declineCode: 'invalid_currency', field: 'currency' });
    expect(emulator.created.requesttopay).toBe(before);
    // Whole cedis are written with the ISO exponent: 1_500 pesewas -> "15".
    const { transactionId, started } = collect(1_500, payerPhone, 'GHS');
    await started;
    expect(emulator.held.get(transactionId)?.body.amount).toBe('15');
  });

  it('a forged callback changes nothing: the status read decides', async () => {
    emulator.scenarios.set('256772999999', { status: 'PENDING' });
    const { transactionId, started } = collect(700, '+256772999999');
    await started;
    // Forged: claims success for a pending request, and for a reference MoMo never held.
    expect(await postJson(`${receiver.base}/requesttopay/${transactionId}`, { status: 'SUCCESSFUL', externalId: transactionId, amount: '700', currency: 'UGX' })).toBe(200);
    const unknown = randomUUID();
    expect(await postJson(`${receiver.base}/requesttopay/${unknown}`, { status: 'SUCCESSFUL', externalId: unknown })).toBe(200);
    expect(await postJson(`${receiver.base}/elsewhere/${unknown}`, { status: 'SUCCESSFUL' })).toBe(404);
    const about = (reference: string) => receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === reference);
    expect([...about(transactionId), ...about(unknown)]).toEqual([]);
    // The real answer, when MoMo has one, is what the outcome says: failed, whatever the forger claimed.
    emulator.scenarios.set('256772999999', { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    await emulator.settle(transactionId);
    expect((await outcomeFor(transactionId)).outcome).toMatchObject({ status: 'failed', failureReason: 'payer_declined' });
  });

  it('a duplicated callback yields the same confirmed outcome again (the ingress deduplicates by reference)', async () => {
    emulator.failures.duplicateCallback = true;
    const { transactionId, started } = collect(800);
    await started;
    await outcomeFor(transactionId);
    const deadline = Date.now() + 5_000;
    while (receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === transactionId).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mine = receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === transactionId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toEqual(mine[1]);
  });

  it('a callback never sent is recovered by the status read (outcomeOf)', async () => {
    emulator.failures.neverCallBack = true;
    const { transactionId, started } = collect(900);
    await started;
    await emulator.settle(transactionId);
    expect(await provider.outcomeOf.collection(transactionId)).toMatchObject({ kind: 'collection', outcome: { status: 'success', transactionId } });
    expect(receiver.outcomes.some((entry) => entry.kind === 'collection' && entry.outcome.transactionId === transactionId)).toBe(false);
    expect(await provider.outcomeOf.collection(randomUUID())).toBeNull();
  });

  it('a refund goes through Disbursement refund and its outcome is confirmed like a collection', async () => {
    const { transactionId, started } = collect(5_000);
    await started;
    await outcomeFor(transactionId);
    const refundId = randomUUID();
    const refund = await provider.railConnectors.mobile_money.initiateRefund({ transactionId: refundId, parentProviderReference: transactionId, amount: 2_000, currency: 'UGX' });
    expect(refund.providerReference).toBe(refundId);
    expect(emulator.held.get(refundId)?.body).toMatchObject({ amount: '2000', referenceIdToRefund: transactionId });
    expect((await outcomeFor(refundId)).outcome).toMatchObject({ kind: 'refund', status: 'success', transactionId: refundId });
    await expect(provider.railConnectors.mobile_money.initiateRefund({ transactionId: randomUUID(), parentProviderReference: randomUUID(), amount: 1, currency: 'UGX' }))
      .rejects.toMatchObject({ declineCode: 'parent_not_found' });
  });
});

describe('MTN MoMo token', () => {
  it('one token per product under concurrency, refreshed once after expiry, and again after a 401', async () => {
    const issued = emulator.tokensIssued.collection;
    await Promise.all(Array.from({ length: 8 }, () => provider.railConnectors.mobile_money.findCollection(randomUUID())));
    expect(emulator.tokensIssued.collection).toBe(issued + 1);
    clockMs += 3_600_000;
    await Promise.all(Array.from({ length: 8 }, () => provider.railConnectors.mobile_money.findCollection(randomUUID())));
    expect(emulator.tokensIssued.collection).toBe(issued + 2);
    emulator.revokeTokens();
    expect(await provider.railConnectors.mobile_money.findCollection(randomUUID())).toBeNull();
    expect(emulator.tokensIssued.collection).toBe(issued + 3);
  });

  it('wrong credentials are an outage (never the payer\'s fault), and the key is not in the message', async () => {
    const wrong = createMtnMomoProvider({ ...config, collection: { ...config.collection, apiKey: 'wrong-key-value' } }, { logger, now });
    const error = await wrong.railConnectors.mobile_money.findCollection(randomUUID()).catch((caught: unknown) => caught);
    expect(railFailureOf(error)).toBe('rail_unavailable');
    expect(String((error as Error).message)).not.toContain('wrong-key-value');
  });
});

describe('MTN MoMo payouts', () => {
  function payout(amount: number, phone = '+256772000002') {
    const payoutId = randomUUID();
    return { payoutId, sent: provider.payoutConnectors.mobile_money.sendPayout({ payoutId, attempt: 0, merchantId: randomUUID(), amount, currency: 'UGX', destination: { destination_type: 'mobile_money', phone } }) };
  }

  it('a transfer keyed by (payoutId, attempt) succeeds through the confirmed callback', async () => {
    const { payoutId, sent } = payout(10_000);
    const receipt = await sent;
    expect(receipt.providerReference).toBe(payoutAttemptUuid(payoutId, 0));
    expect(emulator.held.get(receipt.providerReference)?.body).toMatchObject({ amount: '10000', externalId: `${payoutId}:0`, payee: { partyId: '256772000002' } });
    expect((await outcomeFor(receipt.providerReference)).outcome).toEqual({ payoutId, attempt: 0, providerReference: receipt.providerReference, status: 'success', failureReason: null });
  });

  it.each([
    ['PAYEE_NOT_FOUND', 'failed', 'invalid_account'],
    ['NOT_ENOUGH_FUNDS', 'transient_failure', 'rail_temporarily_unavailable'],
    ['SERVICE_UNAVAILABLE', 'transient_failure', 'rail_temporarily_unavailable'],
  ])('FAILED with %s: %s (%s)', async (reason, status, failureReason) => {
    const phone = `+2567730${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    emulator.scenarios.set(phone.slice(1), { status: 'FAILED', reason });
    const receipt = await payout(100, phone).sent;
    expect((await outcomeFor(receipt.providerReference)).outcome).toMatchObject({ status, failureReason });
  });

  it('a timeout after acceptance, then the send job\'s retry of the same attempt: one transfer, the same receipt', async () => {
    emulator.failures.timeoutAfterAcceptMs = 8_000;
    const { payoutId, sent } = payout(3_000);
    await expect(sent).rejects.toBeInstanceOf(PayoutRailOutageError);
    emulator.failures.timeoutAfterAcceptMs = null;
    const before = emulator.created.transfer;
    const receipt = await provider.payoutConnectors.mobile_money.sendPayout({ payoutId, attempt: 0, merchantId: randomUUID(), amount: 3_000, currency: 'UGX', destination: { destination_type: 'mobile_money', phone: '+256772000002' } });
    expect(receipt.providerReference).toBe(payoutAttemptUuid(payoutId, 0));
    expect(emulator.created.transfer).toBe(before);
  }, 30_000);

  it('an amount MoMo cannot write is declined before sending', async () => {
    const before = emulator.created.transfer;
    const error = await provider.payoutConnectors.mobile_money.sendPayout({ payoutId: randomUUID(), attempt: 0, merchantId: randomUUID(), amount: 1_050, currency: 'GHS', destination: { destination_type: 'mobile_money', phone: '+233240000001' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayoutSendDeclinedError);
    expect((error as Error).message).toMatch(/amount/);
    expect(emulator.created.transfer).toBe(before);
  });
});

describe('MTN MoMo settings', () => {
  it('none set: not configured; some set: refused, naming what is missing', () => {
    expect(mtnMomoConfigFromEnv({})).toBeNull();
    expect(() => mtnMomoConfigFromEnv({ MTN_MOMO_BASE_URL: 'https://proxy.momoapi.mtn.com' })).toThrow(/half-configured: set MTN_MOMO_TARGET_ENVIRONMENT/);
  });
});
