// POST /collections through the SDK against the real server: every rail's happy path, every
// validation rule of CollectionCreate, attribution, compliance holds, scopes, escrow and the
// sandbox scenarios that fail or need the payer to act.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  collect,
  countRows,
  deliverAll,
  eventTypes,
  expectLedgerInvariants,
  insertSubMerchant,
  settledCollection,
  succeeding_payer,
  tablesContaining,
  walletBalance,
  type CollectionBody,
} from './helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

async function expectNothingCreated(merchantId: string, run: () => Promise<void>): Promise<void> {
  const before = {
    transactions: await countRows(service.sql, 'transactions', 'merchant_id', merchantId),
    keys: await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchantId),
    initiations: (await service.sql`select count(*)::int as n from sandbox_rail_initiations`)[0]!.n as number,
  };
  await run();
  expect({
    transactions: await countRows(service.sql, 'transactions', 'merchant_id', merchantId),
    keys: await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchantId),
    initiations: (await service.sql`select count(*)::int as n from sandbox_rail_initiations`)[0]!.n as number,
  }).toEqual(before);
}

async function expect422(body: unknown, field: string) {
  let result: Awaited<ReturnType<typeof collect>> | undefined;
  await expectNothingCreated(service.merchantId, async () => { result = await collect(service.client, body as CollectionBody); });
  expect(result!.response.status).toBe(422);
  expect(result!.error!.error.code).toBe('VALIDATION_ERROR');
  const fields = (result!.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field);
  expect(fields).toContain(field);
  return result!;
}

describe('POST /collections: each rail', () => {
  it.each([
    ['mobile_money', /^MM-/],
    ['card', /^CARD-/],
    ['bank', /^BANK-/],
    ['ussd', /^USSD-/],
    ['qr', /^QR-/],
  ] as const)('%s: pending with a provider reference, then success with the money in the wallet', async (rail, prefix) => {
    const merchant = await service.createMerchant(`rail ${rail}`);
    const created = await collect(merchant.client, { amount: 2_500, currency: 'GHS', rail, reference: `order-${rail}`, ...succeeding_payer[rail] });
    expect(created.response.status).toBe(200);
    const collection = created.data!.data;
    expect(collection).toMatchObject({
      merchant_id: merchant.merchantId, type: 'collection', rail, status: 'pending', amount: 2_500, currency: 'GHS',
      reference: `order-${rail}`, parent_transaction_id: null, sub_merchant_id: null, refunded_amount: 0,
    });
    expect(collection.provider_reference).toMatch(prefix);
    // The dial string is the payment on USSD; the code page is the payment on QR.
    expect(collection.ussd_code === null).toBe(rail !== 'ussd');
    expect(collection.action_url === null).toBe(rail !== 'qr');

    await deliverAll(service);
    const read = await merchant.client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(read.data!.data.status).toBe('success');
    expect(await walletBalance(service, merchant.merchantId, 'GHS')).toEqual({ available: 2_500n, pending: 0n });
    expect(await eventTypes(service.sql, collection.id)).toEqual(['transaction.pending', 'transaction.success']);
    await expectLedgerInvariants(service);
  });
});

