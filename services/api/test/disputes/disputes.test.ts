// Disputes through the SDK (docs/disputes.md): opening on a successful collection (the amount
// leaves the merchant wallet's available balance into a ledger hold), resolution won (back) and
// lost (to the payer), the disputable amount, one open dispute at a time, collections that cannot
// be disputed, other merchants, live keys, double and concurrent resolution, racing opens, a
// wallet that cannot cover the hold, refunds of a disputed collection, the reads, the wallet
// statement and the signed webhooks. After every scenario the ledger's invariants hold (each
// ledger sums to zero, no wallet negative); balances are checked to the minor unit.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import type { TestService } from '../helpers/service.ts';
import {
  collect, countRows, deliverAll, eventTypes, expectLedgerInvariants, refund, settledCollection, walletBalance,
} from '../collections/helpers.ts';
import { startReceiver, startWebhookService, verified, waitFor, type Receiver } from '../webhooks/helpers.ts';
import { postDisputeHold } from '../../src/collections/disputes/ledger-disputes.ts';

let service: TestService;
let receiver: Receiver;
beforeAll(async () => { [service, receiver] = await Promise.all([startWebhookService(), startReceiver()]); });
afterAll(async () => { await Promise.all([service?.close(), receiver?.close()]); });
afterEach(async () => { await expectLedgerInvariants(service); });

async function merchantWithCollection(amount: number, extra: { hold_in_escrow?: boolean } = {}) {
  const merchant = await service.createMerchant('disputes');
  const collection = await settledCollection(service, merchant.client, {
    amount, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', ...extra,
  });
  return { ...merchant, collection };
}

async function openDispute(client: MerchantClient, body: { transaction_id: string; amount?: number | null; reason?: string | null }) {
  return await client.POST('/sandbox/disputes', { body });
}

async function resolve(client: MerchantClient, id: string, outcome: 'won' | 'lost') {
  return await client.POST('/sandbox/disputes/{id}/resolve', { params: { path: { id } }, body: { outcome } });
}

async function readDispute(client: MerchantClient, id: string) {
  return await client.GET('/disputes/{id}', { params: { path: { id } } });
}

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details: { fields: { field: string }[] } } }).error.details.fields).map((f) => f.field);
}

async function balanceOf(merchantId: string) {
  return await walletBalance(service, merchantId, 'KES');
}

describe('open, then won or lost', () => {
  it('opening holds the whole amount by default; won gives it back; events and the statement show each step', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(10_000);
    expect(await balanceOf(merchantId)).toEqual({ available: 10_000n, pending: 0n });

    const opened = await openDispute(client, { transaction_id: collection.id, reason: 'fraudulent' });
    expect(opened.error, JSON.stringify(opened.error)).toBeUndefined();
    expect(opened.data!.data).toMatchObject({
      transaction_id: collection.id, amount: 10_000, currency: 'KES', status: 'open', reason: 'fraudulent', resolved_at: null,
    });
    const id = opened.data!.data.id;
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 0n });
    expect((await readDispute(client, id)).data!.data).toEqual(opened.data!.data);

    const won = await resolve(client, id, 'won');
    expect(won.response.status).toBe(200);
    expect(won.data!.data).toMatchObject({ id, status: 'won', amount: 10_000 });
    expect(won.data!.data.resolved_at).not.toBeNull();
    expect(await balanceOf(merchantId)).toEqual({ available: 10_000n, pending: 0n });
    expect(await eventTypes(service.sql, id)).toEqual(['dispute.opened', 'dispute.resolved']);

    // The collection itself is unchanged: a dispute is not a refund.
    const read = (await client.GET('/collections/{id}', { params: { path: { id: collection.id } } })).data!.data;
    expect(read).toMatchObject({ status: 'success', refunded_amount: 0 });

    // The wallet statement: the hold (debit, held) and its return (hold_voided), both type dispute.
    const wallets = (await client.GET('/wallets', { params: { query: {} } })).data!.data;
    const entries = (await client.GET('/wallets/{id}/entries', { params: { path: { id: wallets[0]!.id }, query: {} } })).data!.data;
    const disputeEntries = entries.filter((e) => e.type === 'dispute');
    expect(disputeEntries.map((e) => [e.phase, e.direction, e.amount, e.available_balance_after, e.dispute_id])).toEqual([
      ['hold_voided', 'debit', 10_000, 10_000, id],
      ['held', 'debit', 10_000, 0, id],
    ]);
    expect(disputeEntries[0]!.hold_id).toBe(disputeEntries[1]!.id);
  });

  it('a partial dispute lost: the amount leaves for good; the rest stays available and refundable', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(10_000);
    const opened = await openDispute(client, { transaction_id: collection.id, amount: 4_000 });
    expect(opened.data!.data).toMatchObject({ amount: 4_000, status: 'open', reason: null });
    expect(await balanceOf(merchantId)).toEqual({ available: 6_000n, pending: 0n });

    const lost = await resolve(client, opened.data!.data.id, 'lost');
    expect(lost.data!.data).toMatchObject({ status: 'lost' });
    expect(await balanceOf(merchantId)).toEqual({ available: 6_000n, pending: 0n });
    const events = await service.sql<{ type: string; data: Record<string, unknown> }[]>`
      select type, data from events where resource_id = ${opened.data!.data.id} order by resource_sequence`;
    expect(events.map((e) => [e.type, e.data.status, e.data.outcome])).toEqual([
      ['dispute.opened', 'opened', null], ['dispute.resolved', 'resolved', 'lost'],
    ]);

    // What the payer got back through the dispute cannot be refunded again.
    const tooMuch = await refund(client, collection.id, { amount: 6_001 });
    expect(tooMuch.response.status).toBe(422);
    expect(fieldsOf(tooMuch.error)).toEqual(['body.amount']);
    const rest = await refund(client, collection.id, undefined);
    expect(rest.data!.data.amount).toBe(6_000);
    await deliverAll(service);
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 0n });
    expect((await refund(client, collection.id, { amount: 1 })).response.status).toBe(422);
  });
});

