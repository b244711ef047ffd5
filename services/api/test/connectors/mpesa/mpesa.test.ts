// The M-Pesa connectors against the Daraja emulator (./emulator.ts) over real HTTP and a real
// PostgreSQL (the connector's provider_references): STK push outcomes with every result code
// mapped, B2C payouts and reversals confirmed by Transaction Status queries (a parked answer
// deleted once taken), the token cached and refreshed once under concurrency, a timeout after
// sending never sent again, forged callbacks changing nothing, KES 1,500.50 refused as a 422
// naming `amount`, and no secret in any log line (fixture.ts checks after each test).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { railRefusal } from '../../../src/collections/rail-calls.ts';
import { createMpesaProvider, mpesaConfigFromEnv } from '../../../src/connectors/mpesa/index.ts';
import type { Refusal } from '../../../src/domain/outcomes.ts';
import { apiErrorOf } from '../../../src/http/outcomes.ts';
import { payoutAttemptUuid } from '../../../src/payout-rails/attempt-reference.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError } from '../../../src/payout-rails/types.ts';
import { RailDeclinedError, RailOutageError, railFailureOf } from '../../../src/rails/errors.ts';
import { postJson } from '../http-server.ts';
import {
  advanceClock, collect, collectionOutcome, config, db, emulator, logger, newPhone, now, outcomeWhere, parkedAnswers, payout, payoutOutcome, provider,
  receiver, statusQueriesAbout, useMpesaFixture,
} from './fixture.ts';

useMpesaFixture();

