// POST /payouts through its whole life, through the SDK against the real app, the real ledger and
// the sandbox payout rails (their outcomes are jobs: runJobs plays them): reservation at creation,
// queued -> processing -> success | failed with payout.* events, posts and voids, the retry
// sequence, 402 with nothing created, idempotency, scopes, compliance holds, cancel, reads.
// Ledger invariants after each.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { setSubMerchantStatus } from '../../src/sub-merchants/sub-merchants.ts';
import { ensureWallet } from '../../src/wallets/wallets.ts';
import { sendPayouts } from '../../src/payouts/payout-processing.ts';
import type { TestService } from '../helpers/service.ts';
import { eventTypes } from '../collections/helpers.ts';
import { newSubMerchant } from '../sub-merchants/helpers.ts';
import {
  available, createPayout, destinationRef, expectLedgerInvariants, fundedWallet, payoutOf, runJobs, startPayoutService,
} from './helpers.ts';

let service: TestService;
let walletId: string;
let ref: string;

beforeAll(async () => {
  service = await startPayoutService({ SANDBOX_KYC_DELAY_MS: '0' });
  walletId = await fundedWallet(service, service.client, 1_000_000);
  ref = await destinationRef(service.client);
});
afterAll(async () => {
  await service?.close();
});
beforeEach(async () => {
  await runJobs(service);
});

const payout = (amount: number, destination = ref) => ({
  wallet_id: walletId, destination_type: 'mobile_money' as const, destination_ref: destination, amount, currency: 'KES',
});

describe('a payout', () => {
  it('is reserved at creation, queued, then sent and settled: success posts the reservation', async () => {
    const before = await available(service.client, walletId);
    const created = await createPayout(service.client, payout(12_345));
    expect(created.response.status).toBe(200);
    const body = created.data!.data;
    expect(body).toMatchObject({
      wallet_id: walletId, batch_id: null, destination_type: 'mobile_money', destination_ref: ref, amount: 12_345, currency: 'KES',
      status: 'queued', scheduled_at: null, retry_count: 0, failure_reason: null, fx_rate_lock_id: null,
    });
    expect(await available(service.client, walletId)).toBe(before - 12_345);
    expect(await eventTypes(service.sql, body.id)).toEqual(['payout.queued']);
    await runJobs(service);
    const done = await payoutOf(service.client, body.id);
    expect(done).toMatchObject({ status: 'success', retry_count: 0, failure_reason: null });
    expect(await eventTypes(service.sql, body.id)).toEqual(['payout.queued', 'payout.processing', 'payout.success']);
    expect(await available(service.client, walletId)).toBe(before - 12_345);
    const entries = await service.client.GET('/wallets/{id}/entries', { params: { path: { id: walletId } } });
    const mine = entries.data!.data.filter((e) => e.payout_id === body.id).map((e) => e.phase);
    expect(mine.sort()).toEqual(['held', 'hold_posted']);
    const events = await service.sql<{ data: Record<string, unknown> }[]>`select data from events where resource_id = ${body.id} order by resource_sequence`;
    expect(events.at(-1)!.data).toMatchObject({ payout_id: body.id, wallet_id: walletId, batch_id: null, amount: 12_345, currency: 'KES', status: 'success' });
    await expectLedgerInvariants(service);
  });

  it('fails for good on a permanent rail failure: the reservation is voided and the money is back', async () => {
    const invalid = await destinationRef(service.client, '+254709900001');
    const before = await available(service.client, walletId);
    const created = await createPayout(service.client, payout(5_000, invalid));
    expect(await available(service.client, walletId)).toBe(before - 5_000);
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'failed', failure_reason: 'invalid_account', retry_count: 0 });
    expect(await eventTypes(service.sql, created.data!.data.id)).toEqual(['payout.queued', 'payout.processing', 'payout.failed']);
    expect(await available(service.client, walletId)).toBe(before);
    await expectLedgerInvariants(service);
  });

  it('is retried after transient failures (retry_count counts them) and succeeds when the rail recovers', async () => {
    const flaky = await destinationRef(service.client, '+254709900004');
    const before = await available(service.client, walletId);
    const created = await createPayout(service.client, payout(7_000, flaky));
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'success', retry_count: 2, failure_reason: null });
    // One event per status change: retries stay `processing` and emit nothing new.
    expect(await eventTypes(service.sql, created.data!.data.id)).toEqual(['payout.queued', 'payout.processing', 'payout.success']);
    const sends = await service.sql<{ attempt: number; outcome: string }[]>`
      select attempt, outcome from sandbox_payout_sends where payout_id = ${created.data!.data.id} order by attempt`;
    expect(sends).toEqual([{ attempt: 0, outcome: 'transient_failure' }, { attempt: 1, outcome: 'transient_failure' }, { attempt: 2, outcome: 'success' }]);
    expect(await available(service.client, walletId)).toBe(before - 7_000);
    await expectLedgerInvariants(service);
  });

  it('fails with retries_exhausted after the documented 3 retries, its money back', async () => {
    const down = await destinationRef(service.client, '+254709900005');
    const before = await available(service.client, walletId);
    const created = await createPayout(service.client, payout(3_000, down));
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'failed', retry_count: 3, failure_reason: 'retries_exhausted' });
    const [sends] = await service.sql<{ n: number }[]>`select count(*)::int as n from sandbox_payout_sends where payout_id = ${created.data!.data.id}`;
    expect(sends!.n).toBe(4);
    expect(await available(service.client, walletId)).toBe(before);
    await expectLedgerInvariants(service);
  });

  it('retries a send while the rail is down, then sends it once when it is back', async () => {
    service.runtime.payouts.rails.setSandboxRailDown('mobile_money', true);
    const created = await createPayout(service.client, payout(1_000));
    await runJobs(service); // the send job fails (outage) and waits for its retry
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'processing' });
    service.runtime.payouts.rails.setSandboxRailDown('mobile_money', false);
    await service.sql`update graphile_worker._private_jobs set run_at = now() where payload::text like ${`%${created.data!.data.id}%`}`;
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'success', retry_count: 0 });
    expect(await eventTypes(service.sql, created.data!.data.id)).toEqual(['payout.queued', 'payout.processing', 'payout.success']);
  });
});

