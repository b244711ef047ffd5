// The crash windows of escrow holds (issue 22 item 6; decisions 0480, 0481): a refund of a split
// payment or an escrow return takes a hold in the ledger inside the database transaction that
// writes its refund row; a process that dies between the two leaves the database saying `held`
// with a pending transfer the ledger has voided. Whatever comes next (a release, the auto-release
// job, a return, a refund) undoes what the dead request did and goes on: no hold is recorded
// `returned` without a refund, no money stays reserved, every balance exact to the minor unit.
//
// A dead request is driven through the domain function up to its crash point: a trigger refuses
// its refund row after the ledger step, and no flow runs a failure path (a dead process runs
// none); a dead return's ledger step is made as the return makes it. No timing anywhere: each
// next operation runs after the crash, in order.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { releaseDueEscrowHolds } from '../../src/collections/splits/escrow-holds.ts';
import { holdIntentAbandonAgeMs, sweepHoldIntents } from '../../src/domain/hold-intents.ts';
import { escrowReturnRefundId, escrowReturnTimedOutRetry, returnEscrowHold } from '../../src/collections/splits/escrow-returns.ts';
import { RailOutageError } from '../../src/rails/errors.ts';
import { eventsOf } from '../../src/domain/events.ts';
import { applyRefundOutcome, reserveRefund, voidPendingRefundReservations } from '../../src/collections/refunds.ts';
import { platformOwnerId } from '../../src/collections/splits/split-rules.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { deliverAll, expectLedgerInvariants, refund, settledCollection, walletBalance } from '../collections/helpers.ts';
import { releaseEscrow, reserveSplitRefund } from '../../src/collections/splits/ledger-splits.ts';

/** The refund amount the trigger refuses (after the ledger step): the dead refund's. */
const deadRefundAmount = 3_001;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await service.sql.unsafe(`
    create function refuse_dead_refund() returns trigger language plpgsql as $$
    begin
      if new.type = 'refund' and new.amount = ${deadRefundAmount} and new.reference = 'dies' then raise exception 'process died after the ledger step'; end if;
      return new;
    end $$;
    create trigger refuse_dead_refund before insert on transactions for each row execute function refuse_dead_refund();
    create table undo_dies (collection_id uuid);
    create function refuse_undo_delete() returns trigger language plpgsql as $$
    begin
      if old.type = 'refund' and exists (select 1 from undo_dies u where u.collection_id = old.parent_transaction_id) then raise exception 'process died inside the undo'; end if;
      return old;
    end $$;
    create trigger refuse_undo_delete before delete on transactions for each row execute function refuse_undo_delete();
    create table outcome_dies (refund_id uuid);
    create function refuse_failed_outcome() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from outcome_dies d where d.refund_id = new.id) and new.status = 'failed' then raise exception 'process died applying the outcome'; end if;
      return new;
    end $$;
    create trigger refuse_failed_outcome before update on transactions for each row execute function refuse_failed_outcome();
    create table crossing_dies (refund_id uuid);
    create function refuse_void_crossed_out() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from crossing_dies d where d.refund_id = old.refund_id) then raise exception 'process died inside the undo'; end if;
      return old;
    end $$;
    create trigger refuse_void_crossed_out before delete on refund_reservation_voids for each row execute function refuse_void_crossed_out();`);
});
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

const marketplace = {
  name: 'Marketplace', rule_type: 'percentage',
  recipients: [
    { recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' },
    { recipient_type: 'platform', value: 15 },
    { recipient_type: 'tax', value: 2.5 },
  ],
};

/** 10,001 split 8,001 (held) / 1,500 / 250 / 250. `reference` 'dies' marks a collection whose refund of 3,001 dies. */
async function splitPayment(reference: string) {
  const m = await service.createMerchant('escrow crash');
  const sm = (await m.client.POST('/sub-merchants', {
    body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  })).data!.data.id;
  const rule = (await m.client.POST('/split-rules', { body: marketplace as never })).data!.data;
  const collection = await settledCollection(service, m.client, {
    amount: 10_001, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', sub_merchant_id: sm, split_rule_id: rule.id, reference,
  } as never);
  const owners = [sm, platformOwnerId(m.merchantId, 'platform'), platformOwnerId(m.merchantId, 'tax'), m.merchantId];
  const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: collection.id } } })).data!.data;
  return { ...m, collection, owners, hold: hold! };
}