describe('the disputable amount', () => {
  it('at most collected minus refunds (pending count) minus earlier disputes; nothing left is 422 on transaction_id', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(10_000);
    expect((await refund(client, collection.id, { amount: 3_000 })).response.status).toBe(200); // pending refund
    const over = await openDispute(client, { transaction_id: collection.id, amount: 7_001 });
    expect(over.response.status).toBe(422);
    expect(over.error!.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(over.error)).toEqual(['body.amount']);
    expect(await countRows(service.sql, 'disputes', 'merchant_id', merchantId)).toBe(0);

    const first = await openDispute(client, { transaction_id: collection.id, amount: 2_000 });
    expect(first.response.status).toBe(200);
    expect((await resolve(client, first.data!.data.id, 'won')).response.status).toBe(200);
    // The won 2,000 was disputed once already: 5,000 is what is left.
    const second = await openDispute(client, { transaction_id: collection.id });
    expect(second.data!.data.amount).toBe(5_000);
    expect(await balanceOf(merchantId)).toEqual({ available: 2_000n, pending: 0n });
    expect((await resolve(client, second.data!.data.id, 'lost')).response.status).toBe(200);

    const nothing = await openDispute(client, { transaction_id: collection.id, amount: 1 });
    expect(nothing.response.status).toBe(422);
    expect(fieldsOf(nothing.error)).toEqual(['body.transaction_id']);
    await deliverAll(service);
    expect(await balanceOf(merchantId)).toEqual({ available: 2_000n, pending: 0n });
  });

  it.each([0, -5, 2.5])('amount %s is 422 on body.amount', async (amount) => {
    const { client, collection } = await merchantWithCollection(1_000);
    const result = await openDispute(client, { transaction_id: collection.id, amount });
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result.error)).toContain('body.amount');
  });

  it('a missing or malformed transaction_id and an unknown outcome are 422 naming the field', async () => {
    const { client } = await merchantWithCollection(1_000);
    const missing = await client.POST('/sandbox/disputes', { body: {} as never });
    expect(missing.response.status).toBe(422);
    expect(fieldsOf(missing.error).join()).toContain('transaction_id');
    const malformed = await openDispute(client, { transaction_id: 'not-a-uuid' });
    expect(fieldsOf(malformed.error)).toContain('body.transaction_id');
    const outcome = await client.POST('/sandbox/disputes/{id}/resolve', { params: { path: { id: randomUUID() } }, body: { outcome: 'draw' as never } });
    expect(outcome.response.status).toBe(422);
    expect(fieldsOf(outcome.error)).toContain('body.outcome');
  });
});

