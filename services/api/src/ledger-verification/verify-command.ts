// `./payagg verify-ledger [--json]` (cli.ts): opens the ledger the service is configured with
// (TigerBeetle when TB_ADDRESSES is set, else the PostgreSQL engine in the service's database),
// verifies it (ledger-verification.ts) and prints the report; a report with violations is an
// error, so the command exits 1 (docs/operations.md, Ledger verification).
import { createEngine, Ledger } from '@payagg/ledger';
import type { Config } from '../config.ts';
import { postgresTarget, type Database } from '../db/index.ts';
import { verifyLedger } from './ledger-verification.ts';
import { reportJson, reportText, type VerificationReport } from './violations.ts';

export class LedgerViolationsError extends Error {
  name = 'LedgerViolationsError';
}

export async function runVerifyLedger(config: Config, db: Database, options: { json: boolean; write(text: string): void }): Promise<VerificationReport> {
  const engine = await createEngine(config.tigerBeetleAddresses
    ? { engine: 'tigerbeetle', addresses: config.tigerBeetleAddresses, clusterId: config.tigerBeetleClusterId, requestTimeoutMs: config.tigerBeetleRequestTimeoutMs }
    : { engine: 'postgres', ...postgresTarget(db.url), poolConnectionsMax: 2, migrate: false });
  try {
    const report = await verifyLedger({ sql: db.sql, ledger: new Ledger(engine), engine: config.tigerBeetleAddresses ? 'tigerbeetle' : 'postgres', now: Date.now });
    options.write(options.json ? reportJson(report) : reportText(report));
    if (!report.ok) throw new LedgerViolationsError(`${report.violations.length} ledger violation(s)`);
    return report;
  } finally {
    await engine.close();
  }
}
