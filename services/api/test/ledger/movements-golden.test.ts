// Every money movement the service makes reaches the ledger engine exactly as it did before the
// product code left @payagg/ledger (decision 0620): same accounts, same transfers, same derived
// ids, flags, codes, user data and timeouts, and the same answers. movements-golden.json was
// recorded from the old Ledger methods running movements-scenario.ts on a PostgreSQL engine; here
// the same scenario runs through the capabilities' ledger-*.ts modules. Persisted ids (hold
// intents, escrow holds, split refunds) depend on these derivations, so any drift fails here.
import fs from 'node:fs';
import { holdLegId, Ledger, PostgresEngine } from '@payagg/ledger';
import { afterAll, expect, it } from 'vitest';
import { cancelRefund, commitRefund, refundReservationId, reserveRefund, settleCollection, settleCollections } from '../../src/collections/ledger-collections.ts';
import { disputeHoldId, holdDispute, postDisputeHold, returnDisputeHold } from '../../src/collections/disputes/ledger-disputes.ts';
import { openWallet, systemAccountId, walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { cancelConversion, commitConversion, conversionTransferIds, moveConversion } from '../../src/fx/ledger-conversions.ts';
import { deposit, transferBetweenWallets } from '../../src/partner-wallets/ledger-partner-wallets.ts';
import { cancelPayout, commitPayout, holdPayoutChain, payoutReservationId, reservePayout } from '../../src/payouts/ledger-payouts.ts';
import {
  cancelSplitRefund, commitSplitRefund, creditLeg, escrowReleaseId, regrowHold, releaseEscrow, reserveSplitRefund, returnEscrow,
  splitHoldId, splitRefundTransferId,
} from '../../src/collections/splits/ledger-splits.ts';
import { postgresTarget } from '../../src/db/index.ts';
import { createTestDatabase } from '../helpers/service.ts';
import { plain, recordingEngine, runScenario } from './movements-scenario.ts';

const golden: unknown = JSON.parse(fs.readFileSync(new URL('./movements-golden.json', import.meta.url), 'utf8'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => { for (const close of closers.reverse()) await close(); });

it('sends the engine the very transfers, accounts and ids recorded before the move, and answers the same', async () => {
  const database = await createTestDatabase({ empty: true });
  closers.push(() => database.drop());
  const engine = new PostgresEngine(postgresTarget(database.url));
  closers.push(() => engine.close());
  await engine.migrate();
  const log: unknown[] = [];
  const ledger = new Ledger(recordingEngine(engine, log));
  const withLedger = <A extends unknown[], R>(f: (l: Ledger, ...args: A) => R) => (...args: A) => f(ledger, ...args);
  const api = {
    openWallet: withLedger(openWallet), walletAccountId, systemAccountId,
    deposit: withLedger(deposit), transferBetweenWallets: withLedger(transferBetweenWallets),
    settleCollections: withLedger(settleCollections), settleCollection: withLedger(settleCollection),
    escrowReleaseId, releaseEscrow: withLedger(releaseEscrow), returnEscrow: withLedger(returnEscrow),
    refundReservationId, reserveRefund: withLedger(reserveRefund), commitRefund: withLedger(commitRefund), cancelRefund: withLedger(cancelRefund),
    payoutReservationId, reservePayout: withLedger(reservePayout), commitPayout: withLedger(commitPayout), cancelPayout: withLedger(cancelPayout),
    disputeHoldId, holdDispute: withLedger(holdDispute), returnDisputeHold: withLedger(returnDisputeHold), postDisputeHold: withLedger(postDisputeHold),
    holdLegId, holdChain: withLedger(holdPayoutChain),
    postHolds: ledger.postHolds.bind(ledger), voidHolds: ledger.voidHolds.bind(ledger),
    postHoldGroups: ledger.postHoldGroups.bind(ledger), voidHoldGroups: ledger.voidHoldGroups.bind(ledger),
    splitHoldId, splitRefundTransferId, reserveSplitRefund: withLedger(reserveSplitRefund),
    commitSplitRefund: withLedger(commitSplitRefund), cancelSplitRefund: withLedger(cancelSplitRefund),
    regrowHold: withLedger(regrowHold), creditLeg: withLedger(creditLeg),
    conversionTransferIds, moveConversion: withLedger(moveConversion),
    commitConversion: withLedger(commitConversion), cancelConversion: withLedger(cancelConversion),
    balance: ledger.balance.bind(ledger), checkInvariants: ledger.checkInvariants.bind(ledger),
  };
  await runScenario(api as Record<string, (...args: any[]) => any>, log);
  expect(plain(log)).toEqual(golden);
});
