// PostgreSQL and TigerBeetle agree (issue 25, decision 0790): the service on a TigerBeetle replica
// of its own (a shared one would hold other files' transfers on the shared system accounts, which
// this database rightly does not explain), a system built through the real APIs (scenario.ts plus
// a collection, a refund and a payout), verified clean on TigerBeetle; then each disagreement is
// made, on PostgreSQL's side (rows edited, restored after) or on TigerBeetle's (transfers and an
// account created straight through its client: permanent, so last), and the report names it with
// what was expected and what was found.
//
// Runs where the TigerBeetle server binary is (test/helpers/tigerbeetle-cluster.ts finds it as
// scripts/tigerbeetle.sh does), in the suite api-tigerbeetle (vitest.tigerbeetle.config.ts);
// without it, it skips and says why.
import { randomUUID } from 'node:crypto';
import { AccountCode, systemAccountId, TransferCode, walletAccountFlags } from '../../src/domain/ledger-accounts.ts';
import { currencyInfo, idFromParts, u128FromUuid } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Violation } from '../../src/ledger-verification/violations.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { findTigerBeetle, startTigerBeetleCluster, type TigerBeetleCluster } from '../helpers/tigerbeetle-cluster.ts';
import { deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { createPayout, destinationRef, fundedWallet, payoutTestEnv, runJobs } from '../payouts/helpers.ts';
import { buildScenario, scenarioClockMs, verify, type Scenario } from '../ledger-verification/scenario.ts';

const found = findTigerBeetle();
const skipReason = 'skipReason' in found ? found.skipReason : null;
if (skipReason) console.warn(`test/tigerbeetle-cluster/verify-ledger-agreement.test.ts skipped: ${skipReason}`);

let cluster: TigerBeetleCluster;
let service: TestService;
let s: Scenario;
let payoutId: string;

async function violationsWhile(tamper: () => Promise<unknown>, restore: () => Promise<unknown>): Promise<Violation[]> {
  await tamper();
  try {
    const report = await verify(service, 'tigerbeetle');
    expect(report.ok).toBe(false);
    return report.violations;
  } finally {
    await restore();
  }
}

describe.skipIf(skipReason !== null)('PostgreSQL and TigerBeetle agree', () => {
  beforeAll(async () => {
    cluster = await startTigerBeetleCluster((found as { bin: string }).bin, 1);
    service = await startTestService({
      env: { ...payoutTestEnv, TB_ADDRESSES: cluster.addresses, TB_CLUSTER_ID: cluster.clusterId.toString() },
      now: () => scenarioClockMs,
    });
    const collection = await settledCollection(service, service.client, { amount: 150_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    expect((await refund(service.client, collection.id, { amount: 40_000, reason: 'one item returned' })).response.status).toBe(200);
    await deliverAll(service);
    const walletId = await fundedWallet(service, service.client, 50_000);
    const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(service.client), amount: 20_000, currency: 'KES' });
    payoutId = created.data!.data.id;
    s = await buildScenario(service);
    await runJobs(service);
  }, 240_000);
  afterAll(async () => {
    await service?.close();
    await cluster?.close();
  });

  it('a clean system verifies clean on TigerBeetle, every account and transfer it holds explained', async () => {
    const report = await verify(service, 'tigerbeetle');
    expect(report.violations).toEqual([]);
    expect(report).toMatchObject({ ok: true, engine: 'tigerbeetle' });
    expect(report.checked).toMatchObject({ payouts: 2, fxConversions: 2, partnerMovements: 4, partnerWallets: 3 });
    expect(report.checked.engineTransfers).toBeGreaterThan(15);
  });

  it("PostgreSQL's rows changed: a payout's amount, a wallet row pointing elsewhere, a movement row gone", async () => {
    const amount = await violationsWhile(
      () => service.sql`update payouts set amount = amount + 1 where id = ${payoutId}`,
      () => service.sql`update payouts set amount = amount - 1 where id = ${payoutId}`);
    expect(amount).toEqual([expect.objectContaining({ check: 'payout_amount', subject: { kind: 'payout', id: payoutId }, expected: '20001', found: '20000' })]);

    const [wallet] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id::text from partner_wallets where id = ${s.partnerWalletIds.kes2}`;
    const moved = await violationsWhile(
      () => service.sql`update partner_wallets set ledger_account_id = 42 where id = ${s.partnerWalletIds.kes2}`,
      () => service.sql`update partner_wallets set ledger_account_id = ${wallet!.ledger_account_id} where id = ${s.partnerWalletIds.kes2}`);
    expect(moved).toContainEqual(expect.objectContaining({ check: 'engine_account', subject: { kind: 'ledger_account', id: wallet!.ledger_account_id }, found: expect.stringContaining('credits_posted 7000') }));

    const [row] = await service.sql`select * from partner_movements where id = ${s.depositId}`;
    const gone = await violationsWhile(
      () => service.sql`delete from partner_movements where id = ${s.depositId}`,
      () => service.sql`insert into partner_movements ${service.sql(row!)}`);
    expect(gone).toEqual([expect.objectContaining({ check: 'engine_transfer', message: expect.stringContaining(`user_data_128 ${s.depositId}`), found: 'none' })]);
  });

  it("TigerBeetle's side changed: a transfer and an account no row explains (made straight through its client)", async () => {
    const kes = currencyInfo('KES').ledger;
    const engine = service.runtime.ledger.engine;
    const [wallet] = await service.sql<{ ledger_account_id: string }[]>`select ledger_account_id::text from partner_wallets where id = ${s.partnerWalletIds.kes}`;
    const stray = idFromParts('test.stray_transfer', randomUUID());
    const strayOwner = randomUUID();
    const stranger = idFromParts('test.stranger_account', randomUUID());
    const strangerFunding = idFromParts('test.stranger_funding', randomUUID());
    expect((await engine.createAccounts([{ id: stranger, ledger: kes, code: AccountCode.wallet, flags: walletAccountFlags }]))[0]!.status).toBe('created');
    const results = await engine.createTransfers([
      // Money into a known wallet under an owner no row has.
      { id: stray, debit_account_id: systemAccountId('deposit_clearing', 'KES'), credit_account_id: BigInt(wallet!.ledger_account_id), amount: 11n, ledger: kes, code: TransferCode.wallet_deposit, user_data_128: u128FromUuid(strayOwner) },
      // Money into an account no wallet row names, under a row that exists (only the account is unexplained).
      { id: strangerFunding, debit_account_id: systemAccountId('deposit_clearing', 'KES'), credit_account_id: stranger, amount: 13n, ledger: kes, code: TransferCode.wallet_deposit, user_data_128: u128FromUuid(s.depositId) },
    ]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    const report = await verify(service, 'tigerbeetle');
    expect(report.violations).toEqual(expect.arrayContaining([
      expect.objectContaining({ check: 'engine_transfer', subject: { kind: 'ledger_transfer', id: stray.toString() }, message: expect.stringContaining(`user_data_128 ${strayOwner}`), found: 'none' }),
      expect.objectContaining({ check: 'engine_account', subject: { kind: 'ledger_account', id: stranger.toString() }, found: 'debits_posted 0, credits_posted 13, debits_pending 0, credits_pending 0' }),
    ]));
    // The ledger itself is consistent (TigerBeetle balances every transfer): only the agreement fails.
    expect(report.violations.map((v) => v.check).sort()).toEqual(['engine_account', 'engine_transfer']);
  });
});