describe('POST /collections: validation (422, nothing created)', () => {
  it.each([
    ['mobile_money', 'payer_phone'],
    ['ussd', 'payer_phone'],
    ['card', 'payer_card_token'],
    ['bank', 'payer_account_ref'],
  ] as const)('%s without %s', async (rail, field) => {
    await expect422({ amount: 100, currency: 'KES', rail }, `body.${field}`);
    // null is "missing" too: the schema requires a string for the rail's field.
    await expect422({ amount: 100, currency: 'KES', rail, [field]: null }, `body.${field}`);
  });

  it('qr needs no payer field; payer fields another rail needs are accepted and ignored', async () => {
    const result = await collect(service.client, { amount: 100, currency: 'KES', rail: 'qr', payer_account_ref: 'acct_x' });
    expect(result.response.status).toBe(200);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['not an integer', 10.5],
    ['above the safe-integer maximum', 9_007_199_254_740_992],
  ])('amount %s', async (_name, amount) => {
    await expect422({ amount, currency: 'KES', rail: 'qr' }, 'body.amount');
  });

  it('amount as a string is 422 (JSON bodies are not type-coerced)', async () => {
    await expect422({ amount: '100', currency: 'KES', rail: 'qr' }, 'body.amount');
    await expect422({ amount: 100, currency: 'KES', rail: 'qr', hold_in_escrow: 'true' }, 'body.hold_in_escrow');
  });

  it('amount missing', async () => {
    await expect422({ currency: 'KES', rail: 'qr' }, 'body.amount');
  });

  it.each(['KE', 'KESS', 'kes', '123'])('currency %s is not 3 upper-case letters', async (currency) => {
    await expect422({ amount: 100, currency, rail: 'qr' }, 'body.currency');
  });

  it('a well-formed currency the ledger does not support', async () => {
    // Refused by the schema's currency list or, behind it, by the ledger's currency table.
    await expect422({ amount: 100, currency: 'XYZ', rail: 'qr' }, 'body.currency');
  });

  it('unknown rail and unknown field', async () => {
    await expect422({ amount: 100, currency: 'KES', rail: 'paypal' }, 'body.rail');
    await expect422({ amount: 100, currency: 'KES', rail: 'qr', tip: 5 }, 'body.tip');
  });

  it.each(['4111111111111111', '4111 1111 1111 1111', '5500-0000-0000-0004'])(
    'a raw card number (%s) as payer_card_token is refused, never stored or logged', async (pan) => {
      const logsBefore = service.logs.length;
      const result = await expect422({ amount: 100, currency: 'KES', rail: 'card', payer_card_token: pan }, 'body.payer_card_token');
      expect(JSON.stringify(result.error)).not.toContain(pan);
      const digits = pan.replace(/[ -]/g, '');
      const newLines = service.logs.slice(logsBefore).map((line) => JSON.stringify(line));
      expect(newLines.filter((line) => line.includes(pan) || line.includes(digits))).toEqual([]);
      expect(await tablesContaining(service.sql, digits)).toEqual([]);
      expect(await tablesContaining(service.sql, pan)).toEqual([]);
    });

  it('a token that merely contains digits is accepted (it fails the Luhn check or has letters)', async () => {
    const result = await collect(service.client, { amount: 100, currency: 'KES', rail: 'card', payer_card_token: 'tok_4111111111111111' });
    expect(result.response.status).toBe(200);
  });
});

describe('POST /collections: attribution and holds', () => {
  it('attributes to an active sub-merchant of the merchant', async () => {
    const subMerchantId = await insertSubMerchant(service.sql, service.merchantId);
    const result = await collect(service.client, { amount: 700, currency: 'KES', rail: 'qr', sub_merchant_id: subMerchantId });
    expect(result.response.status).toBe(200);
    expect(result.data!.data.sub_merchant_id).toBe(subMerchantId);
  });

  it('another merchant\'s or an unknown sub-merchant is 422 on body.sub_merchant_id', async () => {
    const other = await service.createMerchant('other');
    const theirs = await insertSubMerchant(service.sql, other.merchantId);
    await expect422({ amount: 700, currency: 'KES', rail: 'qr', sub_merchant_id: theirs }, 'body.sub_merchant_id');
    await expect422({ amount: 700, currency: 'KES', rail: 'qr', sub_merchant_id: '00000000-0000-4000-8000-000000000000' }, 'body.sub_merchant_id');
  });

  it('a suspended sub-merchant is 403 COMPLIANCE_HOLD', async () => {
    const suspended = await insertSubMerchant(service.sql, service.merchantId, 'suspended');
    let result: Awaited<ReturnType<typeof collect>> | undefined;
    await expectNothingCreated(service.merchantId, async () => {
      result = await collect(service.client, { amount: 700, currency: 'KES', rail: 'qr', sub_merchant_id: suspended });
    });
    expect(result!.response.status).toBe(403);
    expect(result!.error!.error.code).toBe('COMPLIANCE_HOLD');
  });

  it.each(['suspended', 'frozen'] as const)('a %s merchant is 403 COMPLIANCE_HOLD but can still read', async (status) => {
    const merchant = await service.createMerchant(`${status} merchant`);
    const earlier = await collect(merchant.client, { amount: 300, currency: 'KES', rail: 'qr' });
    await setMerchantStatus(service.sql, merchant.merchantId, status);
    let result: Awaited<ReturnType<typeof collect>> | undefined;
    await expectNothingCreated(merchant.merchantId, async () => {
      result = await collect(merchant.client, { amount: 300, currency: 'KES', rail: 'qr' });
    });
    expect(result!.response.status).toBe(403);
    expect(result!.error!.error.code).toBe('COMPLIANCE_HOLD');
    const read = await merchant.client.GET('/collections/{id}', { params: { path: { id: earlier.data!.data.id } } });
    expect(read.response.status).toBe(200);
  });

  it('a read-only key is 401 AUTH_INVALID_KEY', async () => {
    const key = await service.createKey({ scopes: ['read'] });
    let result: Awaited<ReturnType<typeof collect>> | undefined;
    await expectNothingCreated(service.merchantId, async () => {
      result = await collect(service.clientFor(key), { amount: 300, currency: 'KES', rail: 'qr' });
    });
    expect(result!.response.status).toBe(401);
    expect(result!.error!.error.code).toBe('AUTH_INVALID_KEY');
  });
});

