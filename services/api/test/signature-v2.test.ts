// Signature version 2 (issue 12, defect 5; docs/decisions/0030-signature-version-2.md), over real
// HTTP against a real PostgreSQL: requests signed by the SDK (version 2 by default) and by hand,
// keys that require version 2, unknown versions, and replays of captured requests. Version 1 signs
// `timestamp.body` only, so a captured request replays to another path, method, query or
// idempotency key; version 2 signs `timestamp.METHOD.path_with_query.idempotency_key.body`.
import { randomUUID } from 'node:crypto';
import { createClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../src/accounts/api-keys.ts';
import { setSignatureVersionMin } from '../src/accounts/api-keys.ts';
import { countRows, settledCollection } from './collections/helpers.ts';
import { nowSeconds, type RawResponse, rawRequest, signedHeaders, signedHeadersV2 } from './helpers/raw-request.ts';
import { type TestService, startTestService } from './helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

function expectFailure(res: RawResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ data: null, error: { code, message: expect.any(String) }, meta: { request_id: expect.any(String) } });
}

/** Sends a request to `pathWithQuery` (which starts with /v1) on the test service. */
function send(method: string, pathWithQuery: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return rawRequest(`${service.origin}${pathWithQuery}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
}

const card_collection = { amount: 100_000, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_success' };

async function refundsOf(collectionId: string): Promise<number> {
  return await countRows(service.sql, 'transactions', 'parent_transaction_id', collectionId);
}

describe('a version-2 request', () => {
  it('is what the SDK sends by default, and passes', async () => {
    const seen: Request[] = [];
    const client = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.key.api_key,
      apiSecret: service.key.api_secret,
      fetch: (request) => {
        seen.push(request);
        return fetch(request);
      },
    });
    expect((await client.GET('/users')).response.status).toBe(200);
    const created = await client.POST('/collections', { body: { amount: 1500, currency: 'KES', rail: 'qr' } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(seen.map((request) => request.headers.get('X-Service-Signature-Version'))).toEqual(['2', '2']);
  });

  it('passes signed by hand: a GET over its path and query, no key, empty body', async () => {
    const target = '/v1/transactions?limit=1';
    const res = await send('GET', target, signedHeadersV2(service.key, { method: 'GET', pathWithQuery: target }));
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it('passes signed by hand: a POST over its path, Idempotency-Key and exact body bytes', async () => {
    const body = JSON.stringify({ amount: 1500, currency: 'KES', rail: 'qr', reference: 'v2 by hand' });
    const line = { method: 'POST', pathWithQuery: '/v1/collections', idempotencyKey: randomUUID() };
    const res = await send('POST', line.pathWithQuery, signedHeadersV2(service.key, line, body), body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'collection', amount: 1500, reference: 'v2 by hand' });
  });

  it('covers the request target exactly as sent, percent-encoding included (SDK)', async () => {
    const { response, error } = await service.client.GET('/transactions', { params: { query: { date_from: '2026-01-01T00:00:00+03:00', limit: 5 } } });
    expect(response.status, JSON.stringify(error)).toBe(200);
    // By hand: the encoded form is what is signed; the decoded form is another target.
    const sent = '/v1/transactions?date_from=2026-01-01T00%3A00%3A00%2B03%3A00';
    expect((await send('GET', sent, signedHeadersV2(service.key, { method: 'GET', pathWithQuery: sent }))).status).toBe(200);
    const decodedSignature = signedHeadersV2(service.key, { method: 'GET', pathWithQuery: '/v1/transactions?date_from=2026-01-01T00:00:00+03:00' });
    expectFailure(await send('GET', sent, decodedSignature), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('is refused when signed with another secret or an old timestamp', async () => {
    const line = { method: 'GET', pathWithQuery: '/v1/users' };
    expectFailure(await send('GET', '/v1/users', signedHeadersV2(service.key, line, '', { secret: 'sk_sandbox_not_the_secret' })), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('GET', '/v1/users', signedHeadersV2(service.key, line, '', { timestamp: nowSeconds() - 301 })), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('is refused when the version header and the scheme disagree', async () => {
    // A version-2 signature without the header is checked as version 1, and the other way round.
    const v2 = signedHeadersV2(service.key, { method: 'GET', pathWithQuery: '/v1/users' });
    const { 'X-Service-Signature-Version': _dropped, ...v2WithoutHeader } = v2;
    expectFailure(await send('GET', '/v1/users', v2WithoutHeader), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('GET', '/v1/users', { ...signedHeaders(service.key), 'X-Service-Signature-Version': '2' }), 401, 'AUTH_SIGNATURE_MISMATCH');
  });
});

describe('X-Service-Signature-Version', () => {
  it('"1" or absent is the seed scheme', async () => {
    expect((await send('GET', '/v1/users', signedHeaders(service.key))).status).toBe(200);
    expect((await send('GET', '/v1/users', { ...signedHeaders(service.key), 'X-Service-Signature-Version': '1' })).status).toBe(200);
  });

  it('any other value is 401 AUTH_SIGNATURE_MISMATCH, whichever scheme signed the request', async () => {
    for (const version of ['3', '0', '', 'v2', '02', '2.0', '1, 2', 'two']) {
      const v1 = { ...signedHeaders(service.key), 'X-Service-Signature-Version': version };
      const v2 = { ...signedHeadersV2(service.key, { method: 'GET', pathWithQuery: '/v1/users' }), 'X-Service-Signature-Version': version };
      expectFailure(await send('GET', '/v1/users', v1), 401, 'AUTH_SIGNATURE_MISMATCH');
      expectFailure(await send('GET', '/v1/users', v2), 401, 'AUTH_SIGNATURE_MISMATCH');
    }
  });
});

describe('a key that requires version 2', () => {
  let strict: CreatedApiKey;
  beforeAll(async () => {
    strict = await service.createKey({ signatureVersionMin: 2 });
  });

  it('accepts version 2 (SDK default and by hand)', async () => {
    expect((await service.clientFor(strict).GET('/users')).response.status).toBe(200);
    expect((await send('GET', '/v1/users', signedHeadersV2(strict, { method: 'GET', pathWithQuery: '/v1/users' }))).status).toBe(200);
  });

  it('refuses a correct seed-scheme signature with 401 AUTH_SIGNATURE_MISMATCH, with or without the header', async () => {
    expectFailure(await send('GET', '/v1/users', signedHeaders(strict)), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('GET', '/v1/users', { ...signedHeaders(strict), 'X-Service-Signature-Version': '1' }), 401, 'AUTH_SIGNATURE_MISMATCH');
    const v1Client = createClient({ baseUrl: service.baseUrl, apiKey: strict.api_key, apiSecret: strict.api_secret, signatureVersion: 1 });
    const { error, response } = await v1Client.GET('/users');
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe('AUTH_SIGNATURE_MISMATCH');
  });

  it('logs why, without the secret or the signature', async () => {
    const headers = signedHeaders(strict);
    await send('GET', '/v1/users', headers);
    const line = service.logs.findLast((entry) => entry.msg === 'authentication refused' && entry.key_id === strict.id);
    expect(line?.reason).toBe('key requires signature version 2');
    const everything = JSON.stringify(service.logs);
    expect(everything).not.toContain(strict.api_secret);
    expect(everything).not.toContain(headers['X-Service-Signature']);
  });
});

describe('replaying a captured version-2 request', () => {
  let merchant: Awaited<ReturnType<TestService['createMerchant']>>;
  let collectionA: string;
  let collectionB: string;
  const refundBody = '{"amount":1000}';
  let captured: { target: string; headers: Record<string, string> };

  beforeAll(async () => {
    merchant = await service.createMerchant('replay target');
    await setSignatureVersionMin(service.sql, merchant.key.api_key, 2);
    collectionA = (await settledCollection(service, merchant.client, card_collection)).id;
    collectionB = (await settledCollection(service, merchant.client, card_collection)).id;
    const target = `/v1/collections/${collectionA}/refunds`;
    captured = { target, headers: signedHeadersV2(merchant.key, { method: 'POST', pathWithQuery: target, idempotencyKey: randomUUID() }, refundBody) };
    const original = await send('POST', target, captured.headers, refundBody);
    expect(original.status, original.text).toBe(200);
    expect(await refundsOf(collectionA)).toBe(1);
  });

  it('to another path (another collection\'s refunds) is 401, and B is not refunded', async () => {
    const res = await send('POST', `/v1/collections/${collectionB}/refunds`, captured.headers, refundBody);
    expectFailure(res, 401, 'AUTH_SIGNATURE_MISMATCH');
    expect(await refundsOf(collectionB)).toBe(0);
  });

  it('with another Idempotency-Key is 401, and A is not refunded twice', async () => {
    const res = await send('POST', captured.target, { ...captured.headers, 'Idempotency-Key': randomUUID() }, refundBody);
    expectFailure(res, 401, 'AUTH_SIGNATURE_MISMATCH');
    // Without any key too (the signature covered the key it was sent with).
    const { 'Idempotency-Key': _dropped, ...withoutKey } = captured.headers;
    expectFailure(await send('POST', captured.target, withoutKey, refundBody), 401, 'AUTH_SIGNATURE_MISMATCH');
    expect(await refundsOf(collectionA)).toBe(1);
  });

  it('with another query is 401', async () => {
    const target = '/v1/transactions?limit=1';
    const headers = signedHeadersV2(merchant.key, { method: 'GET', pathWithQuery: target });
    expect((await send('GET', target, headers)).status).toBe(200);
    expectFailure(await send('GET', '/v1/transactions?limit=100', headers), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('GET', '/v1/transactions?limit=1&status=success', headers), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('GET', '/v1/transactions', headers), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('with another method is 401', async () => {
    // GET and POST /sub-merchants share a path; a captured GET has an empty body, like a POST could.
    const headers = signedHeadersV2(merchant.key, { method: 'GET', pathWithQuery: '/v1/sub-merchants' });
    expectFailure(await send('POST', '/v1/sub-merchants', headers, ''), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await send('POST', '/v1/sub-merchants', { ...headers, 'Idempotency-Key': randomUUID() }, ''), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('to another spelling of the path is never authenticated as the original', async () => {
    for (const spelling of [`/v1/collections/${collectionA}/refunds/`, `/v1//collections/${collectionA}/refunds`, `/V1/collections/${collectionA}/refunds`]) {
      const res = await send('POST', spelling, captured.headers, refundBody);
      expect(res.status, spelling).not.toBe(200);
      expect(res.status, spelling).toBeGreaterThanOrEqual(400);
    }
    expect(await refundsOf(collectionA)).toBe(1);
  });

  it('unchanged, within the window, is answered by idempotency: the stored refund, no second one', async () => {
    const res = await send('POST', captured.target, captured.headers, refundBody);
    expect(res.status, res.text).toBe(200);
    expect(await refundsOf(collectionA)).toBe(1);
  });

  it('a captured collection create with a new Idempotency-Key is 401: one collection, not two', async () => {
    const body = JSON.stringify({ amount: 2500, currency: 'KES', rail: 'qr', reference: 'captured create' });
    const headers = signedHeadersV2(merchant.key, { method: 'POST', pathWithQuery: '/v1/collections', idempotencyKey: randomUUID() }, body);
    expect((await send('POST', '/v1/collections', headers, body)).status).toBe(200);
    expectFailure(await send('POST', '/v1/collections', { ...headers, 'Idempotency-Key': randomUUID() }, body), 401, 'AUTH_SIGNATURE_MISMATCH');
    const [row] = await service.sql<{ count: number }[]>`select count(*)::int as count from transactions where merchant_id = ${merchant.merchantId} and reference = 'captured create'`;
    expect(row!.count).toBe(1);
  });
});

