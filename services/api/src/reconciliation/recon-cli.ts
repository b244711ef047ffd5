// The operator CLI's reconciliation commands (`./payagg ops-key ...`, `./payagg recon ...`;
// docs/reconciliation.md "CLI"). They call the same flows as the ops API, in the CLI's own
// process: `recon run --file` streams a report of any size from disk (the API takes 1 MiB).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine, Ledger } from '@payagg/ledger';
import type { Config } from '../config.ts';
import { type Database, postgresTarget } from '../db/index.ts';
import { createOperatorKey, findOperator, insertOperator, operatorKeyPattern, operatorNameLengthMax, revokeOperatorKey } from '../accounts/index.ts';
import { providerConnectorsFromEnv } from '../provider-routing/provider-catalog.ts';
import { injectSandboxDiscrepancy, sandboxDiscrepancies, type SandboxDiscrepancy, sandboxReportCsv, sandboxSettlementReport } from '../connectors/sandbox/settlement-report.ts';
import { type ReconClass, reconClasses } from './classify.ts';
import { resolveException } from './flows/resolve-exception.ts';
import { type ReportSource, runReconciliation } from './flows/run-reconciliation.ts';
import { listItems, toItemResource } from './items.ts';
import { toRunResource } from './runs.ts';
import { isReconProvider, type ReportFormat, reportFormats } from './settings.ts';
import { ReconUsageError } from './recon-cli-usage.ts';

export type ReconCommand = { run(db: Database, config: Config): Promise<void> };

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new ReconUsageError((error as Error).message);
  }
}

function date(value: string | boolean | undefined, what: string): Date {
  const parsed = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(parsed.getTime())) throw new ReconUsageError(`${what} must be an ISO 8601 time`);
  return parsed;
}

function wholeNumber(value: string | boolean | undefined, what: string, min: number): number {
  if (typeof value !== 'string' || !/^-?\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) throw new ReconUsageError(`${what} must be an integer >= ${min}`);
  return Number(value);
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

async function withLedger<T>(db: Database, config: Config, work: (ledger: Ledger) => Promise<T>): Promise<T> {
  const engine = await createEngine(config.tigerBeetleAddresses
    ? { engine: 'tigerbeetle', addresses: config.tigerBeetleAddresses, clusterId: config.tigerBeetleClusterId, requestTimeoutMs: config.tigerBeetleRequestTimeoutMs }
    : { engine: 'postgres', ...postgresTarget(db.url), poolConnectionsMax: 2, migrate: false });
  try {
    return await work(new Ledger(engine));
  } finally {
    await engine.close();
  }
}

function opsKeyCommand(action: string | undefined, rest: string[]): ReconCommand {
  if (action === 'create') {
    const { values } = parse(rest, { name: { type: 'string' }, json: { type: 'boolean' } });
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    if (!name || name.length > operatorNameLengthMax) throw new ReconUsageError(`--name is required, at most ${operatorNameLengthMax} characters`);
    return {
      async run(db) {
        const created = await db.sql.begin(async (tx) => createOperatorKey(tx, (await insertOperator(tx, name)).id));
        if (values.json) process.stdout.write(`${JSON.stringify({ operator_id: created.operator_id, api_key: created.api_key })}\n`);
        else process.stdout.write(`operator_id: ${created.operator_id}\napi_key:     ${created.api_key}  (shown once)\n`);
      },
    };
  }
  if (action === 'revoke') {
    const { positionals } = parse(rest, {});
    const key = positionals[0] ?? '';
    if (positionals.length !== 1 || !operatorKeyPattern.test(key)) throw new ReconUsageError('ops-key revoke takes one operator key (opk_ and 48 letters and digits)');
    return {
      async run(db) {
        if (!(await revokeOperatorKey(db.sql, key))) throw new Error('no active operator key matches');
        print({ revoked: true });
      },
    };
  }
  throw new ReconUsageError(`unknown command "ops-key ${action ?? ''}"`.trim());
}

function runCommand(rest: string[]): ReconCommand {
  const { values } = parse(rest, { provider: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, file: { type: 'string' }, format: { type: 'string' }, operator: { type: 'string' } });
  const provider = String(values.provider ?? '');
  if (!isReconProvider(provider)) throw new ReconUsageError('--provider must be sandbox, mpesa or paystack');
  const periodStart = date(values.from, '--from');
  const periodEnd = date(values.to, '--to');
  let source: ReportSource = { type: 'provider_api' };
  if (typeof values.file === 'string') {
    const format = String(values.format ?? '');
    if (!(reportFormats as readonly string[]).includes(format)) throw new ReconUsageError(`--format must be one of ${reportFormats.join(', ')}`);
    // A Paystack file is JSON, read whole; CSV files stream.
    const content = format === 'paystack_settlement_json' ? fs.readFileSync(values.file, 'utf8') : fs.createReadStream(values.file);
    source = { type: 'upload', format: format as ReportFormat, content };
  }
  const operatorId = typeof values.operator === 'string' ? values.operator : null;
  return {
    async run(db, config) {
      if (operatorId && !(await findOperator(db.sql, operatorId))) throw new Error(`no operator ${operatorId}`);
      // A pull from Paystack uses its settings in this environment (PAYSTACK_*), as the service builds them.
      const pullsPaystack = provider === 'paystack' && source.type === 'provider_api';
      const reconReportSources = { paystack: pullsPaystack ? providerConnectorsFromEnv(process.env, { sql: db.sql }).settlementReports?.paystack ?? null : null };
      print(toRunResource(await runReconciliation({ sql: db.sql, config, now: Date.now, reconReportSources }, { provider, periodStart, periodEnd, source, operatorId })));
    },
  };
}

function itemsCommand(rest: string[]): ReconCommand {
  const { values, positionals } = parse(rest, { class: { type: 'string' }, open: { type: 'boolean' }, limit: { type: 'string' } });
  const runId = positionals[0];
  if (!runId) throw new ReconUsageError('recon items takes a run id');
  const cls = values.class as string | undefined;
  if (cls !== undefined && !(reconClasses as readonly string[]).includes(cls)) throw new ReconUsageError(`--class must be one of ${reconClasses.join(', ')}`);
  const limit = values.limit === undefined ? 100 : wholeNumber(values.limit, '--limit', 1);
  return {
    async run(db) {
      const [run] = await db.sql<{ provider: string }[]>`select provider from recon_runs where id = ${runId}`;
      if (!run) throw new Error(`no run ${runId}`);
      const items = await listItems(db.sql, runId, run.provider, { class: cls as ReconClass | undefined, exceptionsOnly: true, state: values.open ? 'open' : undefined }, 0, limit);
      print(items.map(toItemResource));
    },
  };
}

function resolveCommand(rest: string[]): ReconCommand {
  const { values, positionals } = parse(rest, { operator: { type: 'string' }, reason: { type: 'string' }, correct: { type: 'string' }, amount: { type: 'string' }, wallet: { type: 'string' } });
  const [runId, itemId] = positionals;
  if (!runId || !itemId) throw new ReconUsageError('recon resolve takes a run id and an item id');
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason || reason.length > 500) throw new ReconUsageError('--reason is required, at most 500 characters');
  if (typeof values.operator !== 'string') throw new ReconUsageError('--operator OPERATOR_ID is required: resolutions record who made them');
  const direction = values.correct;
  if (direction !== undefined && direction !== 'credit_wallet' && direction !== 'debit_wallet') throw new ReconUsageError('--correct must be credit_wallet or debit_wallet');
  const correction = direction === undefined ? null : { direction: direction as 'credit_wallet' | 'debit_wallet', amount: wholeNumber(values.amount, '--amount', 1), walletId: typeof values.wallet === 'string' ? values.wallet : null };
  const operatorId = values.operator;
  return {
    async run(db, config) {
      if (!(await findOperator(db.sql, operatorId))) throw new Error(`no operator ${operatorId}`);
      const item = await withLedger(db, config, (ledger) => resolveException({ sql: db.sql, ledger }, {
        runId, itemSeq: wholeNumber(itemId, 'ITEM_ID', 1), operatorId, action: correction ? 'correct' : 'accept', reason, correction,
      }));
      print(toItemResource(item));
    },
  };
}