async function balancesOf(owners: string[]) {
  return await Promise.all(owners.map((owner) => walletBalance(service, owner, 'KES')));
}

async function refundsOf(client: MerchantClient, collectionId: string) {
  return (await client.GET('/transactions')).data!.data.filter((t) => t.type === 'refund' && t.parent_transaction_id === collectionId);
}

/** Before anything: the seller's 8,001 pending, the rest available. */
const settled = [{ available: 0n, pending: 8_001n }, { available: 1_500n, pending: 0n }, { available: 250n, pending: 0n }, { available: 250n, pending: 0n }];

/** A refund of 3,001 that died after its ledger step (hold made smaller, the other legs reserved). */
async function deadSplitRefund(p: Awaited<ReturnType<typeof splitPayment>>): Promise<string> {
  const refundId = randomUUID();
  await expect(reserveRefund({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
    refundId, merchantId: p.merchantId, collectionId: p.collection.id, request: { amount: deadRefundAmount },
    idempotency: { scopeId: p.merchantId, key: randomUUID() },
  })).rejects.toThrow(/process died/);
  // The ledger moved: the seller's hold was made smaller, the other legs' parts reserved.
  expect((await balancesOf(p.owners)).map((b) => b.pending)).toEqual([5_600n, 0n, 0n, 0n]);
  const [row] = await service.sql<{ status: string; amount: bigint }[]>`select status, amount from escrow_holds where id = ${p.hold.id}`;
  expect(row).toEqual({ status: 'held', amount: 8_001n });
  return refundId;
}

