// The scheduled ledger verification (ledger-verification/jobs/verify-ledger.ts): violations found
// by the last run, by check (a gauge: what is wrong now, 0 once fixed), runs by outcome, and when
// the last run finished. Alert on payagg_ledger_violations > 0 (docs/operations.md).
import { Counter, Gauge } from 'prom-client';
import { metricNamePrefix, processRegistry } from './registry.ts';

export const ledgerViolations = new Gauge({
  name: `${metricNamePrefix}ledger_violations`,
  help: 'Ledger invariant violations found by the last scheduled verification in this process, by check (ledger_balanced, wallet_postings, collection_transfers, payout_transfers, ...); 0 when clean',
  labelNames: ['check'] as const,
  registers: [processRegistry],
});

export const ledgerVerificationRuns = new Counter({
  name: `${metricNamePrefix}ledger_verification_runs_total`,
  help: 'Scheduled ledger verifications run by this process, by outcome: clean, violations',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const ledgerVerificationLastRun = new Gauge({
  name: `${metricNamePrefix}ledger_verification_last_run_timestamp_seconds`,
  help: 'When the last scheduled ledger verification in this process finished (Unix seconds)',
  registers: [processRegistry],
});

/** Records one run: every check's gauge is reset, then set to this run's count. */
export function recordLedgerVerification(violationsByCheck: Record<string, number>, finishedAtMs: number): void {
  ledgerViolations.reset();
  let total = 0;
  for (const [check, count] of Object.entries(violationsByCheck)) {
    ledgerViolations.set({ check }, count);
    total += count;
  }
  ledgerVerificationRuns.inc({ outcome: total === 0 ? 'clean' : 'violations' });
  ledgerVerificationLastRun.set(finishedAtMs / 1000);
}
