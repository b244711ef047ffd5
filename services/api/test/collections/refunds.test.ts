// POST /collections/{id}/refunds through the SDK: only successful collections, remainder and
// partial amounts, reasons, the refund's own lifecycle and events, reversal on full coverage,
// failing refunds, a wallet that cannot cover the refund, racing refunds, and merchant scoping.
// The ledger's invariants are checked after every scenario.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  collect,
  countRows,
  deliverAll,
  eventTypes,
  expectLedgerInvariants,
  refund,
  settledCollection,
  walletBalance,
} from './helpers.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { reservePayout } from '../../src/payouts/ledger-payouts.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

async function freshMerchantWithCollection(amount: number, payer: { rail: 'mobile_money' | 'card' | 'bank'; value?: string } = { rail: 'card' }) {
  const merchant = await service.createMerchant('refunds');
  const body = payer.rail === 'card'
    ? { rail: 'card' as const, payer_card_token: payer.value ?? 'tok_sandbox_success' }
    : payer.rail === 'bank'
      ? { rail: 'bank' as const, payer_account_ref: payer.value ?? 'acct_sandbox_success' }
      : { rail: 'mobile_money' as const, payer_phone: payer.value ?? '+254712345678' };
  const collection = await settledCollection(service, merchant.client, { amount, currency: 'KES', ...body });
  return { ...merchant, collection };
}

async function readCollection(client: TestService['client'], id: string) {
  return (await client.GET('/collections/{id}', { params: { path: { id } } })).data!.data;
}

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details: { fields: { field: string }[] } } }).error.details.fields).map((f) => f.field);
}

describe('which collections can be refunded', () => {
  it('a pending or failed collection is 422 (path.id) and nothing is created', async () => {
    const merchant = await service.createMerchant('not refundable');
    const pending = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'qr' });
    const failed = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_late' });
    const failing = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_fail' });
    for (const id of [pending.data!.data.id, failed.data!.data.id]) {
      const result = await refund(merchant.client, id, undefined);
      expect(result.response.status).toBe(422);
      expect(fieldsOf(result.error)).toEqual(['path.id']);
    }
    await deliverAll(service);
    expect((await readCollection(merchant.client, failing.data!.data.id)).status).toBe('failed');
    const result = await refund(merchant.client, failing.data!.data.id, { amount: 10 });
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result.error)).toEqual(['path.id']);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(3);
    expect(await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchant.merchantId)).toBe(3);
  });

  it('another merchant\'s collection, an unknown id and a refund id are 404', async () => {
    const { client, collection } = await freshMerchantWithCollection(2_000);
    const other = await service.createMerchant('other');
    const foreign = await refund(other.client, collection.id, undefined);
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await refund(client, randomUUID(), undefined)).response.status).toBe(404);
    const partial = await refund(client, collection.id, { amount: 500 });
    const ofRefund = await refund(client, partial.data!.data.id, undefined);
    expect(ofRefund.response.status).toBe(404);
    expect((await readCollection(client, collection.id)).refunded_amount).toBe(500);
  });

  it('a suspended merchant is 403 COMPLIANCE_HOLD; a read-only key is 401', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(2_000);
    const readOnly = service.clientFor(await service.createKey({ merchantId, scopes: ['read'] }));
    const unauthorized = await refund(readOnly, collection.id, undefined);
    expect(unauthorized.response.status).toBe(401);
    expect(unauthorized.error!.error.code).toBe('AUTH_INVALID_KEY');
    await setMerchantStatus(service.sql, merchantId, 'suspended');
    const held = await refund(client, collection.id, undefined);
    expect(held.response.status).toBe(403);
    expect(held.error!.error.code).toBe('COMPLIANCE_HOLD');
    expect((await readCollection(client, collection.id)).refunded_amount).toBe(0);
  });
});

