// The envelope {data, error, meta} with meta.request_id == X-Request-Id on every path, success and
// failure, including the ones no handler sees (parse errors, unknown routes, crashes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedHeaders } from './helpers/raw-request.ts';
import { type TestService, startTestService } from './helpers/service.ts';
import { notImplemented } from '../src/routes/registry.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    env: { BODY_LIMIT_BYTES: String(4096) },
    handlerOverrides: {
      // A crash carrying things that must never reach a client: SQL text and a stack.
      'GET /transactions/{id}': async () => {
        await service.sql`select * from no_such_table_for_the_test`;
      },
      // A handler whose response breaks the spec: tests run with VALIDATE_RESPONSES on.
      'GET /webhooks': (_req, res) => {
        res.status(200).json({ data: [{ id: 'not-a-uuid', surprise: true }], error: null, meta: { request_id: res.locals.requestId } });
      },
      // Every operation is built now; the fallback an operation without a handler gets still
      // answers in the envelope (the next operation the spec gains answers it until it lands).
      'GET /fx/rates': notImplemented,
    },
  });
});
afterAll(async () => {
  await service?.close();
});

const valid_collection = { amount: 1500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return rawRequest(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...signedHeaders(service.key, body.toString()), 'Content-Type': 'application/json', 'Idempotency-Key': 'idem-1', ...headers },
    body,
  });
}

