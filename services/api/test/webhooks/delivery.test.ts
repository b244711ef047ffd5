// Events reach subscribed endpoints: signed as the seed says (verified by the SDK's own verifier on
// the raw bytes a real receiver got), with the seed's headers and body, in per-resource order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendEvents, eventTypes, type EventType, type NewEvent } from '../../src/domain/events.ts';
import { deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import type { TestService } from '../helpers/service.ts';
import { deliveriesOf, registerEndpoint, startReceiver, startWebhookService, verified, waitFor, type Receiver } from './helpers.ts';

// These tests wait on real time (receivers, retries, leases); on a loaded shared machine a
// delivery can take far longer than usual, so each test gets a minute before it is called hung.
vi.setConfig({ testTimeout: 60_000 });

let service: TestService;
let receiver: Receiver;
beforeAll(async () => {
  [service, receiver] = await Promise.all([startWebhookService(), startReceiver()]);
});
afterAll(async () => {
  await service?.close();
  await receiver?.close();
});

describe('a delivery', () => {
  it('carries the seed headers and a signature the SDK verifies on the raw bytes; the body is the event', async () => {
    const endpoint = await registerEndpoint(service, receiver.url('/basic'));
    expect(endpoint.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const collection = await settledCollection(service, service.client, { amount: 150000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    const deliveries = await waitFor('two deliveries', () => (receiver.at('/basic').length >= 2 ? receiver.at('/basic') : null));

    const startedS = Math.floor(Date.now() / 1000);
    const events = deliveries.map((delivery) => {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['user-agent']).toMatch(/^PayAgg-Webhooks\/1\.0/);
      expect(delivery.headers['x-service-timestamp']).toMatch(/^\d{10}$/);
      expect(Math.abs(Number(delivery.headers['x-service-timestamp']) - startedS)).toBeLessThan(60);
      // One secret: exactly one lowercase hex digest, as the seed says.
      expect(delivery.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
      const event = verified(delivery, endpoint.signing_secret);
      expect(delivery.headers['x-service-event-id']).toBe(event.id);
      expect(Object.keys(event)).toEqual(['id', 'type', 'created_at', 'data']);
      return event;
    });
    const byType = Object.fromEntries(events.map((event) => [event.type, event]));
    expect(Object.keys(byType).sort()).toEqual(['transaction.pending', 'transaction.success']);
    expect(byType['transaction.success']!.data).toEqual({
      transaction_id: collection.id, merchant_id: service.merchantId, amount: 150000, currency: 'KES', status: 'success',
      occurred_at: collection.updated_at, sequence: 2,
    });
    expect(byType['transaction.pending']!.data).toMatchObject({ transaction_id: collection.id, status: 'pending', sequence: 1 });

    // The same bytes as GET /events/{id} (which the service validates against the spec's WebhookEvent).
    for (const delivery of deliveries) {
      const event = JSON.parse(delivery.rawBody.toString('utf8')) as { id: string };
      const { data } = await service.client.GET('/events/{id}', { params: { path: { id: event.id } } });
      expect(JSON.stringify(data!.data)).toBe(delivery.rawBody.toString('utf8'));
    }
    const history = await deliveriesOf(service, endpoint.id);
    expect(history.map((d) => [d.status, d.attempt_count, d.last_response_code])).toEqual([['succeeded', 1, 200], ['succeeded', 1, 200]]);

    // The delivery history through the API: newest first, paged by a cursor bound to this list.
    const list = (query: Record<string, unknown>, id = endpoint.id) =>
      service.client.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: query as never } });
    const { data: first } = await list({ limit: 1 });
    expect(first!.data).toEqual([expect.objectContaining({ endpoint_id: endpoint.id, event_type: 'transaction.success', status: 'succeeded', attempt_count: 1, last_response_code: 200, last_response_snippet: 'ok', last_error: null, next_attempt_at: null })]);
    const { data: second } = await list({ limit: 1, cursor: first!.meta.next_cursor });
    expect(second!.data.map((d) => d.event_type)).toEqual(['transaction.pending']);
    expect(second!.meta.next_cursor).toBeNull();
    const { data: succeeded } = await list({ status: 'succeeded' });
    expect(succeeded!.data).toHaveLength(2);
    const { data: none } = await list({ status: 'exhausted' });
    expect(none!.data).toEqual([]);
    // A cursor of another endpoint's list is refused; another merchant sees no such endpoint.
    const other = await registerEndpoint(service, receiver.url('/basic-other'));
    const { error: foreignCursor } = await list({ cursor: first!.meta.next_cursor }, other.id);
    expect(foreignCursor!.error.details!.fields).toEqual([{ field: 'query.cursor', message: 'is not a cursor returned by this list' }]);
    const stranger = await service.createMerchant('Stranger');
    const { response: hidden } = await stranger.client.GET('/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id } } });
    expect(hidden.status).toBe(404);
    await service.client.DELETE('/webhooks/{id}', { params: { path: { id: other.id } } });
  });

  it('goes only to active endpoints of the merchant subscribed to the type and registered before the event', async () => {
    const onlySuccess = await registerEndpoint(service, receiver.url('/only-success'), ['transaction.success']);
    const deleted = await registerEndpoint(service, receiver.url('/deleted'), ['transaction.success']);
    expect((await service.client.DELETE('/webhooks/{id}', { params: { path: { id: deleted.id } } })).data!.data).toEqual({});
    const other = await service.createMerchant('Other Merchant');
    const { data: otherEndpoint } = await other.client.POST('/webhooks', { body: { url: receiver.url('/other-merchant'), subscribed_events: ['transaction.success'] } });
    expect(otherEndpoint!.data.id).toBeTruthy();

    const collection = await settledCollection(service, service.client, { amount: 2500, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    const [delivery] = await waitFor('the success delivery', () => receiver.at('/only-success').length > 0 ? receiver.at('/only-success') : null);
    expect(verified(delivery!, onlySuccess.signing_secret)).toMatchObject({ type: 'transaction.success', data: { transaction_id: collection.id } });

    const late = await registerEndpoint(service, receiver.url('/late'), ['transaction.success']);
    await service.runtime.webhooks.relayOnce();
    await service.runtime.webhooks.idle();
    expect(receiver.at('/only-success')).toHaveLength(1);
    expect(receiver.at('/deleted')).toHaveLength(0);
    expect(receiver.at('/other-merchant')).toHaveLength(0);
    expect(receiver.at('/late')).toHaveLength(0);
    expect(await deliveriesOf(service, late.id)).toEqual([]);
  });
});

describe('ordering: data.sequence per resource', () => {
  it('numbers each resource\'s events 1, 2, 3... in the order they happened, as GET /events shows them', async () => {
    const endpoint = await registerEndpoint(service, receiver.url('/ordering'));
    const collection = await settledCollection(service, service.client, { amount: 10_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    const first = await refund(service.client, collection.id, { amount: 4_000 });
    expect(first.response.status).toBe(200);
    await deliverAll(service);
    const second = await refund(service.client, collection.id, { amount: 6_000 });
    expect(second.response.status).toBe(200);
    await deliverAll(service);

    // Collection: pending, success, reversed; each refund: pending, success.
    const deliveries = await waitFor('7 deliveries', () => (receiver.at('/ordering').length >= 7 ? receiver.at('/ordering') : null));
    const events = deliveries.map((d) => verified(d, endpoint.signing_secret));
    const byResource = new Map<string, { type: string; sequence: number; created_at: string }[]>();
    for (const event of events) {
      const id = event.data.transaction_id as string;
      byResource.set(id, [...(byResource.get(id) ?? []), { type: event.type, sequence: event.data.sequence as number, created_at: event.created_at }]);
    }
    const sorted = (id: string) => byResource.get(id)!.sort((a, b) => a.sequence - b.sequence);
    expect(sorted(collection.id).map((e) => [e.sequence, e.type])).toEqual([[1, 'transaction.pending'], [2, 'transaction.success'], [3, 'transaction.reversed']]);
    for (const id of [first.data!.data.id, second.data!.data.id]) {
      expect(sorted(id).map((e) => [e.sequence, e.type])).toEqual([[1, 'transaction.pending'], [2, 'transaction.success']]);
    }
    // GET /events?resource_id= is the same history, newest first.
    const { data: page } = await service.client.GET('/events', { params: { query: { resource_id: collection.id } } });
    expect(page!.data.map((e) => [(e.data as { sequence: number }).sequence, e.type])).toEqual([[3, 'transaction.reversed'], [2, 'transaction.success'], [1, 'transaction.pending']]);
  });
});

describe('all 15 event types', () => {
  it('are delivered with data of their spec schema and a sequence (GET /events/{id} validates each against spec/)', async () => {
    const endpoint = await registerEndpoint(service, receiver.url('/all-types'), [...eventTypes]);
    const transactionId = randomUUID();
    const payoutId = randomUUID();
    const disputeId = randomUUID();
    const subMerchantId = randomUUID();
    const walletId = randomUUID();
    const at = new Date().toISOString();
    const m = service.merchantId;
    const base = { merchant_id: m, occurred_at: at };
    const data: Record<EventType, { resourceType: NewEvent['resourceType']; resourceId: string; data: Record<string, unknown> }> = {
      'transaction.pending': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, amount: 900, currency: 'KES', status: 'pending' } },
      'transaction.success': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, amount: 900, currency: 'KES', status: 'success' } },
      'escrow.held': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, wallet_id: walletId, amount: 900, currency: 'KES' } },
      'escrow.released': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, wallet_id: walletId, amount: 900, currency: 'KES' } },
      'escrow.returned': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, wallet_id: walletId, amount: 900, currency: 'KES' } },
      'dispute.opened': { resourceType: 'dispute', resourceId: disputeId, data: { ...base, dispute_id: disputeId, transaction_id: transactionId, amount: 900, currency: 'KES', status: 'opened', outcome: null } },
      'dispute.resolved': { resourceType: 'dispute', resourceId: disputeId, data: { ...base, dispute_id: disputeId, transaction_id: transactionId, amount: 900, currency: 'KES', status: 'resolved', outcome: 'won' } },
      'transaction.reversed': { resourceType: 'transaction', resourceId: transactionId, data: { ...base, transaction_id: transactionId, amount: 900, currency: 'KES', status: 'reversed' } },
      'transaction.failed': { resourceType: 'transaction', resourceId: randomUUID(), data: { ...base, transaction_id: randomUUID(), amount: 900, currency: 'KES', status: 'failed' } },
      'payout.queued': { resourceType: 'payout', resourceId: payoutId, data: { ...base, payout_id: payoutId, wallet_id: walletId, batch_id: null, amount: 500, currency: 'KES', status: 'queued', failure_reason: null } },
      'payout.processing': { resourceType: 'payout', resourceId: payoutId, data: { ...base, payout_id: payoutId, wallet_id: walletId, batch_id: null, amount: 500, currency: 'KES', status: 'processing', failure_reason: null } },
      'payout.failed': { resourceType: 'payout', resourceId: payoutId, data: { ...base, payout_id: payoutId, wallet_id: walletId, batch_id: null, amount: 500, currency: 'KES', status: 'failed', failure_reason: 'destination_closed' } },
      'payout.success': { resourceType: 'payout', resourceId: randomUUID(), data: { ...base, payout_id: randomUUID(), wallet_id: walletId, batch_id: null, amount: 500, currency: 'KES', status: 'success', failure_reason: null } },
      'kyc.verified': { resourceType: 'sub_merchant', resourceId: subMerchantId, data: { ...base, sub_merchant_id: subMerchantId, kyc_case_id: randomUUID(), tier: 'tier_1', status: 'verified', reason: null, decided_by: 'provider' } },
      'kyc.rejected': { resourceType: 'sub_merchant', resourceId: randomUUID(), data: { ...base, sub_merchant_id: randomUUID(), kyc_case_id: randomUUID(), tier: 'tier_1', status: 'rejected', reason: 'document unreadable', decided_by: 'operator' } },
    };
    expect(Object.keys(data).sort()).toEqual([...eventTypes].sort());
    // Written by the domain's own outbox function, in this order (so per resource in this order).
    await appendEvents(service.sql, Object.entries(data).map(([type, e]) => ({ merchantId: m, type: type as EventType, ...e })));

    const deliveries = await waitFor('15 deliveries', () => (receiver.at('/all-types').length >= 15 ? receiver.at('/all-types') : null));
    expect(deliveries).toHaveLength(15);
    const events = deliveries.map((d) => verified(d, endpoint.signing_secret));
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(eventTypes));
    for (const event of events) {
      // The response validator checks the event against the spec's per-type data schema.
      const { data: read, response } = await service.client.GET('/events/{id}', { params: { path: { id: event.id } } });
      expect(response.status, event.type).toBe(200);
      expect(read!.data).toEqual(event);
    }
    const sequences = (resourceKey: string, id: string) => events.filter((e) => e.data[resourceKey] === id).sort((a, b) => (a.data.sequence as number) - (b.data.sequence as number)).map((e) => e.type);
    expect(sequences('transaction_id', transactionId).filter((t) => !t.startsWith('dispute'))).toEqual(['transaction.pending', 'transaction.success', 'escrow.held', 'escrow.released', 'escrow.returned', 'transaction.reversed']);
    expect(sequences('payout_id', payoutId)).toEqual(['payout.queued', 'payout.processing', 'payout.failed']);
    expect(sequences('dispute_id', disputeId)).toEqual(['dispute.opened', 'dispute.resolved']);

    // The check above is real: an event whose data misses a field of its type's schema fails it.
    const wrongId = randomUUID();
    await service.sql`insert into events (id, merchant_id, type, resource_type, resource_id, data, resource_sequence, dispatched_at)
      values (${wrongId}, ${m}, 'payout.queued', 'payout', ${randomUUID()}, ${service.sql.json({ amount: 5 })}, 1, now())`;
    const { response: invalid } = await service.client.GET('/events/{id}', { params: { path: { id: wrongId } } });
    expect(invalid.status).toBe(500);
    await service.sql`delete from events where id = ${wrongId}`;
  });
});

