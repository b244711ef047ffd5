// Ledger verification of split refunds, FX conversions and partner wallets (issue 25, decision
// 0791) on real PostgreSQL: the scenario (scenario.ts) verifies clean, then each kind of
// disagreement is injected by tampering a service row or the PostgreSQL engine's own tables, and
// the report names it (check, subject, expected vs found). Then PostgreSQL's records against the
// engine's side (decision 0790): a transfer and an account the service's rows do not explain.
// Tampering edits the PostgreSQL engine's tables, so the file runs on that engine only (the
// TigerBeetle side: test/tigerbeetle-cluster/verify-ledger-agreement.test.ts).
import { randomUUID } from 'node:crypto';
import { AccountFlags, currencyInfo, idFromParts, idFromUuid, TransferFlags, u128FromUuid } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountCode, systemAccountId, TransferCode } from '../../src/domain/ledger-accounts.ts';
import type { Violation } from '../../src/ledger-verification/violations.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { payoutTestEnv } from '../payouts/helpers.ts';
import { buildScenario, scenarioClockMs, verify, type Scenario } from './scenario.ts';

let service: TestService;
let s: Scenario;
const onPostgres = !process.env.TEST_LEDGER_ENGINE || process.env.TEST_LEDGER_ENGINE === 'postgres';

/** Runs `tamper`, verifies, undoes it with `restore`, and answers the violations found meanwhile. */
async function violationsWhile(tamper: () => Promise<unknown>, restore: () => Promise<unknown>): Promise<Violation[]> {
  await tamper();
  try {
    const report = await verify(service, 'postgres');
    expect(report.ok).toBe(false);
    return report.violations;
  } finally {
    await restore();
  }
}

beforeAll(async () => {
  service = await startTestService({ env: payoutTestEnv, now: () => scenarioClockMs });
  s = await buildScenario(service);
}, 240_000); // a dozen flows through the API and their jobs: minutes on two busy cores
afterAll(async () => {
  await service?.close();
});

