// Replays after a simulated crash (Stripe's recovery points). A "crash" is the state a process
// that died midway leaves behind: the idempotency record claimed (its lock then lapses,
// IDEMPOTENCY_LOCK_MS is small here), some effects done (rail initiation, ledger reservation,
// refund row), the rest not. The domain functions are driven directly up to the crash point;
// the retry is a real SDK request with the same key, which must finish the operation exactly
// once: one transaction with the pre-allocated id, one rail initiation, one ledger movement.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiateAndRecordCollection, type CollectionRequest } from '../../src/collections/collections.ts';
import { initiateRefund, reserveRefund, voidPendingRefundReservations } from '../../src/collections/refunds.ts';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { runIdempotent } from '../../src/idempotency/idempotent.ts';
import { RailOutageError } from '../../src/rails/errors.ts';
import type { IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  collect,
  countRows,
  deliverAll,
  eventTypes,
  expectLedgerInvariants,
  refund,
  settledCollection,
  walletBalance,
} from '../collections/helpers.ts';
import { refundReservationId, reserveRefund as reserveRefundInLedger } from '../../src/collections/ledger-collections.ts';
import type { ChainStep } from '@payagg/ledger';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

const lock_ms = 100;

class SimulatedCrash extends Error {}
const crash = async (): Promise<never> => { throw new SimulatedCrash('process died here'); };
/** The same, where the code under test builds its commit's writes (db/write.ts). */
const crashBuildingWrites = (): never => { throw new SimulatedCrash('process died here'); };

let service: TestService;
let collectionsOperation: string;
let refundsOperation: (collectionId: string) => string;

beforeAll(async () => {
  service = await startTestService({ env: { IDEMPOTENCY_LOCK_MS: String(lock_ms) } });
  // The operation names the route and the path, as the server records it.
  const probe = await settledCollection(service, service.client, { amount: 100, currency: 'KES', rail: 'qr' });
  await refund(service.client, probe.id, { amount: 1 });
  await deliverAll(service);
  const rows = await service.sql<{ operation: string }[]>`select operation from idempotency_keys order by created_at`;
  collectionsOperation = rows[0]!.operation;
  refundsOperation = (id) => rows[1]!.operation.replace(probe.id, id);
});
afterAll(async () => { await service?.close(); });

async function outcomeOf(transactionId: string) {
  const [row] = await service.sql<{ attempts: number; last_error: string | null; delivered_at: Date | null; abandoned_at: Date | null; due_at: Date }[]>`
    select attempts, last_error, delivered_at, abandoned_at, due_at from sandbox_rail_outcomes where transaction_id = ${transactionId}`;
  return row!;
}

/** The outcome as the service's inbox holds it (provider-outcomes/, decision 0610). */
async function inboxOf(transactionId: string) {
  const [row] = await service.sql<{ id: string; apply_failures: number; applied_at: Date | null; given_up_at: Date | null }[]>`
    select id::text as id, apply_failures, applied_at, given_up_at from provider_outcomes where body->>'transactionId' = ${transactionId}`;
  return row!;
}

/** Its apply job's pending retry (or last attempt, with `lastAttempt`) made due now: the library's backoff is long. */
async function retryNow(transactionId: string, options: { lastAttempt?: boolean } = {}) {
  const { id } = await inboxOf(transactionId);
  const changed = await service.sql`
    update graphile_worker._private_jobs set run_at = now(),
      attempts = case when ${options.lastAttempt ?? false}::boolean then max_attempts - 1 else attempts end
    where payload::jsonb ? ${id} and attempts < max_attempts returning id`;
  expect(changed).toHaveLength(1);
}

function deps() {
  return { sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails };
}

function collectionScope(merchantId: string, key: string, body: object): IdempotencyScope {
  return { merchantId, key, operation: collectionsOperation, requestSha256: requestSha256(body) };
}

async function claimRun(scope: IdempotencyScope): Promise<string> {
  const claim = await service.runtime.idempotency.claim(scope);
  if (claim.kind !== 'run') throw new Error(`expected a first run, got ${claim.kind}`);
  return claim.resourceId;
}