function expectEnvelopeError(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'error', 'meta']);
  expect(res.body.data).toBeNull();
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.meta).toEqual({ request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

describe('success', () => {
  it('GET /healthz answers without authentication', async () => {
    const res = await rawRequest(`${service.origin}/healthz`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' }, error: null, meta: { request_id: res.headers.get('x-request-id') } });
  });

  it('every response gets its own request id', async () => {
    const a = await rawRequest(`${service.origin}/healthz`);
    const b = await rawRequest(`${service.origin}/healthz`);
    expect(a.body.meta.request_id).not.toBe(b.body.meta.request_id);
  });
});

describe('validation failures: 422 VALIDATION_ERROR with details.fields', () => {
  it('names each failing body field as a dotted path', async () => {
    const res = await post('/collections', JSON.stringify({ ...valid_collection, amount: 0, currency: 'KESX' }));
    expectEnvelopeError(res, 422, 'VALIDATION_ERROR');
    const fields = res.body.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toContain('body.amount');
    expect(fields).toContain('body.currency');
    for (const f of res.body.error.details.fields) expect(f).toEqual({ field: expect.any(String), message: expect.any(String) });
  });

  it('reports a conditional requirement (payer_phone for mobile_money) without the generic if/then noise', async () => {
    const { payer_phone: _omit, ...body } = valid_collection;
    const res = await post('/collections', JSON.stringify(body));
    expectEnvelopeError(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.details.fields).toEqual([{ field: 'body.payer_phone', message: expect.stringContaining('payer_phone') }]);
  });

  it('rejects unknown body fields', async () => {
    const res = await post('/collections', JSON.stringify({ ...valid_collection, surprise: true }));
    expectEnvelopeError(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.details.fields).toEqual([{ field: 'body.surprise', message: expect.any(String) }]);
  });

  it('names a missing required header', async () => {
    const body = JSON.stringify(valid_collection);
    const headers = { ...signedHeaders(service.key, body), 'Content-Type': 'application/json' };
    const res = await rawRequest(`${service.baseUrl}/collections`, { method: 'POST', headers, body });
    expectEnvelopeError(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.details.fields).toEqual([{ field: 'header.idempotency-key', message: expect.any(String) }]);
  });

  it('names a bad path parameter and a bad query parameter', async () => {
    const byId = await rawRequest(`${service.baseUrl}/transactions/not-a-uuid`, { headers: signedHeaders(service.key) });
    expectEnvelopeError(byId, 422, 'VALIDATION_ERROR');
    expect(byId.body.error.details.fields[0].field).toBe('path.id');
    const query = await rawRequest(`${service.baseUrl}/transactions?status=bogus`, { headers: signedHeaders(service.key) });
    expectEnvelopeError(query, 422, 'VALIDATION_ERROR');
    expect(query.body.error.details.fields[0].field).toBe('query.status');
  });

  it('malformed JSON is 422 with field "body"', async () => {
    const res = await post('/collections', '{"amount": 15');
    expectEnvelopeError(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.details.fields).toEqual([{ field: 'body', message: expect.stringMatching(/^malformed JSON/) }]);
  });

  it('a JSON body that is not an object is a validation error, not a crash', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      expectEnvelopeError(await post('/collections', body), 422, 'VALIDATION_ERROR');
    }
  });
});

describe('protocol failures', () => {
  it('wrong content type is 415 UNSUPPORTED_MEDIA_TYPE (after a valid signature over those bytes)', async () => {
    const res = await post('/collections', 'amount=1500', { 'Content-Type': 'text/plain' });
    expectEnvelopeError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('an oversized body is 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ ...valid_collection, reference: 'x'.repeat(5000) });
    const res = await post('/collections', big);
    expectEnvelopeError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('an unknown route is 404 RESOURCE_NOT_FOUND, inside and outside /v1', async () => {
    expectEnvelopeError(await rawRequest(`${service.origin}/nowhere`), 404, 'RESOURCE_NOT_FOUND');
    expectEnvelopeError(await rawRequest(`${service.baseUrl}/nowhere`, { headers: signedHeaders(service.key) }), 404, 'RESOURCE_NOT_FOUND');
    expectEnvelopeError(await rawRequest(`${service.origin}/api/v1/partner/nowhere`), 404, 'RESOURCE_NOT_FOUND');
  });

  it('a wrong method on a known route is 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const res = await rawRequest(`${service.baseUrl}/users`, { method: 'DELETE', headers: signedHeaders(service.key) });
    expectEnvelopeError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('a specified but unbuilt operation is 501 NOT_IMPLEMENTED', async () => {
    const res = await rawRequest(`${service.baseUrl}/fx/rates?base_currency=KES&quote_currency=USD`, { headers: signedHeaders(service.key) });
    expectEnvelopeError(res, 501, 'NOT_IMPLEMENTED');
    expect(res.body.error.message).toBe('GET /fx/rates is specified but not implemented yet.');
  });

  it('every operation of the merchant and partner specs has a handler (none answers 501)', () => {
    expect(service.notImplementedRoutes).toEqual([]);
  });

  it('a response that breaks the spec is caught in tests (500, and logged with the schema errors)', async () => {
    const res = await rawRequest(`${service.baseUrl}/webhooks`, { headers: signedHeaders(service.key) });
    expectEnvelopeError(res, 500, 'INTERNAL_ERROR');
    const logged = service.logs.find((l) => l.msg === 'unexpected error' && l.request_id === res.body.meta.request_id);
    expect(JSON.stringify(logged?.validation)).toContain('response');
  });

  it('the partner family is mounted: an unknown X-API-Key is 401 AUTH_INVALID_KEY in the envelope', async () => {
    const body = JSON.stringify({ externalUserId: 'user-1', currency: 'KES' });
    const res = await rawRequest(`${service.origin}/api/v1/partner/wallets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'partner-key', 'X-Idempotency-Key': 'idem-1' },
      body,
    });
    expectEnvelopeError(res, 401, 'AUTH_INVALID_KEY');
  });

  it('an unexpected error is 500 INTERNAL_ERROR with no stack, SQL or message detail', async () => {
    const res = await rawRequest(`${service.baseUrl}/transactions/0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e`, { headers: signedHeaders(service.key) });
    expectEnvelopeError(res, 500, 'INTERNAL_ERROR');
    expect(res.body.error.details).toBeUndefined();
    expect(res.text).not.toMatch(/no_such_table|select|relation|at \/|\.ts:/i);
    // ...while the server log has what support needs, under the same request id.
    const logged = service.logs.find((l) => l.msg === 'unexpected error' && l.request_id === res.body.meta.request_id);
    expect(String(logged?.error)).toContain('no_such_table_for_the_test');
  });
});
