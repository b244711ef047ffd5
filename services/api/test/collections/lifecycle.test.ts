// The collection lifecycle end to end through the SDK: create -> rail confirms -> money in the
// merchant's wallet -> refund -> rail confirms -> collection reversed; events in order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../src/domain/events.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

async function walletBalance(currency: string) {
  const accountId = walletAccountId(service.merchantId, currency);
  return await service.runtime.ledger.balance(accountId);
}

describe('collection lifecycle', () => {
  it('collects, settles into the wallet, refunds in full and reverses', async () => {
    const created = await service.client.POST('/collections', {
      body: { amount: 150_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'order-1' },
    });
    expect(created.response.status).toBe(200);
    const collection = created.data!.data;
    expect(collection).toMatchObject({ type: 'collection', status: 'pending', amount: 150_000, currency: 'KES', reference: 'order-1', refunded_amount: 0 });
    expect(collection.provider_reference).toMatch(/^MM-/);

    await service.runtime.deliverRailOutcomes();
    const settled = await service.client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(settled.data!.data.status).toBe('success');
    expect(await walletBalance('KES')).toEqual({ available: 150_000n, pending: 0n });

    const refund = await service.client.POST('/collections/{id}/refunds', {
      params: { path: { id: collection.id } }, body: { reason: 'customer changed their mind' },
    });
    expect(refund.response.status).toBe(200);
    expect(refund.data!.data).toMatchObject({ type: 'refund', status: 'pending', amount: 150_000, parent_transaction_id: collection.id, refund_reason: 'customer changed their mind' });
    expect(await walletBalance('KES')).toEqual({ available: 0n, pending: 0n });

    await service.runtime.deliverRailOutcomes();
    const reversed = await service.client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(reversed.data!.data).toMatchObject({ status: 'reversed', refunded_amount: 150_000 });
    expect((await eventsOf(service.sql, collection.id)).map((e) => e.type))
      .toEqual(['transaction.pending', 'transaction.success', 'transaction.reversed']);
    expect((await eventsOf(service.sql, refund.data!.data.id)).map((e) => e.type))
      .toEqual(['transaction.pending', 'transaction.success']);
    expect((await service.runtime.ledger.checkInvariants()).ok).toBe(true);
  });

  it('replays the same Idempotency-Key with the original result and rejects a different payload', async () => {
    const key = randomUUID();
    const body = { amount: 5_000, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_success' };
    const first = await service.client.POST('/collections', { body, params: { header: { 'Idempotency-Key': key } } });
    const again = await service.client.POST('/collections', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    const conflict = await service.client.POST('/collections', { body: { ...body, amount: 5_001 }, params: { header: { 'Idempotency-Key': key } } });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
  });
});
