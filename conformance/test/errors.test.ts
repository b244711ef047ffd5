// The generic error paths every operation shares (they run before any handler, so they hold for
// operations not implemented yet too): unknown routes, wrong methods, malformed or oversized
// bodies, wrong media types, request validation against the spec. Each answer is an envelope the
// spec documents for that operation.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { expectEnvelope, expectError, send } from './support/http.ts';
import { componentValidator, operationById } from './support/spec.ts';

const create_collection = operationById('createCollection');
const get_collection = operationById('getCollection');
const list_users = operationById('listUsers');
// spec/merchant.yaml: request_body_size_max_bytes = 1048576.
const request_body_size_max_bytes = 1024 * 1024;
const valid_collection = { amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };

function fieldsOf(envelope: { error: { details?: Record<string, unknown> } | null }): string[] {
  const fields = envelope.error?.details?.fields as { field: string; message: string }[] | undefined;
  expect(Array.isArray(fields), 'a validation error lists details.fields').toBe(true);
  return (fields ?? []).map((item) => item.field);
}

describe('the spec oracle used by these tests', () => {
  it('rejects an envelope that breaks the spec (so passing assertions mean something)', () => {
    const validate = componentValidator('ErrorEnvelope');
    expect(validate({ data: null, error: { code: 'RESOURCE_NOT_FOUND', message: 'x' }, meta: { request_id: 'r' } })).toBe(true);
    expect(validate({ data: null, error: { code: 'NOT_A_CODE', message: 'x' }, meta: { request_id: 'r' } })).toBe(false);
    expect(validate({ data: null, error: { code: 'RESOURCE_NOT_FOUND', message: 'x' }, meta: { request_id: 'r' }, extra: 1 })).toBe(false);
  });
});

describe('routes', () => {
  it('an unknown path under /v1 is 404 RESOURCE_NOT_FOUND in an envelope', async () => {
    expectError(await send({ method: 'GET', path: '/no-such-resource' }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('an unknown path outside /v1 is 404 in an envelope too', async () => {
    const origin = new URL(inject('server').baseUrl).origin;
    expectError(await send({ method: 'GET', path: '/no-such-thing', credentials: null }, origin), 404, 'RESOURCE_NOT_FOUND');
  });

  it('a known path with a method it does not have is 405 METHOD_NOT_ALLOWED naming the allowed ones', async () => {
    const response = await send({ method: 'DELETE', path: '/users' });
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow') ?? '').toMatch(/\bGET\b/);
  });
});

describe('request bodies', () => {
  it('malformed JSON is 422 VALIDATION_ERROR with field "body"', async () => {
    const response = await send({ method: 'POST', path: '/collections', body: '{"amount": 15', headers: { 'Idempotency-Key': randomUUID() } });
    const envelope = expectError(response, 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope)).toEqual(['body']);
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ ...valid_collection, reference: 'x'.repeat(request_body_size_max_bytes) });
    const response = await send({ method: 'POST', path: '/collections', body, headers: { 'Idempotency-Key': randomUUID() } });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE', create_collection);
  });

  it('a body that is not application/json is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await send({
      method: 'POST',
      path: '/collections',
      body: 'amount=150000&currency=KES',
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', create_collection);
  });

  it('an unknown body field is 422 naming it', async () => {
    const body = JSON.stringify({ ...valid_collection, surprise: true });
    const response = await send({ method: 'POST', path: '/collections', body, headers: { 'Idempotency-Key': randomUUID() } });
    const envelope = expectError(response, 422, 'VALIDATION_ERROR', create_collection);
    expect(envelope.error?.message).toBeTypeOf('string');
    expect(JSON.stringify(envelope.error?.details)).toContain('surprise');
  });

  it('a missing conditional payer field is 422 naming it (mobile_money needs payer_phone)', async () => {
    const { payer_phone: _omitted, ...body } = valid_collection;
    const response = await send({ method: 'POST', path: '/collections', body: JSON.stringify(body), headers: { 'Idempotency-Key': randomUUID() } });
    const envelope = expectError(response, 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope).some((field) => field.includes('payer_phone'))).toBe(true);
  });

  it('an amount below 1 or a float amount is 422', async () => {
    for (const amount of [0, -5, 10.5]) {
      const body = JSON.stringify({ ...valid_collection, amount });
      const response = await send({ method: 'POST', path: '/collections', body, headers: { 'Idempotency-Key': randomUUID() } });
      const envelope = expectError(response, 422, 'VALIDATION_ERROR', create_collection);
      expect(fieldsOf(envelope).some((field) => field.includes('amount')), `amount ${amount}`).toBe(true);
    }
  });
});

describe('parameters', () => {
  it('a path id that is not a UUID is 422', async () => {
    expectError(await send({ method: 'GET', path: '/collections/not-a-uuid' }), 422, 'VALIDATION_ERROR', get_collection);
  });

  it('a missing Idempotency-Key is 422 on an operation that requires one', async () => {
    const response = await send({ method: 'POST', path: '/collections', body: JSON.stringify(valid_collection) });
    const envelope = expectError(response, 422, 'VALIDATION_ERROR', create_collection);
    expect(fieldsOf(envelope).some((field) => /idempotency-key/i.test(field))).toBe(true);
  });

  it('an Idempotency-Key over 255 characters is 422', async () => {
    const response = await send({ method: 'POST', path: '/collections', body: JSON.stringify(valid_collection), headers: { 'Idempotency-Key': 'k'.repeat(256) } });
    expectError(response, 422, 'VALIDATION_ERROR', create_collection);
  });

  it('GET /users ignores unknown query parameters', async () => {
    const plain = await send({ method: 'GET', path: '/users' });
    const extra = await send({ method: 'GET', path: '/users?limit=5&unknown=yes' });
    expect(extra.status).toBe(200);
    expect((expectEnvelope(extra, list_users).data as unknown[]).length).toBe((expectEnvelope(plain, list_users).data as unknown[]).length);
  });
});
