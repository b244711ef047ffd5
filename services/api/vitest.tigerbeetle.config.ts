// The service's money tests on the TigerBeetle engine (issue 26): the same test files as the
// PostgreSQL run, with TEST_LEDGER_ENGINE=tigerbeetle, so every service they start keeps its
// ledger on the TigerBeetle replica that TB_ADDRESSES names (test/helpers/service.ts
// testLedgerEnv). scripts/test-all.sh starts a throw-away replica and runs this as the suite
// `api-tigerbeetle` when the shared server binary is there; by hand:
//   source ../../scripts/tigerbeetle.sh && start_tigerbeetle && vitest run --config vitest.tigerbeetle.config.ts; stop_tigerbeetle
// Only the files that move money, one or two per flow, so the run adds about two minutes to
// `make test`; the rest of the service does not touch the ledger or does it through these same paths.
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** The money flows issue 26 names: collections, splits and escrow, refunds, disputes, payouts (hold intents too), FX, partner wallets. */
export const tigerBeetleTestFiles = [
  'test/ledger-engine.test.ts',
  // The service's money movements on each engine (its TigerBeetle cases need TB_ADDRESSES).
  'test/ledger/movements.test.ts',
  'test/collections/lifecycle.test.ts',
  'test/collections/refunds.test.ts',
  'test/split/split-settlement.test.ts',
  'test/split/escrow-return.test.ts',
  'test/split/split-refunds.test.ts',
  'test/split/escrow-crash-windows.test.ts',
  'test/disputes/disputes.test.ts',
  'test/payouts/lifecycle.test.ts',
  'test/payouts/bulk.test.ts',
  'test/payouts/orphan-holds.test.ts',
  'test/idempotency/run-finisher.test.ts',
  'test/payouts/fx.test.ts',
  'test/fx/conversions.test.ts',
  'test/partner/partner-wallets.test.ts',
  'test/partner/withdrawals.test.ts',
  'test/partner/fx-transfers.test.ts',
  // Starts a three-replica cluster of its own and kills replicas (decision 0580); only here.
  'test/tigerbeetle-cluster/replica-faults.test.ts',
  // A replica of its own too (the shared one holds other files' transfers): PostgreSQL and TigerBeetle agree (decision 0790).
  'test/tigerbeetle-cluster/verify-ledger-agreement.test.ts',
];

if (!process.env.TB_ADDRESSES?.trim()) {
  throw new Error('vitest.tigerbeetle.config.ts needs TB_ADDRESSES, a running TigerBeetle replica (scripts/tigerbeetle.sh start_tigerbeetle)');
}
process.env.TEST_LEDGER_ENGINE = 'tigerbeetle';

// Not mergeConfig: it would add these files to the base run's include (arrays are concatenated).
export default defineConfig({ ...base, test: { ...base.test, include: tigerBeetleTestFiles, exclude: configDefaults.exclude } });
