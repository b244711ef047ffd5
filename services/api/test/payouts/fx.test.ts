// Cross-currency payouts through the SDK against the real app, ledger and sandbox payout rails
// (docs/fx.md): a payout in another currency than its wallet's names a rate lock (wallet
// currency -> payout currency); its reservation is the conversion's two held legs through the FX
// positions, posted on success and voided on failure; the lock is used by the same commit (two
// payouts racing for one lock: exactly one is created). Every refusal names
// body.fx_rate_lock_id and creates nothing. Ledger invariants after each.
import { randomUUID } from 'node:crypto';
import type { MerchantClient } from '@payagg/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../helpers/service.ts';
import { settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { lockRate, scale, scaled } from '../fx/helpers.ts';
import {
  available, createBatch, createPayout, destinationRef, expectLedgerInvariants, payoutOf, payoutTestEnv, runJobs,
} from './helpers.ts';

const start = Date.parse('2026-11-24T01:00:30.000Z');
let clockMs = start;
let service: TestService;
let usdWallet: string;
let kesRef: string;
let kesFailingRef: string;

/** The merchant's wallet in `currency` after a settled card collection of `amount`. */
async function fundedWalletIn(client: MerchantClient, amount: number, currency: string): Promise<string> {
  const collection = await settledCollection(service, client, { amount, currency, rail: 'card', ...succeeding_payer.card });
  const wallets = await client.GET('/wallets', { params: { query: { owner_id: collection.merchant_id } } });
  return wallets.data!.data.find((w) => w.currency === currency)!.id;
}

async function newLock(base: string, quote: string, client = service.client) {
  const locked = await lockRate(client, base, quote);
  expect(locked.response.status).toBe(200);
  return locked.data!.data;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** What a USD wallet pays for `kesCents` at `rate` (both have 2 decimals): rounded up. */
const usdCentsFor = (kesCents: number, rate: number) => Number(ceilDiv(BigInt(kesCents) * 10n ** scale, scaled(rate)));

const kesPayout = (amount: number, lockId: string | null, ref = kesRef) => ({
  wallet_id: usdWallet, destination_type: 'mobile_money' as const, destination_ref: ref, amount, currency: 'KES', fx_rate_lock_id: lockId,
});

async function lockUse(id: string) {
  const [row] = await service.sql<{ used_by_id: string | null }[]>`select used_by_id from fx_rate_locks where id = ${id}`;
  return row!.used_by_id;
}
async function conversionStatusOf(payoutId: string) {
  const [row] = await service.sql<{ status: string; from_amount: bigint; to_amount: bigint }[]>`
    select status, from_amount, to_amount from fx_conversions where purpose = 'payout' and purpose_id = ${payoutId}`;
  return row ?? null;
}
async function payoutCount(): Promise<number> {
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from payouts`;
  return row!.n;
}

beforeAll(async () => {
  service = await startTestService({ env: payoutTestEnv, now: () => clockMs });
  usdWallet = await fundedWalletIn(service.client, 500_000, 'USD'); // 5,000.00 USD
  kesRef = await destinationRef(service.client);
  kesFailingRef = await destinationRef(service.client, '+254709900001'); // sandbox: invalid_account
});
afterAll(async () => {
  await service?.close();
});
beforeEach(async () => {
  clockMs = start;
  await runJobs(service);
});

describe('a cross-currency payout', () => {
  it('reserves amount / locked_rate rounded up from the wallet through the FX positions, uses the lock, and posts both legs on success', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const created = await createPayout(service.client, kesPayout(1_000_000, lock.id) as never);
    expect(created.response.status).toBe(200);
    const payout = created.data!.data;
    const cost = usdCentsFor(1_000_000, lock.locked_rate);
    expect(payout).toMatchObject({
      wallet_id: usdWallet, amount: 1_000_000, currency: 'KES', status: 'queued', fx_rate_lock_id: lock.id,
      source_amount: cost, fx_rate: lock.locked_rate,
    });
    // The wallet owner bears the rounding: the cents paid are worth the payout, plus less than one cent.
    expect(BigInt(cost) * scaled(lock.locked_rate) - 1_000_000n * 10n ** scale).toBeLessThan(scaled(lock.locked_rate));
    expect(await available(service.client, usdWallet)).toBe(before - cost);
    expect(await lockUse(lock.id)).toBe(payout.id);
    expect(await conversionStatusOf(payout.id)).toEqual({ status: 'held', from_amount: BigInt(cost), to_amount: 1_000_000n });
    await expectLedgerInvariants(service);

    await runJobs(service);
    expect(await payoutOf(service.client, payout.id)).toMatchObject({ status: 'success', source_amount: cost, fx_rate_lock_id: lock.id });
    expect(await available(service.client, usdWallet)).toBe(before - cost);
    expect((await conversionStatusOf(payout.id))!.status).toBe('posted');
    // The wallet's statement: the payout's hold and its posting, in USD.
    const entries = await service.client.GET('/wallets/{id}/entries', { params: { path: { id: usdWallet } } });
    const mine = entries.data!.data.filter((e) => e.payout_id === payout.id);
    expect(mine.map((e) => [e.phase, e.amount, e.currency]).sort()).toEqual([['held', cost, 'USD'], ['hold_posted', cost, 'USD']]);
    await expectLedgerInvariants(service);
  });

  it('fails at the rail: both legs are voided, the wallet has every cent back, the lock stays used', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const created = await createPayout(service.client, kesPayout(250_000, lock.id, kesFailingRef) as never);
    expect(created.response.status).toBe(200);
    expect(await available(service.client, usdWallet)).toBe(before - usdCentsFor(250_000, lock.locked_rate));
    await runJobs(service);
    expect(await payoutOf(service.client, created.data!.data.id)).toMatchObject({ status: 'failed', failure_reason: 'invalid_account' });
    expect(await available(service.client, usdWallet)).toBe(before);
    expect((await conversionStatusOf(created.data!.data.id))!.status).toBe('voided');
    expect(await lockUse(lock.id)).toBe(created.data!.data.id);
    await expectLedgerInvariants(service);
  });

  it('cancelled while scheduled: both legs voided, money back', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const created = await createPayout(service.client, { ...kesPayout(100_000, lock.id), scheduled_at: new Date(clockMs + 3_600_000).toISOString() } as never);
    expect(created.response.status).toBe(200);
    expect(await available(service.client, usdWallet)).toBeLessThan(before);
    const cancelled = await service.client.POST('/payouts/{id}/cancel', { params: { path: { id: created.data!.data.id } } });
    expect(cancelled.response.status).toBe(200);
    expect(await available(service.client, usdWallet)).toBe(before);
    expect((await conversionStatusOf(created.data!.data.id))!.status).toBe('voided');
    await expectLedgerInvariants(service);
  });

  it('is refused with 422 naming body.fx_rate_lock_id, nothing created: no lock, a lock on a same-currency payout, another pair, used, expired, unknown', async () => {
    const before = await available(service.client, usdWallet);
    const payouts = await payoutCount();
    const expectRefused = async (body: unknown, message: RegExp) => {
      const refused = await createPayout(service.client, body as never);
      expect(refused.response.status).toBe(422);
      expect(refused.error!.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'body.fx_rate_lock_id', message: expect.stringMatching(message) }] } });
    };
    // Without a lock both fields are named: the currency that needs one, and the lock.
    const unlocked = await createPayout(service.client, kesPayout(10_000, null) as never);
    expect(unlocked.response.status).toBe(422);
    expect(unlocked.error!.error.details).toEqual({ fields: [
      { field: 'body.currency', message: expect.stringMatching(/not the wallet's currency \(USD\)/) },
      { field: 'body.fx_rate_lock_id', message: expect.stringMatching(/is required/) },
    ] });
    const usdRef = (await service.client.POST('/payout-destinations', { body: { destination_type: 'card', country: 'US', currency: 'USD', card_token: 'tok_visa_debit_4242' } as never })).data!.data.destination_ref;
    const sameCurrencyLock = await newLock('USD', 'KES');
    await expectRefused({ wallet_id: usdWallet, destination_type: 'card', destination_ref: usdRef, amount: 1_000, currency: 'USD', fx_rate_lock_id: sameCurrencyLock.id }, /must be null/);
    await expectRefused(kesPayout(10_000, (await newLock('KES', 'USD')).id), /USD -> KES/);
    await expectRefused(kesPayout(10_000, (await newLock('USD', 'UGX')).id), /USD -> KES/);
    await expectRefused(kesPayout(10_000, randomUUID()), /no such rate lock/);
    const other = await service.createMerchant('Other Platform');
    await expectRefused(kesPayout(10_000, (await newLock('USD', 'KES', other.client)).id), /no such rate lock/);
    const once = await newLock('USD', 'KES');
    expect((await createPayout(service.client, kesPayout(10_000, once.id) as never)).response.status).toBe(200);
    await expectRefused(kesPayout(10_000, once.id), /already used/);
    const expiring = await newLock('USD', 'KES');
    clockMs = Date.parse(expiring.expires_at);
    await expectRefused(kesPayout(10_000, expiring.id), /expired/);
    expect(await lockUse(expiring.id)).toBeNull();
    expect(await payoutCount()).toBe(payouts + 1);
    expect(await available(service.client, usdWallet)).toBe(before - usdCentsFor(10_000, once.locked_rate));
    await expectLedgerInvariants(service);
  });

  it('a wallet that cannot cover the converted amount: 402, nothing created, the lock still free for a payout it can cover', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const tooMuch = Math.floor(before * lock.locked_rate) + 100; // KES cents worth just over the balance
    const refused = await createPayout(service.client, kesPayout(tooMuch, lock.id) as never);
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await available(service.client, usdWallet)).toBe(before);
    expect(await lockUse(lock.id)).toBeNull();
    expect((await createPayout(service.client, kesPayout(5_000, lock.id) as never)).response.status).toBe(200);
    await expectLedgerInvariants(service);
  });

  it('two payouts racing for one lock: exactly one is created, the other is 422 naming the lock; money reserved once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const lock = await newLock('USD', 'KES');
      const before = await available(service.client, usdWallet);
      const results = await Promise.all([0, 1].map(() => createPayout(service.client, kesPayout(20_000, lock.id) as never)));
      const statuses = results.map((r) => r.response.status).sort();
      expect(statuses).toEqual([200, 422]);
      const loser = results.find((r) => r.response.status === 422)!;
      expect(loser.error!.error.details).toEqual({ fields: [{ field: 'body.fx_rate_lock_id', message: expect.stringMatching(/already used/) }] });
      const winner = results.find((r) => r.response.status === 200)!.data!.data;
      expect(await lockUse(lock.id)).toBe(winner.id);
      expect(await available(service.client, usdWallet)).toBe(before - usdCentsFor(20_000, lock.locked_rate));
    }
    await expectLedgerInvariants(service);
  });

  it('is idempotent: the same key returns the same payout and reserves once', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const key = randomUUID();
    const first = await createPayout(service.client, kesPayout(30_000, lock.id) as never, key);
    const again = await createPayout(service.client, kesPayout(30_000, lock.id) as never, key);
    expect(again.data!.data).toEqual(first.data!.data);
    expect(await available(service.client, usdWallet)).toBe(before - usdCentsFor(30_000, lock.locked_rate));
    await expectLedgerInvariants(service);
  });
});

describe('a bulk payout with cross-currency items', () => {
  it('reserves every item (own lock each) in one chain; mixed outcomes settle each conversion its own way', async () => {
    const [a, b] = [await newLock('USD', 'KES'), await newLock('USD', 'KES')];
    const before = await available(service.client, usdWallet);
    const created = await createBatch(service.client, {
      wallet_id: usdWallet,
      payouts: [kesPayout(40_000, a.id), kesPayout(60_000, b.id, kesFailingRef)].map(({ wallet_id: _w, ...item }) => item),
    } as never);
    expect(created.response.status).toBe(200);
    const [ok, failing] = created.data!.data.payouts;
    const costs = [usdCentsFor(40_000, a.locked_rate), usdCentsFor(60_000, b.locked_rate)];
    expect([ok!.source_amount, failing!.source_amount]).toEqual(costs);
    // The batch's total is what it takes from the wallet, in the wallet's currency.
    expect(created.data!.data.total_amount).toBe(costs[0]! + costs[1]!);
    expect(await available(service.client, usdWallet)).toBe(before - costs[0]! - costs[1]!);
    await runJobs(service);
    const batch = await service.client.GET('/payouts/batches/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(batch.data!.data.status).toBe('partially_failed');
    expect(await available(service.client, usdWallet)).toBe(before - costs[0]!);
    expect((await conversionStatusOf(ok!.id))!.status).toBe('posted');
    expect((await conversionStatusOf(failing!.id))!.status).toBe('voided');
    await expectLedgerInvariants(service);
  });

  it('one lock named by two items, or an item without a lock: 422 naming the item\'s field, nothing created', async () => {
    const lock = await newLock('USD', 'KES');
    const before = await available(service.client, usdWallet);
    const payouts = await payoutCount();
    const twice = await createBatch(service.client, { wallet_id: usdWallet, payouts: [kesPayout(1_000, lock.id), kesPayout(2_000, lock.id)].map(({ wallet_id: _w, ...item }) => item) } as never);
    expect(twice.response.status).toBe(422);
    expect(twice.error!.error.details).toEqual({ fields: [{ field: 'body.payouts[1].fx_rate_lock_id', message: expect.stringMatching(/already used/) }] });
    const missing = await createBatch(service.client, { wallet_id: usdWallet, payouts: [kesPayout(1_000, lock.id), kesPayout(2_000, null)].map(({ wallet_id: _w, ...item }) => item) } as never);
    expect(missing.response.status).toBe(422);
    expect(missing.error!.error.details).toEqual({ fields: [
      { field: 'body.payouts[1].currency', message: expect.any(String) },
      { field: 'body.payouts[1].fx_rate_lock_id', message: expect.stringMatching(/is required/) },
    ] });
    expect(await lockUse(lock.id)).toBeNull();
    expect(await payoutCount()).toBe(payouts);
    expect(await available(service.client, usdWallet)).toBe(before);
    await expectLedgerInvariants(service);
  });
});
