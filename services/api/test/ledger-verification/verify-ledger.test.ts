// Ledger verification (issue 25) on real PostgreSQL: a system built through the real API
// (collections, a refund, an escrowed collection, a dispute, a payout) verifies clean; then each
// kind of violation is injected by tampering a service row or the PostgreSQL engine's own tables,
// and the report names it precisely (check, subject, expected vs found). The tampering tests run
// on the PostgreSQL engine only (they edit its tables); the clean run runs on either.
import { idFromUuid } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger-verification/ledger-verification.ts';
import { reportText, type Violation } from '../../src/ledger-verification/violations.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { createPayout, destinationRef, fundedWallet, runJobs, startPayoutService } from '../payouts/helpers.ts';
import type { TestService } from '../helpers/service.ts';

let service: TestService;
let collectionId: string;
let refundId: string;
let escrowedId: string;
let disputeId: string;
let payoutId: string;
const onPostgres = !process.env.TEST_LEDGER_ENGINE || process.env.TEST_LEDGER_ENGINE === 'postgres';

async function verify() {
  return await verifyLedger({ sql: service.sql, ledger: service.runtime.ledger, engine: onPostgres ? 'postgres' : 'tigerbeetle', now: Date.now });
}

/** Runs `tamper`, verifies, undoes it with `restore`, and answers the violations found meanwhile. */
async function violationsWhile(tamper: () => Promise<unknown>, restore: () => Promise<unknown>): Promise<Violation[]> {
  await tamper();
  try {
    const report = await verify();
    expect(report.ok).toBe(false);
    return report.violations;
  } finally {
    await restore();
  }
}

beforeAll(async () => {
  service = await startPayoutService();
  collectionId = (await settledCollection(service, service.client, { amount: 150_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money })).id;
  const refunded = await refund(service.client, collectionId, { amount: 40_000, reason: 'one item returned' });
  expect(refunded.response.status).toBe(200);
  refundId = refunded.data!.data.id;
  await deliverAll(service);
  escrowedId = (await settledCollection(service, service.client, { amount: 90_000, currency: 'NGN', rail: 'card', ...succeeding_payer.card, hold_in_escrow: true })).id;
  const disputed = await service.client.POST('/sandbox/disputes', { body: { transaction_id: collectionId, amount: 10_000, reason: 'not received' } });
  expect(disputed.response.status).toBe(200);
  disputeId = disputed.data!.data.id;
  const walletId = await fundedWallet(service, service.client, 50_000);
  const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(service.client), amount: 20_000, currency: 'KES' });
  expect([200, 201]).toContain(created.response.status);
  payoutId = created.data!.data.id;
  await runJobs(service);
}, 240_000); // about a minute under a full machine's load (load average 20+)

afterAll(async () => {
  await service?.close();
});

describe('a clean system', () => {
  it('verifies clean, having read every kind of row', async () => {
    const report = await verify();
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checked.transactions).toBeGreaterThanOrEqual(4); // 3 collections and a refund
    expect(report.checked).toMatchObject({ payouts: 1, escrowHolds: 1, disputes: 1 });
    expect(report.checked.wallets).toBeGreaterThanOrEqual(2);
    expect(reportText(report)).toMatch(/^OK: 0 violation\(s\)/m);
  });
});

