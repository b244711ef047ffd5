// POST /checkout-sessions/{id}/pay through the checkout SDK: the payer's rail choice and payer
// fields are checked, the collection goes through the POST /collections path (same rail call,
// same transaction.* events, same settlement into the merchant's wallet), and the session is
// completed by it. Replays, completed/expired sessions and compliance holds.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../src/domain/events.ts';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  createSession, insertSubMerchant, issued_client_tokens, mobile_money_success, payerClient, railInitiationCount, sessionRow, transactionsOfSession,
} from './checkout-helpers.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterEach(async () => { expect((await service.runtime.ledger.checkInvariants()).ok).toBe(true); });
afterAll(async () => { await service?.close(); });

type PayBody = {
  rail: 'mobile_money' | 'card' | 'bank' | 'ussd' | 'qr';
  payer_phone?: string | null; payer_card_token?: string | null; payer_account_ref?: string | null;
};

async function pay(session: { id: string; client_token: string }, body: PayBody, idempotencyKey = randomUUID(), placement: 'header' | 'query' = 'header') {
  return await payerClient(service, session.client_token, placement).POST('/checkout-sessions/{id}/pay', {
    params: { path: { id: session.id }, header: { 'Idempotency-Key': idempotencyKey } },
    body: body as never,
  });
}

function fieldsOf(result: { error?: unknown }): string[] {
  const details = (result.error as { error: { details?: { fields?: { field: string }[] } } }).error.details;
  return (details?.fields ?? []).map((f) => f.field);
}

async function walletBalance(merchantId: string, currency: string) {
  return await service.runtime.ledger.balance(walletAccountId(merchantId, currency));
}

async function expectStillOpenAndUnpaid(sessionId: string) {
  const row = await sessionRow(service.sql, sessionId);
  expect(row).toMatchObject({ status: 'open', claimed_transaction_id: null, collection_intent_id: null });
  expect(await transactionsOfSession(service.sql, sessionId)).toEqual([]);
}

