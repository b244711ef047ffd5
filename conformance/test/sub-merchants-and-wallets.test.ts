// Black-box: sub-merchants with KYC and wallets against the running server, through the SDK and
// raw signed HTTP, every body checked against spec/merchant.yaml. The server runs as deployed
// (its own job runner, the sandbox KYC provider's default delay), so the KYC decision arrives by
// itself, asynchronously; the tests wait for it as a client would.
import { randomUUID } from 'node:crypto';
import { createClient } from '@payagg/sdk';
import { describe, expect, inject, it } from 'vitest';
import { expectEnvelope, expectError, send } from './support/http.ts';
import { operationById } from './support/spec.ts';

const server = inject('server');
const client = createClient({ baseUrl: server.baseUrl, apiKey: server.apiKey, apiSecret: server.apiSecret });
// SANDBOX_KYC_DELAY_MS (3 s by default) plus the job runner's polling.
const kyc_decision_timeout_ms = 20_000;
const settle_timeout_ms = 15_000;

async function createSubMerchant(display_name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = JSON.stringify({ display_name, type: 'business', country: 'KE', ...extra });
  const response = await send({ method: 'POST', path: '/sub-merchants', body, headers: { 'Idempotency-Key': randomUUID() } });
  expect(response.status, response.text).toBe(200);
  return (expectEnvelope(response, operationById('createSubMerchant')).data as { id: string }).id;
}

