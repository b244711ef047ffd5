import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type MerchantClient } from '../src/index.ts';
import { envelope, startRecordingServer, type RecordedRequest, type RecordingServer } from './helpers/recording-server.ts';

const apiKey = 'pk_test_123';
const apiSecret = 'sk_test_secret';
const nowMs = 1_800_000_000_500;

let server: RecordingServer;
let client: MerchantClient;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ json: envelope({}) }));
  client = createClient({ baseUrl: server.baseUrl, apiKey: apiKey, apiSecret: apiSecret, now: () => nowMs });
});

/**
 * What the server computes for version 2 (the default): HMAC over the timestamp header, the
 * method, the request target and the Idempotency-Key as received, and the bytes received.
 */
function expectedSignature(request: RecordedRequest, secret = apiSecret): string {
  const idempotencyKey = request.headers['idempotency-key'] ?? '';
  return createHmac('sha256', secret)
    .update(`${request.headers['x-service-timestamp']}.${request.method}.${request.url}.${idempotencyKey}.`)
    .update(request.body)
    .digest('hex');
}

/** Version 1 (the seed's): HMAC over the timestamp header, ".", and the bytes received. */
function expectedSignatureV1(request: RecordedRequest, secret = apiSecret): string {
  return createHmac('sha256', secret)
    .update(`${request.headers['x-service-timestamp']}.`)
    .update(request.body)
    .digest('hex');
}

function onlyRequest(): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
}