/** A return that died after its ledger step (the hold taken whole), before its commit. */
async function deadReturn(p: Awaited<ReturnType<typeof splitPayment>>): Promise<void> {
  const [row] = await service.sql<{ id: string; leg: number; ledger_pending_id: string }[]>`select id, leg, ledger_pending_id from escrow_holds where id = ${p.hold.id}`;
  const [leg] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id from settlement_legs where transaction_id = ${p.collection.id} and leg = ${row!.leg}`;
  const taken = await reserveSplitRefund(service.runtime.ledger, { refundId: escrowReturnRefundId(row!), currency: 'KES', legs: [{
    kind: 'hold', leg: row!.leg, accountId: BigInt(leg!.ledger_account_id), collectionId: p.collection.id, holdPendingId: BigInt(row!.ledger_pending_id), keep: 0n,
  }] });
  expect(taken.ok).toBe(true);
  expect((await balancesOf(p.owners))[0]).toEqual({ available: 0n, pending: 0n });
}

describe('a hold the ledger ended without the database recording it', () => {
  it('a return died, then a release: the hold is released whole (not recorded returned without a refund)', async () => {
    const p = await splitPayment('r1');
    await deadReturn(p);
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    expect(released.data!.data).toMatchObject({ status: 'released', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
    expect(await refundsOf(p.client, p.collection.id)).toEqual([]);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(0);
    expect((await eventsOf(service.sql, p.collection.id)).map((e) => e.type)).not.toContain('escrow.returned');
  });

  it('a split refund died, then a release: the dead refund is undone everywhere (hold whole, reservations voided), then released', async () => {
    const p = await splitPayment('dies');
    const deadId = await deadSplitRefund(p);
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    expect(released.data!.data).toMatchObject({ status: 'released', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
    // The dead refund can never commit (its intent is abandoned: the gate) and no row exists.
    const [intent] = await service.sql<{ state: string }[]>`select state from ledger_hold_intents where owner_id = ${deadId}`;
    expect(intent!.state).toBe('abandoned');
    expect(await refundsOf(p.client, p.collection.id)).toEqual([]);
    // A refund now works as usual: the seller's part from the wallet (the hold is released).
    expect((await refund(p.client, p.collection.id, { amount: 1_000 })).response.status).toBe(200);
    await deliverAll(service);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(1_000);
  });

  it('a split refund died, nobody came, the hold-intent sweeper voided its pending transfers; then a release: whole', async () => {
    const p = await splitPayment('dies');
    const deadId = await deadSplitRefund(p);
    await service.sql`update ledger_hold_intents set touched_at = now() - ${holdIntentAbandonAgeMs} * interval '1 millisecond' where owner_id = ${deadId}`;
    await sweepHoldIntents({ sql: service.sql, ledger: service.runtime.ledger, idempotency: service.runtime.idempotency });
    // The dead refund's wallet reservations and the rest it held anew are void; what it took is in rail clearing.
    expect(await balancesOf(p.owners)).toEqual([{ available: 0n, pending: 0n }, ...settled.slice(1)]);
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
  });

  it('a split refund died, then the auto-release job: the hold is released whole', async () => {
    const p = await splitPayment('dies');
    await deadSplitRefund(p);
    await service.sql`update escrow_holds set release_condition = 'auto_timeout', release_at = now() - interval '1 hour' where id = ${p.hold.id}`;
    const pass = await releaseDueEscrowHolds({ sql: service.sql, ledger: service.runtime.ledger, idempotency: service.runtime.idempotency });
    expect(pass.released).toBeGreaterThanOrEqual(1);
    expect((await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data).toMatchObject({ status: 'released', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
  });

  it('a split refund died, then a return: the return refunds the whole hold; the dead refund left nothing', async () => {
    const p = await splitPayment('dies');
    await deadSplitRefund(p);
    const returned = await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id } } });
    expect(returned.response.status, JSON.stringify(returned.error)).toBe(200);
    expect(returned.data!.data).toMatchObject({ status: 'returned', amount: 0 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 0n, pending: 0n }, ...settled.slice(1)]);
    const [pending] = await refundsOf(p.client, p.collection.id);
    expect(pending).toMatchObject({ status: 'pending', amount: 8_001 });
    await deliverAll(service);
    expect((await refundsOf(p.client, p.collection.id)).map((r) => r.status)).toEqual(['success']);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 8_001 });
  });

  it('a return died, then a split refund: 200 (not 500), the refund takes its part of the whole hold', async () => {
    const p = await splitPayment('r2');
    await deadReturn(p);
    const refunded = await refund(p.client, p.collection.id, { amount: 3_001 });
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    // 3,001 over 8,001 / 1,500 / 250 / 250: 2,401 / 450 / 75 / 75; the seller's out of its hold.
    expect(await balancesOf(p.owners)).toEqual([
      { available: 0n, pending: 5_600n }, { available: 1_050n, pending: 0n }, { available: 175n, pending: 0n }, { available: 175n, pending: 0n },
    ]);
    await deliverAll(service);
    expect((await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data).toMatchObject({ status: 'held', amount: 5_600 });
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(3_001);
  });

  it('a release died after its post, then a split refund: the release is recorded, the refund takes the seller\'s part from the wallet', async () => {
    const p = await splitPayment('r3');
    const [row] = await service.sql<{ ledger_pending_id: string }[]>`select ledger_pending_id from escrow_holds where id = ${p.hold.id}`;
    expect((await releaseEscrow(service.runtime.ledger, BigInt(row!.ledger_pending_id))).ok).toBe(true);
    const refunded = await refund(p.client, p.collection.id, { amount: 3_001 });
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    expect((await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data.status).toBe('released');
    expect(await balancesOf(p.owners)).toEqual([
      { available: 5_600n, pending: 0n }, { available: 1_050n, pending: 0n }, { available: 175n, pending: 0n }, { available: 175n, pending: 0n },
    ]);
  });
});

describe('a partial refund, then a return, then the refund fails (decision 0480)', () => {
  it('the failed refund\'s part goes back on hold (escrow.held): nothing stays on the payer\'s side counted as refunded', async () => {
    const p = await splitPayment('r4');
    const first = await refund(p.client, p.collection.id, { amount: 3_001 });
    expect(first.response.status).toBe(200);
    expect((await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id } } })).data!.data).toMatchObject({ status: 'returned' });
    // The rail fails the first refund (its outcome arrives before the return's).
    const [row] = await service.sql<{ provider_reference: string }[]>`select provider_reference from transactions where id = ${first.data!.data.id}`;
    await applyRefundOutcome({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
      providerReference: row!.provider_reference, rail: 'card', kind: 'refund', status: 'failed', failureReason: 'refund_rejected', transactionId: first.data!.data.id,
    });
    await deliverAll(service); // the return's refund succeeds
    const statuses = Object.fromEntries((await refundsOf(p.client, p.collection.id)).map((r) => [r.amount, r.status]));
    expect(statuses).toEqual({ 3001: 'failed', 5600: 'success' });
    expect((await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data).toMatchObject({ status: 'held', amount: 2_401 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 0n, pending: 2_401n }, ...settled.slice(1)]);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data).toMatchObject({ status: 'success', refunded_amount: 5_600 });
    expect((await eventsOf(service.sql, p.collection.id)).map((e) => e.type).at(-1)).toBe('escrow.held');
    // The merchant decides again: released, the seller gets the 2,401.
    expect((await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } })).response.status).toBe(200);
    expect((await balancesOf(p.owners))[0]).toEqual({ available: 2_401n, pending: 0n });
  });
});

describe('a split refund the rail refuses at initiation, the process dying inside its undo', () => {
  /**
   * The refund of 3,001 is refused by the rail (down); its undo dies after the ledger gave the
   * parts back and before the row's deletion committed (a trigger refuses the deletion).
   */
  async function undoDied(p: Awaited<ReturnType<typeof splitPayment>>): Promise<string> {
    await service.sql`insert into undo_dies (collection_id) values (${p.collection.id})`;
    service.runtime.rails.setSandboxRailDown('card', true);
    try {
      const refused = await refund(p.client, p.collection.id, { amount: 3_001 });
      expect(refused.response.status).toBe(500); // the process "died": no answer a client could rely on
    } finally {
      service.runtime.rails.setSandboxRailDown('card', false);
      await service.sql`delete from undo_dies where collection_id = ${p.collection.id}`;
    }
    // The ledger gave the parts back; the database still has the row and the hold made smaller.
    expect(await balancesOf(p.owners)).toEqual(settled);
    const [row] = await service.sql<{ id: string }[]>`select id from transactions where parent_transaction_id = ${p.collection.id} and type = 'refund'`;
    expect(row).toBeDefined();
    const [voidRecord] = await service.sql`select 1 from refund_reservation_voids where refund_id = ${row!.id}`;
    expect(voidRecord).toBeDefined(); // recorded before the ledger moved
    return row!.id;
  }

  it('the next operation on the hold (a release) finishes the undo first: row gone, remainder back, hold whole and released', async () => {
    const p = await splitPayment('u1');
    const refundId = await undoDied(p);
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    expect(released.data!.data).toMatchObject({ status: 'released', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
    expect(await service.sql`select 1 from transactions where id = ${refundId}`).toHaveLength(0);
    expect(await service.sql`select 1 from refund_reservation_voids where refund_id = ${refundId}`).toHaveLength(0);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(0);
  });

  it('the refund-void sweeper finishes it when nothing else comes; a refund then takes the whole remainder', async () => {
    const p = await splitPayment('u2');
    const refundId = await undoDied(p);
    const swept = await voidPendingRefundReservations({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, { olderThanMs: 0 });
    expect(swept.failed).toEqual([]);
    expect(await service.sql`select 1 from transactions where id = ${refundId}`).toHaveLength(0);
    expect((await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data).toMatchObject({ status: 'held', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual(settled);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(0);
    const whole = await refund(p.client, p.collection.id, {});
    expect(whole.response.status, JSON.stringify(whole.error)).toBe(200);
    expect(whole.data!.data.amount).toBe(10_001);
    await deliverAll(service);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.status).toBe('reversed');
  });

  it('a new refund on the collection finishes it first and sees the whole remainder', async () => {
    const p = await splitPayment('u3');
    await undoDied(p);
    const whole = await refund(p.client, p.collection.id, { amount: 10_001 });
    expect(whole.response.status, JSON.stringify(whole.error)).toBe(200);
    expect(await balancesOf(p.owners)).toEqual([{ available: 0n, pending: 0n }, { available: 0n, pending: 0n }, { available: 0n, pending: 0n }, { available: 0n, pending: 0n }]);
  });
});

describe('a return whose rail call timed out', () => {
  it('answers 503 RAIL_TIMED_OUT worded for a return (return the hold again), and the next return finishes it with the same refund', async () => {
    const p = await splitPayment('t1');
    const real = service.runtime.rails;
    const timingOut = {
      ...real,
      connectorFor: (rail: Parameters<typeof real.connectorFor>[0]) => ({
        ...real.connectorFor(rail),
        initiateRefund: async (request: Parameters<ReturnType<typeof real.connectorFor>['initiateRefund']>[0]) => {
          await real.connectorFor(rail).initiateRefund(request);
          throw new RailOutageError(rail, 'timeout');
        },
      }),
    };
    const deps = { sql: service.sql, ledger: service.runtime.ledger, rails: timingOut, idempotency: service.runtime.idempotency };
    const timedOut = await returnEscrowHold(deps, p.merchantId, p.hold.id).catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ outcome: 'rail_timed_out' });
    expect((timedOut as Error).message).toContain(escrowReturnTimedOutRetry);
    expect((timedOut as Error).message).not.toMatch(/charging/);
    const [pending] = await refundsOf(p.client, p.collection.id);
    const again = await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id } } });
    expect(again.response.status).toBe(200);
    expect((await refundsOf(p.client, p.collection.id)).map((r) => r.id)).toEqual([pending!.id]);
    await deliverAll(service);
    expect((await balancesOf(p.owners))[0]).toEqual({ available: 0n, pending: 0n });
  });
});

describe('a split refund the rail fails, the process dying while its failure is applied', () => {
  async function failedOutcome(p: Awaited<ReturnType<typeof splitPayment>>, refundId: string) {
    const [row] = await service.sql<{ provider_reference: string }[]>`select provider_reference from transactions where id = ${refundId}`;
    return await applyRefundOutcome({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
      providerReference: row!.provider_reference, rail: 'card', kind: 'refund', status: 'failed', failureReason: 'refund_rejected', transactionId: refundId,
    });
  }

  it('died with the outcome: a release meanwhile releases what is held; the redelivered failure credits the part; nothing twice', async () => {
    const p = await splitPayment('f1');
    const taken = await refund(p.client, p.collection.id, { amount: 3_001 });
    expect(taken.response.status).toBe(200);
    await service.sql`insert into outcome_dies (refund_id) values (${taken.data!.data.id})`;
    await expect(failedOutcome(p, taken.data!.data.id)).rejects.toThrow(/process died/);
    await service.sql`delete from outcome_dies where refund_id = ${taken.data!.data.id}`;
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    await failedOutcome(p, taken.data!.data.id); // the worker delivers it again
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(0);
    expect((await refundsOf(p.client, p.collection.id)).map((r) => r.status)).toEqual(['failed']);
  });

  it('died inside the undo (after the ledger gave the parts back): the next release finishes it first, the hold whole', async () => {
    const p = await splitPayment('f2');
    const taken = await refund(p.client, p.collection.id, { amount: 3_001 });
    await service.sql`insert into crossing_dies (refund_id) values (${taken.data!.data.id})`;
    // The failure commits; the undo after it dies before crossing its record out.
    await expect(failedOutcome(p, taken.data!.data.id)).rejects.toThrow(/process died/);
    await service.sql`delete from crossing_dies where refund_id = ${taken.data!.data.id}`;
    // The ledger gave the parts back; the database still has the hold made smaller and the record.
    expect(await balancesOf(p.owners)).toEqual(settled);
    expect(await service.sql`select 1 from refund_reservation_voids where refund_id = ${taken.data!.data.id}`).toHaveLength(1);
    const released = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(released.response.status, JSON.stringify(released.error)).toBe(200);
    expect(released.data!.data).toMatchObject({ status: 'released', amount: 8_001 });
    expect(await balancesOf(p.owners)).toEqual([{ available: 8_001n, pending: 0n }, ...settled.slice(1)]);
    expect((await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data.refunded_amount).toBe(0);
    expect(await service.sql`select 1 from refund_reservation_voids where refund_id = ${taken.data!.data.id}`).toHaveLength(0);
  });
});
