// Every authentication failure mode of the seed, over real HTTP against a real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../src/accounts/api-keys.ts';
import { setMerchantStatus } from '../src/accounts/merchants.ts';
import { nowSeconds, rawRequest, signedHeaders } from './helpers/raw-request.ts';
import { type TestService, startTestService } from './helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

const collection_body = JSON.stringify({ amount: 1500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });

function expectFailure(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ data: null, error: { code, message: expect.any(String) }, meta: { request_id: expect.any(String) } });
  expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
}

const getUsers = (headers: Record<string, string>) => rawRequest(`${service.baseUrl}/users`, { headers });

describe('a correctly signed request', () => {
  it('passes through the SDK', async () => {
    const { data, error, response } = await service.client.GET('/users');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.data).toEqual([]);
  });

  it('passes with a body signed over its exact bytes', async () => {
    const res = await rawRequest(`${service.baseUrl}/collections`, {
      method: 'POST',
      headers: { ...signedHeaders(service.key, collection_body), 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
      body: collection_body,
    });
    // Authenticated and valid: the collection is created (pending until the rail answers).
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'collection', status: 'pending', amount: 1500 });
  });

  it('passes with timestamps just inside the 300 s window, past and future', async () => {
    expect((await getUsers(signedHeaders(service.key, '', { timestamp: nowSeconds() - 295 }))).status).toBe(200);
    expect((await getUsers(signedHeaders(service.key, '', { timestamp: nowSeconds() + 295 }))).status).toBe(200);
  });
});