describe('amounts', () => {
  it('partial refunds accumulate (pending ones count); more than the remainder is 422; null refunds the rest', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(10_000);
    const first = await refund(client, collection.id, { amount: 3_000 });
    const second = await refund(client, collection.id, { amount: 2_000, reason: null });
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    expect((await readCollection(client, collection.id)).refunded_amount).toBe(5_000);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 5_000n, pending: 0n });

    const tooMuch = await refund(client, collection.id, { amount: 5_001 });
    expect(tooMuch.response.status).toBe(422);
    expect(fieldsOf(tooMuch.error)).toEqual(['body.amount']);

    const rest = await refund(client, collection.id, { amount: null });
    expect(rest.data!.data.amount).toBe(5_000);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    const nothingLeft = await refund(client, collection.id, undefined);
    expect(nothingLeft.response.status).toBe(422);
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(3);
  });

  it('an omitted body refunds the whole amount', async () => {
    const { client, collection } = await freshMerchantWithCollection(4_200);
    const result = await refund(client, collection.id, undefined);
    expect(result.data!.data).toMatchObject({ amount: 4_200, refund_reason: null });
  });

  it.each([0, -1, 1.5])('amount %s is 422', async (amount) => {
    const { client, collection } = await freshMerchantWithCollection(1_000);
    const result = await refund(client, collection.id, { amount });
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result.error)).toEqual(['body.amount']);
  });

  it('a reason of 500 characters is stored; 501 is 422; unknown fields are 422', async () => {
    const { client, collection } = await freshMerchantWithCollection(1_000);
    const tooLong = await refund(client, collection.id, { amount: 100, reason: 'x'.repeat(501) });
    expect(tooLong.response.status).toBe(422);
    expect(fieldsOf(tooLong.error)).toEqual(['body.reason']);
    const unknown = await refund(client, collection.id, { amount: 100, note: 'x' } as never);
    expect(unknown.response.status).toBe(422);
    const reason = 'r'.repeat(500);
    const stored = await refund(client, collection.id, { amount: 100, reason });
    expect(stored.data!.data.refund_reason).toBe(reason);
    const read = await client.GET('/transactions/{id}', { params: { path: { id: stored.data!.data.id } } });
    expect(read.data!.data.refund_reason).toBe(reason);
  });
});

describe('lifecycle', () => {
  it('a refund is a transaction of its own; full coverage reverses the collection', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(6_000);
    const partial = await refund(client, collection.id, { amount: 1_000, reason: 'damaged' });
    expect(partial.data!.data).toMatchObject({
      type: 'refund', status: 'pending', amount: 1_000, currency: 'KES', rail: 'card', merchant_id: merchantId,
      parent_transaction_id: collection.id, refund_reason: 'damaged', refunded_amount: null,
    });
    expect(partial.data!.data.provider_reference).toMatch(/^CARD-RF-/);
    await deliverAll(service);
    expect((await readCollection(client, collection.id)).status).toBe('success');
    const rest = await refund(client, collection.id, undefined);
    // Not reversed while the covering refund is pending: reversal waits for the rail.
    expect((await readCollection(client, collection.id)).status).toBe('success');
    await deliverAll(service);
    expect(await readCollection(client, collection.id)).toMatchObject({ status: 'reversed', refunded_amount: 6_000 });
    expect(await eventTypes(service.sql, collection.id)).toEqual(['transaction.pending', 'transaction.success', 'transaction.reversed']);
    for (const r of [partial, rest]) {
      expect(await eventTypes(service.sql, r.data!.data.id)).toEqual(['transaction.pending', 'transaction.success']);
      const read = await client.GET('/transactions/{id}', { params: { path: { id: r.data!.data.id } } });
      expect(read.data!.data.status).toBe('success');
    }
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    const reversedAgain = await refund(client, collection.id, { amount: 1 });
    expect(reversedAgain.response.status).toBe(422);
  });

  it('a refund the rail fails gives the money back and restores the remainder; no reversal', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(5_000, { rail: 'card', value: 'tok_sandbox_refund_fail' });
    const failing = await refund(client, collection.id, undefined);
    expect(failing.data!.data.status).toBe('pending');
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    await deliverAll(service);
    const read = await client.GET('/transactions/{id}', { params: { path: { id: failing.data!.data.id } } });
    expect(read.data!.data.status).toBe('failed');
    expect(await eventTypes(service.sql, failing.data!.data.id)).toEqual(['transaction.pending', 'transaction.failed']);
    expect(await readCollection(client, collection.id)).toMatchObject({ status: 'success', refunded_amount: 0 });
    expect(await eventTypes(service.sql, collection.id)).toEqual(['transaction.pending', 'transaction.success']);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 5_000n, pending: 0n });
    // The remainder is refundable again.
    const again = await refund(client, collection.id, { amount: 5_000 });
    expect(again.response.status).toBe(200);
  });
});