describe('collections: crash between the rail and the database', () => {
  it('rail initiated, row never written: the retry records the same transaction; one initiation; the early outcome waits', async () => {
    const merchant = await service.createMerchant('crash after rail');
    const key = randomUUID();
    const body = { amount: 4_400, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' };
    const scope = collectionScope(merchant.merchantId, key, body);
    const transactionId = await claimRun(scope);
    await expect(initiateAndRecordCollection(deps(), {
      transactionId,
      merchantId: merchant.merchantId,
      request: body as CollectionRequest,
      checkoutSessionId: null,
      createdAt: new Date(),
      resumed: false,
      onRailMayHoldIt: () => {}, // a dead process does nothing more
      commitWrites: () => { throw new SimulatedCrash('process died after the rail call'); },
    })).rejects.toBeInstanceOf(SimulatedCrash);
    // No trace of how far it got: the record is still at 'started' (nothing is written between
    // the rail call and the final commit); the resumed run asks the rail.
    const [record] = await service.sql<{ recovery_point: string }[]>`
      select recovery_point from idempotency_keys where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(record!.recovery_point).toBe('started');
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);

    // The rail's outcome arrives before anyone retried: unknown yet, so its apply job retries it later.
    expect(await service.runtime.deliverRailOutcomes()).toMatchObject({ recorded: 1, applied: 0, failed: 1 });
    expect(await inboxOf(transactionId)).toMatchObject({ apply_failures: 1, applied_at: null, given_up_at: null });

    // The client retries at once: it waits for the dead request's lock to lapse, then resumes.
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: transactionId, status: 'pending' });
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);

    // The outcome's retry comes due (its backoff is shortened here) and now lands.
    await retryNow(transactionId);
    await deliverAll(service);
    const settled = await merchant.client.GET('/collections/{id}', { params: { path: { id: transactionId } } });
    expect(settled.data!.data.status).toBe('success');
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 4_400n, pending: 0n });
    expect(await eventTypes(service.sql, transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    // And a later replay is the stored response.
    const replay = await collect(merchant.client, body, key);
    expect(replay.data!.data).toEqual(retried.data!.data);
    await expectLedgerInvariants(service);
  });

  it('outcome given up before a late retry recorded the collection: the retry asks the rail to send it again; it settles once', async () => {
    const merchant = await service.createMerchant('late retry');
    const key = randomUUID();
    const body = { amount: 2_600, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' };
    const transactionId = await claimRun(collectionScope(merchant.merchantId, key, body));
    await expect(initiateAndRecordCollection(deps(), {
      transactionId, merchantId: merchant.merchantId, request: body as CollectionRequest, checkoutSessionId: null,
      createdAt: new Date(), resumed: false, onRailMayHoldIt: () => {},
      commitWrites: () => { throw new SimulatedCrash('process died after the rail call'); },
    })).rejects.toBeInstanceOf(SimulatedCrash);

    // Nobody retries for a long time: the outcome's last attempt finds no row and gives it up.
    expect(await service.runtime.deliverRailOutcomes()).toMatchObject({ recorded: 1, failed: 1 });
    await retryNow(transactionId, { lastAttempt: true });
    expect(await service.runtime.deliverRailOutcomes()).toMatchObject({ givenUp: 1 });
    expect((await inboxOf(transactionId)).given_up_at).not.toBeNull();

    // The late retry records the collection and asks the rail to send the outcome again...
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: transactionId, status: 'pending' });
    expect(await outcomeOf(transactionId)).toMatchObject({ abandoned_at: null, delivered_at: null, last_error: null });
    expect(service.logs.some((line) => line.msg === 'rail outcome sent before the collection was recorded; asked the rail to send it again'
      && line.transaction_id === transactionId)).toBe(true);

    // ...which settles it, once.
    await deliverAll(service);
    const settled = await merchant.client.GET('/collections/{id}', { params: { path: { id: transactionId } } });
    expect(settled.data!.data.status).toBe('success');
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 2_600n, pending: 0n });
    expect(await eventTypes(service.sql, transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    // A replay is the stored response and asks the rail nothing more.
    expect((await collect(merchant.client, body, key)).data!.data).toEqual(retried.data!.data);
    expect(await outcomeOf(transactionId)).toMatchObject({ abandoned_at: null });
    expect((await outcomeOf(transactionId)).delivered_at).not.toBeNull();
    expect((await inboxOf(transactionId)).applied_at).not.toBeNull();
    await expectLedgerInvariants(service);
  });

  it('died during the rail call (recovery point still "started"): the retry reuses the id; one initiation', async () => {
    const merchant = await service.createMerchant('crash in rail call');
    const key = randomUUID();
    const body = { amount: 900, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_challenge' };
    const transactionId = await claimRun(collectionScope(merchant.merchantId, key, body));
    const first = await service.runtime.rails.connectorFor('card').initiateCollection({
      transactionId, merchantId: merchant.merchantId, amount: body.amount, currency: body.currency,
      payer: { cardToken: body.payer_card_token }, reference: null,
    });
    // ...and the process died before it could record anything.
    await new Promise((resolve) => setTimeout(resolve, lock_ms + 20));
    const retried = await collect(merchant.client, body, key);
    expect(retried.data!.data).toMatchObject({ id: transactionId, provider_reference: first.providerReference, action_url: first.actionUrl });
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);
  });

  it('resumed without a trace while the merchant is on hold: the rail holds it, so the run completes it', async () => {
    const merchant = await service.createMerchant('held after rail');
    const key = randomUUID();
    const body = { amount: 1_300, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' };
    const transactionId = await claimRun(collectionScope(merchant.merchantId, key, body));
    await service.runtime.rails.connectorFor('mobile_money').initiateCollection({
      transactionId, merchantId: merchant.merchantId, amount: body.amount, currency: body.currency,
      payer: { phone: body.payer_phone }, reference: null,
    });
    // died here; then the merchant is suspended before the client retries
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    await new Promise((resolve) => setTimeout(resolve, lock_ms + 20));
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: transactionId, status: 'pending' });
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);
    // A new collection is refused as usual.
    const fresh = await collect(merchant.client, { ...body, amount: 1_301 });
    expect(fresh.response.status).toBe(403);
    expect(fresh.error!.error.code).toBe('COMPLIANCE_HOLD');
  });

  it('resumed without a trace while the merchant is on hold: the rail holds nothing, so the run is checked and refused', async () => {
    const merchant = await service.createMerchant('held before rail');
    const key = randomUUID();
    const body = { amount: 1_400, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' };
    const transactionId = await claimRun(collectionScope(merchant.merchantId, key, body));
    // died before the rail call; then the merchant is suspended
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    await new Promise((resolve) => setTimeout(resolve, lock_ms + 20));
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(403);
    expect(retried.error!.error.code).toBe('COMPLIANCE_HOLD');
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(0);
    // Nothing reached the rail, so the key was released: once active again it runs afresh.
    await setMerchantStatus(service.sql, merchant.merchantId, 'active');
    const again = await collect(merchant.client, body, key);
    expect(again.response.status).toBe(200);
    expect(again.data!.data.id).not.toBe(transactionId);
  });

  it('a live request whose final commit fails after the rail accepted keeps its key: the retry completes the same transaction', async () => {
    const merchant = await service.createMerchant('commit fails');
    const key = randomUUID();
    const body = { amount: 1_500, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678' };
    const scope = collectionScope(merchant.merchantId, key, body);
    let transactionId = '';
    const failed = await runIdempotent(service.runtime.idempotency, scope, async (run) => {
      transactionId = run.resourceId;
      return await initiateAndRecordCollection(deps(), {
        transactionId: run.resourceId,
        merchantId: merchant.merchantId,
        request: body as CollectionRequest,
        checkoutSessionId: null,
        createdAt: run.startedAt,
        resumed: run.resumed,
        onRailMayHoldIt: () => run.keepOnFailure(),
        // A write that touches no row: the one-statement commit aborts as a whole.
        commitWrites: () => [{ name: 'a write that finds nothing', statement: service.sql`update merchants set name = name where false returning 1`, expectOneRow: true }],
      });
    }).catch((error: unknown) => error);
    expect(String(failed)).toMatch(/a write that finds nothing wrote 0 rows/);
    // Nothing of the statement was written, and the record was kept (unlocked), not released.
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'events', 'resource_id', transactionId)).toBe(0);
    const [record] = await service.sql<{ resource_id: string; locked_until: Date | null }[]>`
      select resource_id, locked_until from idempotency_keys where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(record).toEqual({ resource_id: transactionId, locked_until: null });

    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).toBe(transactionId);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);
    expect(await eventTypes(service.sql, transactionId)).toEqual(['transaction.pending']);
  });

  it('a live request is not taken over: a concurrent retry waits for it and gets its result', async () => {
    const merchant = await service.createMerchant('slow but alive');
    const key = randomUUID();
    const body = { amount: 1_000, currency: 'KES', rail: 'qr' as const, reference: 'sandbox_slow:1' };
    const [a, b] = await Promise.all([collect(merchant.client, body, key), collect(merchant.client, body, key)]);
    // The slow initiation takes longer than the lock here: the second request may resume the
    // first one's run, but the rail and the row are keyed by the same id, so one effect only.
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    expect(a.data!.data.id).toBe(b.data!.data.id);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', a.data!.data.id)).toBe(1);
  });
});