describe('what cannot be disputed, and by whom', () => {
  it('a pending or failed collection is 422 (body.transaction_id); a refund, an unknown id and another merchant\'s collection are 404', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(5_000);
    const pending = await collect(client, { amount: 1_000, currency: 'KES', rail: 'qr' });
    const pendingResult = await openDispute(client, { transaction_id: pending.data!.data.id });
    expect(pendingResult.response.status).toBe(422);
    expect(fieldsOf(pendingResult.error)).toEqual(['body.transaction_id']);
    const failing = await collect(client, { amount: 1_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_fail' });
    await deliverAll(service);
    const failedResult = await openDispute(client, { transaction_id: failing.data!.data.id });
    expect(failedResult.response.status).toBe(422);
    expect(fieldsOf(failedResult.error)).toEqual(['body.transaction_id']);

    const partial = await refund(client, collection.id, { amount: 100 });
    const ofRefund = await openDispute(client, { transaction_id: partial.data!.data.id });
    expect(ofRefund.response.status).toBe(404);
    expect(ofRefund.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await openDispute(client, { transaction_id: randomUUID() })).response.status).toBe(404);

    const other = await service.createMerchant('other');
    const foreign = await openDispute(other.client, { transaction_id: collection.id });
    expect(foreign.response.status).toBe(404);
    expect(await countRows(service.sql, 'disputes', 'transaction_id', collection.id)).toBe(0);
    // The qr collection succeeded meanwhile: 5,000 + 1,000 collected, 100 reserved for the refund.
    expect(await balanceOf(merchantId)).toEqual({ available: 5_900n, pending: 0n });
  });

  it('another merchant cannot read, list or resolve a dispute (404, nothing moves)', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(3_000);
    const opened = await openDispute(client, { transaction_id: collection.id });
    const other = await service.createMerchant('other');
    expect((await readDispute(other.client, opened.data!.data.id)).response.status).toBe(404);
    const foreign = await resolve(other.client, opened.data!.data.id, 'won');
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await other.client.GET('/disputes', { params: { query: { transaction_id: collection.id } } })).data!.data).toEqual([]);
    expect((await resolve(client, randomUUID(), 'won')).response.status).toBe(404);
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 0n });
    expect((await readDispute(client, opened.data!.data.id)).data!.data.status).toBe('open');
  });

  it('a live merchant\'s key is 403 PERMISSION_DENIED on both helpers (nothing opened or moved); a sandbox dispute is not in its world', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(2_000);
    // A key has its merchant's mode (docs/decisions/0440): a live key belongs to a live merchant.
    const live = (await service.createMerchant('Live Merchant', 'live')).client;
    const refused = await openDispute(live, { transaction_id: collection.id });
    expect(refused.response.status).toBe(403);
    expect(refused.error!.error.code).toBe('PERMISSION_DENIED');
    expect(refused.error!.error.message).toMatch(/sandbox key/);
    expect(await countRows(service.sql, 'disputes', 'merchant_id', merchantId)).toBe(0);

    const opened = await openDispute(client, { transaction_id: collection.id });
    const liveResolve = await resolve(live, opened.data!.data.id, 'won');
    expect(liveResolve.response.status).toBe(403);
    expect(liveResolve.error!.error.code).toBe('PERMISSION_DENIED');
    expect((await readDispute(live, opened.data!.data.id)).response.status).toBe(404);
    expect((await readDispute(client, opened.data!.data.id)).data!.data.status).toBe('open');
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 0n });
  });

  it('a read-only key may read disputes but not use the helpers (401 AUTH_INVALID_KEY)', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(2_000);
    const readOnly = service.clientFor(await service.createKey({ merchantId, scopes: ['read'] }));
    const refused = await openDispute(readOnly, { transaction_id: collection.id });
    expect(refused.response.status).toBe(401);
    expect(refused.error!.error.code).toBe('AUTH_INVALID_KEY');
    const opened = await openDispute(client, { transaction_id: collection.id });
    expect((await readDispute(readOnly, opened.data!.data.id)).response.status).toBe(200);
  });
});