describe.runIf(onPostgres)('each violation injected is reported precisely', () => {
  it('a succeeded collection marked failed: its transfers exist although the row says none', async () => {
    const violations = await violationsWhile(
      () => service.sql`update transactions set status = 'failed' where id = ${collectionId}`,
      () => service.sql`update transactions set status = 'success' where id = ${collectionId}`);
    expect(violations).toEqual([expect.objectContaining({
      check: 'collection_transfers', subject: { kind: 'collection', id: collectionId }, expected: 'no transfer',
    })]);
  });

  it("a collection's transfer deleted from the engine's tables: the collection and its wallet's postings", async () => {
    const legId = idFromUuid(collectionId, 0);
    const [saved] = await service.sql`select * from ledger.transfers where id = ${legId.toString()}`;
    expect(saved).toBeDefined();
    const violations = await violationsWhile(
      () => service.sql`delete from ledger.transfers where id = ${legId.toString()}`,
      () => service.sql`insert into ledger.transfers ${service.sql(saved!)}`);
    expect(violations).toContainEqual(expect.objectContaining({
      check: 'collection_transfers', subject: { kind: 'collection', id: collectionId }, found: 'none',
    }));
    expect(violations).toContainEqual(expect.objectContaining({ check: 'wallet_postings', subject: expect.objectContaining({ kind: 'wallet' }) }));
  });

  it("a wallet's balance changed in the engine: its currency ledger no longer sums to zero and the wallet differs from its postings", async () => {
    const accountId = walletAccountId(service.merchantId, 'KES').toString();
    const violations = await violationsWhile(
      () => service.sql`update ledger.accounts set credits_posted = credits_posted + 1 where id = ${accountId}`,
      () => service.sql`update ledger.accounts set credits_posted = credits_posted - 1 where id = ${accountId}`);
    expect(violations).toContainEqual(expect.objectContaining({ check: 'ledger_balanced', subject: { kind: 'currency_ledger', id: 'KES' } }));
    const wallet = violations.find((v) => v.check === 'wallet_postings');
    expect(wallet?.message).toContain(accountId);
    expect(wallet?.found).not.toEqual(wallet?.expected);
  });

  it('a refund marked failed while its reservation was posted', async () => {
    const violations = await violationsWhile(
      () => service.sql`update transactions set status = 'failed' where id = ${refundId}`,
      () => service.sql`update transactions set status = 'success' where id = ${refundId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'refund_transfers', subject: { kind: 'refund', id: refundId }, expected: 'voided', found: 'posted' })]);
  });

  it('a payout back in processing while its hold was posted', async () => {
    const [before] = await service.sql<{ status: string; failure_reason: string | null }[]>`select status, failure_reason from payouts where id = ${payoutId}`;
    expect(before!.status).toBe('success');
    const violations = await violationsWhile(
      () => service.sql`update payouts set status = 'processing' where id = ${payoutId}`,
      () => service.sql`update payouts set status = 'success' where id = ${payoutId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'payout_transfers', subject: { kind: 'payout', id: payoutId }, expected: 'pending', found: 'posted' })]);
  });

  it('a payout amount that differs from its holds', async () => {
    const violations = await violationsWhile(
      () => service.sql`update payouts set amount = amount + 1 where id = ${payoutId}`,
      () => service.sql`update payouts set amount = amount - 1 where id = ${payoutId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'payout_amount', subject: { kind: 'payout', id: payoutId }, expected: '20001', found: '20000' })]);
  });

  it('an escrow hold marked released that the ledger still holds', async () => {
    const [hold] = await service.sql<{ id: string }[]>`select id from escrow_holds where transaction_id = ${escrowedId}`;
    const violations = await violationsWhile(
      () => service.sql`update escrow_holds set status = 'released' where id = ${hold!.id}`,
      () => service.sql`update escrow_holds set status = 'held' where id = ${hold!.id}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'escrow_transfers', subject: { kind: 'escrow_hold', id: hold!.id }, expected: 'posted' })]);
  });

  it('an open dispute marked won whose hold is still pending', async () => {
    const violations = await violationsWhile(
      () => service.sql`update disputes set status = 'won', resolved_at = now() where id = ${disputeId}`,
      () => service.sql`update disputes set status = 'open', resolved_at = null where id = ${disputeId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'dispute_transfers', subject: { kind: 'dispute', id: disputeId }, expected: 'voided', found: 'pending' })]);
  });

  it('a wallet row pointing at an account that does not exist', async () => {
    const [wallet] = await service.sql<{ id: string; ledger_account_id: string }[]>`select id, ledger_account_id::text from wallets where currency = 'NGN' limit 1`;
    const violations = await violationsWhile(
      () => service.sql`update wallets set ledger_account_id = 12345 where id = ${wallet!.id}`,
      () => service.sql`update wallets set ledger_account_id = ${wallet!.ledger_account_id} where id = ${wallet!.id}`);
    expect(violations.filter((v) => v.check === 'wallet_account')).toEqual([
      expect.objectContaining({ subject: { kind: 'wallet', id: wallet!.id }, expected: wallet!.ledger_account_id, found: '12345' }),
      expect.objectContaining({ subject: { kind: 'wallet', id: wallet!.id }, found: 'none' }),
    ]);
  });

  it('verifies clean again once every tamper is undone', async () => {
    expect((await verify()).violations).toEqual([]);
  });
});