describe('paying a checkout session', () => {
  it('creates the collection, completes the session and settles into the merchant wallet', async () => {
    const merchant = await service.createMerchant('Wallet check');
    const subMerchantId = await insertSubMerchant(service.sql, merchant.merchantId);
    const session = await createSession(merchant.client, { amount: 73_500, reference: 'order-pay-1', sub_merchant_id: subMerchantId });

    const paid = await pay(session, mobile_money_success);
    expect(paid.response.status).toBe(200);
    const transaction = paid.data!.data;
    expect(transaction).toMatchObject({
      merchant_id: merchant.merchantId, sub_merchant_id: subMerchantId, type: 'collection', rail: 'mobile_money',
      status: 'pending', amount: 73_500, currency: 'KES', reference: 'order-pay-1', parent_transaction_id: null,
      action_url: null, ussd_code: null, refunded_amount: 0,
    });
    expect(transaction.provider_reference).toMatch(/^MM-/);

    expect(await sessionRow(service.sql, session.id)).toMatchObject({
      status: 'completed', collection_intent_id: transaction.id, claimed_transaction_id: transaction.id,
    });
    const read = await payerClient(service, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    expect(read.data!.data.status).toBe('completed');

    // The merchant sees it like any collection.
    const merchantView = await merchant.client.GET('/transactions/{id}', { params: { path: { id: transaction.id } } });
    expect(merchantView.data!.data).toEqual(transaction);

    await service.runtime.deliverRailOutcomes();
    const settled = await merchant.client.GET('/collections/{id}', { params: { path: { id: transaction.id } } });
    expect(settled.data!.data.status).toBe('success');
    expect(await walletBalance(merchant.merchantId, 'KES')).toEqual({ available: 73_500n, pending: 0n });
  });

  it('emits the same transaction.* events as a direct POST /collections', async () => {
    const session = await createSession(service.client, { amount: 5_000, currency: 'KES', reference: 'same-events' });
    const viaCheckout = (await pay(session, mobile_money_success)).data!.data;
    const direct = (await service.client.POST('/collections', {
      body: { amount: 5_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'same-events' },
    })).data!.data;
    await service.runtime.deliverRailOutcomes();

    const checkoutEvents = await eventsOf(service.sql, viaCheckout.id);
    const directEvents = await eventsOf(service.sql, direct.id);
    expect(checkoutEvents.map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success']);
    expect(checkoutEvents.map((e) => e.type)).toEqual(directEvents.map((e) => e.type));
    for (const [index, event] of checkoutEvents.entries()) {
      const twin = directEvents[index]!;
      expect(Object.keys(event.data).sort()).toEqual(Object.keys(twin.data).sort());
      expect({ ...event.data, transaction_id: null, occurred_at: null }).toEqual({ ...twin.data, transaction_id: null, occurred_at: null });
      expect(event.data.transaction_id).toBe(viaCheckout.id);
      expect(event.resource_type).toBe(twin.resource_type);
    }
    // Same resource shape as a direct collection, apart from ids, references and times.
    const strip = (t: Record<string, unknown>) => ({ ...t, id: null, provider_reference: null, created_at: null, updated_at: null });
    expect(strip(viaCheckout)).toEqual(strip(direct));
  });

  it('returns action_url for a card challenge and ussd_code for the mobile-money fallback', async () => {
    const cardSession = await createSession(service.client, { allowed_rails: ['card'] });
    const card = await pay(cardSession, { rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    expect(card.response.status).toBe(200);
    expect(card.data!.data).toMatchObject({ rail: 'card', status: 'pending', ussd_code: null });
    expect(card.data!.data.action_url).toMatch(/\/card\/3ds\/CARD-/);

    const mmSession = await createSession(service.client, { allowed_rails: ['mobile_money'] });
    const fallback = await pay(mmSession, { rail: 'mobile_money', payer_phone: '+254700000003' }, randomUUID(), 'query');
    expect(fallback.response.status).toBe(200);
    expect(fallback.data!.data.ussd_code).toMatch(/^\*384\*\d+#$/);
    expect(fallback.data!.data.action_url).toBeNull();
  });

  it.each([
    ['bank', { rail: 'bank', payer_account_ref: 'acct_sandbox_success' }],
    ['ussd', { rail: 'ussd', payer_phone: '+254712345678' }],
    ['qr', { rail: 'qr' }],
  ] as const)('pays over %s', async (_rail, body) => {
    const session = await createSession(service.client);
    const paid = await pay(session, body);
    expect(paid.response.status).toBe(200);
    expect(paid.data!.data.rail).toBe(body.rail);
    expect((await sessionRow(service.sql, session.id)).status).toBe('completed');
  });

  it('refuses a rail outside allowed_rails with 422 body.rail, and nothing is created', async () => {
    const session = await createSession(service.client, { allowed_rails: ['card'] });
    const result = await pay(session, mobile_money_success);
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result)).toEqual(['body.rail']);
    await expectStillOpenAndUnpaid(session.id);
  });

  it.each([
    ['mobile_money without payer_phone', { rail: 'mobile_money' }, 'body.payer_phone'],
    ['mobile_money with a null payer_phone', { rail: 'mobile_money', payer_phone: null }, 'body.payer_phone'],
    ['ussd without payer_phone', { rail: 'ussd', payer_card_token: 'tok_sandbox_success' }, 'body.payer_phone'],
    ['card without payer_card_token', { rail: 'card', payer_phone: '+254712345678' }, 'body.payer_card_token'],
    ['bank without payer_account_ref', { rail: 'bank' }, 'body.payer_account_ref'],
    ['a malformed phone', { rail: 'mobile_money', payer_phone: 'call me' }, 'body.payer_phone'],
    ['an unknown rail', { rail: 'paypal' }, 'body.rail'],
  ])('refuses %s with 422', async (_name, body, field) => {
    const session = await createSession(service.client);
    const result = await pay(session, body as PayBody);
    expect(result.response.status).toBe(422);
    expect(result.error!.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result)).toContain(field);
    await expectStillOpenAndUnpaid(session.id);
  });

  it('refuses a raw card number with 422 and never echoes or logs it', async () => {
    const session = await createSession(service.client, { allowed_rails: ['card'] });
    for (const pan of ['4111 1111 1111 1111', '4111111111111111', '5500-0000-0000-0004']) {
      const result = await pay(session, { rail: 'card', payer_card_token: pan });
      expect(result.response.status).toBe(422);
      expect(new Set(fieldsOf(result))).toEqual(new Set(['body.payer_card_token']));
      expect(JSON.stringify(result.error).includes(pan.slice(0, 4))).toBe(false);
    }
    expect(JSON.stringify(service.logs).includes('4111')).toBe(false);
    await expectStillOpenAndUnpaid(session.id);
  });

  it('answers a same-key replay with the original transaction; a new key on a completed session is 422 (session)', async () => {
    const session = await createSession(service.client);
    const key = randomUUID();
    const first = await pay(session, mobile_money_success, key);
    expect(first.response.status).toBe(200);
    const replay = await pay(session, mobile_money_success, key, 'query');
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    // The replay is answered from the record even after the outcome changed the transaction.
    await service.runtime.deliverRailOutcomes();
    const later = await pay(session, mobile_money_success, key);
    expect(later.data!.data).toEqual(first.data!.data);

    const second = await pay(session, mobile_money_success);
    expect(second.response.status).toBe(422);
    expect(second.error!.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(second)).toEqual(['session']);
    const conflict = await pay(session, { rail: 'card', payer_card_token: 'tok_sandbox_success' }, key);
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');

    // A key is bound to its session: the same key on another session is a conflict.
    const elsewhere = await pay(await createSession(service.client), mobile_money_success, key);
    expect(elsewhere.response.status).toBe(409);

    const rows = await transactionsOfSession(service.sql, session.id);
    expect(rows.map((r) => r.id)).toEqual([first.data!.data.id]);
    expect(await railInitiationCount(service.sql, [first.data!.data.id])).toBe(1);
  });

  it('replays a completed pay with its original result even after the merchant was suspended', async () => {
    const merchant = await service.createMerchant('Suspended after paying');
    const session = await createSession(merchant.client);
    const key = randomUUID();
    const first = await pay(session, mobile_money_success, key);
    expect(first.response.status).toBe(200);
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    const replay = await pay(session, mobile_money_success, key);
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    const fresh = await pay(session, mobile_money_success);
    expect(fresh.response.status).toBe(403);
  });

  it('keeps the session completed when the rail later fails the collection (the collection exists)', async () => {
    const merchant = await service.createMerchant('Failing payer');
    const session = await createSession(merchant.client);
    const paid = await pay(session, { rail: 'mobile_money', payer_phone: '+254700000001' });
    await service.runtime.deliverRailOutcomes();
    const failed = await merchant.client.GET('/transactions/{id}', { params: { path: { id: paid.data!.data.id } } });
    expect(failed.data!.data.status).toBe('failed');
    expect((await eventsOf(service.sql, paid.data!.data.id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.failed']);
    expect((await sessionRow(service.sql, session.id)).status).toBe('completed');
    expect(await walletBalance(merchant.merchantId, 'KES') ?? { available: 0n, pending: 0n }).toEqual({ available: 0n, pending: 0n });
  });

  it('refuses a pay on an expired session with 422 (session)', async () => {
    const session = await createSession(service.client);
    await service.sql`update checkout_sessions set expires_at = now() - interval '1 millisecond' where id = ${session.id}`;
    const result = await pay(session, mobile_money_success);
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result)).toEqual(['session']);
    expect(result.error!.error.message).toMatch(/expired/);
    expect(await transactionsOfSession(service.sql, session.id)).toEqual([]);
  });

  it('holds the pay of a suspended merchant or sub-merchant (403 COMPLIANCE_HOLD), then accepts it once lifted', async () => {
    const merchant = await service.createMerchant('Held');
    const session = await createSession(merchant.client);
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    const held = await pay(session, mobile_money_success);
    expect(held.response.status).toBe(403);
    expect(held.error!.error.code).toBe('COMPLIANCE_HOLD');
    await setMerchantStatus(service.sql, merchant.merchantId, 'frozen');
    expect((await pay(session, mobile_money_success)).response.status).toBe(403);
    await expectStillOpenAndUnpaid(session.id);
    await setMerchantStatus(service.sql, merchant.merchantId, 'active');
    expect((await pay(session, mobile_money_success)).response.status).toBe(200);

    const subMerchantId = await insertSubMerchant(service.sql, service.merchantId);
    const attributed = await createSession(service.client, { sub_merchant_id: subMerchantId });
    await service.sql`update sub_merchants set status = 'suspended' where id = ${subMerchantId}`;
    const subHeld = await pay(attributed, mobile_money_success);
    expect(subHeld.response.status).toBe(403);
    expect(subHeld.error!.error.code).toBe('COMPLIANCE_HOLD');
    await expectStillOpenAndUnpaid(attributed.id);
  });

  it('applies the token rules to pay: wrong token or unknown session 404, neither or both 422, Idempotency-Key required', async () => {
    const session = await createSession(service.client);
    const other = await createSession(service.client);
    const wrong = await pay({ id: session.id, client_token: other.client_token }, mobile_money_success);
    expect(wrong.response.status).toBe(404);
    expect(wrong.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    const unknown = await pay({ id: randomUUID(), client_token: session.client_token }, mobile_money_success);
    expect(unknown.response.status).toBe(404);

    const url = `${service.baseUrl}/checkout-sessions/${session.id}/pay`;
    const body = JSON.stringify(mobile_money_success);
    const json = { 'Content-Type': 'application/json' };
    const neither = await rawRequest(url, { method: 'POST', body, headers: { ...json, 'Idempotency-Key': randomUUID() } });
    expect(neither.status).toBe(422);
    expect(neither.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual(['client_token']);
    const both = await rawRequest(`${url}?client_token=${session.client_token}`, {
      method: 'POST', body, headers: { ...json, 'Idempotency-Key': randomUUID(), 'X-Checkout-Token': session.client_token },
    });
    expect(both.status).toBe(422);
    expect(both.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual(['client_token']);
    const noKey = await rawRequest(url, { method: 'POST', body, headers: { ...json, 'X-Checkout-Token': session.client_token } });
    expect(noKey.status).toBe(422);
    expect(noKey.body.error.details.fields.map((f: { field: string }) => f.field)).toContain('header.idempotency-key');
    await expectStillOpenAndUnpaid(session.id);
  });

  // Last: every session of this file has been created, read and paid by now.
  it('never writes a client_token or payer reference to a log line', async () => {
    const session = await createSession(service.client);
    await pay(session, { rail: 'mobile_money', payer_phone: '+254799999999' }, randomUUID(), 'query');
    await pay(session, { rail: 'mobile_money', payer_phone: '+254799999999' }); // the 422 of a completed session
    await pay({ id: randomUUID(), client_token: session.client_token }, mobile_money_success); // a 404
    expect(issued_client_tokens.length).toBeGreaterThan(20);
    const logs = JSON.stringify(service.logs);
    for (const token of issued_client_tokens) expect(logs.includes(token)).toBe(false);
    expect(logs.includes('254799999999')).toBe(false);
  });

  it('logged no unexpected error (no 500) in this file', () => {
    expect(service.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