describe('refunds: crash after the reservation', () => {
  async function setUp(amount: number) {
    const merchant = await service.createMerchant('refund crash');
    const collection = await settledCollection(service, merchant.client, { amount, currency: 'KES', rail: 'card', payer_card_token: 'tok_x' });
    return { ...merchant, collection };
  }

  function refundScope(merchantId: string, collectionId: string, key: string, body: object): IdempotencyScope {
    return { merchantId, key, operation: refundsOperation(collectionId), requestSha256: requestSha256(body) };
  }

  it('refused by the rail, then died between the undo and the ledger void: the sweeper gives the money back', async () => {
    const { merchantId, collection } = await setUp(5_000);
    const body = { amount: 2_000 };
    const key = randomUUID();
    const refundId = await claimRun(refundScope(merchantId, collection.id, key, body));
    const reserved = await reserveRefund(deps(), { refundId, merchantId, collectionId: collection.id, request: body, idempotency: { scopeId: merchantId, key } });
    // The process dies when it reaches the ledger void (the undo's database transaction committed).
    const real = service.runtime.ledger;
    const dying = new Proxy(real, {
      get: (target, property) => {
        // The void of this refund's reservation (collections/ledger-collections.ts cancelRefund).
        if (property === 'submitChain') {
          return (steps: readonly ChainStep[]) => (steps.some((step) => 'resolve' in step && step.resolve === 'void' && step.pendingId === refundReservationId(refundId))
            ? crash()
            : target.submitChain(steps));
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    service.runtime.rails.setSandboxRailDown('card', true);
    try {
      await expect(initiateRefund({ ...deps(), ledger: dying }, reserved, () => [])).rejects.toBeInstanceOf(SimulatedCrash);
    } finally {
      service.runtime.rails.setSandboxRailDown('card', false);
    }
    expect(await countRows(service.sql, 'transactions', 'id', refundId)).toBe(0);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n }); // still held
    expect(await countRows(service.sql, 'refund_reservation_voids', 'refund_id', refundId)).toBe(1);

    // Too recent for the sweeper by default (its own request may still be voiding it).
    expect(await voidPendingRefundReservations(deps())).toEqual({ voided: 0, failed: [] });
    expect(await voidPendingRefundReservations(deps(), { olderThanMs: 0 })).toEqual({ voided: 1, failed: [] });
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 5_000n, pending: 0n });
    expect(await countRows(service.sql, 'refund_reservation_voids', 'refund_id', refundId)).toBe(0);
    expect(await voidPendingRefundReservations(deps(), { olderThanMs: 0 })).toEqual({ voided: 0, failed: [] });
    await expectLedgerInvariants(service);
  });

  it('a refund the rail refuses leaves no recorded void behind', async () => {
    const { merchantId, client, collection } = await setUp(1_000);
    service.runtime.rails.setSandboxRailDown('card', true);
    try {
      expect((await refund(client, collection.id, { amount: 400 })).response.status).toBe(503);
    } finally {
      service.runtime.rails.setSandboxRailDown('card', false);
    }
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 1_000n, pending: 0n });
    expect(await countRows(service.sql, 'refund_reservation_voids', 'merchant_id', merchantId)).toBe(0);
  });

  it('reserved and recorded, rail never called: the retry finishes it; the wallet is debited once', async () => {
    const { merchantId, client, collection } = await setUp(5_000);
    const key = randomUUID();
    const body = { amount: 2_000, reason: 'crash test' };
    const scope = refundScope(merchantId, collection.id, key, body);
    const refundId = await claimRun(scope);
    await reserveRefund(deps(), { refundId, merchantId, collectionId: collection.id, request: body, idempotency: { scopeId: merchantId, key } });
    await service.runtime.idempotency.setRecoveryPoint(service.sql, scope, 'refund_reserved');
    // died here
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n });
    const retried = await refund(client, collection.id, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: refundId, amount: 2_000, refund_reason: 'crash test', status: 'pending' });
    expect(retried.data!.data.provider_reference).toMatch(/^CARD-RF-/);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n });
    await deliverAll(service);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n });
    expect(await eventTypes(service.sql, refundId)).toEqual(['transaction.pending', 'transaction.success']);
    const read = await client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(read.data!.data.refunded_amount).toBe(2_000);
    await expectLedgerInvariants(service);
  });

  it('ledger reserved but the database transaction never committed: the retry reuses the reservation', async () => {
    const { merchantId, client, collection } = await setUp(5_000);
    const key = randomUUID();
    const scope = refundScope(merchantId, collection.id, key, {});
    const refundId = await claimRun(scope);
    const ledger = service.runtime.ledger;
    const reserved = await reserveRefundInLedger(ledger, { refundId, walletAccountId: walletAccountId(merchantId, 'KES'), currency: 'KES', amount: 5_000n });
    expect(reserved.ok).toBe(true);
    // died before the refund row committed
    await new Promise((resolve) => setTimeout(resolve, lock_ms + 20));
    const retried = await refund(client, collection.id, undefined, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: refundId, amount: 5_000 });
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    await deliverAll(service);
    const read = await client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(read.data!.data.status).toBe('reversed');
    await expectLedgerInvariants(service);
  });

  it('rail initiated, announcement never committed: the retry announces it once; one rail initiation', async () => {
    const { merchantId, client, collection } = await setUp(5_000);
    const key = randomUUID();
    const body = { amount: 1_000 };
    const scope = refundScope(merchantId, collection.id, key, body);
    const refundId = await claimRun(scope);
    const row = await reserveRefund(deps(), { refundId, merchantId, collectionId: collection.id, request: body, idempotency: { scopeId: merchantId, key } });
    await service.runtime.idempotency.setRecoveryPoint(service.sql, scope, 'refund_reserved');
    await expect(initiateRefund(deps(), row, crashBuildingWrites)).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', refundId)).toBe(1);
    expect(await countRows(service.sql, 'events', 'resource_id', refundId)).toBe(0);

    // The rail confirms before the refund was announced: not applied yet (success must not
    // precede pending), retried later.
    expect(await service.runtime.deliverRailOutcomes()).toMatchObject({ failed: 1 });
    expect(await inboxOf(refundId)).toMatchObject({ apply_failures: 1, applied_at: null });
    const [unannounced] = await service.sql<{ status: string }[]>`select status from transactions where id = ${refundId}`;
    expect(unannounced!.status).toBe('pending');

    const retried = await refund(client, collection.id, body, key);
    expect(retried.data!.data).toMatchObject({ id: refundId, status: 'pending' });
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', refundId)).toBe(1);
    await retryNow(refundId);
    await deliverAll(service);
    expect(await eventTypes(service.sql, refundId)).toEqual(['transaction.pending', 'transaction.success']);
    expect(await walletBalance(service, merchantId, 'KES')).toEqual({ available: 4_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});

describe('refunds: the rail times out', () => {
  it('the provider accepted the refund but answered too late: 503, row and reservation kept; the retry completes it', async () => {
    const merchant = await service.createMerchant('refund timeout');
    const collection = await settledCollection(service, merchant.client, { amount: 3_000, currency: 'KES', rail: 'bank', payer_account_ref: 'acct_x' });
    const key = randomUUID();
    const body = { amount: 1_200 };
    const scope: IdempotencyScope = { merchantId: merchant.merchantId, key, operation: refundsOperation(collection.id), requestSha256: requestSha256(body) };
    const refundId = await claimRun(scope);
    const row = await reserveRefund(deps(), { refundId, merchantId: merchant.merchantId, collectionId: collection.id, request: body, idempotency: { scopeId: merchant.merchantId, key } });
    await service.runtime.idempotency.setRecoveryPoint(service.sql, scope, 'refund_reserved');
    // A rail that accepts the refund, then is cut off by the breaker's timeout.
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
    await expect(initiateRefund({ ...deps(), rails: timingOut }, row, crashBuildingWrites))
      .rejects.toMatchObject({ outcome: 'rail_timed_out' });
    await service.runtime.idempotency.release(scope);
    // Nothing undone: the refund may be paid out by the provider.
    expect(await countRows(service.sql, 'transactions', 'id', refundId)).toBe(1);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 1_800n, pending: 0n });

    const retried = await refund(merchant.client, collection.id, body, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: refundId, status: 'pending' });
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', refundId)).toBe(1);
    await service.sql`update sandbox_rail_outcomes set due_at = now() where transaction_id = ${refundId}`;
    await deliverAll(service);
    expect(await eventTypes(service.sql, refundId)).toEqual(['transaction.pending', 'transaction.success']);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 1_800n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});

describe('rail outcomes for transactions the service does not know', () => {
  it('are retried by the worker (not dropped), and are idempotent once delivered', async () => {
    const merchant = await service.createMerchant('orphan outcome');
    const transactionId = randomUUID();
    await service.runtime.rails.connectorFor('qr').initiateCollection({
      transactionId, merchantId: merchant.merchantId, amount: 100, currency: 'KES', payer: {}, reference: null,
    });
    await service.runtime.deliverRailOutcomes();
    const row = await inboxOf(transactionId);
    expect(row).toMatchObject({ apply_failures: 1, applied_at: null, given_up_at: null });
    // Its apply job waits for the queue's backoff before its next attempt.
    const [job] = await service.sql<{ run_at: Date; last_error: string }[]>`
      select run_at, last_error from graphile_worker._private_jobs where payload::jsonb ? ${row.id}`;
    expect(job!.last_error).toMatch(/unknown transaction/);
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});
