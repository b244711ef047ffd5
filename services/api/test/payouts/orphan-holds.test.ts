// No hold outlives the request that placed it (issue 22 item 2; decision 0410). A payout, a bulk
// payout, a partner withdrawal, a refund and a sandbox dispute reserve money in the ledger before
// their rows commit:
//   - a request that FAILS after its hold (here a database error: a trigger refuses the row,
//     after the ledger call) voids its hold before it answers, and a retry with its key starts
//     afresh;
//   - a request whose process DIES (driven here through the domain functions up to the crash
//     point, with no failure path: a dead process runs none) leaves its intent open; the
//     sweeper (holds.void_abandoned) voids the hold once the intent is holdIntentAbandonAgeMs
//     old, and never before (a live request is not raced).
// Every test ends with the wallet's available balance back in full and the ledger summing to zero.
import { randomUUID } from 'node:crypto';
import { holdLegId } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { write } from '../../src/db/write.ts';
import {
  closeHoldIntent, holdIntentAbandonAgeMs, openHoldIntent, sweepHoldIntents,
} from '../../src/domain/hold-intents.ts';
import { destinationForWithdrawal, reserveWithdrawal } from '../../src/partner-wallets/partner-withdrawals.ts';
import { getPartnerWallet } from '../../src/partner-wallets/partner-wallets.ts';
import { batchMemberId, checkPayoutRequest, type PayoutItem } from '../../src/payouts/payouts.ts';
import { reservePayouts } from '../../src/payouts/payout-reservation.ts';
import { reservationLegs } from '../../src/payouts/ledger-payouts.ts';
import type { IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { voidAbandonedHoldsJob } from '../../src/jobs/tasks/holds-void-abandoned.ts';
import type { TestService } from '../helpers/service.ts';
import { SimulatedCrash } from '../idempotency/crash-helpers.ts';
import { refund, settledCollection, walletBalance } from '../collections/helpers.ts';
import { reserveRefund } from '../../src/collections/refunds.ts';
import { availableOf, createTestPartner, deposit, newWallet, type TestPartner } from '../partner/helpers.ts';
import {
  available, createBatch, createPayout, destinationRef, expectLedgerInvariants, fundedWallet, type PayoutBody, startPayoutService,
} from './helpers.ts';
import { disputeHoldId, holdDispute } from '../../src/collections/disputes/ledger-disputes.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

/** Where the code under test builds its commit's writes (db/write.ts): the process dies there. */
const crashBuildingWrites = (): never => { throw new SimulatedCrash('process died after the hold, before the commit'); };

/** The amount the trigger refuses on payout rows (after the ledger hold), while listed. */
const refusedAmount = 4_321;
const refusedReference = 'refused-after-hold';

let service: TestService;
let partner: TestPartner;
let operations: { payout: string; batch: string; withdrawal: (walletId: string) => string; refund: (collectionId: string) => string };

beforeAll(async () => {
  service = await startPayoutService({ IDEMPOTENCY_LOCK_MS: '100' });
  partner = await createTestPartner(service, 'Orphan Holds Partner');
  // A database error after the ledger call: the payout (or movement) row is refused while its
  // amount (or reference) is listed here.
  await service.sql.unsafe(`
    create table refused_rows (amount bigint, reference text);
    create function refuse_payout() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from refused_rows r where r.amount = new.amount) then raise exception 'injected fault after the ledger hold'; end if;
      return new;
    end $$;
    create function refuse_movement() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from refused_rows r where r.reference = new.reference) then raise exception 'injected fault after the ledger hold'; end if;
      return new;
    end $$;
    create function refuse_refund() returns trigger language plpgsql as $$
    begin
      if new.type = 'refund' and exists (select 1 from refused_rows r where r.amount = new.amount) then raise exception 'injected fault after the ledger hold'; end if;
      return new;
    end $$;
    create function refuse_dispute() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from refused_rows r where r.amount = new.amount) then raise exception 'injected fault after the ledger hold'; end if;
      return new;
    end $$;
    create trigger refuse_dispute before insert on disputes for each row execute function refuse_dispute();
    create trigger refuse_payout before insert on payouts for each row execute function refuse_payout();
    create trigger refuse_refund before insert on transactions for each row execute function refuse_refund();
    create trigger refuse_movement before insert on partner_movements for each row execute function refuse_movement();`);
  await service.sql`insert into refused_rows (amount, reference) values (${refusedAmount}, null), (null, ${refusedReference})`;
  // The operations as the server records them (route and path), for the crash runs' claims.
  const probe = await service.createMerchant('probe');
  const wallet = await fundedWallet(service, probe.client, 1_000);
  const ref = await destinationRef(probe.client);
  await createPayout(probe.client, { wallet_id: wallet, destination_type: 'mobile_money', destination_ref: ref, amount: 10, currency: 'KES' });
  await createBatch(probe.client, { wallet_id: wallet, payouts: [{ destination_type: 'mobile_money', destination_ref: ref, amount: 10, currency: 'KES' }] });
  const pw = await newWallet(partner.client);
  await deposit(partner.client, pw.id, 100);
  await partner.client.POST('/wallets/{walletId}/withdrawals', {
    params: { path: { walletId: pw.id }, header: { 'X-Idempotency-Key': randomUUID() } },
    body: { amount: 10, destinationRef: await partnerDestination(), reference: 'probe' },
  });
  const probeCollection = await settledCollection(service, probe.client, { amount: 100, currency: 'KES', rail: 'qr' });
  expect((await refund(probe.client, probeCollection.id, { amount: 1 })).response.status).toBe(200);
  const rows = await service.sql<{ operation: string }[]>`select operation from idempotency_keys where response_status = 200 order by created_at`;
  const named = (test: (op: string) => boolean) => rows.map((row) => row.operation).find(test)!;
  const withdrawalOp = named((op) => op.includes('withdrawals'));
  operations = {
    payout: named((op) => op.startsWith('POST /payouts ')), batch: named((op) => op.startsWith('POST /payouts/bulk ')),
    withdrawal: (id) => withdrawalOp.replace(pw.id, id),
    refund: (id) => named((op) => op.includes('/refunds')).replace(probeCollection.id, id),
  };
});
afterAll(async () => { await service?.close(); });

async function partnerDestination(): Promise<string> {
  const { data } = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
  return data!.data.destinationRef;
}

function deps() {
  return { sql: service.sql, ledger: service.runtime.ledger, idempotency: service.runtime.idempotency };
}

async function claimRun(scope: IdempotencyScope): Promise<{ resourceId: string; startedAt: Date }> {
  const claim = await service.runtime.idempotency.claim(scope);
  if (claim.kind !== 'run') throw new Error(`expected a first run, got ${claim.kind}`);
  return claim;
}

async function intentOf(ownerId: string) {
  const [row] = await service.sql<{ state: string }[]>`select state from ledger_hold_intents where owner_id = ${ownerId}`;
  return row ?? null;
}

async function recordOf(scopeId: string, key: string) {
  const [row] = await service.sql<{ resource_id: string }[]>`select resource_id from idempotency_keys where merchant_id = ${scopeId} and key = ${key}`;
  return row ?? null;
}

/** Ages every open intent past the sweeper's threshold (what the clock does in a minute). */
async function ageOpenIntents(): Promise<void> {
  await service.sql`update ledger_hold_intents set touched_at = now() - ${holdIntentAbandonAgeMs} * interval '1 millisecond' where state = 'open'`;
}

async function merchantWithFunds(amount: number) {
  const merchant = await service.createMerchant(`orphan holds ${randomUUID().slice(0, 8)}`);
  const walletId = await fundedWallet(service, merchant.client, amount);
  const ref = await destinationRef(merchant.client);
  return { ...merchant, walletId, ref };
}

describe('a request that fails after its hold voids it before it answers', () => {
  it('single payout: 500, the money is available at once, no payout; the same key then creates it afresh', async () => {
    const m = await merchantWithFunds(10_000);
    const key = randomUUID();
    const body: PayoutBody = { wallet_id: m.walletId, destination_type: 'mobile_money', destination_ref: m.ref, amount: refusedAmount, currency: 'KES' };
    const failed = await createPayout(m.client, body, key);
    expect(failed.response.status).toBe(500);
    expect(await available(m.client, m.walletId)).toBe(10_000);
    expect((await service.sql`select 1 from payouts where merchant_id = ${m.merchantId}`).length).toBe(0);
    // The key is free again: no record points at the voided hold's id.
    expect(await recordOf(m.merchantId, key)).toBeNull();

    await service.sql`delete from refused_rows where amount = ${refusedAmount}`;
    try {
      const retried = await createPayout(m.client, body, key);
      expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
      expect(await available(m.client, m.walletId)).toBe(10_000 - refusedAmount);
      const replay = await createPayout(m.client, body, key);
      expect(replay.data!.data).toEqual(retried.data!.data);
    } finally {
      await service.sql`insert into refused_rows (amount, reference) values (${refusedAmount}, null)`;
    }
    expect(await sweepHoldIntents(deps())).toMatchObject({ voided: 0, failed: [] });
    expect(await available(m.client, m.walletId)).toBe(10_000 - refusedAmount);
    await expectLedgerInvariants(service);
  });

  it('bulk payout: one member refused after the chain of holds: 500, every member\'s hold voided', async () => {
    const m = await merchantWithFunds(20_000);
    const item = (amount: number) => ({ destination_type: 'mobile_money' as const, destination_ref: m.ref, amount, currency: 'KES' });
    const failed = await createBatch(m.client, { wallet_id: m.walletId, payouts: [item(1_000), item(refusedAmount), item(2_000)] });
    expect(failed.response.status).toBe(500);
    expect(await available(m.client, m.walletId)).toBe(20_000);
    expect((await service.sql`select 1 from payout_batches where merchant_id = ${m.merchantId}`).length).toBe(0);
    await expectLedgerInvariants(service);
  });

  it('partner withdrawal: 500, the reservation voided at once', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 5_000);
    const key = randomUUID();
    const failed = await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': key } },
      body: { amount: 4_000, destinationRef: await partnerDestination(), reference: refusedReference },
    });
    expect(failed.response.status).toBe(500);
    expect(await availableOf(partner.client, wallet.id)).toBe(5_000);
    expect(await recordOf(partner.partnerId, key)).toBeNull();
    await expectLedgerInvariants(service);
  });

  it('refund: the reservation is voided when the refund row fails; the key is free again', async () => {
    const m = await service.createMerchant('refund fails after hold');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const key = randomUUID();
    const failed = await refund(m.client, collection.id, { amount: refusedAmount }, key);
    expect(failed.response.status).toBe(500);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    expect(await recordOf(m.merchantId, key)).toBeNull();
    await expectLedgerInvariants(service);
  });

  it('sandbox dispute: the hold is voided when the dispute row fails', async () => {
    const m = await service.createMerchant('dispute fails after hold');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const failed = await m.client.POST('/sandbox/disputes', { body: { transaction_id: collection.id, amount: refusedAmount } });
    expect(failed.response.status).toBe(500);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    await expectLedgerInvariants(service);
  });

  it('sandbox dispute with an Idempotency-Key: the hold is voided when the dispute row fails, and the key is free again (decision 0470)', async () => {
    const m = await service.createMerchant('keyed dispute fails after hold');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const key = randomUUID();
    const failed = await m.client.POST('/sandbox/disputes', {
      body: { transaction_id: collection.id, amount: refusedAmount }, params: { header: { 'Idempotency-Key': key } } as never,
    });
    expect(failed.response.status).toBe(500);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    // The intent named the key's record: abandoning it forgot the record, so a retry starts afresh
    // (before, the record stayed under the abandoned id and every retry answered 500).
    expect(await recordOf(m.merchantId, key)).toBeNull();
    await expectLedgerInvariants(service);
  });

  it('the issue\'s request (a leap second in scheduled_at) leaves the wallet\'s money available, whatever it answers', async () => {
    const m = await merchantWithFunds(5_000);
    const answer = await createPayout(m.client, {
      wallet_id: m.walletId, destination_type: 'mobile_money', destination_ref: m.ref, amount: 5_000, currency: 'KES', scheduled_at: '2027-06-30T23:59:60Z',
    });
    expect(answer.response.status).not.toBe(200);
    expect(await available(m.client, m.walletId)).toBe(5_000);
    expect((await service.sql`select 1 from ledger_hold_intents where state = 'open'`).length).toBe(0);
    await expectLedgerInvariants(service);
  });
});

