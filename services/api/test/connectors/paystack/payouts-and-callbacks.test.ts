// The Paystack payout rails, webhooks and settlement reports against the emulated Paystack (real
// HTTP, Paystack's OpenAPI description checking both directions): transfers that succeed, fail
// and are reversed, a timeout after sending that never sends twice, refused recipients; signed
// callbacks (valid, tampered, wrong key, missing); settlements in our units.
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutSend } from '../../../src/payout-rails/types.ts';
import { paystackSkipReason, testSecretKey, usePaystackFixture } from '../../support/paystack-emulator/fixture.ts';

if (paystackSkipReason) console.warn(`test/connectors/paystack/payouts-and-callbacks.test.ts skipped: ${paystackSkipReason}`);

function bankPayout(accountNumber: string, amount = 1_200_000): PayoutSend {
  return {
    payoutId: randomUUID(), attempt: 0, merchantId: randomUUID(), amount, currency: 'NGN',
    destination: { destination_type: 'bank', bank_code: '058', account_number: accountNumber, account_name: 'Ada Obi' },
  };
}

describe.skipIf(paystackSkipReason !== null)('Paystack payout rails, callbacks and settlements', () => {
  const f = usePaystackFixture();
  const payouts = () => f.provider.payoutConnectors;
  const payoutOutcomesOf = (payoutId: string) => f.outcomes.filter((o) => o.kind === 'payout' && o.outcome.payoutId === payoutId).map((o) => o.outcome);
  const waitForTransfers = async () => {
    // Transfers end a moment after they are queued (handlers.ts); their webhooks follow.
    while ([...f.emulator.state.transfers.values()].some((t) => t.status === 'pending')) await new Promise((r) => setTimeout(r, 10));
    await f.emulator.webhooksSent();
  };

  it('pays a bank account through a recipient and a transfer; transfer.success is the attempt success', async () => {
    const send = bankPayout('0123456789');
    const receipt = await payouts().bank.sendPayout(send);
    expect(receipt.providerReference).toMatch(/^TRF_\d+$/);
    await waitForTransfers();
    expect(payoutOutcomesOf(send.payoutId)).toEqual([{ payoutId: send.payoutId, attempt: 0, providerReference: receipt.providerReference, status: 'success', failureReason: null }]);
    expect(f.emulator.state.transfers.get(`${send.payoutId}_0`)).toMatchObject({ amount: 1_200_000, currency: 'NGN' });
    expect(await payouts().bank.outcomeOf(send.payoutId, 0)).toMatchObject({ status: 'success' });
    expect(await payouts().bank.outcomeOf(send.payoutId, 1)).toBeNull();
  });

  it('a failed transfer is a transient failure, a reversed one a permanent failure', async () => {
    const failing = bankPayout('0123456701');
    const reversed = bankPayout('0123456702');
    await payouts().bank.sendPayout(failing);
    await payouts().bank.sendPayout(reversed);
    await waitForTransfers();
    expect(payoutOutcomesOf(failing.payoutId)).toMatchObject([{ status: 'transient_failure', failureReason: 'rail_temporarily_unavailable' }]);
    expect(payoutOutcomesOf(reversed.payoutId)).toMatchObject([{ status: 'failed', failureReason: 'invalid_account' }]);
  });

  it('a timeout after sending never sends twice: the retry is answered from /transfer/verify', async () => {
    const send = bankPayout('0123456789', 50_000);
    f.emulator.inject({ method: 'POST', template: '/transfer', mode: 'late' });
    const error = await payouts().bank.sendPayout(send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayoutRailOutageError);
    const receipt = await payouts().bank.sendPayout(send);
    expect([...f.emulator.state.transfers.values()].filter((t) => t.reference === `${send.payoutId}_0`)).toHaveLength(1);
    expect(receipt.providerReference).toBe(f.emulator.state.transfers.get(`${send.payoutId}_0`)?.code);
    await expect(payouts().bank.sendPayout({ ...send, amount: 50_001 })).rejects.toBeInstanceOf(PayoutSendDeclinedError);
    await waitForTransfers();
  });

  it('pays a mobile wallet; refuses an account Paystack cannot resolve; waits out a short balance', async () => {
    const wallet: PayoutSend = { ...bankPayout('x'), currency: 'GHS', amount: 30_000, destination: { destination_type: 'mobile_money', phone: '+233551234987' } };
    await payouts().mobile_money.sendPayout(wallet);
    expect([...f.emulator.state.recipients.values()]).toContainEqual(expect.objectContaining({ type: 'mobile_money', accountNumber: '0551234987', bankCode: 'mtn' }));
    await expect(payouts().bank.sendPayout(bankPayout('9999999999'))).rejects.toMatchObject({ reason: 'invalid_account' });
    f.emulator.state.balance = 10;
    await expect(payouts().bank.sendPayout(bankPayout('0123456789'))).rejects.toBeInstanceOf(PayoutRailOutageError);
    f.emulator.state.balance = 10_000_000_000;
    await waitForTransfers();
  });

  describe('webhook signatures', () => {
    const chargeEvent = (reference: string) => Buffer.from(JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 1_000, currency: 'NGN', channel: 'card', gateway_response: 'Approved', metadata: { payagg_transaction_id: reference, payagg_rail: 'card' } },
    }));
    const sign = (body: Buffer, key: string) => createHmac('sha512', key).update(body).digest('hex');
    const handle = (body: Buffer, headers: Record<string, string>) => f.provider.callbackHandler.handle({ path: '', rawBody: body, headers, remoteAddress: '127.0.0.1' });

    it('accepts a body signed with the secret key', async () => {
      const reference = randomUUID();
      const body = chargeEvent(reference);
      const answer = await handle(body, { 'x-paystack-signature': sign(body, testSecretKey) });
      expect(answer.reply.status).toBe(200);
      expect(answer.outcomes).toEqual([{ kind: 'collection', provider: 'paystack', outcome: expect.objectContaining({ transactionId: reference, status: 'success' }) }]);
    });

    it('refuses a tampered body, another key, and no signature: no outcome, 401', async () => {
      const body = chargeEvent(randomUUID());
      const signature = sign(body, testSecretKey);
      const tampered = Buffer.from(body.toString('utf8').replace('"amount":1000', '"amount":9000'));
      for (const [rawBody, headers] of [
        [tampered, { 'x-paystack-signature': signature }],
        [body, { 'x-paystack-signature': sign(body, 'sk_test_someoneelse') }],
        [body, {}],
        [body, { 'x-paystack-signature': 'not-hex' }],
      ] as const) {
        const answer = await handle(rawBody, headers);
        expect(answer).toEqual({ outcomes: [], reply: { status: 401, body: { error: 'invalid signature' } } });
      }
    });

    it('answers 400 to a signed body that is not a JSON object', async () => {
      for (const text of ['null', '[1]', 'not json']) {
        const body = Buffer.from(text);
        expect(await handle(body, { 'x-paystack-signature': sign(body, testSecretKey) })).toMatchObject({ outcomes: [], reply: { status: 400 } });
      }
    });

    it('acknowledges events that are not ours or not outcomes, with no outcome', async () => {
      for (const event of [
        { event: 'charge.success', data: { reference: 'T123dashboard', status: 'success', amount: 1, currency: 'NGN', channel: 'card' } },
        { event: 'subscription.create', data: {} },
      ]) {
        const body = Buffer.from(JSON.stringify(event));
        expect(await handle(body, { 'x-paystack-signature': sign(body, testSecretKey) })).toMatchObject({ outcomes: [], reply: { status: 200 } });
      }
    });

    it('the emulator\'s webhooks verify end to end, and a receiver that answers 5xx is sent the event again', async () => {
      expect(f.replies.length).toBeGreaterThan(0);
      expect(f.replies.every((status) => status === 200)).toBe(true);
      const reference = randomUUID();
      f.emulator.setCallbackUrl(`${f.emulator.url}/no-such-receiver`);
      f.emulator.queueWebhook('charge.success', reference, {});
      await f.emulator.webhooksSent();
      expect(f.emulator.deliveries.filter((d) => d.reference === reference).map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
      f.emulator.setCallbackUrl(f.callbackUrl);
    });
  });

  it('settlement reports come out as records in our minor units with their fees', async () => {
    const { railConnectors } = f.provider;
    const charges = [randomUUID(), randomUUID()];
    for (const [index, transactionId] of charges.entries()) {
      await railConnectors.card.initiateCollection({ transactionId, merchantId: randomUUID(), amount: 10_000 * (index + 1), currency: 'NGN', payer: { cardToken: 'AUTH_ok' } });
    }
    const [settlement] = f.emulator.settle();
    const records = await f.provider.settlementReports.recentRecords(1);
    expect(records.map((r) => r.providerReference).sort()).toEqual([...charges].sort());
    expect(records.find((r) => r.providerReference === charges[1])).toEqual({
      settlementId: String(settlement!.id), providerReference: charges[1], amount: 20_000, currency: 'NGN', status: 'success',
      settledAt: settlement!.settlementDate, fee: f.emulator.state.charges.get(charges[1]!)!.fees,
      transactionStatus: 'success', paidAt: f.emulator.state.charges.get(charges[1]!)!.paidAt, createdAt: f.emulator.state.charges.get(charges[1]!)!.createdAt,
    });
  });

  it('a request Paystack\'s description refuses is caught by the emulator', async () => {
    const response = await fetch(`${f.emulator.url}/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${testSecretKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: '12.50' }),
    });
    expect(response.status).toBe(400);
    expect(f.emulator.violations.join('\n')).toMatch(/email/);
    f.emulator.violations.length = 0;
  });
});