// Why version 2 exists: these replays succeed under version 1, which stays accepted on keys that
// allow it (every key issued before migration 0009, and new keys unless --signature-version 2).
describe('a captured version-1 request on a key that allows version 1', () => {
  it('replays to another collection and to the same one, each with a new Idempotency-Key: two more refunds', async () => {
    const merchant = await service.createMerchant('v1 replay');
    const collectionA = (await settledCollection(service, merchant.client, card_collection)).id;
    const collectionB = (await settledCollection(service, merchant.client, card_collection)).id;
    const body = '{"amount":1000}';
    const headers = { ...signedHeaders(merchant.key, body), 'Idempotency-Key': randomUUID() };
    expect((await send('POST', `/v1/collections/${collectionA}/refunds`, headers, body)).status).toBe(200);
    expect((await send('POST', `/v1/collections/${collectionB}/refunds`, { ...headers, 'Idempotency-Key': randomUUID() }, body)).status).toBe(200);
    expect((await send('POST', `/v1/collections/${collectionA}/refunds`, { ...headers, 'Idempotency-Key': randomUUID() }, body)).status).toBe(200);
    expect(await refundsOf(collectionA)).toBe(2);
    expect(await refundsOf(collectionB)).toBe(1);
  });

  it('one GET signature works on every GET path and query', async () => {
    const headers = signedHeaders(service.key);
    for (const target of ['/v1/users', '/v1/transactions', '/v1/transactions?limit=1']) {
      expect((await send('GET', target, headers)).status, target).toBe(200);
    }
  });

  it('stops replaying once the key requires version 2', async () => {
    const key = await service.createKey();
    const headers = signedHeaders(key);
    expect((await send('GET', '/v1/transactions', headers)).status).toBe(200);
    await setSignatureVersionMin(service.sql, key.id, 2);
    expectFailure(await send('GET', '/v1/users', headers), 401, 'AUTH_SIGNATURE_MISMATCH');
  });
});

describe('changing the version of a key in use (AUTH_CACHE_TTL_MS)', () => {
  const ttl_ms = 400;
  let cached: TestService;
  beforeAll(async () => {
    cached = await startTestService({ env: { AUTH_CACHE_TTL_MS: String(ttl_ms) } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('takes effect on a running server within the key cache TTL, both ways', async () => {
    const key = await cached.createKey();
    const v1 = createClient({ baseUrl: cached.baseUrl, apiKey: key.api_key, apiSecret: key.api_secret, signatureVersion: 1 });
    const v2 = cached.clientFor(key);
    expect((await v1.GET('/users')).response.status).toBe(200);
    await setSignatureVersionMin(cached.sql, key.api_key, 2);
    await new Promise((resolve) => setTimeout(resolve, ttl_ms + 50));
    expect((await v1.GET('/users')).response.status).toBe(401);
    expect((await v2.GET('/users')).response.status).toBe(200);
    await setSignatureVersionMin(cached.sql, key.api_key, 1);
    await new Promise((resolve) => setTimeout(resolve, ttl_ms + 50));
    expect((await v1.GET('/users')).response.status).toBe(200);
  });
});
