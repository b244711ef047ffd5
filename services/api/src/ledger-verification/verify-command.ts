// `./payagg verify-ledger [--json]` (cli.ts): opens the ledger the service is configured with
// (TigerBeetle when TB_ADDRESSES is set, else the PostgreSQL engine in the service's database),
// verifies it (ledger-verification.ts) and prints the report; a report with violations is an
// error, so the command exits 1 (docs/operations.md, Ledger verification).
import { parseArgs } from 'node:util';
import { createEngine, Ledger } from '@payagg/ledger';
import { loadConfig, type Config } from '../config.ts';
import { postgresTarget, type Database } from '../db/index.ts';
import { verifyLedger } from './ledger-verification.ts';
import { reportJson, reportText, type VerificationReport } from './violations.ts';

export async function runVerifyLedger(config: Config, db: Database, options: { json: boolean; write(text: string): void }): Promise<VerificationReport> {
  const engine = await createEngine(config.tigerBeetleAddresses
    ? { engine: 'tigerbeetle', addresses: config.tigerBeetleAddresses, clusterId: config.tigerBeetleClusterId, requestTimeoutMs: config.tigerBeetleRequestTimeoutMs }
    : { engine: 'postgres', ...postgresTarget(db.url), poolConnectionsMax: 2, migrate: false });
  try {
    const report = await verifyLedger({ sql: db.sql, ledger: new Ledger(engine), engine: config.tigerBeetleAddresses ? 'tigerbeetle' : 'postgres', now: Date.now });
    options.write(options.json ? reportJson(report) : reportText(report));
    // The CLI prints `error: <message>` and exits 1 for any error.
    if (!report.ok) throw new Error(`${report.violations.length} ledger violation(s)`);
    return report;
  } finally {
    await engine.close();
  }
}

/** The CLI's command (cli.ts Command): `usageError` makes the CLI's own usage error (exit 2). */
export function verifyLedgerCommand(args: string[], usageError: (message: string) => Error) {
  let json: boolean;
  try {
    const parsed = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true, strict: true });
    if (parsed.positionals.length > 0) throw new Error(`unexpected argument "${parsed.positionals[0]}"`);
    json = parsed.values.json === true;
  } catch (error) {
    throw usageError((error as Error).message);
  }
  return {
    needsKey: false,
    async run(db: Database): Promise<void> {
      await runVerifyLedger(loadConfig(process.env), db, { json, write: (text) => process.stdout.write(text) });
    },
  };
}
