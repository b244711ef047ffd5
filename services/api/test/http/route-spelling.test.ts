// One matcher decides which spec operation a request is (src/http/route-match.ts), and both
// authentication and dispatch use its answer. A path that is not exactly a spec path is a 404
// envelope, whoever asks and however it is spelled: case, trailing slash, double slash, `%2F`,
// dot segments, percent-escaped letters. Before this, `/V1/users` reached the handler without
// authentication (the router matched case-insensitively, the authenticator did not) and answered
// 500 from the handler's own principal check; `/v1/USERS` and `/v1/users/` were served.
// Requests go out with rawTargetRequest: fetch would normalise some of these spellings away.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTargetRequest, signedHeaders, type RawResponse } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { createSession } from '../checkout/checkout-helpers.ts';
import { allRailInitiationCount } from '../checkout/checkout-helpers.ts';

// Each test below sends a few hundred real requests.
const test_timeout_ms = 120_000;

let service: TestService;
let collectionId: string;

beforeAll(async () => {
  service = await startTestService();
  const created = await service.client.POST('/collections', {
    body: { amount: 1_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' },
    params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  expect(created.response.status).toBe(200);
  collectionId = created.data!.data.id;
});
afterAll(async () => { await service?.close(); });

function expectNotFound(res: RawResponse, target: string): void {
  expect(res.status, `${target}: ${res.text}`).toBe(404);
  expect(res.body).toEqual({ data: null, error: { code: 'RESOURCE_NOT_FOUND', message: expect.any(String) }, meta: { request_id: expect.any(String) } });
  expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
}

/** Every way of misspelling `exact` (which starts with /v1/) that some component might read as it. */
function misspellings(exact: string): string[] {
  const rest = exact.slice('/v1/'.length); // e.g. users, collections/<id>/refunds
  const [first, ...others] = rest.split('/');
  const tail = others.length > 0 ? `/${others.join('/')}` : '';
  return [
    `/V1/${rest}`,
    `/v1/${first!.toUpperCase()}${tail}`,
    `/v1/${first![0]!.toUpperCase()}${first!.slice(1)}${tail}`,
    `/V1/${rest.toUpperCase()}`,
    `${exact}/`,
    `${exact}//`,
    `/v1//${rest}`,
    `//v1/${rest}`,
    `/v1%2F${rest}`,
    `/v1%2f${rest}`,
    `/v1/${rest.replaceAll('/', '%2F')}`,
    `${exact}%2F`,
    `/v1/./${rest}`,
    `/v1/../v1/${rest}`,
    `/v1/${first}/.${tail}`,
    `/v1/%2e/${rest}`,
    `/v1/%2E%2E/v1/${rest}`,
    `/v1/${first}/x/..${tail}`,
    `/v1/%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}${tail}`,
    `/v1\\${rest}`,
    `/v1/${first};x${tail}`,
    `/v1/${rest}%00`,
    `/v1/${rest}%20`,
  ].filter((target) => target !== exact);
}

type Probe = { method: 'GET' | 'POST'; exact: string; body?: string; idempotent?: boolean };

const collection_body = JSON.stringify({ amount: 1_500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });

const probes = (): Probe[] => [
  { method: 'GET', exact: '/v1/users' },
  { method: 'GET', exact: '/v1/transactions' },
  { method: 'GET', exact: `/v1/collections/${collectionId}` },
  { method: 'GET', exact: `/v1/transactions/${collectionId}` },
  { method: 'POST', exact: '/v1/collections', body: collection_body, idempotent: true },
  { method: 'POST', exact: '/v1/checkout-sessions', body: JSON.stringify({ amount: 2_000, currency: 'KES' }), idempotent: true },
  { method: 'POST', exact: `/v1/collections/${collectionId}/refunds`, body: JSON.stringify({ amount: 10 }), idempotent: true },
];

function headersFor(probe: Probe, signed: boolean): Record<string, string> {
  const headers: Record<string, string> = signed ? signedHeaders(service.key, probe.body ?? '') : {};
  if (probe.body !== undefined) headers['Content-Type'] = 'application/json';
  if (probe.idempotent) headers['Idempotency-Key'] = randomUUID();
  return headers;
}

async function sideEffects() {
  const [row] = await service.sql<{ transactions: number; sessions: number; keys: number }[]>`
    select (select count(*)::int from transactions) as transactions,
           (select count(*)::int from checkout_sessions) as sessions,
           (select count(*)::int from idempotency_keys) as keys`;
  return { ...row!, initiations: await allRailInitiationCount(service.sql) };
}

describe('a merchant path spelled any other way than the spec writes it', () => {
  it('is 404 without credentials, and reaches no handler (no 500, nothing created)', async () => {
    const before = await sideEffects();
    for (const probe of probes()) {
      for (const target of misspellings(probe.exact)) {
        const res = await rawTargetRequest(service.origin, target, { method: probe.method, headers: headersFor(probe, false), body: probe.body });
        expectNotFound(res, `${probe.method} ${target}`);
      }
    }
    expect(await sideEffects()).toEqual(before);
    expect(service.logs.filter((line) => line.level === 'error')).toEqual([]);
  }, test_timeout_ms);

  it('is 404 with a valid signature too: a correct key does not make a wrong path a route', async () => {
    const before = await sideEffects();
    for (const probe of probes()) {
      for (const target of misspellings(probe.exact)) {
        const res = await rawTargetRequest(service.origin, target, { method: probe.method, headers: headersFor(probe, true), body: probe.body });
        expectNotFound(res, `${probe.method} ${target}`);
      }
    }
    expect(await sideEffects()).toEqual(before);
  }, test_timeout_ms);

  it('while the exact spelling asks for credentials (401) and serves a signed request', async () => {
    for (const probe of probes()) {
      const unsigned = await rawTargetRequest(service.origin, probe.exact, { method: probe.method, headers: headersFor(probe, false), body: probe.body });
      expect(unsigned.status, probe.exact).toBe(401);
      expect(unsigned.body.error.code).toBe('AUTH_INVALID_KEY');
      const signed = await rawTargetRequest(service.origin, probe.exact, { method: probe.method, headers: headersFor(probe, true), body: probe.body });
      // The refund is refused (the collection is still pending) only after authentication.
      expect([200, 422], `${probe.exact}: ${signed.text}`).toContain(signed.status);
    }
  }, test_timeout_ms);

  it('HEAD follows its GET: 404 when misspelled, 401 unsigned when exact', async () => {
    expect((await rawTargetRequest(service.origin, '/V1/users', { method: 'HEAD' })).status).toBe(404);
    expect((await rawTargetRequest(service.origin, '/v1/users', { method: 'HEAD' })).status).toBe(401);
  });

  it('a wrong method on an exact path is still 405 with Allow; on a misspelled one 404', async () => {
    const exact = await rawTargetRequest(service.origin, '/v1/users', { method: 'DELETE' });
    expect(exact.status).toBe(405);
    expect(exact.headers.get('allow')).toBe('GET');
    expectNotFound(await rawTargetRequest(service.origin, '/V1/users', { method: 'DELETE' }), 'DELETE /V1/users');
  });

  it('a concrete path is matched before a templated one: GET /payouts/bulk is 405 (Allow: POST), not GET /payouts/{id}', async () => {
    for (const [target, allow] of [['/v1/payouts/bulk', 'POST'], ['/v1/escrow-holds/00000000-0000-4000-8000-000000000000/release', 'POST']] as const) {
      const res = await rawTargetRequest(service.origin, target, { method: 'GET' });
      expect(res.status, `${target}: ${res.text}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('an unknown path under /v1 is 404 before authentication, like any other non-spec path', async () => {
    expectNotFound(await rawTargetRequest(service.origin, '/v1/nope'), '/v1/nope');
    expectNotFound(await rawTargetRequest(service.origin, '/v1'), '/v1');
    expectNotFound(await rawTargetRequest(service.origin, '/v1/'), '/v1/');
  });
});

describe('public endpoints', () => {
  it('/healthz answers exactly there, and only there', async () => {
    const ok = await rawTargetRequest(service.origin, '/healthz');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ status: 'ok' });
    for (const target of ['/HEALTHZ', '/healthz/', '//healthz', '/./healthz', '/%68ealthz']) {
      expectNotFound(await rawTargetRequest(service.origin, target), target);
    }
  });

  it('the payer checkout endpoints work with their token at the exact path, and are 404 misspelled', async () => {
    const session = await createSession(service.client, { amount: 3_000 });
    const token = { 'X-Checkout-Token': session.client_token };
    const read = await rawTargetRequest(service.origin, `/v1/checkout-sessions/${session.id}`, { headers: token });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(session.id);
    for (const target of misspellings(`/v1/checkout-sessions/${session.id}`)) {
      expectNotFound(await rawTargetRequest(service.origin, target, { headers: token }), target);
    }

    const pay = JSON.stringify({ rail: 'mobile_money', payer_phone: '+254712345678' });
    const payHeaders = () => ({ ...token, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() });
    const before = await allRailInitiationCount(service.sql);
    for (const target of misspellings(`/v1/checkout-sessions/${session.id}/pay`)) {
      expectNotFound(await rawTargetRequest(service.origin, target, { method: 'POST', headers: payHeaders(), body: pay }), target);
    }
    expect(await allRailInitiationCount(service.sql)).toBe(before);
    const paid = await rawTargetRequest(service.origin, `/v1/checkout-sessions/${session.id}/pay`, { method: 'POST', headers: payHeaders(), body: pay });
    expect(paid.status, paid.text).toBe(200);
    expect(await allRailInitiationCount(service.sql)).toBe(before + 1);
  }, test_timeout_ms);

  it('the partner family is matched exactly too', async () => {
    const body = JSON.stringify({ externalUserId: 'user-1', currency: 'KES' });
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': 'partner-key', 'X-Idempotency-Key': 'idem-1' };
    // The exact path reaches the partner authentication (an unknown key: 401); other spellings never do.
    expect((await rawTargetRequest(service.origin, '/api/v1/partner/wallets', { method: 'POST', headers, body })).status).toBe(401);
    for (const target of ['/API/v1/partner/wallets', '/api/v1/partner/wallets/', '/api/v1/partner//wallets', '/api/v1/partner/./wallets']) {
      expectNotFound(await rawTargetRequest(service.origin, target, { method: 'POST', headers, body }), target);
    }
  });
});
