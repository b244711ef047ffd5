// The outbox: every status change of a transaction writes its transaction.* event in the same
// database transaction, in order, with the seed's data object; both collection flows (direct and
// hosted checkout) emit the same events.
import { createCheckoutClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, eventTypes } from '../../src/domain/events.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, deliverAll, refund } from './helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const transaction_event_data_keys = ['amount', 'currency', 'merchant_id', 'occurred_at', 'status', 'transaction_id'];

async function checkoutCollection(payer: { rail: 'mobile_money'; payer_phone: string } | { rail: 'card'; payer_card_token: string }, amount: number) {
  const session = await service.client.POST('/checkout-sessions', { body: { amount, currency: 'KES', reference: 'checkout-1' } });
  expect(session.response.status).toBe(200);
  const checkout = createCheckoutClient({ baseUrl: service.baseUrl, clientToken: session.data!.data.client_token });
  const paid = await checkout.POST('/checkout-sessions/{id}/pay', { params: { path: { id: session.data!.data.id } }, body: payer });
  expect(paid.response.status).toBe(200);
  return paid.data!.data;
}

/** The outbox of one transaction, as (type, data) with the data's shape checked. */
async function outboxOf(transactionId: string) {
  const events = await eventsOf(service.sql, transactionId);
  const sequences = events.map((e) => e.sequence);
  expect([...sequences].sort((a, b) => (a < b ? -1 : 1))).toEqual(sequences);
  for (const event of events) {
    expect(eventTypes).toContain(event.type);
    expect(event.merchant_id).toBe(service.merchantId);
    if (event.type.startsWith('transaction.')) {
      expect(Object.keys(event.data).sort()).toEqual(transaction_event_data_keys);
      expect(event.data).toMatchObject({ transaction_id: transactionId, merchant_id: service.merchantId, currency: 'KES' });
      expect(event.data.status).toBe(event.type.slice('transaction.'.length));
      expect(Number.isSafeInteger(event.data.amount)).toBe(true);
      expect(new Date(event.data.occurred_at as string).toISOString()).toBe(event.data.occurred_at);
    }
  }
  return events;
}

describe('transaction events', () => {
  it('direct and hosted checkout collections emit the same events with the same data', async () => {
    const direct = (await collect(service.client, { amount: 2_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'checkout-1' })).data!.data;
    const hosted = await checkoutCollection({ rail: 'mobile_money', payer_phone: '+254712345678' }, 2_000);
    await deliverAll(service);
    const directEvents = await outboxOf(direct.id);
    const hostedEvents = await outboxOf(hosted.id);
    expect(directEvents.map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success']);
    expect(hostedEvents.map((e) => e.type)).toEqual(directEvents.map((e) => e.type));
    const strip = (data: Record<string, unknown>) => ({ ...data, transaction_id: 'x', occurred_at: 'x' });
    expect(hostedEvents.map((e) => strip(e.data))).toEqual(directEvents.map((e) => strip(e.data)));
    // occurred_at is the moment of the status change: the row's updated_at at that change.
    const read = await service.client.GET('/collections/{id}', { params: { path: { id: direct.id } } });
    expect(directEvents.at(-1)!.data.occurred_at).toBe(read.data!.data.updated_at);
    expect(directEvents[0]!.data.occurred_at).toBe(direct.updated_at);
  });

  it('failed collections, in both flows: pending then failed, nothing else', async () => {
    const direct = (await collect(service.client, { amount: 1_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_fail' })).data!.data;
    const hosted = await checkoutCollection({ rail: 'card', payer_card_token: 'tok_sandbox_fail' }, 1_000);
    await deliverAll(service);
    for (const id of [direct.id, hosted.id]) {
      expect((await outboxOf(id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.failed']);
    }
  });

  it('a refunded collection and its refunds: every change once, in order; redelivered outcomes add nothing', async () => {
    const collection = (await collect(service.client, { amount: 3_000, currency: 'KES', rail: 'qr' })).data!.data;
    await deliverAll(service);
    const partial = (await refund(service.client, collection.id, { amount: 1_000 })).data!.data;
    await deliverAll(service);
    const rest = (await refund(service.client, collection.id, undefined)).data!.data;
    await deliverAll(service);
    // The rail delivers at least once: play every outcome of these transactions again.
    await service.sql`update sandbox_rail_outcomes set delivered_at = null, due_at = now()
                      where transaction_id in ${service.sql([collection.id, partial.id, rest.id])}`;
    await deliverAll(service);
    expect((await outboxOf(collection.id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success', 'transaction.reversed']);
    for (const r of [partial, rest]) {
      const events = await outboxOf(r.id);
      expect(events.map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success']);
      expect(events.map((e) => e.data.amount)).toEqual([r.amount, r.amount]);
    }
    // Per merchant, the outbox is one ordered stream: the collection's success precedes its refund.
    const [collectionSuccess] = (await eventsOf(service.sql, collection.id)).filter((e) => e.type === 'transaction.success');
    const [refundPending] = await eventsOf(service.sql, partial.id);
    expect(collectionSuccess!.sequence < refundPending!.sequence).toBe(true);
    expect((await service.runtime.ledger.checkInvariants()).ok).toBe(true);
  });

  it('a transaction row never exists without its events (every row has a pending event first)', async () => {
    const rows = await service.sql<{ id: string; status: string; first: string | null; n: number }[]>`
      select t.id, t.status,
        (select type from events e where e.resource_id = t.id order by sequence limit 1) as first,
        (select count(*)::int from events e where e.resource_id = t.id and e.type like 'transaction.%') as n
      from transactions t where t.merchant_id = ${service.merchantId}`;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.first).toBe('transaction.pending');
      expect(row.n).toBe(row.status === 'pending' ? 1 : row.status === 'reversed' ? 3 : 2);
    }
  });
});