describe.runIf(onPostgres)('split refunds, FX conversions and partner wallets', () => {
  it('verify clean, having read each kind of row', async () => {
    const report = await verify(service, 'postgres');
    expect(report.violations).toEqual([]);
    expect(report.checked).toMatchObject({ partnerWallets: 3, fxConversions: 2, partnerMovements: 4 });
    expect(report.checked.engineTransfers).toBeGreaterThan(10);
    expect(report.checked.engineAccounts).toBeGreaterThan(5);
  });

  it("a split refund's amount that its parts do not sum to", async () => {
    const violations = await violationsWhile(
      () => service.sql`update transactions set amount = amount + 1 where id = ${s.splitRefundId}`,
      () => service.sql`update transactions set amount = amount - 1 where id = ${s.splitRefundId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'split_refund_amount', subject: { kind: 'refund', id: s.splitRefundId }, expected: '3002', found: '3001' })]);
  });

  it("a split refund's part that differs from what the ledger moved for its leg (held and wallet parts)", async () => {
    const [row] = await service.sql<{ refund_legs: { leg: number; amount: number; held: boolean }[] }[]>`select refund_legs from transactions where id = ${s.splitRefundId}`;
    const parts = row!.refund_legs;
    expect(parts.map((p) => p.held).sort()).toEqual([false, true]);
    // One unit moved from the held part to the wallet part: the sum still agrees, each leg does not.
    const shifted = parts.map((p) => ({ ...p, amount: p.amount + (p.held ? -1 : 1) }));
    const violations = await violationsWhile(
      () => service.sql`update transactions set refund_legs = ${service.sql.json(shifted)} where id = ${s.splitRefundId}`,
      () => service.sql`update transactions set refund_legs = ${service.sql.json(parts)} where id = ${s.splitRefundId}`);
    const held = parts.find((p) => p.held)!;
    const wallet = parts.find((p) => !p.held)!;
    expect(violations).toHaveLength(2);
    expect(violations).toEqual(expect.arrayContaining([
      expect.objectContaining({ check: 'split_refund_amount', message: expect.stringContaining(`leg ${held.leg}'s part taken from its escrow hold`), expected: String(held.amount - 1), found: String(held.amount) }),
      expect.objectContaining({ check: 'split_refund_amount', message: expect.stringContaining(`leg ${wallet.leg}'s wallet reservation`), expected: String(wallet.amount + 1), found: String(wallet.amount) }),
    ]));
  });

  it("a payout's conversion whose amounts differ from the legs held in the payout's chain", async () => {
    const [before] = await service.sql<{ from_amount: string; to_amount: string; status: string }[]>`select from_amount::text, to_amount::text, status from fx_conversions where id = ${s.payoutConversionId}`;
    expect(before!.status).toBe('posted');
    const violations = await violationsWhile(
      () => service.sql`update fx_conversions set from_amount = from_amount + 5 where id = ${s.payoutConversionId}`,
      () => service.sql`update fx_conversions set from_amount = from_amount - 5 where id = ${s.payoutConversionId}`);
    expect(violations).toEqual([expect.objectContaining({
      check: 'fx_amount', subject: { kind: 'fx_conversion', id: s.payoutConversionId }, expected: String(BigInt(before!.from_amount) + 5n), found: before!.from_amount,
    })]);
  });

  it('a posted conversion recorded as still held, and one recorded voided', async () => {
    const held = await violationsWhile(
      () => service.sql`update fx_conversions set status = 'held' where id = ${s.fxConversionId}`,
      () => service.sql`update fx_conversions set status = 'posted' where id = ${s.fxConversionId}`);
    expect(held).toEqual(['from', 'to'].map((side) => expect.objectContaining({
      check: 'fx_transfers', subject: { kind: 'fx_conversion', id: s.fxConversionId }, message: expect.stringContaining(`${side} leg`), expected: 'pending', found: 'posted',
    })));
    const voided = await violationsWhile(
      () => service.sql`update fx_conversions set status = 'voided' where id = ${s.payoutConversionId}`,
      () => service.sql`update fx_conversions set status = 'posted' where id = ${s.payoutConversionId}`);
    expect(voided.map((v) => [v.check, v.expected, v.found])).toEqual([['fx_transfers', 'voided', 'posted'], ['fx_transfers', 'voided', 'posted']]);
  });

  it("a conversion leg moved out of another account than the FX position (the engine's table edited)", async () => {
    const legId = idFromUuid(s.fxConversionId, 0).toString();
    const position = systemAccountId('fx_position', 'KES').toString();
    const other = systemAccountId('rail_clearing', 'KES').toString();
    const violations = await violationsWhile(
      () => service.sql`update ledger.transfers set credit_account_id = ${other} where id = ${legId}`,
      () => service.sql`update ledger.transfers set credit_account_id = ${position} where id = ${legId}`);
    expect(violations).toContainEqual(expect.objectContaining({ check: 'fx_accounts', subject: { kind: 'fx_conversion', id: s.fxConversionId }, found: `account ${other}, ledger ${currencyInfo('KES').ledger}` }));
  });

  it("partner movements: a deposit's amount, a transfer's wallet, a paid withdrawal recorded pending", async () => {
    const deposit = await violationsWhile(
      () => service.sql`update partner_movements set amount = amount + 1 where id = ${s.depositId}`,
      () => service.sql`update partner_movements set amount = amount - 1 where id = ${s.depositId}`);
    expect(deposit).toEqual([expect.objectContaining({ check: 'partner_movement_amount', subject: { kind: 'partner_deposit', id: s.depositId }, expected: '100001', found: '100000' })]);
    const transfer = await violationsWhile(
      () => service.sql`update partner_movements set to_wallet_id = ${s.partnerWalletIds.kes} where id = ${s.transferId}`,
      () => service.sql`update partner_movements set to_wallet_id = ${s.partnerWalletIds.kes2} where id = ${s.transferId}`);
    expect(transfer).toEqual([expect.objectContaining({ check: 'partner_movement_accounts', subject: { kind: 'partner_transfer', id: s.transferId } })]);
    const withdrawal = await violationsWhile(
      () => service.sql`update partner_movements set status = 'pending' where id = ${s.withdrawalId}`,
      () => service.sql`update partner_movements set status = 'success' where id = ${s.withdrawalId}`);
    expect(withdrawal).toEqual([expect.objectContaining({ check: 'partner_movement_transfers', subject: { kind: 'partner_withdrawal', id: s.withdrawalId }, expected: 'pending', found: 'posted' })]);
  });

  it("a cross-currency partner transfer whose received amount differs from the conversion's leg in", async () => {
    const violations = await violationsWhile(
      () => service.sql`update partner_movements set to_amount = to_amount + 1 where id = ${s.fxTransferId}`,
      () => service.sql`update partner_movements set to_amount = to_amount - 1 where id = ${s.fxTransferId}`);
    expect(violations).toEqual([expect.objectContaining({ check: 'partner_movement_amount', subject: { kind: 'partner_transfer', id: s.fxTransferId }, message: expect.stringContaining('conversion leg in') })]);
  });

  it("a partner wallet's account that is not a wallet's (flags changed in the engine), and its postings", async () => {
    const [wallet] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id::text from partner_wallets where id = ${s.partnerWalletIds.kes2}`;
    const violations = await violationsWhile(
      () => service.sql`update ledger.accounts set flags = ${AccountFlags.history} where id = ${wallet!.ledger_account_id}`,
      () => service.sql`update ledger.accounts set flags = ${AccountFlags.debits_must_not_exceed_credits | AccountFlags.history} where id = ${wallet!.ledger_account_id}`);
    expect(violations).toEqual([expect.objectContaining({
      check: 'wallet_account', subject: { kind: 'partner_wallet', id: s.partnerWalletIds.kes2 },
      expected: `ledger ${currencyInfo('KES').ledger}, code ${AccountCode.wallet}, flags ${AccountFlags.debits_must_not_exceed_credits | AccountFlags.history}`,
      found: `ledger ${currencyInfo('KES').ledger}, code ${AccountCode.wallet}, flags ${AccountFlags.history}`,
    })]);
  });
});

describe.runIf(onPostgres)("the engine's side: what it holds that PostgreSQL's rows do not explain", () => {
  it('a wallet row pointing elsewhere leaves its account holding money no row names', async () => {
    const [wallet] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id::text from partner_wallets where id = ${s.partnerWalletIds.kes2}`;
    const violations = await violationsWhile(
      () => service.sql`update partner_wallets set ledger_account_id = 42 where id = ${s.partnerWalletIds.kes2}`,
      () => service.sql`update partner_wallets set ledger_account_id = ${wallet!.ledger_account_id} where id = ${s.partnerWalletIds.kes2}`);
    expect(violations).toContainEqual(expect.objectContaining({ check: 'engine_account', subject: { kind: 'ledger_account', id: wallet!.ledger_account_id }, found: expect.stringContaining('credits_posted 7000') }));
    expect(violations).toContainEqual(expect.objectContaining({ check: 'wallet_account', subject: { kind: 'partner_wallet', id: s.partnerWalletIds.kes2 } }));
  });

  it('a movement row deleted: its posted transfer is money no row records; a hold without row or intent too, until an intent names it', async () => {
    const [row] = await service.sql`select * from partner_movements where id = ${s.transferId}`;
    const transfer = await violationsWhile(
      () => service.sql`delete from partner_movements where id = ${s.transferId}`,
      () => service.sql`insert into partner_movements ${service.sql(row!)}`);
    const id = idFromUuid(s.transferId, 0).toString();
    expect(transfer).toEqual([expect.objectContaining({
      check: 'engine_transfer', subject: { kind: 'ledger_transfer', id }, message: expect.stringContaining(`user_data_128 ${s.transferId}`), expected: 'a service row with the id in user_data_128', found: 'none',
    })]);

    // A hold placed straight in the ledger under an id no row has (what a request dead between its
    // hold and its commit leaves, once its intent is gone): reported while it holds.
    const owner = randomUUID();
    const holdId = idFromParts('test.orphan_hold', owner);
    const [kes] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id::text from partner_wallets where id = ${s.partnerWalletIds.kes}`;
    const [created] = await service.runtime.ledger.engine.createTransfers([{
      id: holdId, debit_account_id: BigInt(kes!.ledger_account_id), credit_account_id: systemAccountId('payout_clearing', 'KES'), amount: 10n,
      ledger: currencyInfo('KES').ledger, code: TransferCode.payout, user_data_128: u128FromUuid(owner), flags: TransferFlags.pending,
    }]);
    expect(created!.status).toBe('created');
    const orphan = (await verify(service, 'postgres')).violations;
    expect(orphan).toEqual([expect.objectContaining({ check: 'engine_transfer', subject: { kind: 'ledger_transfer', id: holdId.toString() }, message: expect.stringContaining('a hold no service row or open hold intent records') })]);
    await service.sql`insert into ledger_hold_intents (owner_id, kind, hold_ids) values (${owner}, 'payout', ${[holdId.toString()]}::numeric[])`;
    expect((await verify(service, 'postgres')).violations).toEqual([]);
    // Voided: it gave the money back, nothing to report once the intent is gone.
    await service.sql`delete from ledger_hold_intents where owner_id = ${owner}`;
    const [voided] = await service.runtime.ledger.engine.createTransfers([{ id: holdId + 1n, pending_id: holdId, flags: TransferFlags.void_pending_transfer }]);
    expect(voided!.status).toBe('created');
    expect((await verify(service, 'postgres')).violations).toEqual([]);
  });
});