describe('creation rules', () => {
  it('402 INSUFFICIENT_FUNDS when the wallet cannot cover it: no payout, no event, nothing held, the key free', async () => {
    const before = await available(service.client, walletId);
    const key = randomUUID();
    const refused = await createPayout(service.client, payout(before + 1), key);
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await available(service.client, walletId)).toBe(before);
    const [rows] = await service.sql<{ n: number }[]>`select count(*)::int as n from payouts where amount = ${before + 1}`;
    expect(rows!.n).toBe(0);
    // The key was released: the same key with an amount the wallet covers now succeeds.
    const retried = await createPayout(service.client, payout(before + 1 - before), key);
    expect(retried.response.status).toBe(200);
    await expectLedgerInvariants(service);
  });

  it('is idempotent: a replay answers the same payout and reserves once; another payload is 409', async () => {
    const key = randomUUID();
    const before = await available(service.client, walletId);
    const first = await createPayout(service.client, payout(2_500), key);
    const replay = await createPayout(service.client, payout(2_500), key);
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    expect(await available(service.client, walletId)).toBe(before - 2_500);
    const conflict = await createPayout(service.client, payout(2_501), key);
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('a failure after the hold voids it before answering (issue 22): nothing held; the retry with the key creates the payout afresh, held once', async () => {
    // The next payout insert fails (as a crash between the ledger hold and the commit would leave it).
    await service.sql.unsafe(`
      create sequence test_fail_seq;
      create function test_fail_payout() returns trigger language plpgsql as $$
      begin
        -- A sequence is not rolled back with the failing transaction: only the first insert fails.
        if nextval('test_fail_seq') = 1 then raise exception 'injected failure'; end if;
        return new;
      end $$;
      create trigger test_fail_payout before insert on payouts for each statement execute function test_fail_payout();`);
    try {
      const before = await available(service.client, walletId);
      const key = randomUUID();
      const failed = await createPayout(service.client, payout(1_111), key);
      expect(failed.response.status).toBe(500);
      const [none] = await service.sql<{ n: number }[]>`select count(*)::int as n from payouts where amount = 1111`;
      expect(none!.n).toBe(0);
      // The hold was made before the failure, and voided before the 500 (decision 0410).
      expect(await available(service.client, walletId)).toBe(before);
      const retried = await createPayout(service.client, payout(1_111), key);
      expect(retried.response.status).toBe(200);
      expect(await available(service.client, walletId)).toBe(before - 1_111);
      await runJobs(service);
      expect(await payoutOf(service.client, retried.data!.data.id)).toMatchObject({ status: 'success' });
      expect(await available(service.client, walletId)).toBe(before - 1_111);
      await expectLedgerInvariants(service);
    } finally {
      await service.sql.unsafe('drop trigger if exists test_fail_payout on payouts; drop function if exists test_fail_payout(); drop sequence if exists test_fail_seq;');
    }
  });

  it('refuses a scheduled_at in the past, a wallet of another merchant, a currency other than the wallet\'s (422 naming the field)', async () => {
    const past = await createPayout(service.client, { ...payout(100), scheduled_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.response.status).toBe(422);
    expect(past.error!.error.details!.fields![0]).toMatchObject({ field: 'body.scheduled_at' });
    const other = await service.createMerchant('Other');
    const theirWallet = await fundedWallet(service, other.client, 1_000);
    const foreign = await createPayout(service.client, { ...payout(100), wallet_id: theirWallet });
    expect(foreign.response.status).toBe(422);
    expect(foreign.error!.error.details!.fields![0]).toMatchObject({ field: 'body.wallet_id' });
    const usd = await createPayout(service.client, { ...payout(100), currency: 'USD' });
    expect(usd.response.status).toBe(422);
    expect(usd.error!.error.details!.fields![0]).toMatchObject({ field: 'body.currency' });
  });

  it('needs a payout-capable key (401 AUTH_INVALID_KEY otherwise); payout_only may create and read', async () => {
    for (const scopes of [['read'], ['write']]) {
      const key = await service.createKey({ scopes });
      const refused = await createPayout(service.clientFor(key), payout(100));
      expect(refused.response.status).toBe(401);
      expect(refused.error!.error.code).toBe('AUTH_INVALID_KEY');
    }
    const payoutOnly = service.clientFor(await service.createKey({ scopes: ['payout_only'] }));
    const created = await createPayout(payoutOnly, payout(100));
    expect(created.response.status).toBe(200);
    expect((await payoutOnly.GET('/payouts/{id}', { params: { path: { id: created.data!.data.id } } })).response.status).toBe(200);
  });

  it('403 COMPLIANCE_HOLD for a suspended merchant, and for a sub-merchant wallet whose owner is unverified or suspended', async () => {
    const m = await service.createMerchant('Held');
    const mWallet = await fundedWallet(service, m.client, 10_000);
    const mRef = await destinationRef(m.client);
    await setMerchantStatus(service.sql, m.merchantId, 'suspended');
    const held = await createPayout(m.client, { ...payout(100, mRef), wallet_id: mWallet });
    expect(held.response.status).toBe(403);
    expect(held.error!.error.code).toBe('COMPLIANCE_HOLD');
    await setMerchantStatus(service.sql, m.merchantId, 'active');

    const pending = await newSubMerchant(service.client, { display_name: 'Rider pending' });
    const subWallet = await ensureWallet(service.sql, service.runtime.ledger, { merchantId: service.merchantId, ownerType: 'sub_merchant', ownerId: pending, currency: 'KES' });
    const unverified = await createPayout(service.client, { ...payout(100), wallet_id: subWallet.walletId });
    expect(unverified.response.status).toBe(403);
    expect(unverified.error!.error.code).toBe('COMPLIANCE_HOLD');
    expect(unverified.error!.error.message).toMatch(/KYC/);

    await runJobs(service); // the sandbox KYC provider verifies it
    const notCovered = await createPayout(service.client, { ...payout(100), wallet_id: subWallet.walletId });
    expect(notCovered.response.status).toBe(402); // verified: now only the empty wallet says no
    await setSubMerchantStatus(service, { merchantId: service.merchantId, subMerchantId: pending, status: 'suspended', reason: null, actor: 'test' });
    const suspended = await createPayout(service.client, { ...payout(100), wallet_id: subWallet.walletId });
    expect(suspended.response.status).toBe(403);
    expect(suspended.error!.error.code).toBe('COMPLIANCE_HOLD');
  });
});

describe('concurrent payouts draining one wallet', () => {
  it('never take it below zero: exactly as many succeed as it covers, the losers get 402', async () => {
    const m = await service.createMerchant('Drain');
    const drained = await fundedWallet(service, m.client, 10_000);
    const mRef = await destinationRef(m.client);
    const answers = await Promise.all(Array.from({ length: 24 }, () =>
      createPayout(m.client, { ...payout(1_000, mRef), wallet_id: drained })));
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(14);
    expect(await available(m.client, drained)).toBe(0);
    const [rows] = await service.sql<{ n: number }[]>`select count(*)::int as n from payouts where wallet_id = ${drained}`;
    expect(rows!.n).toBe(10);
    await runJobs(service);
    expect(await available(m.client, drained)).toBe(0);
    await expectLedgerInvariants(service);
  });
});

describe('sending races', () => {
  it('five senders of one payout at once: one processing event, one send at the rail, one success', async () => {
    const created = await createPayout(service.client, payout(900));
    const id = created.data!.data.id;
    const deps = service.runtime.jobDeps;
    await Promise.all(Array.from({ length: 5 }, () => sendPayouts(deps, [id])));
    const [sends] = await service.sql<{ n: number }[]>`select count(*)::int as n from sandbox_payout_sends where payout_id = ${id}`;
    expect(sends!.n).toBe(1);
    await runJobs(service);
    expect(await payoutOf(service.client, id)).toMatchObject({ status: 'success', retry_count: 0 });
    expect(await eventTypes(service.sql, id)).toEqual(['payout.queued', 'payout.processing', 'payout.success']);
    await expectLedgerInvariants(service);
  });
});

describe('scheduled payouts and cancel', () => {
  it('a future scheduled_at is reserved now and not sent before its time; cancel voids it (failed, cancelled)', async () => {
    const before = await available(service.client, walletId);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createPayout(service.client, { ...payout(4_000), scheduled_at: at });
    expect(created.data!.data).toMatchObject({ status: 'queued', scheduled_at: at });
    expect(await available(service.client, walletId)).toBe(before - 4_000);
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'queued' });

    const id = created.data!.data.id;
    const other = await service.createMerchant('Nosy');
    const foreign = await other.client.POST('/payouts/{id}/cancel', { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    const cancelled = await service.client.POST('/payouts/{id}/cancel', { params: { path: { id } } });
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data!.data).toMatchObject({ status: 'failed', failure_reason: 'cancelled' });
    expect(await available(service.client, walletId)).toBe(before);
    expect(await eventTypes(service.sql, id)).toEqual(['payout.queued', 'payout.failed']);
    const again = await service.client.POST('/payouts/{id}/cancel', { params: { path: { id } } });
    expect(again.data!.data).toEqual(cancelled.data!.data);
    // Its send job, when due, finds it final and sends nothing.
    await service.sql`update graphile_worker._private_jobs set run_at = now() where payload::text like ${`%${id}%`}`;
    await runJobs(service);
    const [sends] = await service.sql<{ n: number }[]>`select count(*)::int as n from sandbox_payout_sends where payout_id = ${id}`;
    expect(sends!.n).toBe(0);
    await expectLedgerInvariants(service);
  });

  it('only a queued payout can be cancelled', async () => {
    const created = await createPayout(service.client, payout(100));
    await runJobs(service);
    const refused = await service.client.POST('/payouts/{id}/cancel', { params: { path: { id: created.data!.data.id } } });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.error.details!.fields![0]).toMatchObject({ field: 'path.id', message: expect.stringMatching(/success/) });
  });
});

