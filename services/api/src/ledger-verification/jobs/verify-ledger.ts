// The scheduled ledger verification: once an hour, every invariant (ledger-verification.ts);
// each violation logged at error with its check, subject, expected and found, and counted in
// payagg_ledger_violations{check} (metrics/ledger-verification.ts). What to do: docs/operations.md.
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';
import { recordLedgerVerification } from '../../metrics/ledger-verification.ts';
import { verifyLedger } from '../ledger-verification.ts';

/** Minutes between runs: a read of every wallet's postings, so hourly rather than every minute (decision 0721). */
export const ledgerVerifyIntervalMinutes = 60;

export const ledgerVerifyJob = defineJob<JobPayloads['ledger.verify']>({
  attemptsMax: jobAttemptsMax['ledger.verify'], // catalog.ts says why
  recurring: { intervalMinutes: ledgerVerifyIntervalMinutes },
  async run(_payload, { deps }) {
    const report = await verifyLedger({ sql: deps.sql, ledger: deps.ledger, engine: deps.config.tigerBeetleAddresses ? 'tigerbeetle' : 'postgres', now: deps.now });
    const byCheck: Record<string, number> = {};
    for (const violation of report.violations) {
      byCheck[violation.check] = (byCheck[violation.check] ?? 0) + 1;
      deps.logger.error('ledger violation', { ...violation });
    }
    recordLedgerVerification(byCheck, deps.now());
    if (report.ok) deps.logger.info('ledger verified', { checked: report.checked });
    else deps.logger.error('ledger verification found violations', { violations: report.violations.length, checked: report.checked });
  },
});
