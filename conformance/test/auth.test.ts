// Merchant request authentication, black-box (seed: "Authentication"): HMAC-SHA256 over
// timestamp + "." + raw body, lowercase hex, Unix seconds, 300 s window; AUTH_INVALID_KEY for key
// problems, AUTH_SIGNATURE_MISMATCH for signature and clock problems.
import { randomUUID } from 'node:crypto';
import { createClient } from '@payagg/sdk';
import { describe, expect, inject, it } from 'vitest';
import { createKey, createMerchant, runCli } from './support/cli.ts';
import { expectEnvelope, expectError, send, unixSeconds } from './support/http.ts';
import { operationById } from './support/spec.ts';
import { waitFor } from './support/process.ts';

const list_users = operationById('listUsers');
const create_collection = operationById('createCollection');
const collection_body = JSON.stringify({ amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });
// The seed's window; a timestamp further than this from the server clock is refused.
const signature_tolerance_s = 300;
// The server caches key look-ups briefly; a revocation must bite within this.
const revocation_visible_within_ms = 5_000;

describe('a correctly signed request', () => {
  it('is accepted when signed by the SDK', async () => {
    const server = inject('server');
    const client = createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey, apiSecret: server.apiSecret });
    const { data, error, response } = await client.GET('/users');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(Array.isArray(data?.data)).toBe(true);
  });

  it('is accepted by plain HTTP signing over the empty body', async () => {
    const response = await send({ method: 'GET', path: '/users' });
    expect(response.status).toBe(200);
    expectEnvelope(response, list_users);
  });

  it('is accepted with a timestamp inside the window, in the past or the future', async () => {
    for (const offset of [-(signature_tolerance_s - 10), signature_tolerance_s - 10]) {
      const response = await send({ method: 'GET', path: '/users', timestamp: unixSeconds(offset) });
      expect(response.status, `offset ${offset} s`).toBe(200);
    }
  });

  it('gets past authentication with any body formatting, because the signature covers the exact bytes', async () => {
    const pretty = JSON.stringify(JSON.parse(collection_body), null, 2);
    const response = await send({ method: 'POST', path: '/collections', body: pretty, headers: { 'Idempotency-Key': randomUUID() } });
    expect(response.status, response.text).not.toBe(401);
  });
});

describe('a request with a key problem is 401 AUTH_INVALID_KEY', () => {
  it('without any signing header', async () => {
    expectError(await send({ method: 'GET', path: '/users', credentials: null }), 401, 'AUTH_INVALID_KEY', list_users);
  });

  it('with a malformed key', async () => {
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: 'not a key', apiSecret: 'x' } });
    expectError(response, 401, 'AUTH_INVALID_KEY', list_users);
  });

  it('with a well-formed key nobody issued', async () => {
    const { apiKey } = inject('server');
    const last = apiKey.at(-1) === 'A' ? 'B' : 'A';
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: `${apiKey.slice(0, -1)}${last}`, apiSecret: 'x' } });
    expectError(response, 401, 'AUTH_INVALID_KEY', list_users);
  });

  it('with the signature headers but no key header', async () => {
    const response = await send({
      method: 'GET',
      path: '/users',
      credentials: null,
      headers: { 'X-Service-Timestamp': unixSeconds(), 'X-Service-Signature': '0'.repeat(64) },
    });
    expectError(response, 401, 'AUTH_INVALID_KEY', list_users);
  });
});

describe('a request with a signature or clock problem is 401 AUTH_SIGNATURE_MISMATCH', () => {
  it('signed with another secret', async () => {
    const { apiKey } = inject('server');
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey, apiSecret: 'sk_sandbox_not_the_secret' } });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
  });

  it('whose body changed after signing', async () => {
    const response = await send({
      method: 'POST',
      path: '/collections',
      body: collection_body.replace('150000', '150001'),
      signedBody: collection_body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', create_collection);
  });

  it('with a timestamp just outside the window, either side', async () => {
    for (const offset of [-(signature_tolerance_s + 5), signature_tolerance_s + 5]) {
      const response = await send({ method: 'GET', path: '/users', timestamp: unixSeconds(offset) });
      expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
    }
  });

  it('with a timestamp in milliseconds instead of seconds', async () => {
    const response = await send({ method: 'GET', path: '/users', timestamp: String(Date.now()) });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
  });

  it('with a timestamp that is not a number', async () => {
    const response = await send({ method: 'GET', path: '/users', timestamp: new Date().toISOString() });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
  });
});

// Signature version 2 (X-Service-Signature-Version: 2): the method, the request target and the
// Idempotency-Key are signed too, so a captured request does not replay elsewhere.
describe('signature version 2', () => {
  const list_transactions = operationById('listTransactions');

  it('is accepted by plain HTTP signing over method, path, query and body', async () => {
    expectEnvelope(await send({ method: 'GET', path: '/transactions?limit=1', signatureVersion: 2 }), list_transactions);
    const response = await send({
      method: 'POST',
      path: '/collections',
      body: collection_body,
      headers: { 'Idempotency-Key': randomUUID() },
      signatureVersion: 2,
    });
    expect(response.status, response.text).toBe(200);
  });

  it('refuses a signature made for another query (a replay) with AUTH_SIGNATURE_MISMATCH', async () => {
    const base_path = new URL(inject('server').baseUrl).pathname;
    const response = await send({ method: 'GET', path: '/transactions?limit=100', signatureVersion: 2, signedPathWithQuery: `${base_path}/transactions?limit=1` });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_transactions);
  });

  it('refuses an unknown X-Service-Signature-Version with AUTH_SIGNATURE_MISMATCH', async () => {
    const response = await send({ method: 'GET', path: '/users', headers: { 'X-Service-Signature-Version': '3' } });
    expectError(response, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
  });
});

