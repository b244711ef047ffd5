// POST /payouts/bulk and GET /payouts/batches/{id}: 1 to 1000 items created atomically (all
// reserved in one linked ledger chain or none: 402 with nothing created), members readable
// through the batch and GET /payouts?wallet_id=, and the batch's status once every member is
// final: completed, or partially_failed with mixed outcomes. Ledger invariants after each.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/service.ts';
import { eventTypes } from '../collections/helpers.ts';
import { available, createBatch, destinationRef, expectLedgerInvariants, fundedWallet, runJobs, startPayoutService } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await startPayoutService();
});
afterAll(async () => {
  await service?.close();
});

const item = (ref: string, amount: number) => ({ destination_type: 'mobile_money' as const, destination_ref: ref, amount, currency: 'KES' });

describe('a bulk payout', () => {
  it('with mixed outcomes: every member reserved at once, each settled on its own, the batch partially_failed', async () => {
    const m = await service.createMerchant('Mixed');
    const wallet = await fundedWallet(service, m.client, 100_000);
    const ok = await destinationRef(m.client);
    const invalid = await destinationRef(m.client, '+254709900001');
    const flaky = await destinationRef(m.client, '+254709900004');
    const down = await destinationRef(m.client, '+254709900005');
    const created = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, 1_000), item(invalid, 2_000), item(flaky, 3_000), item(down, 4_000), item(ok, 5_000)] });
    expect(created.response.status).toBe(200);
    const batch = created.data!.data;
    expect(batch).toMatchObject({ merchant_id: m.merchantId, total_amount: 15_000, status: 'processing' });
    expect(batch.payouts.map((p) => [p.amount, p.status, p.batch_id])).toEqual([1_000, 2_000, 3_000, 4_000, 5_000].map((a) => [a, 'queued', batch.id]));
    expect(await available(m.client, wallet)).toBe(85_000);

    await runJobs(service);
    const read = await m.client.GET('/payouts/batches/{id}', { params: { path: { id: batch.id } } });
    expect(read.data!.data.status).toBe('partially_failed');
    expect(read.data!.data.payouts.map((p) => [p.status, p.failure_reason, p.retry_count])).toEqual([
      ['success', null, 0], ['failed', 'invalid_account', 0], ['success', null, 2], ['failed', 'retries_exhausted', 3], ['success', null, 0],
    ]);
    expect(await available(m.client, wallet)).toBe(100_000 - 1_000 - 3_000 - 5_000);
    const listed = await m.client.GET('/payouts', { params: { query: { wallet_id: wallet, limit: 100 } } });
    expect(listed.data!.data.map((p) => p.id).sort()).toEqual(batch.payouts.map((p) => p.id).sort());
    for (const member of batch.payouts) expect((await eventTypes(service.sql, member.id))[0]).toBe('payout.queued');
    await expectLedgerInvariants(service);
  });

  it('all succeeding: completed', async () => {
    const m = await service.createMerchant('Clean');
    const wallet = await fundedWallet(service, m.client, 10_000);
    const ok = await destinationRef(m.client);
    const created = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, 4_000), item(ok, 6_000)] });
    expect(await available(m.client, wallet)).toBe(0);
    await runJobs(service);
    const read = await m.client.GET('/payouts/batches/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.data!.data.status).toBe('completed');
    await expectLedgerInvariants(service);
  });

  it('402 when the total is not covered, though each item alone would be: nothing created, nothing held', async () => {
    const m = await service.createMerchant('Short');
    const wallet = await fundedWallet(service, m.client, 10_000);
    const ok = await destinationRef(m.client);
    const refused = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, 6_000), item(ok, 4_000), item(ok, 1)] });
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await available(m.client, wallet)).toBe(10_000);
    const [counts] = await service.sql<{ payouts: number; batches: number }[]>`
      select (select count(*)::int from payouts where merchant_id = ${m.merchantId}) as payouts,
             (select count(*)::int from payout_batches where merchant_id = ${m.merchantId}) as batches`;
    expect(counts).toEqual({ payouts: 0, batches: 0 });
    await expectLedgerInvariants(service);
  });

  it('items that each fit but add up to more than the largest amount are 422 on body.payouts: nothing created', async () => {
    const m = await service.createMerchant('Huge');
    const wallet = await fundedWallet(service, m.client, 10_000);
    const ok = await destinationRef(m.client);
    const refused = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, Number.MAX_SAFE_INTEGER - 1), item(ok, 2)] });
    expect(refused.response.status).toBe(422);
    expect((refused.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['body.payouts']);
    expect(await available(m.client, wallet)).toBe(10_000);
    const [counts] = await service.sql<{ batches: number }[]>`select count(*)::int as batches from payout_batches where merchant_id = ${m.merchantId}`;
    expect(counts).toEqual({ batches: 0 });
  });

  it('refuses every bad item at once, naming each (nothing created), and 1001 items by schema', async () => {
    const m = await service.createMerchant('Picky');
    const wallet = await fundedWallet(service, m.client, 10_000);
    const ok = await destinationRef(m.client);
    const refused = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, 100), { ...item(ok, 100), currency: 'NGN' }, item('0712345678', 100)] });
    expect(refused.response.status).toBe(422);
    const fields = refused.error!.error.details!.fields!.map((f: { field: string }) => f.field);
    expect(fields).toContain('body.payouts[1].currency');
    const raw = await createBatch(m.client, { wallet_id: wallet, payouts: [item(ok, 100), item('0712345678', 100)] });
    expect(raw.error!.error.details!.fields).toEqual([{ field: 'body.payouts[1].destination_ref', message: expect.stringMatching(/tokenize/) }]);
    const tooMany = await createBatch(m.client, { wallet_id: wallet, payouts: Array.from({ length: 1001 }, () => item(ok, 1)) });
    expect(tooMany.response.status).toBe(422);
    const empty = await createBatch(m.client, { wallet_id: wallet, payouts: [] });
    expect(empty.response.status).toBe(422);
    expect(await available(m.client, wallet)).toBe(10_000);
  });

  it('is idempotent: a replay returns the same batch, reserved once', async () => {
    const m = await service.createMerchant('Replay');
    const wallet = await fundedWallet(service, m.client, 10_000);
    const ok = await destinationRef(m.client);
    const key = randomUUID();
    const body = { wallet_id: wallet, payouts: [item(ok, 1_000), item(ok, 2_000)] };
    const first = await createBatch(m.client, body, key);
    const again = await createBatch(m.client, body, key);
    expect(again.data!.data).toEqual(first.data!.data);
    expect(await available(m.client, wallet)).toBe(7_000);
    const other = await service.createMerchant('Stranger');
    expect((await other.client.GET('/payouts/batches/{id}', { params: { path: { id: first.data!.data.id } } })).response.status).toBe(404);
  });

  it('takes 1000 items in one request', async () => {
    const m = await service.createMerchant('Thousand');
    const wallet = await fundedWallet(service, m.client, 1_000_000);
    const ok = await destinationRef(m.client);
    const created = await createBatch(m.client, { wallet_id: wallet, payouts: Array.from({ length: 1000 }, (_, i) => item(ok, 1 + (i % 7))) });
    expect(created.response.status).toBe(200);
    const total = Array.from({ length: 1000 }, (_, i) => 1 + (i % 7)).reduce((a, b) => a + b, 0);
    expect(created.data!.data.total_amount).toBe(total);
    expect(created.data!.data.payouts).toHaveLength(1000);
    expect(await available(m.client, wallet)).toBe(1_000_000 - total);
    await runJobs(service);
    const read = await m.client.GET('/payouts/batches/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.data!.data.status).toBe('completed');
    expect(await available(m.client, wallet)).toBe(1_000_000 - total);
    await expectLedgerInvariants(service);
  });
});
