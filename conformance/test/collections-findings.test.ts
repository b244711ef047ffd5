// Regression tests for what schemathesis found when the collections operations joined the
// conformance run (docs/conformance.md, "Findings"). Each is fixed in the server's HTTP layer or in
// the spec; these tests hold the fix in place with plain HTTP and the SDK (black-box).
import { randomUUID } from 'node:crypto';
import { createClient } from '@payagg/sdk';
import { describe, expect, inject, it } from 'vitest';
import { expectEnvelope, expectError, send } from './support/http.ts';
import { operationById } from './support/spec.ts';

const create_collection = operationById('createCollection');
const create_refund = operationById('createRefund');
const list_transactions = operationById('listTransactions');
const server = inject('server');
const settle_timeout_ms = 15_000;
const settle_poll_interval_ms = 50;

function fieldsOf(envelope: { error: { details?: Record<string, unknown> } | null }): string[] {
  return ((envelope.error?.details?.fields ?? []) as { field: string }[]).map((item) => item.field);
}

function collect(body: unknown) {
  return send({ method: 'POST', path: '/collections', body: JSON.stringify(body), headers: { 'Idempotency-Key': randomUUID() } });
}

async function settledCollection(amount: number): Promise<string> {
  const created = await collect({ amount, currency: 'KES', rail: 'qr', reference: 'findings' });
  const id = (expectEnvelope(created, create_collection).data as { id: string }).id;
  const client = createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey, apiSecret: server.apiSecret });
  const deadline = Date.now() + settle_timeout_ms;
  for (;;) {
    const { data } = await client.GET('/collections/{id}', { params: { path: { id } } });
    if (data?.data.status === 'success') return id;
    if (Date.now() > deadline) throw new Error(`collection ${id} did not settle: ${data?.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, settle_poll_interval_ms));
  }
}

describe('a wrong method on a payer checkout path', () => {
  // Was 401 AUTH_INVALID_KEY: the path takes a client_token, not a merchant key, and the 405 must
  // not depend on credentials.
  it.each(['/checkout-sessions/{id}', '/checkout-sessions/{id}/pay'])('%s is 405 with Allow, without any credential', async (template) => {
    const response = await send({ method: 'PUT', path: template.replace('{id}', randomUUID()), credentials: null });
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe(template.endsWith('/pay') ? 'POST' : 'GET');
  });
});

describe('JSON bodies keep their types', () => {
  // Was 200: the validator coerced body values ("150000" -> 150000, false -> "false").
  it('a string amount is 422 body.amount', async () => {
    const envelope = expectError(await collect({ amount: '150000', currency: 'KES', rail: 'qr' }), 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope)).toEqual(['body.amount']);
  });

  it('a boolean refund reason is 422 body.reason, and nothing is refunded', async () => {
    const collectionId = await settledCollection(10_000);
    const response = await send({
      method: 'POST',
      path: `/collections/${collectionId}/refunds`,
      body: JSON.stringify({ amount: 5_000, reason: false }),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(fieldsOf(expectError(response, 422, 'VALIDATION_ERROR', create_refund))).toEqual(['body.reason']);
    const refund = await send({ method: 'POST', path: `/collections/${collectionId}/refunds`, body: JSON.stringify({ reason: 'all of it' }), headers: { 'Idempotency-Key': randomUUID() } });
    expect(refund.status, refund.text).toBe(200);
    expect((expectEnvelope(refund, create_refund).data as { amount: number }).amount).toBe(10_000);
  });
});

describe('the NUL character (U+0000), which PostgreSQL text cannot hold', () => {
  // Was 500 INTERNAL_ERROR: `{"reference": "\u0000…"}` reached the database.
  it.each([
    ['in reference', { amount: 100, currency: 'KES', rail: 'qr', reference: 'order\u0000-1' }, 'body.reference'],
    ['in a metadata value', { amount: 100, currency: 'KES', rail: 'qr', metadata: { note: 'a\u0000b' } }, 'body.metadata.note'],
  ])('%s is 422 on its field', async (_label, body, field) => {
    const envelope = expectError(await collect(body), 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope)).toContain(field);
  });

  it('a text that merely spells the escape is accepted', async () => {
    const response = await collect({ amount: 100, currency: 'KES', rail: 'qr', reference: 'order \\u0000 1' });
    expect(response.status, response.text).toBe(200);
  });
});

describe('what the spec now states about payer references and currencies', () => {
  // Were 422 from the rail (field "body") for values the spec allowed.
  it.each([
    ['bank', { payer_account_ref: 'úõ' }, 'body.payer_account_ref'],
    ['bank', { payer_account_ref: 'acct 1' }, 'body.payer_account_ref'],
    ['card', { payer_card_token: 'tok/with/slashes' }, 'body.payer_card_token'],
    ['card', { payer_card_token: '4111-1111-1111-1112' }, 'body.payer_card_token'],
  ])('%s %j is 422 on %s', async (rail, payer, field) => {
    const envelope = expectError(await collect({ amount: 100, currency: 'KES', rail, ...payer }), 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope)).toContain(field);
  });

  it('a token of letters, digits and _ . : - is accepted', async () => {
    const response = await collect({ amount: 100, currency: 'KES', rail: 'card', payer_card_token: 'tok_visa.4242:x-1' });
    expect(response.status, response.text).toBe(200);
  });

  // Was 422 from the domain for a code the spec's pattern allowed.
  it('a currency outside the supported list is 422 body.currency', async () => {
    const envelope = expectError(await collect({ amount: 100, currency: 'AAA', rail: 'qr' }), 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope)).toEqual(['body.currency']);
  });
});

describe('state rules schemathesis cannot know (documented 422s)', () => {
  it('a cursor the list did not issue is 422 query.cursor; the one it issued pages on', async () => {
    for (let i = 0; i < 2; i += 1) expect((await collect({ amount: 100, currency: 'KES', rail: 'qr' })).status).toBe(200);
    const first = await send({ method: 'GET', path: '/transactions?limit=1' });
    const cursor = (expectEnvelope(first, list_transactions).meta as { next_cursor: string | null }).next_cursor;
    expect(cursor).toBeTypeOf('string');
    const next = await send({ method: 'GET', path: `/transactions?limit=1&cursor=${encodeURIComponent(cursor!)}` });
    expect(next.status, next.text).toBe(200);
    const forged = expectError(await send({ method: 'GET', path: '/transactions?cursor=0' }), 422, 'VALIDATION_ERROR', list_transactions);
    expect(fieldsOf(forged)).toEqual(['query.cursor']);
  });

  it('a refund of a collection that is still pending is 422 path.id', async () => {
    // The `late` magic value keeps the collection pending for a minute.
    const created = await collect({ amount: 100, currency: 'KES', rail: 'qr', reference: 'sandbox_late:findings' });
    const id = (expectEnvelope(created, create_collection).data as { id: string; status: string }).id;
    const refund = await send({ method: 'POST', path: `/collections/${id}/refunds`, body: '{}', headers: { 'Idempotency-Key': randomUUID() } });
    expect(fieldsOf(expectError(refund, 422, 'VALIDATION_ERROR', create_refund))).toEqual(['path.id']);
  });
});