describe('money', () => {
  it('a wallet that cannot cover the refund is 402 INSUFFICIENT_FUNDS and nothing moves', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(10_000);
    // Money leaves the wallet the way a payout takes it: a ledger hold towards payout clearing.
    const ledger = service.runtime.ledger;
    const held = await reservePayout(ledger, {
      payoutId: randomUUID(), walletAccountId: walletAccountId(merchantId, 'KES'), currency: 'KES', amount: 8_000n,
    });
    expect(held.ok).toBe(true);
    const key = randomUUID();
    const refused = await refund(client, collection.id, { amount: 5_000 }, key);
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 2_000n, pending: 0n });
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(0);
    expect((await readCollection(client, collection.id)).refunded_amount).toBe(0);
    expect(await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchantId)).toBe(1); // the collection's
    // What the wallet can cover still goes through, even under the refused key.
    const covered = await refund(client, collection.id, { amount: 2_000 }, key);
    expect(covered.response.status).toBe(200);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
  });

  // Issue 15 (docs/split-settlement.md): a refund takes held money back out of its escrow hold
  // first (it used to be 402 until the hold was released).
  it('money held in escrow pays a refund out of the hold, without touching the available balance', async () => {
    const merchant = await service.createMerchant('escrow refund');
    const collection = await settledCollection(service, merchant.client,
      { amount: 3_000, currency: 'KES', rail: 'qr', hold_in_escrow: true });
    const part = await refund(merchant.client, collection.id, { amount: 1_000 });
    expect(part.response.status).toBe(200);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 0n, pending: 2_000n });
    await deliverAll(service);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 0n, pending: 2_000n });
  });

  it('five racing partial refunds whose sum exceeds the amount: exactly the ones that fit succeed', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(10_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => refund(client, collection.id, { amount: 3_000 })));
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422]);
    for (const r of results.filter((x) => x.response.status === 422)) expect(fieldsOf(r.error)).toEqual(['body.amount']);
    expect((await readCollection(client, collection.id)).refunded_amount).toBe(9_000);
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(3);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 1_000n, pending: 0n });
    await deliverAll(service);
    expect(await readCollection(client, collection.id)).toMatchObject({ status: 'success', refunded_amount: 9_000 });
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 1_000n, pending: 0n });
  });

  it('racing "refund the rest" requests: exactly one wins and the collection is reversed once', async () => {
    const { merchantId, client, collection } = await freshMerchantWithCollection(7_000);
    const results = await Promise.all(Array.from({ length: 4 }, () => refund(client, collection.id, undefined)));
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 422, 422, 422]);
    await deliverAll(service);
    expect((await readCollection(client, collection.id)).status).toBe('reversed');
    expect((await eventTypes(service.sql, collection.id)).filter((t) => t === 'transaction.reversed')).toHaveLength(1);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
  });
});

describe('idempotency of refunds', () => {
  it('the same key replays the refund; another amount under it is 409', async () => {
    const { client, collection } = await freshMerchantWithCollection(3_000);
    const key = randomUUID();
    const first = await refund(client, collection.id, { amount: 1_000 }, key);
    const replay = await refund(client, collection.id, { amount: 1_000 }, key);
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(1);
    const conflict = await refund(client, collection.id, { amount: 999 }, key);
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    // The same key on another collection is another operation: a conflict too.
    const second = await settledCollection(service, client, { amount: 3_000, currency: 'KES', rail: 'qr' });
    const elsewhere = await refund(client, second.id, { amount: 1_000 }, key);
    expect(elsewhere.response.status).toBe(409);
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', second.id)).toBe(0);
  });
});
