import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../src/index.ts';
import { envelope, startRecordingServer, type RecordingServer } from './helpers/recording-server.ts';

const walletId = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ json: envelope({ id: walletId }) }));
});

describe('createPartnerClient', () => {
  it('creates a wallet with X-API-Key and an X-Idempotency-Key, unsigned', async () => {
    const partner = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'partner_key_1' });
    await partner.POST('/wallets', { body: { externalUserId: 'user-48213', currency: 'KES' } });
    const [request] = server.requests;
    expect(request!.headers['x-api-key']).toBe('partner_key_1');
    expect(request!.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.headers).not.toHaveProperty('idempotency-key');
    expect(request!.headers).not.toHaveProperty('x-service-signature');
  });

  it('sends no idempotency key on reads', async () => {
    const partner = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'partner_key_1' });
    await partner.GET('/wallets/{walletId}/balance', { params: { path: { walletId: walletId } } });
    await partner.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: walletId }, query: { limit: 5 } } });
    expect(server.requests.map((request) => request.url)).toEqual([
      `/v1/wallets/${walletId}/balance`,
      `/v1/wallets/${walletId}/transactions?limit=5`,
    ]);
    for (const request of server.requests) expect(request.headers).not.toHaveProperty('x-idempotency-key');
  });

  it('sends an X-Idempotency-Key on every money movement, and keeps one the caller gives', async () => {
    const partner = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'partner_key_1' });
    await partner.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: walletId } }, body: { amount: 100, reference: 'r' } });
    await partner.POST('/transfers', { body: { fromWalletId: walletId, toAccountNumber: '4012345678', amount: 100, reference: 'r' } });
    await partner.POST('/wallets/{walletId}/withdrawals', { params: { path: { walletId: walletId } }, body: { amount: 100, destinationRef: 'dst_mm_x', reference: 'r' } });
    await partner.POST('/transfers', {
      params: { header: { 'X-Idempotency-Key': 'my-own-key' } },
      body: { fromWalletId: walletId, toWalletId: walletId, amount: 1, reference: 'r' },
    });
    const keys = server.requests.map((request) => request.headers['x-idempotency-key']);
    for (const key of keys.slice(0, 3)) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe('my-own-key');
    // A destination is found again by its details, and a rate lock moves no money: no key.
    server.requests.length = 0;
    await partner.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712345678' } });
    await partner.POST('/fx/rate-locks', { body: { baseCurrency: 'KES', quoteCurrency: 'NGN' } });
    for (const request of server.requests) expect(request.headers).not.toHaveProperty('x-idempotency-key');
  });
});