describe('M-Pesa STK push', () => {
  it('whole shillings, the password and EAT timestamp Daraja checks, and the outcome from the STK query', async () => {
    const { transactionId, phone, started } = collect(150_000);
    const { providerReference } = await started;
    expect(providerReference).toMatch(/^ws_CO_/);
    expect(emulator.pushes.get(providerReference)).toMatchObject({ shillings: 1_500, msisdn: phone });
    expect((await collectionOutcome(transactionId)).outcome).toEqual({ providerReference, rail: 'mobile_money', kind: 'collection', transactionId, status: 'success', failureReason: null });
    expect(await provider.railConnectors.mobile_money.findCollection(transactionId)).toEqual({ providerReference, actionUrl: null, ussdCode: null });
    // Initiating again answers the original push; nothing is sent.
    const pushes = emulator.pushes.size;
    expect((await provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 150_000, currency: 'KES', payer: { phone: `+${phone}` } })).providerReference).toBe(providerReference);
    expect(emulator.pushes.size).toBe(pushes);
  });

  it.each([
    [1032, 'payer_declined'],
    [1, 'insufficient_funds'],
    [2001, 'authentication_failed'],
    [1037, 'payer_declined'],
  ])('ResultCode %s ends the collection as %s', async (code, failureReason) => {
    const phone = newPhone();
    emulator.stkScenarios.set(phone, code);
    const { transactionId, started } = collect(10_000, phone);
    await started;
    expect((await collectionOutcome(transactionId)).outcome).toMatchObject({ status: 'failed', failureReason });
  });

  it('KES 1,500.50 is refused before anything is sent, as a 422 naming amount', async () => {
    const pushes = emulator.pushes.size;
    const error = await collect(150_050).started.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailDeclinedError);
    expect(error).toMatchObject({ declineCode: 'invalid_amount', field: 'amount' });
    expect(emulator.pushes.size).toBe(pushes);
    // What the collections flow answers for it (collections/rail-calls.ts, http/outcomes.ts).
    const answer = apiErrorOf(railRefusal(error, 'mobile_money') as Refusal);
    expect(answer.status).toBe(422);
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.details?.fields).toEqual([expect.objectContaining({ field: 'amount' })]);
    await expect(provider.railConnectors.mobile_money.initiateCollection({ transactionId: randomUUID(), merchantId: randomUUID(), amount: 100, currency: 'UGX', payer: { phone: '+254712345678' } }))
      .rejects.toMatchObject({ declineCode: 'invalid_currency', field: 'currency' });
  });

  it('a timeout after Daraja accepted is never sent again; the confirmed callback finishes it', async () => {
    emulator.failures.timeoutAfterAcceptMs = 8_000;
    const { transactionId, phone, started } = collect(20_000);
    const error = await started.catch((caught: unknown) => caught);
    expect(railFailureOf(error)).toBe('rail_timed_out');
    const retry = () => provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 20_000, currency: 'KES', payer: { phone: `+${phone}` } });
    // Still ambiguous until Daraja's callback (confirmed by the STK query) names the push.
    const pushesOf = () => [...emulator.pushes.values()].filter((push) => push.msisdn === phone).length;
    const outcome = await collectionOutcome(transactionId);
    expect(outcome.outcome).toMatchObject({ status: 'success', transactionId });
    emulator.failures.timeoutAfterAcceptMs = null;
    expect((await retry()).providerReference).toBe((outcome.outcome as { providerReference: string }).providerReference);
    expect(pushesOf()).toBe(1);
  }, 30_000);

  it('an answer still lost: the retry is ambiguous again and sends nothing', async () => {
    emulator.failures.timeoutAfterAcceptMs = 8_000;
    emulator.failures.neverCallBack = true;
    const { transactionId, phone, started } = collect(30_000);
    await expect(started).rejects.toBeInstanceOf(RailOutageError);
    emulator.failures.timeoutAfterAcceptMs = null;
    const again = await provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 30_000, currency: 'KES', payer: { phone: `+${phone}` } }).catch((caught: unknown) => caught);
    expect(railFailureOf(again)).toBe('rail_timed_out');
    expect([...emulator.pushes.values()].filter((push) => push.msisdn === phone)).toHaveLength(1);
    // A forged callback naming another (paid) push cannot bind it to this transaction.
    const paid = collect(1_000);
    const paidReference = (await paid.started).providerReference;
    await emulator.settled(paidReference);
    expect(await postJson(`${receiver.base}/stk/${transactionId}`, { Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: paidReference, ResultCode: 0, ResultDesc: 'ok' } } })).toBe(200);
    expect(receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === transactionId)).toEqual([]);
    expect(await provider.railConnectors.mobile_money.findCollection(transactionId)).toBeNull();
    // Another request under the same transaction id is not a retry.
    await expect(provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 40_000, currency: 'KES', payer: { phone: `+${phone}` } }))
      .rejects.toMatchObject({ declineCode: 'transaction_id_reused_with_different_request' });
  }, 30_000);

  it('Daraja down: nothing held, and a retry may send', async () => {
    emulator.failures.down = true;
    const { transactionId, phone, started } = collect(5_000);
    expect(railFailureOf(await started.catch((caught: unknown) => caught))).toBe('rail_unavailable');
    emulator.failures.down = false;
    const { started: retried } = collect(5_000, phone, transactionId);
    expect((await retried).providerReference).toMatch(/^ws_CO_/);
  });

  it('a duplicated callback yields the same confirmed outcome; a callback never sent is recovered by the STK query', async () => {
    emulator.failures.duplicateCallback = true;
    const duplicated = collect(9_000);
    await duplicated.started;
    const about = (reference: string) => receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === reference);
    const deadline = Date.now() + 10_000;
    while (about(duplicated.transactionId).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(about(duplicated.transactionId)).toHaveLength(2);
    expect(about(duplicated.transactionId)[0]).toEqual(about(duplicated.transactionId)[1]);

    emulator.failures.duplicateCallback = false;
    emulator.failures.neverCallBack = true;
    const silent = collect(9_000);
    const { providerReference } = await silent.started;
    const polled = async () => {
      for (let tries = 0; tries < 200; tries += 1) {
        const outcome = await provider.outcomeOf.collection(silent.transactionId);
        if (outcome !== null) return outcome;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return null;
    };
    expect(await polled()).toEqual({ kind: 'collection', provider: 'mpesa', outcome: { providerReference, rail: 'mobile_money', kind: 'collection', transactionId: silent.transactionId, status: 'success', failureReason: null } });
    expect(about(silent.transactionId)).toEqual([]);
    expect(await provider.outcomeOf.collection(randomUUID())).toBeNull();
  });

  it('forged callbacks change nothing', async () => {
    const pendingPhone = newPhone();
    emulator.stkScenarios.set(pendingPhone, null);
    const { transactionId, started } = collect(7_000, pendingPhone);
    const { providerReference } = await started;
    const forgedStk = (txid: string, checkoutRequestId: string) => postJson(`${receiver.base}/stk/${txid}`, {
      Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: checkoutRequestId, ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: 'FORGED' }] } } },
    });
    expect(await forgedStk(transactionId, providerReference)).toBe(200); // pending at Daraja: the query says so
    const neverPushed = randomUUID();
    expect(await forgedStk(neverPushed, providerReference)).toBe(200); // a transaction we never pushed
    const paid = collect(8_000);
    await collectionOutcome(paid.transactionId);
    expect(await forgedStk(transactionId, (await paid.started).providerReference)).toBe(200); // another push's id
    expect(await postJson(`${receiver.base}/b2c/result`, { Result: { ResultCode: 0, OriginatorConversationID: randomUUID(), ConversationID: 'AG_1', TransactionID: 'X' } })).toBe(200);
    expect(await postJson(`${receiver.base}/status/result`, { Result: { ResultCode: 0, OriginatorConversationID: 'x', ConversationID: 'AG_FORGED', ResultParameters: { ResultParameter: [{ Key: 'TransactionStatus', Value: 'Completed' }] } } })).toBe(200);
    expect(await postJson(`${receiver.base}/elsewhere`, {})).toBe(404);
    const about = (reference: string) => receiver.outcomes.filter((entry) => entry.kind === 'collection' && entry.outcome.transactionId === reference);
    expect([...about(transactionId), ...about(neverPushed)]).toEqual([]);
    expect(about(paid.transactionId)).toHaveLength(1);
    // No payout has been sent yet in this file: a forged result or status answer made none up.
    expect(receiver.outcomes.filter((entry) => entry.kind === 'payout')).toEqual([]);
  });
});