describe('AUTH_INVALID_KEY', () => {
  it('when X-Service-Key is missing', async () => {
    const { 'X-Service-Key': _omit, ...headers } = signedHeaders(service.key);
    expectFailure(await getUsers(headers), 401, 'AUTH_INVALID_KEY');
  });

  it('when there are no authentication headers at all', async () => {
    expectFailure(await getUsers({}), 401, 'AUTH_INVALID_KEY');
  });

  it('when the key is malformed', async () => {
    for (const bad of ['pk_test_abc', 'sk_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA', `${service.key.api_key}x`, ' ', "pk_sandbox_' or 1=1 --xxxxxxxxxx"]) {
      expectFailure(await getUsers({ ...signedHeaders(service.key), 'X-Service-Key': bad }), 401, 'AUTH_INVALID_KEY');
    }
  });

  it('when the key is unknown', async () => {
    const unknown = { api_key: 'pk_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA', api_secret: service.key.api_secret };
    expectFailure(await getUsers(signedHeaders(unknown)), 401, 'AUTH_INVALID_KEY');
  });

  it('when the key is revoked', async () => {
    const key = await service.createKey();
    expect((await getUsers(signedHeaders(key))).status).toBe(200);
    expect(await revokeApiKey(service.sql, key.api_key)).toBe(true);
    expectFailure(await getUsers(signedHeaders(key)), 401, 'AUTH_INVALID_KEY');
  });

  it('when the key is expired, and not before', async () => {
    const expired = await service.createKey({ expiresAt: new Date(Date.now() - 1000) });
    expectFailure(await getUsers(signedHeaders(expired)), 401, 'AUTH_INVALID_KEY');
    const live = await service.createKey({ expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await getUsers(signedHeaders(live))).status).toBe(200);
  });

  it('when the caller address is not on the key allow-list', async () => {
    const blocked = await service.createKey({ ipAllow: ['10.0.0.0/8', '192.168.1.7'] });
    expectFailure(await getUsers(signedHeaders(blocked)), 401, 'AUTH_INVALID_KEY');
    const exact = await service.createKey({ ipAllow: ['127.0.0.1'] });
    expect((await getUsers(signedHeaders(exact))).status).toBe(200);
    const cidr = await service.createKey({ ipAllow: ['127.0.0.0/8', '::1'] });
    expect((await getUsers(signedHeaders(cidr))).status).toBe(200);
  });

  it('when the key scope does not cover the operation (read key writing, write key paying out)', async () => {
    const read = await service.createKey({ scopes: ['read'] });
    expect((await getUsers(signedHeaders(read))).status).toBe(200);
    const post = (key: { api_key: string; api_secret: string }, path: string, body: string) =>
      rawRequest(`${service.baseUrl}${path}`, { method: 'POST', headers: { ...signedHeaders(key, body), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, body });
    expectFailure(await post(read, '/collections', collection_body), 401, 'AUTH_INVALID_KEY');

    const write = await service.createKey({ scopes: ['write'] });
    expect((await post(write, '/collections', collection_body)).status).toBe(200);
    const payout = JSON.stringify({ wallet_id: '0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e', destination_type: 'bank', destination_ref: 'dst_1', amount: 100, currency: 'KES' });
    expectFailure(await post(write, '/payouts', payout), 401, 'AUTH_INVALID_KEY');

    const payoutOnly = await service.createKey({ scopes: ['payout_only'] });
    // Authorized: the request reaches the payout rules (the wallet is none of the merchant's).
    const authorized = await post(payoutOnly, '/payouts', payout);
    expect(authorized.status).toBe(422);
    expect(authorized.body.error.details.fields[0].field).toBe('body.wallet_id');
    expectFailure(await getUsers(signedHeaders(payoutOnly)), 401, 'AUTH_INVALID_KEY');
    expectFailure(await post(payoutOnly, '/collections', collection_body), 401, 'AUTH_INVALID_KEY');
    // payout_only may read what it pays out from and the payouts it made.
    const wallets = await rawRequest(`${service.baseUrl}/wallets`, { headers: signedHeaders(payoutOnly) });
    expect(wallets.status).toBe(200);
    expect(wallets.body.error).toBeNull();
    const payouts = await rawRequest(`${service.baseUrl}/payouts`, { headers: signedHeaders(payoutOnly) });
    expect(payouts.status).toBe(200);
    expect(payouts.body.error).toBeNull();
  });

  it('checks the scope only after the signature: a bad signature on an out-of-scope call is a signature error', async () => {
    const read = await service.createKey({ scopes: ['read'] });
    const res = await rawRequest(`${service.baseUrl}/collections`, {
      method: 'POST',
      headers: { ...signedHeaders(read, collection_body, { secret: 'sk_wrong' }), 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: collection_body,
    });
    expectFailure(res, 401, 'AUTH_SIGNATURE_MISMATCH');
  });
});

describe('AUTH_SIGNATURE_MISMATCH', () => {
  it('when X-Service-Timestamp is missing', async () => {
    const { 'X-Service-Timestamp': _omit, ...headers } = signedHeaders(service.key);
    expectFailure(await getUsers(headers), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when X-Service-Signature is missing', async () => {
    const { 'X-Service-Signature': _omit, ...headers } = signedHeaders(service.key);
    expectFailure(await getUsers(headers), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when signed with another secret', async () => {
    expectFailure(await getUsers(signedHeaders(service.key, '', { secret: 'sk_sandbox_not-the-secret' })), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when the signature is not lowercase hex of the right length', async () => {
    const headers = signedHeaders(service.key);
    for (const bad of [headers['X-Service-Signature']!.toUpperCase(), headers['X-Service-Signature']!.slice(0, 63), 'zz', Buffer.from('x'.repeat(32)).toString('base64')]) {
      expectFailure(await getUsers({ ...headers, 'X-Service-Signature': bad }), 401, 'AUTH_SIGNATURE_MISMATCH');
    }
  });

  it('when the body is changed after signing', async () => {
    const tampered = collection_body.replace('1500', '9500');
    const res = await rawRequest(`${service.baseUrl}/collections`, {
      method: 'POST',
      headers: { ...signedHeaders(service.key, collection_body), 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: tampered,
    });
    expectFailure(res, 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when the body is re-serialized (whitespace) after signing: bytes, not JSON, are signed', async () => {
    const reformatted = JSON.stringify(JSON.parse(collection_body), null, 2);
    const res = await rawRequest(`${service.baseUrl}/collections`, {
      method: 'POST',
      headers: { ...signedHeaders(service.key, collection_body), 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: reformatted,
    });
    expectFailure(res, 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when the timestamp is stale (more than 300 s old)', async () => {
    expectFailure(await getUsers(signedHeaders(service.key, '', { timestamp: nowSeconds() - 301 })), 401, 'AUTH_SIGNATURE_MISMATCH');
    expectFailure(await getUsers(signedHeaders(service.key, '', { timestamp: nowSeconds() - 86_400 })), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when the timestamp is in the future by more than 300 s', async () => {
    expectFailure(await getUsers(signedHeaders(service.key, '', { timestamp: nowSeconds() + 301 })), 401, 'AUTH_SIGNATURE_MISMATCH');
  });

  it('when the timestamp is not Unix seconds (non-numeric, fractional, negative, ISO, milliseconds)', async () => {
    for (const bad of ['abc', `${nowSeconds()}.5`, '-5', new Date().toISOString(), String(Date.now()), '', ' 1']) {
      // Each is signed correctly over its own (bad) timestamp: only the timestamp is at fault.
      expectFailure(await getUsers(signedHeaders(service.key, '', { timestamp: bad })), 401, 'AUTH_SIGNATURE_MISMATCH');
    }
  });
});

describe('what authentication reveals and keeps', () => {
  it('never logs the API secret or the signature', async () => {
    await getUsers(signedHeaders(service.key, '', { secret: 'sk_wrong' }));
    await getUsers(signedHeaders(service.key));
    const text = JSON.stringify(service.logs);
    expect(text).not.toContain(service.key.api_secret);
    expect(service.logs.some((l) => l.msg === 'authentication refused')).toBe(true);
  });

  it('still authenticates a suspended or frozen merchant (money-moving actions are held later)', async () => {
    const other = await service.createMerchant('Held Merchant');
    await setMerchantStatus(service.sql, other.merchantId, 'suspended');
    expect((await other.client.GET('/users')).response.status).toBe(200);
    await setMerchantStatus(service.sql, other.merchantId, 'frozen');
    expect((await other.client.GET('/users')).response.status).toBe(200);
  });

  it('answers 404 for an unknown /v1 route before authentication, signed or not (decision 0020)', async () => {
    expectFailure(await rawRequest(`${service.baseUrl}/nope`), 404, 'RESOURCE_NOT_FOUND');
    expectFailure(await rawRequest(`${service.baseUrl}/nope`, { headers: signedHeaders(service.key) }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('does not ask for merchant authentication on the payer checkout endpoints', async () => {
    const res = await rawRequest(`${service.baseUrl}/checkout-sessions/0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e`, { headers: { 'X-Checkout-Token': 'tok' } });
    // Not a 401: the token is checked, and an unknown session reads as 404.
    expectFailure(res, 404, 'RESOURCE_NOT_FOUND');
  });
});

describe('key cache (AUTH_CACHE_TTL_MS)', () => {
  let cached: TestService;
  beforeAll(async () => {
    cached = await startTestService({ env: { AUTH_CACHE_TTL_MS: '400' } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('sees a revocation made elsewhere (the CLI, another instance) within the TTL', async () => {
    const key = await cached.createKey();
    const client = cached.clientFor(key);
    expect((await client.GET('/users')).response.status).toBe(200);
    await revokeApiKey(cached.sql, key.api_key);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await client.GET('/users')).response.status).toBe(401);
  });

  it('still checks expiry against the clock on every request', async () => {
    // 1 s of validity: enough for the first request even on a loaded CI machine.
    const key = await cached.createKey({ expiresAt: new Date(Date.now() + 1_000) });
    const client = cached.clientFor(key);
    expect((await client.GET('/users')).response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await client.GET('/users')).response.status).toBe(401);
  });
});