describe('the payer checkout endpoints', () => {
  it('do not ask for the merchant key (a client_token authorises them)', async () => {
    const response = await send({
      method: 'GET',
      path: `/checkout-sessions/${randomUUID()}`,
      credentials: null,
      headers: { 'X-Checkout-Token': 'cst_conformance_unknown' },
    });
    expect(response.status, response.text).not.toBe(401);
  });
});

const server = inject('server');
describe.skipIf(server.dataDir === null)('keys issued through the operator CLI', () => {
  const cli = { dataDir: server.dataDir ?? '' };

  it('a revoked key is refused with AUTH_INVALID_KEY', async () => {
    const merchant = await createMerchant(cli, 'Revocation Merchant');
    const credentials = { apiKey: merchant.api_key, apiSecret: merchant.api_secret };
    expect((await send({ method: 'GET', path: '/users', credentials })).status).toBe(200);
    await runCli(cli, ['keys', 'revoke', merchant.api_key]);
    const refused = await waitFor(
      async () => {
        const response = await send({ method: 'GET', path: '/users', credentials });
        return response.status === 401 ? response : null;
      },
      revocation_visible_within_ms,
      () => `the revoked key was still accepted after ${revocation_visible_within_ms} ms`,
    );
    expectError(refused, 401, 'AUTH_INVALID_KEY', list_users);
  });

  it('a key whose scopes do not cover the operation is refused with AUTH_INVALID_KEY', async () => {
    const merchant = await createMerchant(cli, 'Scope Merchant');
    const read_only = await createKey(cli, merchant.merchant_id, ['--scopes', 'read']);
    const payout_only = await createKey(cli, merchant.merchant_id, ['--scopes', 'payout_only']);
    const as = (key: typeof read_only) => ({ apiKey: key.api_key, apiSecret: key.api_secret });

    // Reads need a read-capable scope: read yes, payout_only no.
    expect((await send({ method: 'GET', path: '/users', credentials: as(read_only) })).status).toBe(200);
    expectError(await send({ method: 'GET', path: '/users', credentials: as(payout_only) }), 401, 'AUTH_INVALID_KEY', list_users);
    // Writes need write or full.
    const write = await send({
      method: 'POST',
      path: '/collections',
      body: collection_body,
      credentials: as(read_only),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expectError(write, 401, 'AUTH_INVALID_KEY', create_collection);
  });

  it('a key issued with --signature-version 2 refuses the seed scheme with AUTH_SIGNATURE_MISMATCH', async () => {
    const merchant = await createMerchant(cli, 'Strict Signature Merchant');
    const key = await createKey(cli, merchant.merchant_id, ['--signature-version', '2']);
    const credentials = { apiKey: key.api_key, apiSecret: key.api_secret };
    expect((await send({ method: 'GET', path: '/users', credentials, signatureVersion: 2 })).status).toBe(200);
    expectError(await send({ method: 'GET', path: '/users', credentials }), 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
  });

  it('keys set-signature-version 2 stops the seed scheme on a key in use, within the key cache lifetime', async () => {
    const merchant = await createMerchant(cli, 'Upgraded Signature Merchant');
    const credentials = { apiKey: merchant.api_key, apiSecret: merchant.api_secret };
    expect((await send({ method: 'GET', path: '/users', credentials })).status).toBe(200);
    await runCli(cli, ['keys', 'set-signature-version', merchant.api_key, '2']);
    const refused = await waitFor(
      async () => {
        const response = await send({ method: 'GET', path: '/users', credentials });
        return response.status === 401 ? response : null;
      },
      revocation_visible_within_ms,
      () => `the seed scheme was still accepted ${revocation_visible_within_ms} ms after the key required version 2`,
    );
    expectError(refused, 401, 'AUTH_SIGNATURE_MISMATCH', list_users);
    expect((await send({ method: 'GET', path: '/users', credentials, signatureVersion: 2 })).status).toBe(200);
  });

  it('an expired key is refused with AUTH_INVALID_KEY', async () => {
    const merchant = await createMerchant(cli, 'Expiry Merchant');
    // Long enough that the CLI that issues the key (a process of its own, slower on a loaded
    // machine) has returned and the first request is made well before the expiry.
    const expires_in_ms = 10_000;
    const key = await createKey(cli, merchant.merchant_id, ['--scopes', 'full', '--expires-at', new Date(Date.now() + expires_in_ms).toISOString()]);
    const credentials = { apiKey: key.api_key, apiSecret: key.api_secret };
    expect((await send({ method: 'GET', path: '/users', credentials })).status).toBe(200);
    const refused = await waitFor(
      async () => {
        const response = await send({ method: 'GET', path: '/users', credentials });
        return response.status === 401 ? response : null;
      },
      expires_in_ms + revocation_visible_within_ms,
      () => 'the expired key was still accepted',
    );
    expectError(refused, 401, 'AUTH_INVALID_KEY', list_users);
  }, 40_000);
});