describe('resolution happens once', () => {
  it('resolving a resolved dispute is 409 DISPUTE_ALREADY_RESOLVED and nothing moves', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(8_000);
    const opened = await openDispute(client, { transaction_id: collection.id, amount: 3_000 });
    const id = opened.data!.data.id;
    expect((await resolve(client, id, 'lost')).response.status).toBe(200);
    expect(await balanceOf(merchantId)).toEqual({ available: 5_000n, pending: 0n });
    for (const outcome of ['won', 'lost'] as const) {
      const again = await resolve(client, id, outcome);
      expect(again.response.status).toBe(409);
      expect(again.error!.error.code).toBe('DISPUTE_ALREADY_RESOLVED');
    }
    expect(await balanceOf(merchantId)).toEqual({ available: 5_000n, pending: 0n });
    expect((await readDispute(client, id)).data!.data.status).toBe('lost');
    expect(await eventTypes(service.sql, id)).toEqual(['dispute.opened', 'dispute.resolved']);
  });

  it('concurrent resolutions of one dispute: exactly one succeeds, the others are 409, the money moves once', async () => {
    for (const round of [0, 1]) {
      const { merchantId, client, collection } = await merchantWithCollection(6_000);
      const opened = await openDispute(client, { transaction_id: collection.id, amount: 2_500 });
      const id = opened.data!.data.id;
      const outcomes = Array.from({ length: 8 }, (_, i) => ((i + round) % 2 === 0 ? 'won' : 'lost') as 'won' | 'lost');
      const results = await Promise.all(outcomes.map((outcome) => resolve(client, id, outcome)));
      const winners = results.filter((r) => r.response.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.response.status === 409).map((r) => r.error!.error.code))
        .toEqual(Array(7).fill('DISPUTE_ALREADY_RESOLVED'));
      const final = winners[0]!.data!.data.status;
      expect((await readDispute(client, id)).data!.data.status).toBe(final);
      expect(await balanceOf(merchantId)).toEqual({ available: final === 'won' ? 6_000n : 3_500n, pending: 0n });
      expect(await eventTypes(service.sql, id)).toEqual(['dispute.opened', 'dispute.resolved']);
      await expectLedgerInvariants(service);
    }
  });
});

describe('one open dispute per collection', () => {
  it('a second dispute while one is open is 409 DISPUTE_ALREADY_OPEN; after resolution a new one may open', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(9_000);
    const first = await openDispute(client, { transaction_id: collection.id, amount: 1_000 });
    const second = await openDispute(client, { transaction_id: collection.id, amount: 1_000 });
    expect(second.response.status).toBe(409);
    expect(second.error!.error.code).toBe('DISPUTE_ALREADY_OPEN');
    expect(await balanceOf(merchantId)).toEqual({ available: 8_000n, pending: 0n });
    await resolve(client, first.data!.data.id, 'won');
    expect((await openDispute(client, { transaction_id: collection.id, amount: 1_000 })).response.status).toBe(200);
    expect(await balanceOf(merchantId)).toEqual({ available: 8_000n, pending: 0n });
  });

  it('concurrent opens on one collection: exactly one opens, the rest are 409, one hold', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(9_000);
    const results = await Promise.all(Array.from({ length: 6 }, () => openDispute(client, { transaction_id: collection.id, amount: 1_500 })));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.response.status === 409).map((r) => r.error!.error.code)).toEqual(Array(5).fill('DISPUTE_ALREADY_OPEN'));
    expect(await countRows(service.sql, 'disputes', 'transaction_id', collection.id)).toBe(1);
    expect(await balanceOf(merchantId)).toEqual({ available: 7_500n, pending: 0n });
  });
});

describe('money the wallet does not have', () => {
  it('a wallet that cannot cover the hold is 402 INSUFFICIENT_FUNDS: nothing opened, nothing moved, no event', async () => {
    // The collection's money is still in escrow (pending), so the available balance is zero.
    const { merchantId, client, collection } = await merchantWithCollection(4_000, { hold_in_escrow: true });
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 4_000n });
    const refused = await openDispute(client, { transaction_id: collection.id });
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await countRows(service.sql, 'disputes', 'merchant_id', merchantId)).toBe(0);
    const [events] = await service.sql<{ count: number }[]>`
      select count(*)::int as count from events where merchant_id = ${merchantId} and type like 'dispute.%'`;
    expect(events!.count).toBe(0);
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 4_000n });
  });
});