describe('a request whose process died: the sweeper voids its holds, not before the intent is old', () => {
  async function crashedPayout(m: Awaited<ReturnType<typeof merchantWithFunds>>, amount: number, key: string) {
    const body = { wallet_id: m.walletId, destination_type: 'mobile_money', destination_ref: m.ref, amount, currency: 'KES' };
    const scope = { merchantId: m.merchantId, key, operation: operations.payout, requestSha256: requestSha256(body) };
    const run = await claimRun(scope);
    const item: PayoutItem = { destinationRef: m.ref, destinationType: 'mobile_money', amount, currency: 'KES', fxRateLockId: null, fieldPrefix: 'body' };
    const { wallet, destinations } = await checkPayoutRequest(service.sql, { id: m.merchantId, status: 'active' }, {
      walletId: m.walletId, items: [item], scheduledAt: null, now: new Date(),
    });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: m.merchantId, wallet, scheduledAt: null, batch: null, createdAt: run.startedAt, nowMs: Date.now(),
      payouts: [{ id: run.resourceId, item, destination: destinations[0]! }],
      onHeld: () => {}, idempotency: { scopeId: m.merchantId, key }, commitWrites: crashBuildingWrites,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    return { body, payoutId: run.resourceId, wallet, item };
  }

  it('single payout, died between the hold and the commit: held until swept, then back in full; the key starts afresh', async () => {
    const m = await merchantWithFunds(10_000);
    const key = randomUUID();
    const { body, payoutId } = await crashedPayout(m, 6_000, key);
    expect(await available(m.client, m.walletId)).toBe(4_000);
    expect(await intentOf(payoutId)).toEqual({ state: 'open' });

    // A young intent may belong to a request still running: the sweeper leaves it.
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 0, voided: 0 });
    expect(await available(m.client, m.walletId)).toBe(4_000);

    // Once it is holdIntentAbandonAgeMs old, the job's pass voids the hold.
    await ageOpenIntents();
    await voidAbandonedHoldsJob.run({}, { deps: service.runtime.jobDeps, job: { id: 'test', attempt: 1, attemptsMax: 1 }, signal: new AbortController().signal });
    expect(await available(m.client, m.walletId)).toBe(10_000);
    expect(await intentOf(payoutId)).toEqual({ state: 'abandoned' });
    expect(await recordOf(m.merchantId, key)).toBeNull();
    await expectLedgerInvariants(service);

    // The client comes back with the same key: a fresh payout under a new id, reserved once.
    const retried = await createPayout(m.client, body as PayoutBody, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).not.toBe(payoutId);
    expect(await available(m.client, m.walletId)).toBe(4_000);
    const missing = await m.client.GET('/payouts/{id}', { params: { path: { id: payoutId } } });
    expect(missing.response.status).toBe(404);
    await expectLedgerInvariants(service);
  });

  it('single payout, retried before the sweep: resumes with the same id and the same hold (reserved once); the sweeper then has nothing', async () => {
    const m = await merchantWithFunds(10_000);
    const key = randomUUID();
    const { body, payoutId } = await crashedPayout(m, 3_000, key);
    const retried = await createPayout(m.client, body as PayoutBody, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).toBe(payoutId);
    expect(await intentOf(payoutId)).toBeNull();
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ voided: 0 });
    expect(await available(m.client, m.walletId)).toBe(7_000);
    await expectLedgerInvariants(service);
  });

  it('single payout, died between its intent and its hold: the sweep finds nothing held, a late hold is voided by a later pass', async () => {
    const m = await merchantWithFunds(10_000);
    const key = randomUUID();
    const payoutId = randomUUID();
    const legs = reservationLegs(service.runtime.ledger, {
      payoutId, wallet: { accountId: walletAccountId(m.merchantId, 'KES'), currency: 'KES' }, amount: 2_500n, currency: 'KES',
    });
    await openHoldIntent(service.sql, { ownerId: payoutId, kind: 'payout', holdIds: legs.map((leg) => leg.id), idempotency: { scopeId: m.merchantId, key } });
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 1, voided: 0 });
    // A run stuck that long could still place its hold, then die: its commit would fail at the
    // gate, and the next pass voids the hold.
    expect((await service.runtime.ledger.holdChain(legs)).ok).toBe(true);
    expect(await available(m.client, m.walletId)).toBe(7_500);
    await expect(write({ sql: service.sql }, { writes: (q) => [closeHoldIntent(q, payoutId)] })).rejects.toThrow();
    await expect(openHoldIntent(service.sql, { ownerId: payoutId, kind: 'payout', holdIds: legs.map((leg) => leg.id), idempotency: { scopeId: m.merchantId, key } }))
      .rejects.toThrow(/abandoned/);
    expect(await sweepHoldIntents(deps())).toMatchObject({ voided: 1 });
    expect(await available(m.client, m.walletId)).toBe(10_000);
    await expectLedgerInvariants(service);
  });

  it('bulk payout, died between the chain of holds and the commit: every member\'s hold voided by the sweep', async () => {
    const m = await merchantWithFunds(20_000);
    const key = randomUUID();
    const items: PayoutItem[] = [1_000, 2_000, 3_000].map((amount, i) => ({
      destinationRef: m.ref, destinationType: 'mobile_money', amount, currency: 'KES', fxRateLockId: null, fieldPrefix: `body.payouts[${i}]`,
    }));
    const body = { wallet_id: m.walletId, payouts: items.map((item) => ({ destination_type: 'mobile_money', destination_ref: m.ref, amount: item.amount, currency: 'KES' })) };
    const run = await claimRun({ merchantId: m.merchantId, key, operation: operations.batch, requestSha256: requestSha256(body) });
    const { wallet, destinations } = await checkPayoutRequest(service.sql, { id: m.merchantId, status: 'active' }, {
      walletId: m.walletId, items, scheduledAt: null, now: new Date(),
    });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: m.merchantId, wallet, scheduledAt: null, batch: { id: run.resourceId }, createdAt: run.startedAt, nowMs: Date.now(),
      payouts: items.map((item, i) => ({ id: batchMemberId(run.resourceId, i), item, destination: destinations[i]! })),
      onHeld: () => {}, idempotency: { scopeId: m.merchantId, key }, commitWrites: crashBuildingWrites,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await available(m.client, m.walletId)).toBe(14_000);
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 1, voided: 3, failed: [] });
    expect(await available(m.client, m.walletId)).toBe(20_000);
    await expectLedgerInvariants(service);
    const retried = await createBatch(m.client, body as never, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).not.toBe(run.resourceId);
    expect(await available(m.client, m.walletId)).toBe(14_000);
    await expectLedgerInvariants(service);
  });

  it('partner withdrawal, died between the reservation and the commit: voided by the sweep; the key starts afresh', async () => {
    const pw = await newWallet(partner.client);
    await deposit(partner.client, pw.id, 5_000);
    const key = randomUUID();
    const destinationRef = await partnerDestination();
    const body = { amount: 4_000, destinationRef, reference: 'crashed' };
    const run = await claimRun({ merchantId: partner.partnerId, key, operation: operations.withdrawal(pw.id), requestSha256: requestSha256(body) });
    const wallet = await getPartnerWallet(service.sql, partner.partnerId, pw.id);
    const destination = await destinationForWithdrawal(service.sql, partner.partnerId, wallet, destinationRef);
    await expect(reserveWithdrawal({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: run.resourceId, wallet, destination, request: body, createdAt: run.startedAt,
      idempotency: { scopeId: partner.partnerId, key }, commitWrites: crashBuildingWrites,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await availableOf(partner.client, pw.id)).toBe(1_000);
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 1, voided: 1 });
    expect(await availableOf(partner.client, pw.id)).toBe(5_000);
    await expectLedgerInvariants(service);
    const retried = await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: pw.id }, header: { 'X-Idempotency-Key': key } }, body,
    });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).not.toBe(run.resourceId);
    expect(await availableOf(partner.client, pw.id)).toBe(1_000);
    await expectLedgerInvariants(service);
  });

  it('refund, died between the reservation and its row\'s commit: voided by the sweep; the key starts afresh', async () => {
    const m = await service.createMerchant('refund crash');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const key = randomUUID();
    const body = { amount: refusedAmount };
    const run = await claimRun({ merchantId: m.merchantId, key, operation: operations.refund(collection.id), requestSha256: requestSha256(body) });
    // The row's insert fails after the ledger call; called without the flow, no failure path runs (a crash).
    await expect(reserveRefund({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
      refundId: run.resourceId, merchantId: m.merchantId, collectionId: collection.id, request: body, idempotency: { scopeId: m.merchantId, key },
    })).rejects.toThrow(/injected fault/);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(BigInt(9_000 - refusedAmount));
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 1, voided: 1 });
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    await expectLedgerInvariants(service);
    await service.sql`delete from refused_rows where amount = ${refusedAmount}`;
    try {
      const retried = await refund(m.client, collection.id, body, key);
      expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
      expect(retried.data!.data.id).not.toBe(run.resourceId);
      expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(BigInt(9_000 - refusedAmount));
    } finally {
      await service.sql`insert into refused_rows (amount, reference) values (${refusedAmount}, null)`;
    }
    await expectLedgerInvariants(service);
  });

  /**
   * Runs `request` paused inside its transaction (after its ledger call, at the insert of a row of
   * `table` with `amount`) on an advisory lock this test holds; meanwhile a sweeper takes the run
   * for dead and abandons its intent; then the run goes on. Answers the request's status.
   */
  async function abandonedWhileRunning(table: 'payouts' | 'transactions', amount: number, request: () => Promise<{ response: Response }>): Promise<number> {
    await service.sql.unsafe(`
      create function pause_row() returns trigger language plpgsql as $$
      begin
        if new.amount = ${amount} then perform pg_advisory_xact_lock(${amount}); end if;
        return new;
      end $$;
      create trigger pause_row before insert on ${table} for each row execute function pause_row();`);
    const holder = await service.sql.reserve();
    try {
      await holder`select pg_advisory_lock(${amount})`;
      const answer = request();
      for (;;) { // until the run waits on the lock (a poll, not a timed guess)
        const [waiting] = await service.sql<{ n: number }[]>`
          select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${amount} and not granted`;
        if (waiting!.n === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await sweepHoldIntents(deps(), { abandonAgeMs: 0 })).toMatchObject({ abandoned: 1, failed: [] });
      await holder`select pg_advisory_unlock(${amount})`;
      return (await answer).response.status;
    } finally {
      holder.release();
      await service.sql.unsafe(`drop trigger pause_row on ${table}; drop function pause_row();`);
    }
  }

  // (For a payout the stored response is a second gate: the abandonment forgot the run's
  // idempotency record, which the commit must update. A refund's reservation commits without it.)
  it('a payout still going when the sweeper abandons its intent fails at its commit: 500, nothing created, nothing held', async () => {
    const m = await merchantWithFunds(10_000);
    const status = await abandonedWhileRunning('payouts', 2_468, () => createPayout(m.client, {
      wallet_id: m.walletId, destination_type: 'mobile_money', destination_ref: m.ref, amount: 2_468, currency: 'KES',
    }));
    expect(status).toBe(500);
    expect((await service.sql`select 1 from payouts where merchant_id = ${m.merchantId}`).length).toBe(0);
    expect(await available(m.client, m.walletId)).toBe(10_000);
    await expectLedgerInvariants(service);
  });

  it('a refund still going when the sweeper abandons its intent fails at its reservation\'s commit (the gate): nothing refunded, nothing held', async () => {
    const m = await service.createMerchant('refund abandoned while running');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const status = await abandonedWhileRunning('transactions', 2_469, () => refund(m.client, collection.id, { amount: 2_469 }));
    expect(status).toBe(500);
    expect((await service.sql`select 1 from transactions where parent_transaction_id = ${collection.id}`).length).toBe(0);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    await expectLedgerInvariants(service);
  });

  it('sandbox dispute, died between its hold and its commit (no idempotency record): voided by the sweep', async () => {
    const m = await service.createMerchant('dispute crash');
    await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'qr' });
    const disputeId = randomUUID();
    const ledger = service.runtime.ledger;
    // What openDispute had done when its process died: the intent, then the hold.
    await openHoldIntent(service.sql, { ownerId: disputeId, kind: 'dispute', holdIds: [disputeHoldId(disputeId)], idempotency: null });
    expect((await holdDispute(ledger, { disputeId, walletAccountId: walletAccountId(m.merchantId, 'KES'), currency: 'KES', amount: 3_000n })).ok).toBe(true);
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(6_000n);
    await ageOpenIntents();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 1, voided: 1, failed: [] });
    expect((await walletBalance(service, m.merchantId, 'KES')).available).toBe(9_000n);
    expect((await m.client.GET('/disputes/{id}', { params: { path: { id: disputeId } } })).response.status).toBe(404);
    await expectLedgerInvariants(service);
  });

  it('two sweepers at once: the orphan is abandoned once and its hold voided once', async () => {
    const m = await merchantWithFunds(10_000);
    const { payoutId } = await crashedPayout(m, 5_000, randomUUID());
    await ageOpenIntents();
    const [a, b] = await Promise.all([sweepHoldIntents(deps()), sweepHoldIntents(deps())]);
    expect(a.abandoned + b.abandoned).toBe(1);
    expect(a.voided + b.voided).toBe(1);
    expect(await available(m.client, m.walletId)).toBe(10_000);
    // One void in the ledger: the hold's, voided; a third pass changes nothing.
    const [hold] = await service.runtime.ledger.engine.lookupTransfers([holdLegId(payoutId, 0)]);
    expect(hold).toBeDefined();
    expect(await sweepHoldIntents(deps())).toMatchObject({ abandoned: 0, voided: 0 });
    expect(await service.runtime.ledger.balance(walletAccountId(m.merchantId, 'KES'))).toEqual({ available: 10_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});