describe('request signing', () => {
  it('signs a POST over the exact body bytes received', async () => {
    const { data, error } = await client.POST('/collections', {
      body: { amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000001' },
    });
    expect(error).toBeUndefined();
    expect(data).toEqual(envelope({}));
    const request = onlyRequest();
    expect(request.headers['x-service-key']).toBe(apiKey);
    expect(request.headers['x-service-timestamp']).toBe('1800000000');
    expect(request.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(request.headers['x-service-signature']).toBe(expectedSignature(request));
    expect(request.headers['x-service-signature-version']).toBe('2');
    expect(JSON.parse(request.body.toString('utf8'))).toMatchObject({ amount: 150000 });
  });

  it('signs with version 2 by default: method, path, Idempotency-Key and body', async () => {
    await client.POST('/collections/{id}/refunds', {
      params: { path: { id: '3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10' }, header: { 'Idempotency-Key': 'refund-1' } },
      body: { amount: 1000 },
    });
    const request = onlyRequest();
    expect(request.headers['x-service-signature-version']).toBe('2');
    // Written out by hand rather than with the helper, so the helper is checked too.
    const signed = '1800000000.POST./v1/collections/3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10/refunds.refund-1.{"amount":1000}';
    expect(request.body.toString('utf8')).toBe('{"amount":1000}');
    expect(request.headers['x-service-signature']).toBe(createHmac('sha256', apiSecret).update(signed).digest('hex'));
  });

  it('signs a GET without a body over the empty string, with its query as sent', async () => {
    await client.GET('/transactions', { params: { query: { limit: 10, status: 'success' } } });
    const request = onlyRequest();
    expect(request.body.length).toBe(0);
    expect(request.url).toBe('/v1/transactions?limit=10&status=success');
    expect(request.headers['x-service-signature']).toBe(
      createHmac('sha256', apiSecret).update('1800000000.GET./v1/transactions?limit=10&status=success..').digest('hex'),
    );
  });

  it('signs the request target as sent when the query needs percent-encoding', async () => {
    await client.GET('/transactions', { params: { query: { date_from: '2026-11-23T00:00:00+03:00' } } });
    const request = onlyRequest();
    expect(request.url).toBe('/v1/transactions?date_from=2026-11-23T00%3A00%3A00%2B03%3A00');
    expect(request.headers['x-service-signature']).toBe(expectedSignature(request));
  });

  it('signs with version 1 when asked (servers that predate version 2), sending no version header', async () => {
    const v1 = createClient({ baseUrl: server.baseUrl, apiKey: apiKey, apiSecret: apiSecret, now: () => nowMs, signatureVersion: 1 });
    await v1.GET('/users');
    await v1.POST('/collections', { body: { amount: 1, currency: 'KES', rail: 'qr' } });
    const [get, post] = server.requests;
    expect(get!.headers['x-service-signature']).toBe(createHmac('sha256', apiSecret).update('1800000000.').digest('hex'));
    expect(post!.headers['x-service-signature']).toBe(expectedSignatureV1(post!));
    for (const request of server.requests) expect(request.headers).not.toHaveProperty('x-service-signature-version');
  });

  it('refuses an unknown signature version', () => {
    expect(() => createClient({ baseUrl: server.baseUrl, apiKey: apiKey, apiSecret: apiSecret, signatureVersion: 3 as never })).toThrow(
      /signatureVersion must be one of 1, 2/,
    );
  });

  it('signs non-ASCII bodies over their UTF-8 bytes', async () => {
    await client.POST('/collections', {
      body: { amount: 1, currency: 'KES', rail: 'mobile_money', payer_phone: '+2547', reference: 'café ☕ 注文' },
    });
    const request = onlyRequest();
    expect(request.body.toString('utf8')).toContain('café ☕ 注文');
    expect(request.headers['x-service-signature']).toBe(expectedSignature(request));
  });

  it('signs the final body even when a caller middleware rewrites it', async () => {
    client.use({
      onRequest({ request }) {
        if (request.method !== 'POST') return undefined;
        return new Request(request, { body: '{"rewritten":true}' });
      },
    });
    await client.POST('/collections', { body: { amount: 1, currency: 'KES', rail: 'qr' } });
    const request = onlyRequest();
    expect(request.body.toString('utf8')).toBe('{"rewritten":true}');
    expect(request.headers['x-service-signature']).toBe(expectedSignature(request));
  });

  it('reads the clock on every request', async () => {
    let clockMs = 1_800_000_000_000;
    const ticking = createClient({ baseUrl: server.baseUrl, apiKey: apiKey, apiSecret: apiSecret, now: () => clockMs });
    await ticking.GET('/users');
    clockMs += 61_000;
    await ticking.GET('/users');
    expect(server.requests.map((request) => request.headers['x-service-timestamp'])).toEqual(['1800000000', '1800000061']);
  });

  it('sends to a custom fetch the signed Request', async () => {
    const seen: Request[] = [];
    const custom = createClient({
      baseUrl: server.baseUrl,
      apiKey: apiKey,
      apiSecret: apiSecret,
      now: () => nowMs,
      fetch: (request) => {
        seen.push(request);
        return fetch(request);
      },
    });
    await custom.GET('/users');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('X-Service-Signature')).toBe(onlyRequest().headers['x-service-signature']);
  });

  it('never sends the secret', async () => {
    await client.POST('/collections', { body: { amount: 1, currency: 'KES', rail: 'qr' } });
    const request = onlyRequest();
    const everything = JSON.stringify(request.headers) + request.url + request.body.toString('utf8');
    expect(everything).not.toContain(apiSecret);
  });

  it('returns HTTP failures as values with the envelope', async () => {
    server.respond(() => ({
      status: 401,
      json: { data: null, error: { code: 'AUTH_SIGNATURE_MISMATCH', message: 'no' }, meta: { request_id: 'r1' } },
    }));
    const { data, error, response } = await client.GET('/users');
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe('AUTH_SIGNATURE_MISMATCH');
  });

  it('refuses to start without credentials', () => {
    expect(() => createClient({ baseUrl: server.baseUrl, apiKey: '', apiSecret: apiSecret })).toThrow(/apiKey is required/);
    expect(() => createClient({ baseUrl: server.baseUrl, apiKey: apiKey, apiSecret: undefined as never })).toThrow(
      /apiSecret is required/,
    );
  });
});

// Every merchant operation of the seed, with the seven that require an idempotency key marked.
// test/types.test-d.ts checks this table against the generated contract at the type level.
const uuid = '3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10';
const merchantOperations: { method: 'GET' | 'POST' | 'DELETE'; path: string; idempotent: boolean; body?: unknown }[] = [
  { method: 'POST', path: '/collections', idempotent: true, body: { amount: 1, currency: 'KES', rail: 'qr' } },
  { method: 'GET', path: '/collections/{id}', idempotent: false },
  { method: 'POST', path: '/collections/{id}/refunds', idempotent: true, body: {} },
  { method: 'POST', path: '/checkout-sessions', idempotent: true, body: { amount: 1, currency: 'KES' } },
  { method: 'GET', path: '/checkout-sessions/{id}', idempotent: false },
  { method: 'POST', path: '/checkout-sessions/{id}/pay', idempotent: true, body: { rail: 'qr' } },
  { method: 'GET', path: '/transactions', idempotent: false },
  { method: 'GET', path: '/transactions/{id}', idempotent: false },
  { method: 'POST', path: '/sub-merchants', idempotent: true, body: { display_name: 'A', type: 'individual', country: 'KE' } },
  { method: 'GET', path: '/sub-merchants', idempotent: false },
  { method: 'GET', path: '/sub-merchants/{id}', idempotent: false },
  { method: 'GET', path: '/users', idempotent: false },
  { method: 'GET', path: '/wallets', idempotent: false },
  { method: 'GET', path: '/wallets/{id}/balance', idempotent: false },
  { method: 'POST', path: '/split-rules', idempotent: false, body: { name: 'n', rule_type: 'flat', recipients: [] } },
  { method: 'GET', path: '/split-rules', idempotent: false },
  { method: 'GET', path: '/split-rules/{id}', idempotent: false },
  { method: 'POST', path: '/payouts', idempotent: true, body: { amount: 1 } },
  { method: 'GET', path: '/payouts', idempotent: false },
  { method: 'GET', path: '/payouts/{id}', idempotent: false },
  { method: 'POST', path: '/payouts/bulk', idempotent: true, body: { wallet_id: uuid, payouts: [] } },
  { method: 'GET', path: '/payouts/batches/{id}', idempotent: false },
  { method: 'POST', path: '/webhooks', idempotent: false, body: { url: 'https://example.com', subscribed_events: [] } },
  { method: 'GET', path: '/webhooks', idempotent: false },
  { method: 'DELETE', path: '/webhooks/{id}', idempotent: false },
  { method: 'GET', path: '/fx/rates', idempotent: false },
  { method: 'POST', path: '/fx/rate-locks', idempotent: false, body: { base_currency: 'USD', quote_currency: 'KES' } },
];

describe('idempotency keys', () => {
  it('lists exactly seven operations as requiring a key', () => {
    expect(merchantOperations.filter((operation) => operation.idempotent)).toHaveLength(7);
  });

  for (const operation of merchantOperations) {
    const label = `${operation.method} ${operation.path}`;
    it(`${operation.idempotent ? 'adds a UUID v4 key to' : 'adds no key to'} ${label}`, async () => {
      const init = { params: { path: { id: uuid } }, ...(operation.body === undefined ? {} : { body: operation.body }) };
      await (client.request as (m: string, p: string, i: unknown) => Promise<unknown>)(
        operation.method.toLowerCase(),
        operation.path,
        init,
      );
      const request = onlyRequest();
      expect(request.method).toBe(operation.method);
      expect(request.url).toBe(`/v1${operation.path.replace('{id}', uuid)}`);
      if (operation.idempotent) {
        expect(request.headers['idempotency-key']).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      } else {
        expect(request.headers).not.toHaveProperty('idempotency-key');
      }
      // Every merchant operation is signed, the key header included or not.
      expect(request.headers['x-service-signature']).toBe(expectedSignature(request));
    });
  }

  it('uses a fresh key for each call', async () => {
    await client.POST('/payouts', { body: { amount: 1 } as never });
    await client.POST('/payouts', { body: { amount: 1 } as never });
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("keeps the caller's own key (for retrying one logical operation)", async () => {
    await client.POST('/collections', {
      params: { header: { 'Idempotency-Key': 'order-42-attempt' } },
      body: { amount: 1, currency: 'KES', rail: 'qr' },
    });
    await client.POST('/collections', {
      headers: { 'Idempotency-Key': 'order-42-attempt' },
      body: { amount: 1, currency: 'KES', rail: 'qr' },
    });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'order-42-attempt',
      'order-42-attempt',
    ]);
  });

  it('uses the idempotencyKey option as the key source', async () => {
    let counter = 0;
    const counting = createClient({
      baseUrl: server.baseUrl,
      apiKey: apiKey,
      apiSecret: apiSecret,
      idempotencyKey: () => `key-${++counter}`,
    });
    await counting.POST('/checkout-sessions', { body: { amount: 100, currency: 'KES' } });
    await counting.GET('/users');
    await counting.POST('/payouts/bulk', { body: { wallet_id: uuid, payouts: [] } as never });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['key-1', undefined, 'key-2']);
  });
});
