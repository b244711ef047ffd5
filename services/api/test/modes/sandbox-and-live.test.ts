// Sandbox and live are separate worlds (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md),
// for both families, on a server configured as production and on one configured for development:
//   - the mode is the account's (merchant or partner) and every key has it; a key row of the other
//     mode (made before the rule) is refused, so a live key never spends sandbox-made money;
//   - objects and money of one mode are invisible to the other (the tenant boundary);
//   - sandbox-only operations (partner deposits, the dispute helpers, the sandbox payer pages)
//     answer 404 on a production server as paths it does not serve, and a live account's key is
//     403 on them on a development server;
//   - a production server refuses sandbox keys, and its sandbox providers take magic values as
//     plain values.
// Issue 22 item 3 and the mode parts of item 5.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { createApiKey } from '../../src/accounts/api-keys.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { settledCollection } from '../collections/helpers.ts';
import { available, createPayout, destinationRef, payoutOf, payoutTestEnv, runJobs } from '../payouts/helpers.ts';
import { availableOf, createTestPartner, deposit, newWallet, partnerBaseUrl } from '../partner/helpers.ts';

/** The largest amount the spec allows: the deposit. */
const amountMax = 9_007_199_254_740_991;

async function partnerDeposit(client: Awaited<ReturnType<typeof createTestPartner>>['client'], walletId: string, amount: number) {
  return await client.POST('/wallets/{walletId}/deposits', {
    params: { path: { walletId }, header: { 'X-Idempotency-Key': randomUUID() } } as never,
    body: { amount, reference: 'mint' },
  });
}

