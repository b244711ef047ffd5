// A request body on an operation that takes none (issue 22 item 5; decision 0452) is a 422 in the
// envelope naming `body`, and nothing happens; an empty body (no bytes, whitespace, `{}`) passes.
// The rule comes from spec/ for every body-less operation of both families.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../src/domain/events.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { expectLedgerInvariants, settledCollection, walletBalance } from '../collections/helpers.ts';
import { rawTargetRequest, signedHeadersV2 } from '../helpers/raw-request.ts';
import { createTestPartner, newWallet, partnerBaseUrl } from '../partner/helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

function expectBodyRefused(answer: { response: Response; error?: unknown } | { status: number; body: any }) {
  const status = 'response' in answer ? answer.response.status : answer.status;
  const envelope = ('response' in answer ? answer.error : answer.body) as { data: unknown; error: { code: string; details: { fields: { field: string }[] } } };
  expect(status).toBe(422);
  expect(envelope.data).toBeNull();
  expect(envelope.error.code).toBe('VALIDATION_ERROR');
  expect(envelope.error.details.fields.map((f) => f.field)).toEqual(['body']);
}

describe('a body on a body-less operation', () => {
  it('POST /escrow-holds/{id}/release {"amount":1} is 422 on body and releases nothing; {} releases', async () => {
    const m = await service.createMerchant('body on release');
    const c = await settledCollection(service, m.client, { amount: 5_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c.id } } })).data!.data;

    const partial = await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold!.id } }, body: { amount: 1 } as never });
    expectBodyRefused(partial);
    expect((await m.client.GET('/escrow-holds/{id}', { params: { path: { id: hold!.id } } })).data!.data).toMatchObject({ status: 'held', amount: 5_000 });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 5_000n });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type)).not.toContain('escrow.released');
    expectBodyRefused(await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold!.id } }, body: [] as never }));

    const empty = await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold!.id } }, body: {} as never });
    expect(empty.response.status).toBe(200);
    expect(empty.data!.data.status).toBe('released');
  });

  it('any bytes, any content type, any method: refused; no bytes, whitespace and {} pass', async () => {
    const m = await service.createMerchant('raw bodies');
    const target = '/v1/escrow-holds?limit=1';
    const send = async (body: string | undefined, contentType = 'application/json') => await rawTargetRequest(service.origin, target, {
      method: 'GET', body,
      headers: { ...signedHeadersV2(m.key, { method: 'GET', pathWithQuery: target }, body ?? ''), ...(body === undefined ? {} : { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) }) },
    });
    for (const [body, contentType] of [['{"status":"held"}'], ['null'], ['0'], ['"x"'], ['amount=1', 'application/x-www-form-urlencoded'], ['hello', 'text/plain']] as const) {
      expectBodyRefused(await send(body, contentType));
    }
    for (const body of [undefined, '', ' \r\n', '{}', ' { } ']) {
      const answer = await send(body);
      expect(answer.status, JSON.stringify(body)).toBe(200);
    }
    // Unauthenticated: 401 first, whatever the body.
    const anonymous = await rawTargetRequest(service.origin, target, { method: 'GET', body: '{"x":1}', headers: { 'Content-Type': 'application/json', 'Content-Length': '7' } });
    expect(anonymous.status).toBe(401);
  });

  it('the partner family too: GET /wallets/{walletId} with a body is 422 on body', async () => {
    const partner = await createTestPartner(service);
    const wallet = await newWallet(partner.client);
    const url = new URL(partnerBaseUrl(service));
    const target = `${url.pathname}/wallets/${wallet.id}`;
    const refused = await rawTargetRequest(service.origin, target, {
      method: 'GET', body: '{"currency":"KES"}', headers: { 'X-API-Key': partner.apiKey, 'Content-Type': 'application/json', 'Content-Length': '18' },
    });
    expectBodyRefused(refused);
    const fine = await rawTargetRequest(service.origin, target, { method: 'GET', headers: { 'X-API-Key': partner.apiKey } });
    expect(fine.status).toBe(200);
  });
});