function discrepancyCommand(rest: string[]): ReconCommand {
  const { values } = parse(rest, { reference: { type: 'string' }, kind: { type: 'string' }, 'amount-delta': { type: 'string' }, currency: { type: 'string' }, 'settles-at': { type: 'string' }, amount: { type: 'string' }, 'occurred-at': { type: 'string' } });
  const reference = typeof values.reference === 'string' ? values.reference : '';
  if (!reference) throw new ReconUsageError('--reference is required');
  const kind = values.kind;
  let d: SandboxDiscrepancy;
  if (kind === 'drop' || kind === 'flip_status' || kind === 'duplicate') d = { reference, discrepancy: kind };
  else if (kind === 'amount') d = { reference, discrepancy: 'amount', amountDelta: wholeNumber(values['amount-delta'], '--amount-delta', -Number.MAX_SAFE_INTEGER) };
  else if (kind === 'currency') d = { reference, discrepancy: 'currency', currency: String(values.currency ?? '').toUpperCase() };
  else if (kind === 'late') d = { reference, discrepancy: 'late', settlesAt: date(values['settles-at'], '--settles-at') };
  else if (kind === 'extra') {
    d = { reference, discrepancy: 'extra', kind: 'collection', amount: wholeNumber(values.amount, '--amount', 1), currency: String(values.currency ?? 'KES').toUpperCase(),
      occurredAt: values['occurred-at'] === undefined ? new Date() : date(values['occurred-at'], '--occurred-at') };
  } else throw new ReconUsageError(`--kind must be one of ${sandboxDiscrepancies.join(', ')}`);
  return { async run(db) { await injectSandboxDiscrepancy(db.sql, d); print({ injected: d.discrepancy, reference }); } };
}

/** The command for `argv`, or null when it is not a reconciliation command. */
export function parseReconCommand(argv: string[]): ReconCommand | null {
  const [group, action, ...rest] = argv;
  if (group === 'ops-key') return opsKeyCommand(action, rest);
  if (group !== 'recon') return null;
  if (action === 'run') return runCommand(rest);
  if (action === 'items') return itemsCommand(rest);
  if (action === 'resolve') return resolveCommand(rest);
  if (action === 'sandbox-discrepancy') return discrepancyCommand(rest);
  if (action === 'sandbox-report') {
    const { values } = parse(rest, { from: { type: 'string' }, to: { type: 'string' } });
    const period = { from: date(values.from, '--from'), to: date(values.to, '--to') };
    return {
      async run(db) {
        for await (const line of sandboxReportCsv(sandboxSettlementReport(db.sql, period, new Date()))) {
          if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once('drain', resolve));
        }
      },
    };
  }
  throw new ReconUsageError(`unknown command "recon ${action ?? ''}"`.trim());
}