describe('reads', () => {
  it('GET /payouts filters by status and wallet, pages with a cursor, newest first; another merchant reads 404', async () => {
    const m = await service.createMerchant('Lister');
    const w = await fundedWallet(service, m.client, 100_000);
    const mRef = await destinationRef(m.client);
    const failingRef = await destinationRef(m.client, '+254709900002');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createPayout(m.client, { ...payout(100 + i, i === 4 ? failingRef : mRef), wallet_id: w })).data!.data.id);
    await runJobs(service);
    const page1 = await m.client.GET('/payouts', { params: { query: { limit: 2 } } });
    expect(page1.data!.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    const page2 = await m.client.GET('/payouts', { params: { query: { limit: 2, cursor: page1.data!.meta.next_cursor! } } });
    expect(page2.data!.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const failed = await m.client.GET('/payouts', { params: { query: { status: 'failed' } } });
    expect(failed.data!.data.map((p) => p.id)).toEqual([ids[4]]);
    expect(failed.data!.data[0]!.failure_reason).toBe('account_closed');
    const byWallet = await service.client.GET('/payouts', { params: { query: { wallet_id: w } } });
    expect(byWallet.data!.data).toEqual([]);
    const foreign = await service.client.GET('/payouts/{id}', { params: { path: { id: ids[0]! } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
  });
});