async function decided(id: string): Promise<string> {
  const deadline = Date.now() + kyc_decision_timeout_ms;
  for (;;) {
    const response = await send({ method: 'GET', path: `/sub-merchants/${id}` });
    const status = (expectEnvelope(response, operationById('getSubMerchant')).data as { kyc_status: string }).kyc_status;
    if (status !== 'pending' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('sub-merchants and their KYC', () => {
  it('are created pending and decided by the provider on its own: verified, rejected, needs_review by magic value', async () => {
    const [plain, rejected, review] = await Promise.all([
      createSubMerchant('Black Box Traders', { kyc_tier: 'tier_2', contact: { phone: '+254700000100', email: 'ops@traders.example' } }),
      createSubMerchant('Black Box sandbox_kyc_rejected'),
      createSubMerchant('Black Box sandbox_kyc_needs_review'),
    ]);
    expect(await Promise.all([decided(plain), decided(rejected), decided(review)])).toEqual(['verified', 'rejected', 'needs_review']);
    const kyc = await send({ method: 'GET', path: `/sub-merchants/${rejected}/kyc` });
    expect(expectEnvelope(kyc, operationById('getSubMerchantKyc')).data).toMatchObject({
      sub_merchant_id: rejected, status: 'rejected', decided_by: 'provider', reason: expect.stringMatching(/^identity_not_verified: /),
    });
    const list = await send({ method: 'GET', path: '/sub-merchants?kyc_status=needs_review&limit=100' });
    expect((expectEnvelope(list, operationById('listSubMerchants')).data as { id: string }[]).map((s) => s.id)).toContain(review);
  }, 60_000);

  it('the SDK fills the Idempotency-Key; a replay with the same key answers the original', async () => {
    const key = randomUUID();
    const body = { display_name: 'SDK Seller', type: 'individual' as const, country: 'GH' };
    const first = await client.POST('/sub-merchants', { body, params: { header: { 'Idempotency-Key': key } } });
    const again = await client.POST('/sub-merchants', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(again.data!.data).toEqual(first.data!.data);
    const conflict = await client.POST('/sub-merchants', { body: { ...body, country: 'NG' }, params: { header: { 'Idempotency-Key': key } } });
    expect(conflict.response.status).toBe(409);
  });

  it('suspension holds collections naming it (403 COMPLIANCE_HOLD); reactivation lifts it', async () => {
    const id = await createSubMerchant('Black Box Held');
    const suspended = await send({ method: 'POST', path: `/sub-merchants/${id}/suspend`, body: JSON.stringify({ reason: 'review' }) });
    expect((expectEnvelope(suspended, operationById('suspendSubMerchant')).data as { status: string }).status).toBe('suspended');
    const collection = JSON.stringify({ amount: 1000, currency: 'KES', rail: 'qr', sub_merchant_id: id });
    const held = await send({ method: 'POST', path: '/collections', body: collection, headers: { 'Idempotency-Key': randomUUID() } });
    expectError(held, 403, 'COMPLIANCE_HOLD', operationById('createCollection'));
    const reactivated = await send({ method: 'POST', path: `/sub-merchants/${id}/reactivate` });
    expect((expectEnvelope(reactivated, operationById('reactivateSubMerchant')).data as { status: string }).status).toBe('active');
    const accepted = await send({ method: 'POST', path: '/collections', body: collection, headers: { 'Idempotency-Key': randomUUID() } });
    expect(accepted.status).toBe(200);
  });

  it('bad input is 422 naming each field; unknown ids are 404', async () => {
    const bad = await send({ method: 'POST', path: '/sub-merchants', body: JSON.stringify({ display_name: '', type: 'shop', country: 'XX' }), headers: { 'Idempotency-Key': randomUUID() } });
    const envelope = expectError(bad, 422, 'VALIDATION_ERROR', operationById('createSubMerchant'));
    expect((envelope.error!.details as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(expect.arrayContaining(['body.display_name', 'body.type']));
    expectError(await send({ method: 'GET', path: `/sub-merchants/${randomUUID()}` }), 404, 'RESOURCE_NOT_FOUND', operationById('getSubMerchant'));
    expectError(await send({ method: 'GET', path: `/sub-merchants/${randomUUID()}/kyc` }), 404, 'RESOURCE_NOT_FOUND', operationById('getSubMerchantKyc'));
    expectError(await send({ method: 'POST', path: `/sub-merchants/${randomUUID()}/suspend` }), 404, 'RESOURCE_NOT_FOUND', operationById('suspendSubMerchant'));
  });
});

describe('wallets', () => {
  it('a settled collection lands in the merchant\'s wallet: listed, its balance and its statement agree with each other', async () => {
    const body = JSON.stringify({ amount: 4321, currency: 'TZS', rail: 'qr' });
    const created = await send({ method: 'POST', path: '/collections', body, headers: { 'Idempotency-Key': randomUUID() } });
    const collectionId = (expectEnvelope(created, operationById('createCollection')).data as { id: string }).id;
    const deadline = Date.now() + settle_timeout_ms;
    type Wallet = { id: string; owner_type: string; currency: string };
    let wallet = undefined as Wallet | undefined;
    while (wallet === undefined && Date.now() < deadline) {
      const list = await send({ method: 'GET', path: '/wallets?limit=100' });
      wallet = (expectEnvelope(list, operationById('listWallets')).data as Wallet[]).find((w) => w.owner_type === 'merchant' && w.currency === 'TZS');
      if (wallet === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(wallet, 'the TZS wallet opened when the collection settled').toBeDefined();
    const balance = await send({ method: 'GET', path: `/wallets/${wallet!.id}/balance` });
    expect(expectEnvelope(balance, operationById('getWalletBalance')).data).toMatchObject({ available_balance: 4321, pending_balance: 0, currency: 'TZS' });
    const entries = await send({ method: 'GET', path: `/wallets/${wallet!.id}/entries` });
    const statement = expectEnvelope(entries, operationById('listWalletEntries')).data as { transaction_id: string; available_balance_after: number; type: string }[];
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatchObject({ type: 'collection', transaction_id: collectionId, available_balance_after: 4321 });
    expectError(await send({ method: 'GET', path: `/wallets/${randomUUID()}/balance` }), 404, 'RESOURCE_NOT_FOUND', operationById('getWalletBalance'));
    expectError(await send({ method: 'GET', path: `/wallets/${wallet!.id}/entries?cursor=bogus` }), 422, 'VALIDATION_ERROR', operationById('listWalletEntries'));
  });
});
