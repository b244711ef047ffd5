// The completer (src/collections/collection-completer.ts) finishes POST /collections runs whose process
// died and whose client never came back. A "crash" is driven as in crash-recovery.test.ts: the
// claim made with the request kept (as the route does), the domain function run up to the crash
// point; then, with nobody retrying, one completer pass.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSessionForPay } from '../../src/collections/checkout-sessions.ts';
import type { PayCheckoutSessionRecoveryPoint } from '../../src/collections/flows/pay-checkout-session.ts';
import { completeAbandonedCollections } from '../../src/collections/collection-completer.ts';
import { initiateAndRecordCollection, type CollectionRequest } from '../../src/collections/collections.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import type { IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import { createSession, mobile_money_success, payerClient, sessionRow, transactionsOfSession } from '../checkout/checkout-helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, countRows, deliverAll, eventTypes, expectLedgerInvariants, walletBalance } from './helpers.ts';

// A pass holds the run's lock while it finishes or frees it (IdempotencyStore.abandon only deletes
// a record whose lock is still held): at 100 ms a pass on a loaded machine outlived it and the
// release tests failed at random; a second is ample and costs about 8 s over the file.
const lock_ms = 1_000;

class SimulatedCrash extends Error {}

let service: TestService;
let collectionsOperation: string;

beforeAll(async () => {
  service = await startTestService({ env: { IDEMPOTENCY_LOCK_MS: String(lock_ms) } });
  const probe = await collect(service.client, { amount: 100, currency: 'KES', rail: 'qr' });
  expect(probe.response.status).toBe(200);
  const [row] = await service.sql<{ operation: string }[]>`select operation from idempotency_keys`;
  collectionsOperation = row!.operation;
});
afterAll(async () => { await service?.close(); });

const completerDeps = () => ({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails, idempotency: service.runtime.idempotency, logger: silentLogger });
const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };
// Every run whose lock has lapsed at all, claimed in the last minute.
const pass = () => completeAbandonedCollections(completerDeps(), { idleMs: 0, windowMs: 60_000 });
const lapse = () => new Promise((resolve) => setTimeout(resolve, lock_ms + 30));

function scopeFor(merchantId: string, key: string, body: CollectionRequest): IdempotencyScope {
  return { merchantId, key, operation: collectionsOperation, requestSha256: requestSha256(body), request: body };
}

async function claim(scope: IdempotencyScope): Promise<string> {
  const claimed = await service.runtime.idempotency.claim(scope);
  if (claimed.kind !== 'run') throw new Error(`expected a first run, got ${claimed.kind}`);
  return claimed.resourceId;
}

/** Claims, initiates at the rail, and dies before the final commit (the request is never retried). */
async function diedAfterTheRail(merchantId: string, key: string, body: CollectionRequest): Promise<string> {
  const transactionId = await claim(scopeFor(merchantId, key, body));
  await expect(initiateAndRecordCollection({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
    transactionId, merchantId, request: body, checkoutSessionId: null, createdAt: new Date(), resumed: false,
    onRailMayHoldIt: () => {},
    commitWrites: () => { throw new SimulatedCrash('process died after the rail call'); },
  })).rejects.toBeInstanceOf(SimulatedCrash);
  return transactionId;
}

async function record(merchantId: string, key: string) {
  const [row] = await service.sql<{ response_status: number | null; request_sealed: Buffer | null; resource_id: string }[]>`
    select response_status, request_sealed, resource_id from idempotency_keys where merchant_id = ${merchantId} and key = ${key}`;
  return row ?? null;
}

