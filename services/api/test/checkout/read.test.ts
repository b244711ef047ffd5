// GET /checkout-sessions/{id}, the payer's read: authorised by the client_token alone (header or
// query, exactly one), public shape only (the test service validates responses against spec/),
// and `expired` once expires_at has passed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { createSession, payerClient } from './checkout-helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const public_fields = ['allowed_rails', 'amount', 'currency', 'expires_at', 'id', 'merchant_display_name', 'merchant_id', 'payment', 'reference', 'status'];

describe('GET /checkout-sessions/{id}', () => {
  it('reads the public view with the token in the X-Checkout-Token header, without merchant credentials', async () => {
    const session = await createSession(service.client, { amount: 42_000, reference: 'order-read', allowed_rails: ['card', 'mobile_money'] });
    let sentHeaders: Headers | undefined;
    const payer = payerClient(service, session.client_token);
    payer.use({ onRequest({ request }) { sentHeaders = request.headers; return undefined; } });
    const read = await payer.GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    expect(read.response.status).toBe(200);
    expect([...sentHeaders!.keys()].filter((name) => name.startsWith('x-service-'))).toEqual([]);
    const view = read.data!.data as Record<string, unknown>;
    expect(Object.keys(view).sort()).toEqual(public_fields);
    expect(view).toEqual({
      id: session.id, merchant_id: service.merchantId, amount: 42_000, currency: 'KES', reference: 'order-read',
      allowed_rails: ['card', 'mobile_money'], status: 'open', expires_at: session.expires_at,
      merchant_display_name: 'Test Merchant', payment: null,
    });
    // Never the token, nor the merchant-private fields.
    const text = JSON.stringify(read.data);
    expect(text.includes(session.client_token)).toBe(false);
    for (const hidden of ['client_token', 'checkout_url', 'sub_merchant_id', 'collection_intent_id', 'created_at', 'updated_at']) {
      expect(view).not.toHaveProperty(hidden);
    }
  });

  it('reads with the token in the client_token query parameter', async () => {
    const session = await createSession(service.client);
    const read = await payerClient(service, session.client_token, 'query').GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data!.data.id).toBe(session.id);
  });

  it('answers 422 (field client_token) for neither or both token forms', async () => {
    const session = await createSession(service.client);
    const url = `${service.baseUrl}/checkout-sessions/${session.id}`;
    const neither = await rawRequest(url);
    expect(neither.status).toBe(422);
    expect(neither.body.error.code).toBe('VALIDATION_ERROR');
    expect(neither.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual(['client_token']);
    const both = await rawRequest(`${url}?client_token=${session.client_token}`, { headers: { 'X-Checkout-Token': session.client_token } });
    expect(both.status).toBe(422);
    expect(both.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual(['client_token']);
    // Even two copies of the right token, or an empty one: exactly one token is the rule.
    const emptyHeader = await rawRequest(url, { headers: { 'X-Checkout-Token': '' } });
    expect(emptyHeader.status).toBe(422);
    const twice = await rawRequest(`${url}?client_token=${session.client_token}&client_token=${session.client_token}`);
    expect(twice.status).toBe(422);
  });

  it('does not accept the merchant key in place of the token', async () => {
    const session = await createSession(service.client);
    const read = await rawRequest(`${service.baseUrl}/checkout-sessions/${session.id}`, { headers: signedHeaders(service.key) });
    expect(read.status).toBe(422);
  });

  it('answers the same 404 for a wrong token, another session\'s token and an unknown session', async () => {
    const session = await createSession(service.client);
    const other = await createSession(service.client);
    const tampered = `${session.client_token.slice(0, -1)}${session.client_token.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await payerClient(service, tampered).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    const swapped = await payerClient(service, other.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    const unknown = await payerClient(service, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: randomUUID() } } });
    for (const result of [wrong, swapped, unknown]) {
      expect(result.response.status).toBe(404);
      expect(result.error!.error.code).toBe('RESOURCE_NOT_FOUND');
      expect(result.error!.error.message).toBe(unknown.error!.error.message);
    }
    const notUuid = await rawRequest(`${service.baseUrl}/checkout-sessions/not-a-uuid`, { headers: { 'X-Checkout-Token': session.client_token } });
    expect(notUuid.status).toBe(422);
  });

  it('reads a session past expires_at as expired', async () => {
    const session = await createSession(service.client);
    await service.sql`update checkout_sessions set expires_at = now() - interval '1 second' where id = ${session.id}`;
    const read = await payerClient(service, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    expect(read.data!.data.status).toBe('expired');
    // Expiry is a read-time view: the row itself is not rewritten.
    const [row] = await service.sql`select status from checkout_sessions where id = ${session.id}`;
    expect(row!.status).toBe('open');
  });
});

describe('session lifetime (CHECKOUT_SESSION_LIFETIME_MINUTES, app clock)', () => {
  let clocked: TestService;
  let clockMs = Date.now();
  beforeAll(async () => {
    clocked = await startTestService({ env: { CHECKOUT_SESSION_LIFETIME_MINUTES: '5' }, now: () => clockMs });
  });
  afterAll(async () => { await clocked?.close(); });

  it('expires a session exactly CHECKOUT_SESSION_LIFETIME_MINUTES after creation', async () => {
    clockMs = Date.now();
    const created = clockMs;
    const session = await createSession(clocked.client);
    expect(Date.parse(session.expires_at) - created).toBe(5 * 60_000);
    const read = () => payerClient(clocked, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });

    clockMs = created + 5 * 60_000 - 1;
    expect((await read()).data!.data.status).toBe('open');
    clockMs = created + 5 * 60_000;
    expect((await read()).data!.data.status).toBe('expired');
    // And a pay after expiry is refused (422, field session); nothing reaches a rail.
    const pay = await payerClient(clocked, session.client_token).POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: session.id } }, body: { rail: 'mobile_money', payer_phone: '+254712345678' },
    });
    expect(pay.response.status).toBe(422);
    expect(pay.error!.error.details!.fields!.map((f) => f.field)).toEqual(['session']);
    const [count] = await clocked.sql`select count(*)::int as n from sandbox_rail_initiations`;
    expect(count!.n).toBe(0);
  });
});
