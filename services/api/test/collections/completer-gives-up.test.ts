// A payment the rail holds but the service can never record ends somewhere definite (decision
// 0022): after completerFailedPassesMax failed passes the completer reverses it at the rail,
// records it in rail_reconciliation, logs once, and never comes back to it. Before, the
// completer logged "could not finish an abandoned collection; retrying next pass" every minute
// until the run left its window, and the payer's money stayed at the rail with no transaction.
//
// The payment here is the one issue 12 found: a collection whose metadata holds a lone surrogate,
// accepted by the rail before the edge refused such strings, so its request (kept sealed for the
// completer) can never be written to the jsonb column. It is made as the route made it then: the
// claim with the request kept, the rail initiation, and a process that died before its commit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAbandonedCollections, completerFailedPassesMax } from '../../src/collections/collection-completer.ts';
import { initiateAndRecordCollection, type CollectionRequest } from '../../src/collections/collections.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import type { IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import { RailDeclinedError } from '../../src/rails/errors.ts';
import { claimSessionForPay } from '../../src/collections/checkout-sessions.ts';
import type { PayCheckoutSessionRecoveryPoint } from '../../src/collections/flows/pay-checkout-session.ts';

const payRecoveryPointClaimed: PayCheckoutSessionRecoveryPoint = 'session_claimed';
import { countFailedPass, recordRailReversal } from '../../src/collections/rail-reconciliation.ts';
import { createSession, mobile_money_success, sessionRow } from '../checkout/checkout-helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, countRows, deliverAll, expectLedgerInvariants, walletBalance } from './helpers.ts';

// Long enough that a pass (which holds the run's lock while it reverses and frees it) finishes
// inside it on a loaded machine; failed passes unlock the run, so only the first pass waits it out.
const lock_ms = 3_000;

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

const pass = () => completeAbandonedCollections({
  sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails, idempotency: service.runtime.idempotency,
  logger: { debug() {}, info() {}, warn() {}, error: (msg: string, fields?: Record<string, unknown>) => completerErrors.push({ msg, ...fields }) },
}, { idleMs: 0, windowMs: 60_000 });
const completerErrors: Record<string, unknown>[] = [];
const lapse = () => new Promise((resolve) => setTimeout(resolve, lock_ms + 30));

class SimulatedCrash extends Error {}

/** The run as POST /collections left it before the fix: claimed, initiated at the rail, never committed. */
async function orphanedAtTheRail(merchantId: string, key: string, body: CollectionRequest): Promise<string> {
  const scope: IdempotencyScope = { merchantId, key, operation: collectionsOperation, requestSha256: requestSha256(body), request: body };
  const claimed = await service.runtime.idempotency.claim(scope);
  if (claimed.kind !== 'run') throw new Error(`expected a first run, got ${claimed.kind}`);
  await expect(initiateAndRecordCollection({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails }, {
    transactionId: claimed.resourceId, merchantId, request: body, checkoutSessionId: null, createdAt: new Date(), resumed: false,
    onRailMayHoldIt: () => {},
    commitWrites: () => { throw new SimulatedCrash('process died after the rail call'); },
  })).rejects.toBeInstanceOf(SimulatedCrash);
  return claimed.resourceId;
}

async function initiation(transactionId: string) {
  const [row] = await service.sql<{ provider_reference: string; amount: string; currency: string }[]>`
    select provider_reference, amount::text as amount, currency from sandbox_rail_initiations where transaction_id = ${transactionId}`;
  return row!;
}