describe('refunds of a disputed collection', () => {
  it('while a dispute is open a refund is 409 TRANSACTION_DISPUTED and nothing moves; once won, refunds work', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(5_000);
    const opened = await openDispute(client, { transaction_id: collection.id, amount: 2_000 });
    for (const body of [undefined, { amount: 1_000 }, { amount: 3_000 }]) {
      const refused = await refund(client, collection.id, body);
      expect(refused.response.status).toBe(409);
      expect(refused.error!.error.code).toBe('TRANSACTION_DISPUTED');
    }
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(0);
    expect(await balanceOf(merchantId)).toEqual({ available: 3_000n, pending: 0n });

    await resolve(client, opened.data!.data.id, 'won');
    const refunded = await refund(client, collection.id, undefined);
    expect(refunded.data!.data.amount).toBe(5_000);
    await deliverAll(service);
    expect(await balanceOf(merchantId)).toEqual({ available: 0n, pending: 0n });
    // Fully refunded (reversed): nothing is left to dispute.
    const nothing = await openDispute(client, { transaction_id: collection.id });
    expect(nothing.response.status).toBe(422);
    expect(fieldsOf(nothing.error)).toEqual(['body.transaction_id']);
  });

  it('a refund racing an open on one collection: both serialize on the collection; the wallet never goes negative', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(5_000);
    const [refunded, opened] = await Promise.all([
      refund(client, collection.id, { amount: 3_000 }),
      openDispute(client, { transaction_id: collection.id, amount: 3_000 }),
    ]);
    // Either order: the refund first leaves 2,000 disputable (the dispute is 422); the dispute
    // first makes the refund 409.
    const statuses = [refunded.response.status, opened.response.status];
    expect([[200, 422], [409, 200]]).toContainEqual(statuses);
    expect(await balanceOf(merchantId)).toEqual({ available: 2_000n, pending: 0n });
  });
});

describe('the ledger and the rows agree after a failure', () => {
  it('a hold whose dispute row cannot be written is voided again: 500, nothing opened, the balance unchanged', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(3_000);
    await service.sql.unsafe(`
      create function fail_dispute_insert() returns trigger language plpgsql as $$
      begin if new.reason = 'injected-failure' then raise exception 'injected failure after the ledger hold'; end if; return new; end $$;
      create trigger fail_dispute_insert before insert on disputes for each row execute function fail_dispute_insert();`);
    try {
      const failed = await openDispute(client, { transaction_id: collection.id, reason: 'injected-failure' });
      expect(failed.response.status).toBe(500);
      expect(failed.error!.error.code).toBe('INTERNAL_ERROR');
    } finally {
      await service.sql.unsafe('drop trigger fail_dispute_insert on disputes; drop function fail_dispute_insert();');
    }
    expect(await countRows(service.sql, 'disputes', 'transaction_id', collection.id)).toBe(0);
    expect(await balanceOf(merchantId)).toEqual({ available: 3_000n, pending: 0n });
    // The collection can still be disputed in full.
    expect((await openDispute(client, { transaction_id: collection.id })).data!.data.amount).toBe(3_000);
  });

  it('a resolution the ledger already holds (its request died before the commit) wins: the same one is 200, the other 409 and the row follows the ledger', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(6_000);
    const first = (await openDispute(client, { transaction_id: collection.id, amount: 1_000 })).data!.data;
    expect(await postDisputeHold(service.runtime.ledger, first.id)).toMatchObject({ ok: true });
    const same = await resolve(client, first.id, 'lost');
    expect(same.response.status).toBe(200);
    expect(same.data!.data.status).toBe('lost');
    expect(await balanceOf(merchantId)).toEqual({ available: 5_000n, pending: 0n });

    const second = (await openDispute(client, { transaction_id: collection.id, amount: 2_000 })).data!.data;
    expect(await postDisputeHold(service.runtime.ledger, second.id)).toMatchObject({ ok: true });
    const other = await resolve(client, second.id, 'won');
    expect(other.response.status).toBe(409);
    expect(other.error!.error.code).toBe('DISPUTE_ALREADY_RESOLVED');
    expect((await readDispute(client, second.id)).data!.data.status).toBe('lost');
    expect(await eventTypes(service.sql, second.id)).toEqual(['dispute.opened', 'dispute.resolved']);
    expect(await balanceOf(merchantId)).toEqual({ available: 3_000n, pending: 0n });
  });
});

