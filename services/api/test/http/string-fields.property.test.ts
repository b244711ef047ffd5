// Property: whatever string a client puts in any string field of any create body (collections,
// refunds, checkout sessions create and pay) - lone surrogates, NUL, long unicode, emoji, RTL
// marks, combining characters - the answer is 200 or 422, never a 500; a 422 sent nothing to a
// rail (the sandbox rail's initiation table is unchanged); and a 200 stored the free-text fields
// exactly as sent (decision 0021). Bodies are written with JSON.stringify, which spells a lone
// surrogate as its `\udxxx` escape and NUL as `\u0000`, as a hostile client would.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRailInitiationCount, createSession } from '../checkout/checkout-helpers.ts';
import { deliverAll } from '../collections/helpers.ts';
import { rawRequest, signedHeaders, type RawResponse } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/** Generated strings per field; each a real HTTP request (two for pay, which needs a fresh session). */
const runs_per_field = 25;
// Each test makes 25 to 50 real requests (more while shrinking a counterexample).
const test_timeout_ms = 180_000;

let service: TestService;
let refundableId: string;

beforeAll(async () => {
  service = await startTestService();
  const created = await service.client.POST('/collections', {
    body: { amount: 10_000_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' },
    params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  expect(created.response.status).toBe(200);
  refundableId = created.data!.data.id;
  await deliverAll(service);
});
afterAll(async () => { await service?.close(); });

// Code units a hostile or merely international client sends: NUL, both surrogate halves alone
// and paired, emoji, RTL override and marks, Arabic and Hebrew letters, a combining accent, BOM,
// a noncharacter, JSON's own metacharacters, and the characters the payer fields accept.
const special_unit = fc.constantFrom(
  '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', '😀', '👩‍👩‍👧', '\u202e', '\u202c', '\u200f', '\u200e',
  'ع', 'ש', 'e\u0301', '\ufeff', '\uffff', '"', '\\', '\n', '/', 'a', 'Z', '0', '7', '+', '_', '.', ':', '-',
);
const hostile_string = fc.oneof(
  fc.string({ unit: fc.oneof(special_unit, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 40 }),
  // Long: around and past the 255 and 500 character limits, in any plane.
  fc.string({ unit: 'binary', minLength: 200, maxLength: 700 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }),
);

type Sent = { status: number; text: string; body: RawResponse['body'] };

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<Sent> {
  const text = JSON.stringify(body);
  const res = await rawRequest(`${service.baseUrl}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers }, body: text,
  });
  return { status: res.status, text: res.text, body: res.body };
}

const merchantPost = (path: string, body: unknown) => post(path, body, signedHeaders(service.key, JSON.stringify(body)));

/** One create body with one string field replaced, and how to check a 200 kept it. */
type Case = { send(value: string): Promise<Sent>; stored?: (sent: Sent, value: string) => void | Promise<void> };

const collection_base = { amount: 1_500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };
const collectionCase = (make: (value: string) => Record<string, unknown>, stored?: Case['stored']): Case => ({
  send: (value) => merchantPost('/collections', { ...collection_base, ...make(value) }),
  stored,
});

async function readCollection(id: string) {
  const read = await service.client.GET('/collections/{id}', { params: { path: { id } } });
  return read.data!.data;
}

const cases: Record<string, Case> = {
  'collection currency': collectionCase((v) => ({ currency: v })),
  'collection rail': collectionCase((v) => ({ rail: v })),
  'collection sub_merchant_id': collectionCase((v) => ({ sub_merchant_id: v })),
  'collection payer_phone': collectionCase((v) => ({ payer_phone: v })),
  'collection payer_card_token': collectionCase((v) => ({ rail: 'card', payer_card_token: v })),
  'collection payer_account_ref': collectionCase((v) => ({ rail: 'bank', payer_account_ref: v })),
  'collection reference': collectionCase((v) => ({ reference: v }), async (sent, v) => {
    expect(sent.body.data.reference).toBe(v);
    expect((await readCollection(sent.body.data.id)).reference).toBe(v);
  }),
  'collection metadata key': collectionCase((v) => ({ metadata: { [v]: 'value' } }), async (sent, v) => {
    expect((await readCollection(sent.body.data.id)).metadata).toEqual({ [v]: 'value' });
  }),
  'collection metadata value': collectionCase((v) => ({ metadata: { note: v } }), async (sent, v) => {
    expect((await readCollection(sent.body.data.id)).metadata).toEqual({ note: v });
  }),
  'refund reason': {
    send: (v) => merchantPost(`/collections/${refundableId}/refunds`, { amount: 1, reason: v }),
    stored: async (sent, v) => {
      const read = await service.client.GET('/transactions/{id}', { params: { path: { id: sent.body.data.id } } });
      expect(read.data!.data.refund_reason).toBe(v);
    },
  },
  'checkout session currency': { send: (v) => merchantPost('/checkout-sessions', { amount: 100, currency: v }) },
  'checkout session reference': {
    send: (v) => merchantPost('/checkout-sessions', { amount: 100, currency: 'KES', reference: v }),
    stored: async (sent, v) => {
      expect(sent.body.data.reference).toBe(v);
      const read = await rawRequest(`${service.baseUrl}/checkout-sessions/${sent.body.data.id}`, { headers: { 'X-Checkout-Token': sent.body.data.client_token } });
      expect(read.body.data.reference).toBe(v);
    },
  },
  'checkout session sub_merchant_id': { send: (v) => merchantPost('/checkout-sessions', { amount: 100, currency: 'KES', sub_merchant_id: v }) },
  'checkout session allowed_rails item': { send: (v) => merchantPost('/checkout-sessions', { amount: 100, currency: 'KES', allowed_rails: ['card', v] }) },
  ...Object.fromEntries(([
    ['rail', (v: string) => ({ rail: v, payer_phone: '+254712345678' })],
    ['payer_phone', (v: string) => ({ rail: 'mobile_money', payer_phone: v })],
    ['payer_card_token', (v: string) => ({ rail: 'card', payer_card_token: v })],
    ['payer_account_ref', (v: string) => ({ rail: 'bank', payer_account_ref: v })],
  ] as const).map(([field, make]) => [`checkout pay ${field}`, {
    async send(v: string) {
      const session = await createSession(service.client, { amount: 700 });
      return await post(`/checkout-sessions/${session.id}/pay`, make(v), { 'X-Checkout-Token': session.client_token });
    },
  } satisfies Case])),
};

describe('every string field of every create body', () => {
  for (const [name, testCase] of Object.entries(cases)) {
    it(`${name}: 200 (stored as sent) or 422 (nothing sent to a rail), never 500`, async () => {
      await fc.assert(fc.asyncProperty(hostile_string, async (value) => {
        const initiationsBefore = await allRailInitiationCount(service.sql);
        const sent = await testCase.send(value);
        expect([200, 422], sent.text).toContain(sent.status);
        if (sent.status === 422) {
          expect(sent.body.error.code).toBe('VALIDATION_ERROR');
          expect(sent.body.error.details.fields.length).toBeGreaterThan(0);
          expect(await allRailInitiationCount(service.sql)).toBe(initiationsBefore);
        } else {
          await testCase.stored?.(sent, value);
        }
      }), { numRuns: runs_per_field });
    }, test_timeout_ms);
  }

  // Found by the property above (counterexample "valueOf"): the sandbox looked magic values up in
  // plain objects, so a token or account reference naming an Object.prototype member picked no
  // scenario and crashed the rail call (500). Such values are ordinary references: success.
  it('payer references that name Object.prototype members are ordinary values, not a 500', async () => {
    for (const value of ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty', '__defineGetter__']) {
      const card = await merchantPost('/collections', { ...collection_base, rail: 'card', payer_card_token: value });
      expect(card.status, `${value}: ${card.text}`).toBe(200);
      const bank = await merchantPost('/collections', { ...collection_base, rail: 'bank', payer_account_ref: value });
      expect(bank.status, `${value}: ${bank.text}`).toBe(200);
      const session = await createSession(service.client, { amount: 700 });
      const paid = await post(`/checkout-sessions/${session.id}/pay`, { rail: 'card', payer_card_token: value }, { 'X-Checkout-Token': session.client_token });
      expect(paid.status, `${value}: ${paid.text}`).toBe(200);
    }
    // As metadata keys they are stored and read back as ordinary keys too.
    const metadata = JSON.parse('{"__proto__":"a","constructor":"b","valueOf":"c"}') as Record<string, string>;
    const created = await merchantPost('/collections', { ...collection_base, metadata });
    expect(created.status, created.text).toBe(200);
    // (jsonb orders keys its own way.)
    expect(Object.entries((await readCollection(created.body.data.id)).metadata!).sort()).toEqual([['__proto__', 'a'], ['constructor', 'b'], ['valueOf', 'c']]);
  });

  it('left no unexpected error in the log', () => {
    expect(service.logs.filter((line) => line.level === 'error')).toEqual([]);
  });
});