describe('collection completer', () => {
  it('records a collection the rail accepted for a request that died and was never retried; the key then replays it', async () => {
    const merchant = await service.createMerchant('completer: rail holds it');
    const key = randomUUID();
    const body: CollectionRequest = { amount: 7_700, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'order-77', metadata: { cart: 'c-1' }, hold_in_escrow: false };
    const transactionId = await diedAfterTheRail(merchant.merchantId, key, body);
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(0);

    // Still locked by the dead run: not yet.
    expect(await pass()).toMatchObject({ found: 0 });
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, completed: 1, released: 0, failed: 0 });

    // The row the request would have written, with its pre-allocated id and the request's fields.
    const stored = await merchant.client.GET('/collections/{id}', { params: { path: { id: transactionId } } });
    expect(stored.data!.data).toMatchObject({ id: transactionId, status: 'pending', amount: 7_700, reference: 'order-77', metadata: { cart: 'c-1' } });
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);
    // The response is stored and the request no longer kept.
    expect(await record(merchant.merchantId, key)).toMatchObject({ response_status: 200, request_sealed: null });
    // A pass later finds nothing more.
    expect(await pass()).toMatchObject({ found: 0 });

    // The client, coming back at last, gets the stored response; nothing is created twice.
    const late = await collect(merchant.client, body, key);
    expect(late.response.status).toBe(200);
    expect(late.data!.data).toEqual(stored.data!.data);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);

    await deliverAll(service);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 7_700n, pending: 0n });
    expect(await eventTypes(service.sql, transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    await expectLedgerInvariants(service);
  });

  it('frees the key of a request that died before the rail accepted anything, and charges nobody', async () => {
    const merchant = await service.createMerchant('completer: rail holds nothing');
    const key = randomUUID();
    const body: CollectionRequest = { amount: 1_200, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success' };
    const transactionId = await claim(scopeFor(merchant.merchantId, key, body)); // ...and died here
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, completed: 0, released: 1 });
    expect(await record(merchant.merchantId, key)).toBeNull();
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(0);

    // The key is free: the client's retry is a first run, charged once.
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(200);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });

  it('leaves a run alone while its rail is down, and finishes it on a later pass', async () => {
    const merchant = await service.createMerchant('completer: rail down');
    const key = randomUUID();
    const body: CollectionRequest = { amount: 3_300, currency: 'KES', rail: 'bank', payer_account_ref: 'acct_sandbox_success' };
    const transactionId = await diedAfterTheRail(merchant.merchantId, key, body);
    await lapse();
    service.runtime.rails.setSandboxRailDown('bank', true);
    try {
      expect(await pass()).toMatchObject({ found: 1, completed: 0, released: 0, failed: 1 });
    } finally {
      service.runtime.rails.setSandboxRailDown('bank', false);
    }
    expect(await record(merchant.merchantId, key)).toMatchObject({ response_status: null, resource_id: transactionId });
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, completed: 1 });
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(1);
  });

  it('does not touch runs that finished, runs still idle for less than idleMs, or a client retrying now', async () => {
    const merchant = await service.createMerchant('completer: nothing to do');
    // A finished request: its record no longer keeps the request.
    const done = await collect(merchant.client, { amount: 500, currency: 'KES', rail: 'qr' });
    expect(done.response.status).toBe(200);
    const [finished] = await service.sql<{ request_sealed: Buffer | null }[]>`
      select request_sealed from idempotency_keys where merchant_id = ${merchant.merchantId}`;
    expect(finished!.request_sealed).toBeNull();

    const key = randomUUID();
    const body: CollectionRequest = { amount: 800, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };
    const transactionId = await diedAfterTheRail(merchant.merchantId, key, body);
    await lapse();
    // While the run is in flight its request is kept sealed, never in clear.
    const kept = (await record(merchant.merchantId, key))!.request_sealed!;
    expect(kept.includes(Buffer.from('+254712345678'))).toBe(false);
    // Idle for less than the completer's default wait: not taken.
    expect(await completeAbandonedCollections(completerDeps())).toMatchObject({ found: 0 });
    // The client retries first: it resumes the run itself, and the completer has nothing left.
    const retried = await collect(merchant.client, body, key);
    expect(retried.data!.data.id).toBe(transactionId);
    expect(await pass()).toMatchObject({ found: 0 });
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(2);
  });
});

describe('collection completer: checkout pays', () => {
  const payOperation = (sessionId: string) => `POST /checkout-sessions/{id}/pay /v1/checkout-sessions/${sessionId}/pay`;
  const pay = (session: { id: string; client_token: string }, key: string) =>
    payerClient(service, session.client_token).POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: session.id }, header: { 'Idempotency-Key': key } }, body: mobile_money_success,
    });

  /** A pay that claimed its session (as payClaimedSession does) and died; `reachRail`: after the rail call. */
  async function payDied(merchantId: string, session: { id: string }, key: string, reachRail: boolean): Promise<string> {
    const scope: IdempotencyScope = { merchantId, key, operation: payOperation(session.id), requestSha256: requestSha256(mobile_money_success), request: mobile_money_success };
    const transactionId = await claim(scope);
    const refused = await claimSessionForPay(service.sql, {
      sessionId: session.id, transactionId, now: new Date(),
      withinClaim: (tx) => service.runtime.idempotency.setRecoveryPoint(tx, scope, 'session_claimed' satisfies PayCheckoutSessionRecoveryPoint),
    });
    expect(refused).toBeNull();
    if (reachRail) {
      await service.runtime.rails.connectorFor('mobile_money').initiateCollection({
        transactionId, merchantId, amount: 25_000, currency: 'KES', payer: { phone: mobile_money_success.payer_phone }, reference: null,
      });
    }
    return transactionId;
  }

  it('the operation recorded for a pay is the one the completer parses', async () => {
    const merchant = await service.createMerchant('completer: pay operation');
    const session = await createSession(merchant.client);
    const key = randomUUID();
    expect((await pay(session, key)).response.status).toBe(200);
    const [row] = await service.sql<{ operation: string; request_sealed: Buffer | null }[]>`
      select operation, request_sealed from idempotency_keys where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(row).toEqual({ operation: payOperation(session.id), request_sealed: null });
  });

  it('completes the session with the collection the rail accepted for a pay that died and was never retried', async () => {
    const merchant = await service.createMerchant('completer: pay held');
    const session = await createSession(merchant.client);
    const key = randomUUID();
    const transactionId = await payDied(merchant.merchantId, session, key, true);
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, completed: 1, released: 0, failed: 0 });

    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', claimed_transaction_id: transactionId, collection_intent_id: transactionId });
    expect(await transactionsOfSession(service.sql, session.id)).toEqual([{ id: transactionId, rail: 'mobile_money', status: 'pending' }]);
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(1);
    // The payer's pay, replayed with its key, answers the stored result.
    const replay = await pay(session, key);
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toMatchObject({ id: transactionId, status: 'pending' });
    await deliverAll(service);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 25_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });

  it('hands the session back when the dead pay never reached the rail: another pay can then pay it', async () => {
    const merchant = await service.createMerchant('completer: pay not held');
    const session = await createSession(merchant.client);
    const key = randomUUID();
    const transactionId = await payDied(merchant.merchantId, session, key, false);
    // Claimed by the dead pay: another pay is refused meanwhile.
    expect((await pay(session, randomUUID())).response.status).toBe(422);
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, completed: 0, released: 1 });
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'open', claimed_transaction_id: null });
    expect(await record(merchant.merchantId, key)).toBeNull();
    expect(await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId)).toBe(0);

    const other = await pay(session, randomUUID());
    expect(other.response.status).toBe(200);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', collection_intent_id: other.data!.data.id });
  });
});
