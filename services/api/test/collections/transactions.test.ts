// GET /transactions and GET /transactions/{id}, GET /collections/{id}: filters (status, rail,
// inclusive date range), cursor pagination walked with the SDK's paginate, limit clamping,
// tampered cursors, merchant scoping and 404s.
import { randomUUID } from 'node:crypto';
import { listAll, paginate, type MerchantClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, deliverAll, refund } from './helpers.ts';

let service: TestService;
let merchant: { merchantId: string; client: MerchantClient };
/** Ids of the fixture merchant's transactions, newest first. */
let expectedOrder: string[];
const day_ms = 86_400_000;
const base_time = Date.UTC(2026, 0, 10, 12, 0, 0, 0);

beforeAll(async () => {
  service = await startTestService();
  merchant = await service.createMerchant('lister');
  // Seven transactions on known days: created through the API, then dated by SQL so the date
  // filters have exact edges to test.
  const bodies = [
    { amount: 100, currency: 'KES', rail: 'qr' as const },
    { amount: 200, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_fail' },
    { amount: 300, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' },
    { amount: 400, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_late' },
    { amount: 500, currency: 'KES', rail: 'bank' as const, payer_account_ref: 'acct_sandbox_success' },
    { amount: 600, currency: 'KES', rail: 'qr' as const },
  ];
  const ids: string[] = [];
  for (const body of bodies) ids.push((await collect(merchant.client, body)).data!.data.id);
  await deliverAll(service);
  ids.push((await refund(merchant.client, ids[0]!, { amount: 50 })).data!.data.id);
  await deliverAll(service);
  for (const [i, id] of ids.entries()) {
    await service.sql`update transactions set created_at = ${new Date(base_time + i * day_ms)} where id = ${id}`;
  }
  // Two rows in the same millisecond: the keyset must still page through both.
  await service.sql`update transactions set created_at = ${new Date(base_time + 5 * day_ms)} where id = ${ids[4]!}`;
  const rows = await service.sql<{ id: string }[]>`
    select id from transactions where merchant_id = ${merchant.merchantId} order by created_at desc, id desc`;
  expectedOrder = rows.map((r) => r.id);
  // Another merchant's transactions never show up.
  const other = await service.createMerchant('other');
  await collect(other.client, { amount: 999, currency: 'KES', rail: 'qr' });
});
afterAll(async () => { await service?.close(); });

async function listIds(query: Record<string, unknown>): Promise<string[]> {
  const items = await listAll(merchant.client, '/transactions', { params: { query: query as never } });
  return items.map((t) => t.id);
}

describe('GET /transactions', () => {
  it('lists the merchant\'s transactions (collections and refunds), newest first, and nothing else', async () => {
    const page = await merchant.client.GET('/transactions');
    expect(page.response.status).toBe(200);
    expect(page.data!.data.map((t) => t.id)).toEqual(expectedOrder);
    expect(page.data!.meta.next_cursor).toBeNull();
    expect(new Set(page.data!.data.map((t) => t.merchant_id))).toEqual(new Set([merchant.merchantId]));
    expect(page.data!.data.filter((t) => t.type === 'refund')).toHaveLength(1);
  });

  it('filters by status and by rail', async () => {
    const all = (await merchant.client.GET('/transactions')).data!.data;
    for (const status of ['pending', 'success', 'failed', 'reversed'] as const) {
      const ids = await listIds({ status });
      expect(ids).toEqual(all.filter((t) => t.status === status).map((t) => t.id));
    }
    expect(await listIds({ status: 'failed' })).toHaveLength(1);
    expect(await listIds({ status: 'pending' })).toHaveLength(1); // the late card one
    for (const rail of ['mobile_money', 'card', 'bank', 'ussd', 'qr'] as const) {
      expect(await listIds({ rail })).toEqual(all.filter((t) => t.rail === rail).map((t) => t.id));
    }
    expect(await listIds({ rail: 'card', status: 'failed' })).toHaveLength(1);
    const bad = await merchant.client.GET('/transactions', { params: { query: { status: 'done' as never } } });
    expect(bad.response.status).toBe(422);
  });

  it('date_from and date_to are inclusive', async () => {
    const at = (day: number) => new Date(base_time + day * day_ms).toISOString();
    // Days 0..6 (day 4 moved to day 5): from day 1 to day 3 exactly -> days 1, 2, 3.
    expect(await listIds({ date_from: at(1), date_to: at(3) })).toEqual(expectedOrder.slice(-4, -1));
    expect(await listIds({ date_from: at(5), date_to: at(5) })).toHaveLength(2);
    expect(await listIds({ date_from: at(6) })).toHaveLength(1);
    expect(await listIds({ date_to: at(0) })).toHaveLength(1);
    // One millisecond off the edge excludes it.
    expect(await listIds({ date_from: new Date(base_time + 1).toISOString(), date_to: at(1) })).toHaveLength(1);
    expect(await listIds({ date_from: at(7) })).toEqual([]);
    const bad = await merchant.client.GET('/transactions', { params: { query: { date_from: 'yesterday' } } });
    expect(bad.response.status).toBe(422);
  });

  it('pages with limit and cursor; paginate walks every page; next_cursor is null at the end', async () => {
    const first = await merchant.client.GET('/transactions', { params: { query: { limit: 3 } } });
    expect(first.data!.data.map((t) => t.id)).toEqual(expectedOrder.slice(0, 3));
    const cursor = first.data!.meta.next_cursor!;
    expect(cursor).toEqual(expect.any(String));
    const second = await merchant.client.GET('/transactions', { params: { query: { limit: 3, cursor } } });
    expect(second.data!.data.map((t) => t.id)).toEqual(expectedOrder.slice(3, 6));
    const third = await merchant.client.GET('/transactions', { params: { query: { limit: 3, cursor: second.data!.meta.next_cursor! } } });
    expect(third.data!.data.map((t) => t.id)).toEqual(expectedOrder.slice(6));
    expect(third.data!.meta.next_cursor).toBeNull();

    for (const limit of [1, 2, 3, 7]) {
      const walked: string[] = [];
      for await (const t of paginate(merchant.client, '/transactions', { params: { query: { limit } } })) walked.push(t.id);
      expect(walked).toEqual(expectedOrder);
    }
    // Filters hold across pages.
    const successes = [];
    for await (const t of paginate(merchant.client, '/transactions', { params: { query: { limit: 1, status: 'success' } } })) successes.push(t);
    expect(successes.length).toBeGreaterThan(1);
    expect(successes.every((t) => t.status === 'success')).toBe(true);
  });

  it('clamps the limit: 0 -> 1, 1000 -> 100, default 50', async () => {
    const zero = await merchant.client.GET('/transactions', { params: { query: { limit: 0 } } });
    expect(zero.response.status).toBe(200);
    expect(zero.data!.data).toHaveLength(1);
    expect(zero.data!.meta.next_cursor).not.toBeNull();

    const bulk = await service.createMerchant('bulk');
    await service.sql`
      insert into transactions (id, merchant_id, type, rail, status, amount, currency, created_at)
      select gen_random_uuid(), ${bulk.merchantId}, 'collection', 'qr', 'success', 100 + n, 'KES',
             now() - n * interval '1 second'
      from generate_series(1, 120) as n`;
    const big = await bulk.client.GET('/transactions', { params: { query: { limit: 1000 } } });
    expect(big.data!.data).toHaveLength(100);
    const byDefault = await bulk.client.GET('/transactions');
    expect(byDefault.data!.data).toHaveLength(50);
    const everything = await listAll(bulk.client, '/transactions', { params: { query: { limit: 1000 } } });
    expect(everything).toHaveLength(120);
    expect(new Set(everything.map((t) => t.id)).size).toBe(120);
  });

  it('a tampered or foreign cursor is 422 on query.cursor', async () => {
    const first = await merchant.client.GET('/transactions', { params: { query: { limit: 1 } } });
    const cursor = first.data!.meta.next_cursor!;
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), t: 0 })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature!.slice(0, -2)}AA`, 'not-a-cursor', `${cursor}x`]) {
      const result = await merchant.client.GET('/transactions', { params: { query: { cursor: bad } } });
      expect(result.response.status).toBe(422);
      expect(result.error!.error.details!.fields!.map((f) => f.field)).toEqual(['query.cursor']);
    }
  });

  it('another merchant walking with a stolen cursor still sees only its own transactions', async () => {
    const first = await merchant.client.GET('/transactions', { params: { query: { limit: 1 } } });
    const other = await service.createMerchant('thief');
    const mine = await collect(other.client, { amount: 1, currency: 'KES', rail: 'qr' });
    await service.sql`update transactions set created_at = ${new Date(base_time)} where id = ${mine.data!.data.id}`;
    const stolen = await other.client.GET('/transactions', { params: { query: { cursor: first.data!.meta.next_cursor! } } });
    expect(stolen.response.status).toBe(200);
    expect(stolen.data!.data.map((t) => t.merchant_id)).toEqual([other.merchantId]);
  });
});

describe('reads by id', () => {
  it('GET /transactions/{id} reads collections and refunds of the merchant; others are 404', async () => {
    const refundId = expectedOrder[0]!;
    const read = await merchant.client.GET('/transactions/{id}', { params: { path: { id: refundId } } });
    expect(read.data!.data).toMatchObject({ id: refundId, type: 'refund' });
    const other = await service.createMerchant('stranger');
    const foreign = await other.client.GET('/transactions/{id}', { params: { path: { id: refundId } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await merchant.client.GET('/transactions/{id}', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    const malformed = await merchant.client.GET('/transactions/{id}', { params: { path: { id: 'not-a-uuid' } } });
    expect(malformed.response.status).toBe(422);
  });

  it('GET /collections/{id} is 404 for another merchant\'s collection and for a refund id', async () => {
    const collectionId = expectedOrder.at(-1)!;
    expect((await merchant.client.GET('/collections/{id}', { params: { path: { id: collectionId } } })).response.status).toBe(200);
    const other = await service.createMerchant('stranger 2');
    const foreign = await other.client.GET('/collections/{id}', { params: { path: { id: collectionId } } });
    expect(foreign.response.status).toBe(404);
    const ofRefund = await merchant.client.GET('/collections/{id}', { params: { path: { id: expectedOrder[0]! } } });
    expect(ofRefund.response.status).toBe(404);
    expect(ofRefund.error!.error.code).toBe('RESOURCE_NOT_FOUND');
  });
});
