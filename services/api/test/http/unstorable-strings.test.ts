// Every string a JSON body can carry is either stored faithfully or refused with 422 naming its
// field, BEFORE anything reaches a rail (decision 0021). JSON can spell strings that no database
// column holds: `\u0000` (PostgreSQL text and jsonb refuse it) and lone surrogates such as
// `\udfff` (not Unicode text: jsonb refuses them, text columns silently get U+FFFD). Before, a
// lone surrogate in `metadata` was a 500 after the rail had accepted the collection (orphaning
// the payment), and one in `reference` was echoed and read back later as U+FFFD.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRailInitiationCount, createSession } from '../checkout/checkout-helpers.ts';
import { rawRequest, signedHeaders, type RawResponse } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const valid = '"amount":1500,"currency":"KES","rail":"mobile_money","payer_phone":"+254712345678"';

async function postRaw(path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<RawResponse> {
  return await rawRequest(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...signedHeaders(service.key, body), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
    body,
  });
}

async function counts() {
  const [row] = await service.sql<{ transactions: number; keys: number }[]>`
    select (select count(*)::int from transactions) as transactions, (select count(*)::int from idempotency_keys) as keys`;
  return { ...row!, initiations: await allRailInitiationCount(service.sql) };
}

function expectRefused(res: RawResponse, field: string): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.fields).toEqual([{ field, message: expect.any(String) }]);
  expect(res.body.meta.request_id).toBe(res.headers.get('x-request-id'));
}

describe('strings no column can hold', () => {
  it('a lone surrogate in a metadata value is 422 body.metadata.a, before the rail (was a 500 after it)', async () => {
    const before = await counts();
    expectRefused(await postRaw('/collections', `{${valid},"metadata":{"a":"\\udfff"}}`), 'body.metadata.a');
    expect(await counts()).toEqual(before);
  });

  it('a lone surrogate in reference is 422 (was accepted, then read back as U+FFFD)', async () => {
    const before = await counts();
    expectRefused(await postRaw('/collections', `{${valid},"reference":"order \\ud800"}`), 'body.reference');
    expectRefused(await postRaw('/collections', `{${valid},"reference":"\\udc00\\ud800"}`), 'body.reference');
    expect(await counts()).toEqual(before);
  });

  it('in a metadata key, in nested values, in a refund reason, in a checkout session: the field is named', async () => {
    const before = await counts();
    expectRefused(await postRaw('/collections', `{${valid},"metadata":{"k\\ud83d":"v"}}`), 'body.metadata');
    expectRefused(await postRaw('/collections', `{${valid},"metadata":{"a":"ok","b":"x\\u0000y"}}`), 'body.metadata.b');
    expectRefused(await postRaw('/collections', `{${valid},"metadata":{"n\\u0000":"v"}}`), 'body.metadata');
    expectRefused(await postRaw('/checkout-sessions', '{"amount":100,"currency":"KES","reference":"\\ude00"}'), 'body.reference');
    const collection = (await postRaw('/collections', `{${valid}}`)).body.data;
    expectRefused(await postRaw(`/collections/${collection.id}/refunds`, '{"reason":"\\ud800"}'), 'body.reason');
    expect((await counts()).initiations).toBe(before.initiations + 1);
  });

  it('the payer pay body too, before the rail', async () => {
    const session = await createSession(service.client);
    const before = await counts();
    const res = await rawRequest(`${service.baseUrl}/checkout-sessions/${session.id}/pay`, {
      method: 'POST',
      headers: { 'X-Checkout-Token': session.client_token, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: '{"rail":"mobile_money","payer_phone":"+2547\\udbff12345678"}',
    });
    expectRefused(res, 'body.payer_phone');
    expect(await counts()).toEqual(before);
  });

  it('a body that is not UTF-8 is 422 body (it would be decoded with U+FFFD in place of the bad bytes)', async () => {
    const before = await counts();
    const body = Buffer.concat([Buffer.from(`{${valid},"reference":"caf`), Buffer.from([0xe9]), Buffer.from('"}')]);
    expectRefused(await postRaw('/collections', body), 'body');
    // CESU-8 / WTF-8 spelling of a lone surrogate as raw bytes (ED A0 80) is not UTF-8 either.
    const cesu = Buffer.concat([Buffer.from(`{${valid},"reference":"`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    expectRefused(await postRaw('/collections', cesu), 'body');
    expect(await counts()).toEqual(before);
  });

  it('a 422 for these never echoes the string', async () => {
    const res = await postRaw('/collections', `{${valid},"metadata":{"a":"sk_live_secret\\udfff"}}`);
    expect(res.status).toBe(422);
    expect(res.text).not.toContain('sk_live_secret');
  });
});

describe('strings that are text are stored faithfully', () => {
  it('paired surrogates (emoji), RTL, combining marks, escaped or raw, read back exactly as sent', async () => {
    const reference = 'طلب 42 \u202Eabc\u202C e\u0301 😀 𝄞';
    const metadata = { 'ключ 🔑': 'قيمة \u200F😀', escaped: '\ud83d\ude00' };
    // JSON.stringify writes the emoji raw; the escaped form below writes a pair as two escapes.
    const bodies = [
      JSON.stringify({ amount: 1500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference, metadata }),
      `{${valid},"reference":"\\ud83d\\ude00 pair","metadata":{"k":"\\ud834\\udd1e"}}`,
    ];
    const expected = [{ reference, metadata }, { reference: '😀 pair', metadata: { k: '𝄞' } }];
    for (const [i, body] of bodies.entries()) {
      const created = await postRaw('/collections', body);
      expect(created.status, created.text).toBe(200);
      expect(created.body.data).toMatchObject(expected[i]!);
      const read = await service.client.GET('/collections/{id}', { params: { path: { id: created.body.data.id } } });
      expect(read.data!.data).toMatchObject(expected[i]!);
    }
  });
});