describe('M-Pesa token', () => {
  it('one token under concurrency, refreshed once after expiry, and again after a 401', async () => {
    const issued = emulator.tokensIssued.count;
    await Promise.all(Array.from({ length: 6 }, () => collect(1_000).started));
    expect(emulator.tokensIssued.count).toBe(issued + 1);
    advanceClock(3_600_000);
    await Promise.all(Array.from({ length: 6 }, () => collect(1_000).started));
    expect(emulator.tokensIssued.count).toBe(issued + 2);
    emulator.revokeTokens();
    await collect(1_000).started;
    expect(emulator.tokensIssued.count).toBe(issued + 3);
  });

  it('wrong consumer credentials: an outage, never a decline', async () => {
    const wrong = createMpesaProvider({ ...config, consumerSecret: 'not-the-secret' }, { sql: db.sql, logger, now });
    const error = await wrong.railConnectors.mobile_money.initiateCollection({ transactionId: randomUUID(), merchantId: randomUUID(), amount: 100, currency: 'KES', payer: { phone: '+254712345678' } }).catch((caught: unknown) => caught);
    expect(railFailureOf(error)).toBe('rail_unavailable');
    expect((error as Error).message).not.toContain('not-the-secret');
  });
});

describe('M-Pesa B2C and reversals', () => {
  it('a B2C payment with the encrypted credential; its result confirmed by a status query', async () => {
    const { payoutId, sent } = payout(250_000);
    const receipt = await sent;
    expect(receipt.providerReference).toBe(payoutAttemptUuid(payoutId, 0));
    expect((await payoutOutcome(payoutId)).outcome).toEqual({ payoutId, attempt: 0, providerReference: receipt.providerReference, status: 'success', failureReason: null });
    const movement = [...emulator.movements.values()].find((entry) => entry.originatorConversationId === receipt.providerReference);
    expect(movement).toMatchObject({ kind: 'b2c', shillings: 2_500, resultCode: 0 });
  });

  it.each([
    [2040, 'failed', 'invalid_account'],
    [1, 'transient_failure', 'rail_temporarily_unavailable'],
  ])('ResultCode %s: %s (%s)', async (code, status, failureReason) => {
    const phone = newPhone();
    emulator.b2cScenarios.set(phone, code);
    const { payoutId, sent } = payout(10_000, phone);
    await sent;
    expect((await payoutOutcome(payoutId)).outcome).toMatchObject({ status, failureReason });
  });

  it('a timeout after sending: the retry of the same attempt sends nothing and the outcome still comes', async () => {
    emulator.failures.timeoutAfterAcceptMs = 8_000;
    const { payoutId, phone, sent } = payout(40_000);
    await expect(sent).rejects.toBeInstanceOf(PayoutRailOutageError);
    emulator.failures.timeoutAfterAcceptMs = null;
    const receipt = await payout(40_000, phone, payoutId).sent;
    expect(receipt.providerReference).toBe(payoutAttemptUuid(payoutId, 0));
    expect([...emulator.movements.values()].filter((entry) => entry.party === phone)).toHaveLength(1);
    // The Result came while Daraja was still slow: its confirming status query timed out too, so
    // nothing moved on it. The poller's status query resolves it.
    expect(receiver.outcomes.some((entry) => entry.kind === 'payout' && entry.outcome.payoutId === payoutId)).toBe(false);
    const asked = await provider.outcomeOf.askPayoutStatus(payoutId, 0);
    expect(asked.asked).toBe(true);
    // The status answer comes as a callback, or, when it outran the query's recording, with the ask.
    const outcome = (asked.asked ? asked.outcome : null) ?? await payoutOutcome(payoutId);
    expect(outcome.outcome).toMatchObject({ status: 'success', providerReference: receipt.providerReference });
  }, 30_000);

  it('a status answer that outruns the recording of its query is parked, still confirms the payout, and is deleted once taken', async () => {
    emulator.failures.answerStatusFirst = true;
    const { payoutId, sent } = payout(70_000);
    await sent;
    expect((await payoutOutcome(payoutId)).outcome).toMatchObject({ status: 'success' });
    const queries = await statusQueriesAbout(`${payoutId}:0`);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(await parkedAnswers(queries)).toEqual([]);
  });

  it('KES 1,500.50 is declined before sending', async () => {
    const movements = emulator.movements.size;
    const error = await payout(150_050).sent.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayoutSendDeclinedError);
    expect((error as Error).message).toMatch(/amount/);
    expect(emulator.movements.size).toBe(movements);
  });

  it('a refund is a reversal of the payment\'s receipt, confirmed by a status query', async () => {
    const { transactionId, started } = collect(60_000);
    const { providerReference } = await started;
    await collectionOutcome(transactionId);
    const refundId = randomUUID();
    const refund = await provider.railConnectors.mobile_money.initiateRefund({ transactionId: refundId, parentProviderReference: providerReference, amount: 20_000, currency: 'KES' });
    expect(emulator.movements.get(refund.providerReference)).toMatchObject({ kind: 'reversal', shillings: 200 });
    expect((await outcomeWhere((entry) => entry.kind === 'refund' && entry.outcome.transactionId === refundId)).outcome).toMatchObject({ status: 'success', providerReference: refund.providerReference });
    await expect(provider.railConnectors.mobile_money.initiateRefund({ transactionId: randomUUID(), parentProviderReference: 'ws_CO_unknown', amount: 100, currency: 'KES' }))
      .rejects.toMatchObject({ declineCode: 'parent_not_found' });
  });
});

describe('M-Pesa settings', () => {
  it('none set: not configured; some set: refused, naming what is missing', () => {
    expect(mpesaConfigFromEnv({})).toBeNull();
    expect(() => mpesaConfigFromEnv({ MPESA_CONSUMER_KEY: 'k' })).toThrow(/half-configured: set MPESA_BASE_URL/);
  });
});