// Each test waits out the run's lock once (lock_ms) and runs up to seven passes.
describe('a payment the rail holds and the service can never record', { timeout: 60_000 }, () => {
  it('is reversed at the rail after the limit of failed passes, recorded for reconciliation, logged once, and left alone', async () => {
    const merchant = await service.createMerchant('completer: unrecordable');
    const key = randomUUID();
    const body: CollectionRequest = {
      amount: 4_200, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'order-42', metadata: { a: '\udfff' },
    };
    const transactionId = await orphanedAtTheRail(merchant.merchantId, key, body);
    const atRail = await initiation(transactionId);
    await lapse();

    // Every pass below the limit fails to record it, counts the failure and keeps the run.
    for (let failed = 1; failed < completerFailedPassesMax; failed += 1) {
      expect(await pass()).toMatchObject({ found: 1, failed: 1, reversed: 0 });
      const [count] = await service.sql<{ failed_passes: number; last_error: string }[]>`
        select failed_passes, last_error from completer_failed_passes where transaction_id = ${transactionId}`;
      expect(count).toMatchObject({ failed_passes: failed, last_error: expect.stringContaining('json') });
      expect(await countRows(service.sql, 'sandbox_rail_reversals', 'transaction_id', transactionId)).toBe(0);
    }

    // The last one gives up: reversed at the rail, recorded, the run freed.
    const before = Date.now();
    expect(await pass()).toMatchObject({ found: 1, failed: 0, reversed: 1 });
    const [reversal] = await service.sql<{ provider_reference: string; collection_provider_reference: string; amount: string; currency: string }[]>`
      select provider_reference, collection_provider_reference, amount::text as amount, currency from sandbox_rail_reversals where transaction_id = ${transactionId}`;
    expect(reversal).toEqual({ provider_reference: expect.stringMatching(/^MM-RV-/), collection_provider_reference: atRail.provider_reference, amount: '4200', currency: 'KES' });
    const reconciliation = await service.sql`select * from rail_reconciliation where transaction_id = ${transactionId}`;
    expect(reconciliation).toHaveLength(1);
    expect(reconciliation[0]).toMatchObject({
      merchant_id: merchant.merchantId, checkout_session_id: null, action: 'reversed_at_rail', rail: 'mobile_money',
      provider_reference: atRail.provider_reference, reversal_reference: reversal!.provider_reference,
      amount: 4_200n, currency: 'KES', failed_passes: completerFailedPassesMax,
      reason: expect.stringMatching(/could not record the collection on 5 completer passes: .*json/),
    });
    expect((reconciliation[0]!.created_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(await countRows(service.sql, 'completer_failed_passes', 'transaction_id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'idempotency_keys', 'resource_id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(0);

    // Logged once, with what finance needs and nothing of the request.
    const reversedLogs = completerErrors.filter((line) => String(line.msg).startsWith('completer reversed at the rail'));
    expect(reversedLogs).toEqual([expect.objectContaining({
      transaction_id: transactionId, merchant_id: merchant.merchantId, rail: 'mobile_money', amount: 4_200, currency: 'KES',
      provider_reference: atRail.provider_reference, reversal_reference: reversal!.provider_reference, failed_passes: completerFailedPassesMax,
    })]);
    expect(JSON.stringify(reversedLogs)).not.toContain('+254712345678');

    // Stops retrying: later passes find nothing and log nothing.
    const logged = completerErrors.length;
    await lapse();
    for (let i = 0; i < 3; i += 1) expect(await pass()).toMatchObject({ found: 0 });
    expect(completerErrors).toHaveLength(logged);

    // The rail behaves as a provider after a reversal: the outcome is never sent (nor resent),
    // the collection cannot be refunded, and reversing again answers the same reversal.
    await deliverAll(service);
    const [outcome] = await service.sql<{ delivered_at: Date | null; abandoned_at: Date | null }[]>`
      select delivered_at, abandoned_at from sandbox_rail_outcomes where provider_reference = ${atRail.provider_reference}`;
    expect(outcome).toMatchObject({ delivered_at: null, abandoned_at: expect.any(Date) });
    const connector = service.runtime.rails.connectorFor('mobile_money');
    expect(await connector.redeliverOutcome(transactionId)).toBe(false);
    await expect(connector.initiateRefund({ transactionId: randomUUID(), parentProviderReference: atRail.provider_reference, amount: 100, currency: 'KES' }))
      .rejects.toMatchObject({ declineCode: 'parent_reversed' });
    expect(await connector.reverseCollection({ transactionId, reason: 'again' })).toEqual({
      providerReference: reversal!.provider_reference, collectionProviderReference: atRail.provider_reference, amount: 4_200, currency: 'KES',
    });

    // No money moved in the service; the key is free for a corrected request.
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    await expectLedgerInvariants(service);
    const retried = await collect(merchant.client, { ...body, metadata: { a: 'fixed' } } as never, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.id).not.toBe(transactionId);
  });

  it('a checkout pay that cannot be recorded is reversed and its session handed back, open for another pay', async () => {
    const session = await createSession(service.client, { amount: 5_100 });
    const key = randomUUID();
    const pay = mobile_money_success;
    const [payOperation] = [`POST /checkout-sessions/{id}/pay /v1/checkout-sessions/${session.id}/pay`];
    const scope: IdempotencyScope = { merchantId: service.merchantId, key, operation: payOperation!, requestSha256: requestSha256(pay), request: pay };
    const claimed = await service.runtime.idempotency.claim(scope);
    if (claimed.kind !== 'run') throw new Error('expected a first run');
    const transactionId = claimed.resourceId;
    // The pay claimed the session and reached the rail, then died.
    expect(await claimSessionForPay(service.sql, { sessionId: session.id, transactionId, now: new Date(),
      withinClaim: (tx) => service.runtime.idempotency.setRecoveryPoint(tx, scope, payRecoveryPointClaimed) })).toBeNull();
    await service.runtime.rails.connectorFor('mobile_money').initiateCollection({
      transactionId, merchantId: service.merchantId, amount: 5_100, currency: 'KES', payer: { phone: pay.payer_phone }, reference: null,
    });
    // What makes it unrecordable: a transactions row under its id already exists (a fault no pass can fix).
    await service.sql`insert into transactions (id, merchant_id, type, rail, status, amount, currency, refunded_amount, hold_in_escrow, created_at, updated_at)
      values (${transactionId}, ${service.merchantId}, 'collection', 'card', 'failed', 1, 'KES', 0, false, now(), now())`;
    await lapse();

    for (let failed = 1; failed < completerFailedPassesMax; failed += 1) expect(await pass()).toMatchObject({ found: 1, failed: 1 });
    expect(await pass()).toMatchObject({ found: 1, reversed: 1 });

    const [row] = await service.sql`select checkout_session_id, amount, rail from rail_reconciliation where transaction_id = ${transactionId}`;
    expect(row).toEqual({ checkout_session_id: session.id, amount: 5_100n, rail: 'mobile_money' });
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'open', claimed_transaction_id: null });
    expect(await countRows(service.sql, 'idempotency_keys', 'resource_id', transactionId)).toBe(0);
    expect(await pass()).toMatchObject({ found: 0 });
  });

  it('a pass that died after reversing at the rail is finished by the next: same reversal, recorded and logged once', async () => {
    const merchant = await service.createMerchant('completer: died after the reversal');
    const body: CollectionRequest = { amount: 3_900, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', metadata: { a: '\udfff' } };
    const transactionId = await orphanedAtTheRail(merchant.merchantId, randomUUID(), body);
    await lapse();
    for (let failed = 1; failed < completerFailedPassesMax; failed += 1) expect(await pass()).toMatchObject({ found: 1, failed: 1 });
    // The last pass counted its failure and reversed at the rail, then died.
    await countFailedPass(service.sql, { transactionId, merchantId: merchant.merchantId, error: 'simulated' });
    const reversal = await service.runtime.rails.connectorFor('card').reverseCollection({ transactionId, reason: 'could not be recorded' });
    const logged = completerErrors.length;

    // Recording fails again (the rail declines to re-run a reversed payment), and the pass finishes the job.
    expect(await pass()).toMatchObject({ found: 1, reversed: 1 });
    const [row] = await service.sql`select reversal_reference, failed_passes from rail_reconciliation where transaction_id = ${transactionId}`;
    expect(row).toEqual({ reversal_reference: reversal.providerReference, failed_passes: completerFailedPassesMax + 1 });
    expect(completerErrors.slice(logged).filter((line) => String(line.msg).startsWith('completer reversed'))).toHaveLength(1);
    expect(await countRows(service.sql, 'idempotency_keys', 'resource_id', transactionId)).toBe(0);
    expect(await countRows(service.sql, 'sandbox_rail_reversals', 'transaction_id', transactionId)).toBe(1);
  });

  it('a pass that died after recording the reversal only frees the run on the next pass, without a second record or log', async () => {
    const merchant = await service.createMerchant('completer: died after recording');
    const body: CollectionRequest = { amount: 2_200, currency: 'KES', rail: 'bank', payer_account_ref: 'acct_sandbox_success', metadata: { a: '\ud800' } };
    const transactionId = await orphanedAtTheRail(merchant.merchantId, randomUUID(), body);
    await lapse();
    expect(await pass()).toMatchObject({ found: 1, failed: 1 });
    const reversal = await service.runtime.rails.connectorFor('bank').reverseCollection({ transactionId, reason: 'could not be recorded' });
    expect(await recordRailReversal(service.sql, { transactionId, merchantId: merchant.merchantId, checkoutSessionId: null, rail: 'bank', reversal, failedPasses: 5, reason: 'simulated' })).toBe(true);
    const logged = completerErrors.length;

    expect(await pass()).toMatchObject({ found: 1, reversed: 1 });
    expect(await countRows(service.sql, 'rail_reconciliation', 'transaction_id', transactionId)).toBe(1);
    expect(await countRows(service.sql, 'idempotency_keys', 'resource_id', transactionId)).toBe(0);
    expect(completerErrors.slice(logged).filter((line) => String(line.msg).startsWith('completer reversed'))).toEqual([]);
    expect(await pass()).toMatchObject({ found: 0 });
  });

  it('a client retry of a reversed run is declined by the rail, not recorded as a pending collection', async () => {
    const merchant = await service.createMerchant('completer: client retries a reversed run');
    const key = randomUUID();
    const body: CollectionRequest = { amount: 1_700, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };
    const transactionId = await orphanedAtTheRail(merchant.merchantId, key, body);
    await service.runtime.rails.connectorFor('mobile_money').reverseCollection({ transactionId, reason: 'test' });
    await lapse();
    const retried = await collect(merchant.client, body, key);
    expect(retried.response.status).toBe(422);
    expect(JSON.stringify(retried.error)).toContain('collection_reversed');
    expect(await countRows(service.sql, 'transactions', 'id', transactionId)).toBe(0);
  });

  it('a run the rail does not hold is never reversed: the rail answers collection_not_found', async () => {
    await expect(service.runtime.rails.connectorFor('card').reverseCollection({ transactionId: randomUUID(), reason: 'test' }))
      .rejects.toBeInstanceOf(RailDeclinedError);
  });
});
