// Rail outages: a rail forced down (SANDBOX_RAILS_DOWN), a provider outage value, an open
// circuit breaker, and the ambiguous timeout. 503 RAIL_UNAVAILABLE with nothing created, except
// the timeout, where the key is kept so that a retry resumes with the same transaction id.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  collect,
  countRows,
  deliverAll,
  expectLedgerInvariants,
  refund,
  settledCollection,
  walletBalance,
} from './helpers.ts';

const breaker_volume_threshold = 3;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    env: {
      SANDBOX_RAILS_DOWN: 'bank',
      RAIL_BREAKER_VOLUME_THRESHOLD: String(breaker_volume_threshold),
      RAIL_BREAKER_RESET_TIMEOUT_MS: '600000',
      RAIL_BREAKER_TIMEOUT_MS: '150',
      SANDBOX_RAIL_SLOW_INITIATION_MS: '600',
    },
  });
});
afterAll(async () => { await service?.close(); });

async function nothingLeft(merchantId: string) {
  return {
    transactions: await countRows(service.sql, 'transactions', 'merchant_id', merchantId),
    keys: await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchantId),
  };
}

describe('rail unavailable', () => {
  it('a rail forced down answers 503 RAIL_UNAVAILABLE with Retry-After; no transaction, no idempotency record', async () => {
    const merchant = await service.createMerchant('bank down');
    const key = randomUUID();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // The same key twice: the first 503 left no record, so the second runs afresh.
      const result = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'bank', payer_account_ref: 'acct_sandbox_success' }, key);
      expect(result.response.status).toBe(503);
      expect(result.error!.error.code).toBe('RAIL_UNAVAILABLE');
      expect(Number(result.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(await nothingLeft(merchant.merchantId)).toEqual({ transactions: 0, keys: 0 });
  });

  it('the provider outage magic value is 503 with nothing created; other rails keep working', async () => {
    const merchant = await service.createMerchant('outage value');
    const result = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000006' });
    expect(result.response.status).toBe(503);
    expect(result.error!.error.code).toBe('RAIL_UNAVAILABLE');
    expect(await nothingLeft(merchant.merchantId)).toEqual({ transactions: 0, keys: 0 });
    const fine = await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'qr' });
    expect(fine.response.status).toBe(200);
  });

  it('after repeated outages the breaker opens: 503 at once, the rail is not called even once it is back', async () => {
    const merchant = await service.createMerchant('breaker');
    const body = { amount: 1_000, currency: 'KES', rail: 'bank' as const, payer_account_ref: 'acct_sandbox_success' };
    for (let i = 0; i < breaker_volume_threshold; i += 1) await collect(merchant.client, body);
    expect(service.runtime.rails.breakerState('bank')).toBe('open');

    service.runtime.rails.setSandboxRailDown('bank', false);
    try {
      const initiationsBefore = await service.sql`select count(*)::int as n from sandbox_rail_initiations where rail = 'bank'`;
      const result = await collect(merchant.client, body);
      // The rail is up again, so only an open breaker can answer 503 here; the unchanged
      // initiation count below proves it rejected without calling the rail (no wall-clock bound:
      // those flake on a loaded machine).
      expect(result.response.status).toBe(503);
      expect(result.error!.error.code).toBe('RAIL_UNAVAILABLE');
      const initiationsAfter = await service.sql`select count(*)::int as n from sandbox_rail_initiations where rail = 'bank'`;
      expect(initiationsAfter[0]!.n).toBe(initiationsBefore[0]!.n);
      expect(await nothingLeft(merchant.merchantId)).toEqual({ transactions: 0, keys: 0 });
    } finally {
      service.runtime.rails.setSandboxRailDown('bank', true);
    }
  });

  it('a refund on a rail that went down: 503, reservation voided, no refund, no key; the same key works later', async () => {
    const merchant = await service.createMerchant('refund outage');
    const collection = await settledCollection(service, merchant.client, { amount: 8_000, currency: 'UGX', rail: 'ussd', payer_phone: '+256700000000' });
    service.runtime.rails.setSandboxRailDown('ussd', true);
    const key = randomUUID();
    try {
      const refused = await refund(merchant.client, collection.id, { amount: 3_000 }, key);
      expect(refused.response.status).toBe(503);
      expect(refused.error!.error.code).toBe('RAIL_UNAVAILABLE');
    } finally {
      service.runtime.rails.setSandboxRailDown('ussd', false);
    }
    expect(await walletBalance(service, merchant.merchantId, 'UGX')).toEqual({ available: 8_000n, pending: 0n });
    expect(await nothingLeft(merchant.merchantId)).toEqual({ transactions: 1, keys: 1 }); // the collection and its key
    const read = await merchant.client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(read.data!.data).toMatchObject({ status: 'success', refunded_amount: 0 });
    await expectLedgerInvariants(service);

    // The same key, once the rail is back: a fresh refund that really debits the wallet.
    const accepted = await refund(merchant.client, collection.id, { amount: 3_000 }, key);
    expect(accepted.response.status).toBe(200);
    await deliverAll(service);
    const done = await merchant.client.GET('/transactions/{id}', { params: { path: { id: accepted.data!.data.id } } });
    expect(done.data!.data.status).toBe('success');
    expect(await walletBalance(service, merchant.merchantId, 'UGX')).toEqual({ available: 5_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});

describe('ambiguous timeout', () => {
  it('a rail that answers after the breaker timeout: 503, key kept; the retry resumes with the same transaction id', async () => {
    const merchant = await service.createMerchant('slow card');
    const key = randomUUID();
    const body = { amount: 6_000, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_slow' };
    const timedOut = await collect(merchant.client, body, key);
    expect(timedOut.response.status).toBe(503);
    expect(timedOut.error!.error.code).toBe('RAIL_UNAVAILABLE');
    // The provider did accept it: its initiation exists under the pre-allocated id.
    const [record] = await service.sql<{ resource_id: string; recovery_point: string }[]>`
      select resource_id, recovery_point from idempotency_keys where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(record!.recovery_point).toBe('rail_initiated');
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', record!.resource_id)).toBe(1);

    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).toBe(record!.resource_id);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', record!.resource_id)).toBe(1);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
    await deliverAll(service);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 6_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});