async function movementsOf(service: TestService, partnerId: string): Promise<number> {
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from partner_movements where partner_id = ${partnerId}`;
  return row!.n;
}

describe('a production server (PAYAGG_ENV=production)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { PAYAGG_ENV: 'production', ...payoutTestEnv } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('has no partner deposits: the issue\'s deposit is 404 in the envelope, nothing moves, a withdrawal finds no money', async () => {
    const partner = await createTestPartner(service, 'Live Partner', 'live');
    const wallet = await newWallet(partner.client);
    const minted = await partnerDeposit(partner.client, wallet.id, amountMax);
    expect(minted.response.status).toBe(404);
    expect(minted.error).toMatchObject({ data: null, error: { code: 'RESOURCE_NOT_FOUND' } });
    expect(await availableOf(partner.client, wallet.id)).toBe(0);
    expect(await movementsOf(service, partner.partnerId)).toBe(0);

    const destination = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
    expect(destination.response.status).toBe(200);
    const withdrawal = await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': randomUUID() } } as never,
      body: { amount: 1000, destinationRef: destination.data!.data.destinationRef, reference: 'cash-out' },
    });
    expect(withdrawal.response.status).toBe(402);
    expect(withdrawal.error!.error.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('answers a sandbox-only path as one it does not serve: the same 404 with no key, any key, any method', async () => {
    const partner = await createTestPartner(service, 'Live Partner 2', 'live');
    const anonymous = await fetch(`${partnerBaseUrl(service)}/wallets/${randomUUID()}/deposits`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 1, reference: 'x' }),
    });
    expect(anonymous.status).toBe(404);
    expect((await anonymous.json()) as unknown).toMatchObject({ data: null, error: { code: 'RESOURCE_NOT_FOUND' } });
    const get = await fetch(`${partnerBaseUrl(service)}/wallets/${randomUUID()}/deposits`, { headers: { 'x-api-key': partner.apiKey } });
    expect(get.status).toBe(404);

    for (const path of ['/sandbox/disputes', `/sandbox/disputes/${randomUUID()}/resolve`]) {
      const bare = await fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(bare.status, path).toBe(404);
      expect((await bare.json()) as unknown).toMatchObject({ data: null, error: { code: 'RESOURCE_NOT_FOUND' } });
    }
    const live = await service.createMerchant('Live Merchant', 'live');
    const signed = await live.client.POST('/sandbox/disputes', { body: { transaction_id: randomUUID() } as never });
    expect(signed.response.status).toBe(404);
    expect(signed.error!.error.code).toBe('RESOURCE_NOT_FOUND');

    // The sandbox providers' payer pages are not served either.
    const page = await fetch(`${service.origin}/sandbox/rails/card/3ds/${'a'.repeat(24)}`);
    expect(page.status).toBe(404);
    expect((await page.json()) as unknown).toMatchObject({ error: { code: 'RESOURCE_NOT_FOUND' } });
  });

  it('refuses sandbox keys of both families (401 AUTH_INVALID_KEY, the reason only in the log)', async () => {
    // A sandbox merchant on a production server: a database that was a development server's.
    const sandboxMerchant = await service.createMerchant('Sandbox Merchant', 'sandbox');
    const merchantRead = await sandboxMerchant.client.GET('/wallets', { params: { query: { owner_id: sandboxMerchant.merchantId } } });
    expect(merchantRead.response.status).toBe(401);
    expect(merchantRead.error!.error.code).toBe('AUTH_INVALID_KEY');
    const sandboxPartner = await createTestPartner(service, 'Sandbox Partner', 'sandbox');
    const partnerCreate = await sandboxPartner.client.POST('/wallets', { body: { externalUserId: 'u1', currency: 'KES' } });
    expect(partnerCreate.response.status).toBe(401);
    expect(partnerCreate.error!.error.code).toBe('AUTH_INVALID_KEY');
    expect(service.logs.some((line) => line.reason === 'sandbox key on a production server' && line.key_id === sandboxMerchant.key.id)).toBe(true);
    expect(service.logs.some((line) => line.reason === 'sandbox key on a production server' && typeof line.partner_key_row === 'string')).toBe(true);
  });

  it('takes magic values as plain values: a failing payer and a failing destination of the sandbox both succeed', async () => {
    const live = await service.createMerchant('Live Payer Merchant', 'live');
    // +254700000001 is the sandbox's insufficient_funds payer (docs/sandbox-rails.md).
    const collection = await settledCollection(service, live.client, { amount: 5000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000001' });
    expect(collection.status).toBe('success');
    const wallets = await live.client.GET('/wallets', { params: { query: { owner_id: live.merchantId } } });
    const walletId = wallets.data!.data.find((w) => w.currency === 'KES')!.id;
    // +254709900001 is the sandbox's invalid_account destination (docs/payouts.md).
    const ref = await destinationRef(live.client, '+254709900001');
    const created = await createPayout(live.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 1000, currency: 'KES' });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    await runJobs(service);
    expect((await payoutOf(live.client, created.data!.data.id)).status).toBe('success');
  });
});

describe('a development server: both worlds, kept apart', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: payoutTestEnv });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('partner deposits are for sandbox partners only: a live partner is 403 PERMISSION_DENIED and nothing moves', async () => {
    const live = await createTestPartner(service, 'Live Partner', 'live');
    const wallet = await newWallet(live.client);
    const refused = await partnerDeposit(live.client, wallet.id, amountMax);
    expect(refused.response.status).toBe(403);
    expect(refused.error!.error.code).toBe('PERMISSION_DENIED');
    // The refusal comes first: the same 403 for a wallet that does not exist.
    expect((await partnerDeposit(live.client, randomUUID(), 1)).response.status).toBe(403);
    expect(await availableOf(live.client, wallet.id)).toBe(0);
    expect(await movementsOf(service, live.partnerId)).toBe(0);

    const sandbox = await createTestPartner(service, 'Sandbox Partner', 'sandbox');
    const sandboxWallet = await newWallet(sandbox.client);
    await deposit(sandbox.client, sandboxWallet.id, 5000);
    expect(await availableOf(sandbox.client, sandboxWallet.id)).toBe(5000);
  });

  it('partner data and money do not cross modes: a live key cannot read, transfer from or to a sandbox wallet', async () => {
    const sandbox = await createTestPartner(service, 'Sandbox Funded', 'sandbox');
    const funded = await newWallet(sandbox.client);
    await deposit(sandbox.client, funded.id, 10_000);
    const live = await createTestPartner(service, 'Live Spender', 'live');
    const liveWallet = await newWallet(live.client);

    expect((await live.client.GET('/wallets/{walletId}', { params: { path: { walletId: funded.id } } })).response.status).toBe(404);
    expect((await live.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId: funded.id } } })).response.status).toBe(404);
    const pull = await live.client.POST('/transfers', {
      params: { header: { 'X-Idempotency-Key': randomUUID() } } as never,
      body: { fromWalletId: funded.id, toWalletId: liveWallet.id, amount: 1000, reference: 'pull' } as never,
    });
    expect(pull.response.status).toBe(404);
    const destination = await live.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
    const withdrawal = await live.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: funded.id }, header: { 'X-Idempotency-Key': randomUUID() } } as never,
      body: { amount: 1000, destinationRef: destination.data!.data.destinationRef, reference: 'cash-out' },
    });
    expect(withdrawal.response.status).toBe(404);
    expect(await availableOf(sandbox.client, funded.id)).toBe(10_000);
    expect(await availableOf(live.client, liveWallet.id)).toBe(0);
  });

  it('a live key never pays out from a sandbox-funded wallet: no live key can be made for a sandbox merchant, and an older one is refused', async () => {
    const collection = await settledCollection(service, service.client, { amount: 5000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });
    const wallets = await service.client.GET('/wallets', { params: { query: { owner_id: collection.merchant_id } } });
    const walletId = wallets.data!.data.find((w) => w.currency === 'KES')!.id;
    const box = createSecretBox(Buffer.from(service.masterKeyHex, 'hex'));
    await expect(createApiKey(service.sql, box, { merchantId: service.merchantId, mode: 'live', scopes: ['full'] }))
      .rejects.toThrow(/sandbox merchant; its keys are sandbox keys/);

    // A live key row of this sandbox merchant, as one made before the modes were per account
    // (the merchant briefly live while the key is made): it is refused, whatever it asks.
    await service.sql`update merchants set mode = 'live' where id = ${service.merchantId}`;
    const olderKey = await createApiKey(service.sql, box, { merchantId: service.merchantId, mode: 'live', scopes: ['full'] });
    await service.sql`update merchants set mode = 'sandbox' where id = ${service.merchantId}`;
    const olderClient = service.clientFor(olderKey);
    const ref = await destinationRef(service.client);
    const payout = await createPayout(olderClient, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 1000, currency: 'KES' });
    expect(payout.response.status).toBe(401);
    expect(payout.error!.error.code).toBe('AUTH_INVALID_KEY');
    expect(service.logs.some((line) => line.key_id === olderKey.id && line.reason === 'key mode live differs from its account\'s mode sandbox')).toBe(true);
    expect(await available(service.client, walletId)).toBe(5000);

    // A live merchant sees none of the sandbox merchant's objects, and has no money to pay out.
    const live = await service.createMerchant('Live Merchant', 'live');
    expect((await live.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId } } })).response.status).toBe(404);
    expect((await live.client.GET('/collections/{id}', { params: { path: { id: collection.id } } })).response.status).toBe(404);
    const liveRef = await destinationRef(live.client);
    const fromSandbox = await createPayout(live.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: liveRef, amount: 1000, currency: 'KES' });
    // Another account's wallet, named in the body: 422 on body.wallet_id, as for any wallet not the merchant's.
    expect(fromSandbox.response.status).toBe(422);
    expect(fromSandbox.error!.error.details!.fields![0]!.field).toBe('body.wallet_id');
    expect(await available(service.client, walletId)).toBe(5000);
  });

  it('keeps the magic values of the sandbox on a development server', async () => {
    const created = await service.client.POST('/collections', {
      body: { amount: 1000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000001' } as never,
      params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(created.response.status).toBe(200);
    for (let round = 0; round < 10 && (await service.runtime.deliverRailOutcomes()).recorded > 0; round += 1);
    const read = await service.client.GET('/collections/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.data!.data.status).toBe('failed');
  });
});