describe('GET /events', () => {
  it('pages newest first, filters by type, and hides another merchant\'s events', async () => {
    const { data: all } = await service.client.GET('/events', { params: { query: { limit: 2 } } });
    expect(all!.data).toHaveLength(2);
    expect(all!.meta.next_cursor).toBeTruthy();
    const { data: next } = await service.client.GET('/events', { params: { query: { limit: 2, cursor: all!.meta.next_cursor! } } });
    expect(next!.data[0]!.created_at <= all!.data[1]!.created_at).toBe(true);
    expect(new Set([...all!.data, ...next!.data].map((e) => e.id)).size).toBe(4);

    const { data: payouts } = await service.client.GET('/events', { params: { query: { type: 'payout.queued' } } });
    expect(payouts!.data.map((e) => e.type)).toEqual(['payout.queued']);

    const other = await service.createMerchant('Nosy Merchant');
    const { data: none } = await other.client.GET('/events');
    expect(none!.data).toEqual([]);
    const { response } = await other.client.GET('/events/{id}', { params: { path: { id: all!.data[0]!.id } } });
    expect(response.status).toBe(404);
    const { error } = await service.client.GET('/events', { params: { query: { type: 'not.a.type' as never } } });
    expect(error!.error.code).toBe('VALIDATION_ERROR');
  });
});
