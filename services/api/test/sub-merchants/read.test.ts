// GET /sub-merchants (kyc_status filter, cursor, limit) and GET /sub-merchants/{id} through the SDK:
// newest first, every page from an index, another merchant's rows never seen.
import { randomUUID } from 'node:crypto';
import { paginate } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../helpers/service.ts';
import { newSubMerchant, runJobs } from './helpers.ts';

let service: TestService;
let other: Awaited<ReturnType<TestService['createMerchant']>>;
const created: string[] = [];
const verified: string[] = [];
const rejected: string[] = [];

beforeAll(async () => {
  service = await startTestService({ env: { SANDBOX_KYC_DELAY_MS: '0' } });
  other = await service.createMerchant('Other Platform');
  for (let i = 0; i < 7; i += 1) {
    const id = await newSubMerchant(service.client, { display_name: i % 3 === 0 ? `Seller ${i} sandbox_kyc_rejected` : `Seller ${i}` });
    created.push(id);
    (i % 3 === 0 ? rejected : verified).push(id);
  }
  await runJobs(service);
  // Created after the jobs ran: stays pending.
  created.push(await newSubMerchant(service.client, { display_name: 'Latecomer' }));
  await newSubMerchant(other.client, { display_name: 'Not yours' });
});
afterAll(async () => {
  await service?.close();
});

describe('GET /sub-merchants', () => {
  it('lists the merchant\'s sub-merchants newest first, and no other merchant\'s', async () => {
    const page = await service.client.GET('/sub-merchants', { params: { query: {} } });
    expect(page.response.status).toBe(200);
    expect(page.data!.data.map((s) => s.id)).toEqual([...created].reverse());
    expect(page.data!.meta.next_cursor).toBeNull();
    expect(page.data!.data.every((s) => s.merchant_id === service.merchantId)).toBe(true);
  });

  it('filters by kyc_status', async () => {
    const ids = async (kyc_status: 'pending' | 'verified' | 'rejected' | 'needs_review') =>
      (await service.client.GET('/sub-merchants', { params: { query: { kyc_status } } })).data!.data.map((s) => s.id);
    expect(await ids('verified')).toEqual([...verified].reverse());
    expect(await ids('rejected')).toEqual([...rejected].reverse());
    expect(await ids('pending')).toEqual([created.at(-1)]);
    expect(await ids('needs_review')).toEqual([]);
    const bad = await service.client.GET('/sub-merchants', { params: { query: { kyc_status: 'approved' as never } } });
    expect(bad.response.status).toBe(422);
  });

  it('pages with cursor and limit: every row once, in order, with the filter kept', async () => {
    const first = await service.client.GET('/sub-merchants', { params: { query: { limit: 3 } } });
    expect(first.data!.data).toHaveLength(3);
    expect(first.data!.meta.next_cursor).toEqual(expect.any(String));
    const all: string[] = [];
    for await (const sm of paginate(service.client, '/sub-merchants', { params: { query: { limit: 3 } } })) all.push(sm.id);
    expect(all).toEqual([...created].reverse());
    const filtered: string[] = [];
    for await (const sm of paginate(service.client, '/sub-merchants', { params: { query: { limit: 2, kyc_status: 'verified' } } })) filtered.push(sm.id);
    expect(filtered).toEqual([...verified].reverse());
  });

  it('clamps out-of-range limits and refuses a cursor it did not issue', async () => {
    expect((await service.client.GET('/sub-merchants', { params: { query: { limit: 0 } } })).data!.data).toHaveLength(1);
    expect((await service.client.GET('/sub-merchants', { params: { query: { limit: 1000 } } })).data!.data).toHaveLength(created.length);
    const tampered = await service.client.GET('/sub-merchants', { params: { query: { cursor: 'eyJsIjoic3ViX21lcmNoYW50cyJ9.AAAA' } } });
    expect(tampered.response.status).toBe(422);
    expect(tampered.error!.error.details).toMatchObject({ fields: [{ field: 'query.cursor' }] });
    // A cursor of this list is refused by another list (transactions).
    const ourCursor = (await service.client.GET('/sub-merchants', { params: { query: { limit: 1 } } })).data!.meta.next_cursor!;
    const elsewhere = await service.client.GET('/transactions', { params: { query: { cursor: ourCursor } } });
    expect(elsewhere.response.status).toBe(422);
  });

  it('another merchant sees only its own', async () => {
    const theirs = await other.client.GET('/sub-merchants', { params: { query: {} } });
    expect(theirs.data!.data.map((s) => s.display_name)).toEqual(['Not yours']);
  });
});

describe('GET /sub-merchants/{id}', () => {
  it('reads the merchant\'s own sub-merchant; another merchant\'s and an unknown id are 404; a malformed id is 422', async () => {
    const id = created[1]!;
    const mine = await service.client.GET('/sub-merchants/{id}', { params: { path: { id } } });
    expect(mine.data!.data).toMatchObject({ id, kyc_status: 'verified', status: 'active' });
    const foreign = await other.client.GET('/sub-merchants/{id}', { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await service.client.GET('/sub-merchants/{id}', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    expect((await service.client.GET('/sub-merchants/{id}', { params: { path: { id: 'nope' } } })).response.status).toBe(422);
  });

  it('any read-capable key may read; a payout-only key may not', async () => {
    const readOnly = service.clientFor(await service.createKey({ scopes: ['read'] }));
    expect((await readOnly.GET('/sub-merchants/{id}', { params: { path: { id: created[0]! } } })).response.status).toBe(200);
    const payoutOnly = service.clientFor(await service.createKey({ scopes: ['payout_only'] }));
    expect((await payoutOnly.GET('/sub-merchants', { params: { query: {} } })).response.status).toBe(401);
  });
});

describe('the list reads an index, not the table', () => {
  it('a kyc_status page is served in order by sub_merchants_merchant_kyc_list (no sort of the merchant\'s rows)', async () => {
    // A table this small is cheaper to scan; with scans priced out, the plan shows what serves the query.
    const plan = await service.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return await tx.unsafe(`explain (format json) select * from sub_merchants
        where merchant_id = $1 and kyc_status = 'verified' and (created_at, id) < (now(), gen_random_uuid())
        order by created_at desc, id desc limit 51`, [service.merchantId]);
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('sub_merchants_merchant_kyc_list');
    expect(text).not.toContain('"Sort"');
  });
});
