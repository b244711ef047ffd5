// Returning an escrow hold through the SDK (issue 22 item 5; decision 0451): the return is a
// refund of the hold's leg, visible as a refund transaction linked to the collection, sent
// through the rail's refund path, settled by the rail's outcome (transaction.reversed when
// nothing is left), and put back on hold when the rail fails it. The ledger sums to zero after
// every scenario.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { escrowReturnRefundId } from '../../src/collections/splits/escrow-returns.ts';
import { eventsOf } from '../../src/domain/events.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { deliverAll, expectLedgerInvariants, refund, settledCollection, walletBalance } from '../collections/helpers.ts';
import { reserveSplitRefund } from '../../src/collections/splits/ledger-splits.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

async function refundsOf(client: MerchantClient, collectionId: string) {
  const page = await client.GET('/transactions');
  expect(page.response.status).toBe(200);
  return page.data!.data.filter((t) => t.type === 'refund' && t.parent_transaction_id === collectionId);
}

async function holdOf(client: MerchantClient, collectionId: string) {
  const [hold] = (await client.GET('/escrow-holds', { params: { query: { transaction_id: collectionId } } })).data!.data;
  return hold!;
}

describe('POST /escrow-holds/{id}/return', () => {
  it('refunds the payer through the rail: a refund transaction linked to the collection, then transaction.reversed', async () => {
    const m = await service.createMerchant('return whole');
    const c = await settledCollection(service, m.client, { amount: 7_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    const hold = await holdOf(m.client, c.id);

    const returned = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } });
    expect(returned.response.status).toBe(200);
    expect(returned.data!.data).toMatchObject({ id: hold.id, status: 'returned', amount: 0 });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });

    // The visible record: a pending refund of the hold's amount, initiated on the rail.
    const [pending] = await refundsOf(m.client, c.id);
    expect(pending).toMatchObject({ type: 'refund', status: 'pending', amount: 7_000, currency: 'KES', rail: 'card', parent_transaction_id: c.id, refund_reason: `escrow hold ${hold.id} returned` });
    const [initiated] = await service.sql<{ provider_reference: string | null }[]>`select provider_reference from transactions where id = ${pending!.id}`;
    expect(initiated!.provider_reference).not.toBeNull();
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 7_000 });

    // The rail pays the payer back: the refund succeeds and the collection, with nothing left, is reversed.
    await deliverAll(service);
    const [paid] = await refundsOf(m.client, c.id);
    expect(paid!.status).toBe('success');
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'reversed', refunded_amount: 7_000 });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type))
      .toEqual(['transaction.pending', 'transaction.success', 'escrow.held', 'escrow.returned', 'transaction.reversed']);
    expect((await eventsOf(service.sql, paid!.id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success']);

    // Over: a second return or a release is 409, a refund of the collection 422; nothing moves.
    const again = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } });
    expect(again.response.status).toBe(409);
    expect(again.error!.error.code).toBe('ESCROW_HOLD_NOT_HELD');
    expect((await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold.id } } })).response.status).toBe(409);
    expect((await refund(m.client, c.id, {})).response.status).toBe(422);
    expect(await refundsOf(m.client, c.id)).toHaveLength(1);
  });

  it('returns one leg of a split payment: only that leg is refunded, the collection stays success until the rest is refunded', async () => {
    const m = await service.createMerchant('return leg');
    const sm = (await m.client.POST('/sub-merchants', {
      body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
    })).data!.data.id;
    const rule = (await m.client.POST('/split-rules', { body: { name: 'r', rule_type: 'percentage', recipients: [
      { recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' },
    ] } as never })).data!.data;
    const c = await settledCollection(service, m.client, { amount: 10_001, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', sub_merchant_id: sm, split_rule_id: rule.id } as never);
    const hold = await holdOf(m.client, c.id);
    expect(hold.amount).toBe(8_001);
    const merchantBefore = await walletBalance(service, m.merchantId, 'KES');

    expect((await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } })).response.status).toBe(200);
    await deliverAll(service);
    const [returnRefund] = await refundsOf(m.client, c.id);
    expect(returnRefund).toMatchObject({ status: 'success', amount: 8_001 });
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 0n, pending: 0n });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual(merchantBefore);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 8_001 });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type)).not.toContain('transaction.reversed');

    // What is left (the merchant's 2,000) refunds as usual; then nothing is left: reversed.
    const rest = await refund(m.client, c.id, {});
    expect(rest.response.status).toBe(200);
    expect(rest.data!.data.amount).toBe(2_000);
    await deliverAll(service);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'reversed', refunded_amount: 10_001 });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type).at(-1)).toBe('transaction.reversed');
  });

  it('a return the rail fails to pay puts the hold back on hold (escrow.held); it can then be released', async () => {
    const m = await service.createMerchant('return fails');
    const c = await settledCollection(service, m.client, { amount: 3_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_refund_fail', hold_in_escrow: true });
    const hold = await holdOf(m.client, c.id);
    expect((await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } })).response.status).toBe(200);
    await deliverAll(service);
    const [failed] = await refundsOf(m.client, c.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect((await m.client.GET('/escrow-holds/{id}', { params: { path: { id: hold.id } } })).data!.data).toMatchObject({ status: 'held', amount: 3_000 });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 3_000n });
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 0 });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type))
      .toEqual(['transaction.pending', 'transaction.success', 'escrow.held', 'escrow.returned', 'escrow.held']);
    const released = await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold.id } } });
    expect(released.response.status).toBe(200);
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n });
  });

  it('a rail that refuses the refund: 503 RAIL_UNAVAILABLE, the hold held as before, no refund, nothing moved', async () => {
    const m = await service.createMerchant('return rail down');
    const c = await settledCollection(service, m.client, { amount: 4_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    const hold = await holdOf(m.client, c.id);
    service.runtime.rails.setSandboxRailDown('card', true);
    try {
      const refused = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } });
      expect(refused.response.status).toBe(503);
      expect(refused.error!.error.code).toBe('RAIL_UNAVAILABLE');
    } finally {
      service.runtime.rails.setSandboxRailDown('card', false);
    }
    expect((await m.client.GET('/escrow-holds/{id}', { params: { path: { id: hold.id } } })).data!.data).toMatchObject({ status: 'held', amount: 4_000 });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 4_000n });
    expect(await refundsOf(m.client, c.id)).toEqual([]);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 0 });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success', 'escrow.held']);
    // Up again: the return goes through (a new refund id: the first one's ledger movements are spent).
    expect((await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } })).data!.data.status).toBe('returned');
    await deliverAll(service);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data.status).toBe('reversed');
  });

  it('a return that died after the ledger took the hold and before its commit is repeated with the same refund id', async () => {
    const m = await service.createMerchant('return crashed');
    const c = await settledCollection(service, m.client, { amount: 2_500, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    const hold = await holdOf(m.client, c.id);
    const [row] = await service.sql<{ id: string; leg: number; ledger_pending_id: string }[]>`select id, leg, ledger_pending_id from escrow_holds where id = ${hold.id}`;
    const [leg] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id from settlement_legs where transaction_id = ${c.id} and leg = ${row!.leg}`;
    // Step 1's ledger movement, as the dead request made it; its database transaction never committed.
    const refundId = escrowReturnRefundId(row!);
    const taken = await reserveSplitRefund(service.runtime.ledger, { refundId, currency: 'KES', legs: [{
      kind: 'hold', leg: row!.leg, accountId: BigInt(leg!.ledger_account_id), collectionId: c.id, holdPendingId: BigInt(row!.ledger_pending_id), keep: 0n,
    }] });
    expect(taken.ok).toBe(true);
    const retried = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.status).toBe('returned');
    expect((await refundsOf(m.client, c.id)).map((r) => r.id)).toEqual([refundId]);
    await deliverAll(service);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data).toMatchObject({ status: 'reversed', refunded_amount: 2_500 });
  });

  it('a return whose rail call did not finish is finished by the next return of the hold, with the same refund', async () => {
    const m = await service.createMerchant('return resumed');
    const c = await settledCollection(service, m.client, { amount: 2_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', hold_in_escrow: true });
    const hold = await holdOf(m.client, c.id);
    expect((await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } })).response.status).toBe(200);
    // As if the process had died after step 1 (reserved) and before the announcement.
    const [refundRow] = await service.sql<{ id: string }[]>`select id from transactions where parent_transaction_id = ${c.id} and type = 'refund'`;
    await service.sql`update transactions set provider_reference = null where id = ${refundRow!.id}`;
    await service.sql`update escrow_holds set status = 'held' where id = ${hold.id}`;
    await service.sql`delete from events where (resource_id = ${c.id} and type = 'escrow.returned') or resource_id = ${refundRow!.id}`;
    const retried = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold.id } } });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.status).toBe('returned');
    const refunds = await refundsOf(m.client, c.id);
    expect(refunds.map((r) => r.id)).toEqual([refundRow!.id]);
    await deliverAll(service);
    expect((await m.client.GET('/collections/{id}', { params: { path: { id: c.id } } })).data!.data.status).toBe('reversed');
  });
});
