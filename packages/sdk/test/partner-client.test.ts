import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../src/index.ts';
import { envelope, startRecordingServer, type RecordingServer } from './helpers/recording-server.ts';

const wallet_id = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ json: envelope({ id: wallet_id }) }));
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
    await partner.GET('/wallets/{walletId}/balance', { params: { path: { walletId: wallet_id } } });
    await partner.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: wallet_id }, query: { limit: 5 } } });
    expect(server.requests.map((request) => request.url)).toEqual([
      `/v1/wallets/${wallet_id}/balance`,
      `/v1/wallets/${wallet_id}/transactions?limit=5`,
    ]);
    for (const request of server.requests) expect(request.headers).not.toHaveProperty('x-idempotency-key');
  });
});