describe('GET /disputes', () => {
  it('newest first, filtered by status and transaction_id, paginated with a cursor', async () => {
    const merchant = await service.createMerchant('lists');
    const collections = [];
    for (let i = 0; i < 3; i += 1) {
      collections.push(await settledCollection(service, merchant.client, { amount: 1_000 + i, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success' }));
    }
    const ids: string[] = [];
    for (const c of collections) ids.push((await openDispute(merchant.client, { transaction_id: c.id })).data!.data.id);
    await resolve(merchant.client, ids[0]!, 'lost');

    const all = (await merchant.client.GET('/disputes', { params: { query: {} } })).data!;
    expect(all.data.map((d) => d.id)).toEqual([...ids].reverse());
    expect(all.meta.next_cursor).toBeNull();
    expect((await merchant.client.GET('/disputes', { params: { query: { status: 'open' } } })).data!.data.map((d) => d.id))
      .toEqual([ids[2], ids[1]]);
    expect((await merchant.client.GET('/disputes', { params: { query: { status: 'lost' } } })).data!.data.map((d) => d.id)).toEqual([ids[0]]);
    expect((await merchant.client.GET('/disputes', { params: { query: { status: 'won' } } })).data!.data).toEqual([]);
    expect((await merchant.client.GET('/disputes', { params: { query: { transaction_id: collections[1]!.id } } })).data!.data.map((d) => d.id))
      .toEqual([ids[1]]);

    const first = (await merchant.client.GET('/disputes', { params: { query: { limit: 2 } } })).data!;
    expect(first.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const second = (await merchant.client.GET('/disputes', { params: { query: { limit: 2, cursor: first.meta.next_cursor! } } })).data!;
    expect(second.data.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.meta.next_cursor).toBeNull();

    const badStatus = await merchant.client.GET('/disputes', { params: { query: { status: 'closed' as never } } });
    expect(badStatus.response.status).toBe(422);
    const badCursor = await merchant.client.GET('/disputes', { params: { query: { cursor: 'x'.repeat(20) } } });
    expect(badCursor.response.status).toBe(422);
    await Promise.all(ids.slice(1).map((id) => resolve(merchant.client, id, 'won')));
    expect(await balanceOf(merchant.merchantId)).toEqual({ available: 1_001n + 1_002n, pending: 0n });
  });
});

describe('webhooks', () => {
  it('dispute.opened and dispute.resolved reach a subscribed endpoint, signed, with DisputeEventData', async () => {
    const { merchantId, client, collection } = await merchantWithCollection(7_000);
    const { data } = await client.POST('/webhooks', {
      body: { url: receiver.url('/disputes'), subscribed_events: ['dispute.opened', 'dispute.resolved'] },
    });
    const endpoint = data!.data;
    const opened = await openDispute(client, { transaction_id: collection.id, amount: 7_000, reason: 'duplicate' });
    await resolve(client, opened.data!.data.id, 'won');
    const deliveries = await waitFor('two dispute deliveries', () => (receiver.at('/disputes').length >= 2 ? receiver.at('/disputes') : null));
    const events = deliveries.map((d) => verified(d, endpoint.signing_secret));
    const byType = new Map(events.map((e) => [e.type, e]));
    const base = {
      dispute_id: opened.data!.data.id, transaction_id: collection.id, merchant_id: merchantId, amount: 7_000, currency: 'KES',
    };
    expect(byType.get('dispute.opened')!.data).toMatchObject({ ...base, status: 'opened', outcome: null, sequence: 1 });
    expect(byType.get('dispute.resolved')!.data).toMatchObject({ ...base, status: 'resolved', outcome: 'won', sequence: 2 });
    expect(await balanceOf(merchantId)).toEqual({ available: 7_000n, pending: 0n });
  });
});