describe('POST /collections: escrow and sandbox scenarios', () => {
  it('hold_in_escrow lands the money in the pending balance and emits escrow.held', async () => {
    const merchant = await service.createMerchant('escrow');
    const collection = await settledCollection(service, merchant.client,
      { amount: 9_000, currency: 'NGN', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    expect(await walletBalance(service, merchant.merchantId, 'NGN')).toEqual({ available: 0n, pending: 9_000n });
    expect(await eventTypes(service.sql, collection.id)).toEqual(['transaction.pending', 'transaction.success', 'escrow.held']);
    const [held] = await service.sql<{ data: Record<string, unknown> }[]>`
      select data from events where resource_id = ${collection.id} and type = 'escrow.held'`;
    expect(held!.data).toMatchObject({ transaction_id: collection.id, merchant_id: merchant.merchantId, amount: 9_000, currency: 'NGN' });
    await expectLedgerInvariants(service);
  });

  it.each([
    ['mobile_money', { payer_phone: '+254700000001' }],
    ['mobile_money', { payer_phone: '+233240000002' }],
    ['ussd', { payer_phone: '+254700000001' }],
    ['card', { payer_card_token: 'tok_sandbox_fail' }],
    ['card', { payer_card_token: 'tok_sandbox_insufficient_funds' }],
    ['card', { payer_card_token: 'tok_sandbox_challenge_fail' }],
    ['bank', { payer_account_ref: 'acct_sandbox_fail' }],
    ['bank', { payer_account_ref: 'acct_sandbox_closed' }],
    ['qr', { reference: 'sandbox_fail:order-9' }],
  ] as const)('%s failure %o: failed, transaction.failed, nothing moved', async (rail, payer) => {
    const merchant = await service.createMerchant('failures');
    const created = await collect(merchant.client, { amount: 4_000, currency: 'ZAR', rail, ...payer });
    expect(created.data!.data.status).toBe('pending');
    await deliverAll(service);
    const read = await merchant.client.GET('/collections/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.data!.data.status).toBe('failed');
    expect(await eventTypes(service.sql, created.data!.data.id)).toEqual(['transaction.pending', 'transaction.failed']);
    expect(await walletBalance(service, merchant.merchantId, 'ZAR')).toEqual({ available: 0n, pending: 0n });
    await expectLedgerInvariants(service);
  });

  it('card challenge returns an action_url, bank authorization too; mobile money fallback returns a ussd_code', async () => {
    const card = await collect(service.client, { amount: 100, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    expect(card.data!.data.action_url).toMatch(/\/card\/3ds\/CARD-/);
    expect(card.data!.data.ussd_code).toBeNull();
    const bank = await collect(service.client, { amount: 100, currency: 'KES', rail: 'bank', payer_account_ref: 'acct_sandbox_challenge' });
    expect(bank.data!.data.action_url).toMatch(/\/bank\/authorize\/BANK-/);
    const mobile = await collect(service.client, { amount: 100, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000003' });
    expect(mobile.data!.data.ussd_code).toMatch(/^\*384\*\d+#$/);
    expect(mobile.data!.data.action_url).toBeNull();
    // A plain collection needs no payer action.
    const plain = await collect(service.client, { amount: 100, currency: 'KES', rail: 'card', payer_card_token: 'tok_plain' });
    expect(plain.data!.data).toMatchObject({ action_url: null, ussd_code: null });
    await deliverAll(service);
    const settled = await service.client.GET('/collections/{id}', { params: { path: { id: card.data!.data.id } } });
    expect(settled.data!.data.status).toBe('success');
  });

  it('metadata is stored and echoed', async () => {
    const result = await collect(service.client, { amount: 100, currency: 'KES', rail: 'qr', metadata: { order: 'A-1', channel: 'app' } });
    expect(result.data!.data.metadata).toEqual({ order: 'A-1', channel: 'app' });
  });
});
