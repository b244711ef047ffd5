// One reconciliation run (docs/reconciliation.md "Runs and re-runs"): the run's row first (so a
// failure is recorded against it), the provider's report streamed into staging rows, the merge
// join writing every item, the comparison with the period's previous run, the row completed.
// Re-running a period is idempotent: the same records give the same items and classes, and the
// new run's `changes` says what differs from the last completed run of that period. A report
// that cannot be read fails the run (its `failure` names the line and column) and is refused
// (422 naming body.source); a provider whose report API does not answer fails it too (503
// RAIL_UNAVAILABLE: run it again later); the staging rows are dropped either way.
import { Readable } from 'node:stream';
import type { Sql } from '../../db/index.ts';
import { fieldsRefusal, isRefusal } from '../../domain/outcomes.ts';
import { sandboxSettlementReport } from '../../connectors/sandbox/settlement-report.ts';
import { loadReportRecords, matchRun } from '../matcher.ts';
import { parseMpesaStatement } from '../mpesa-statement-format.ts';
import { parsePaystackSettlementRows, paystackRowsOfUpload } from '../paystack-settlement-format.ts';
import { type ProviderReportRecord, ReportParseError } from '../report-records.ts';
import { changesSince, completeRun, deleteReportRecords, failRun, insertRun, type RunRow } from '../runs.ts';
import { parseSandboxReport } from '../sandbox-report-format.ts';
import { paystackPeriodRecords, type ReconReportSources, settledRangeOf } from '../settlement-pulls.ts';
import { providerSettings, type ReconConfig, type ReconProvider, type ReportFormat } from '../settings.ts';

/** A period longer than this is several runs: it bounds what one run holds the database for. */
export const periodDaysMax = 31;
const dayMs = 86_400_000;

/** `reconReportSources`: the report APIs of the providers configured here (runtime.ts). */
export type RunDeps = { sql: Sql; config: { recon: ReconConfig }; now: () => number; reconReportSources: ReconReportSources };

/** Where the report comes from: pulled from the provider (the sandbox's generator, Paystack's API), a file's text or stream. */
export type ReportSource =
  | { type: 'provider_api' }
  | { type: 'upload'; format: ReportFormat; content: string | Readable };

export type RunRequest = { provider: ReconProvider; periodStart: Date; periodEnd: Date; source: ReportSource; operatorId: string | null };

/** Why a provider's report cannot be pulled here, or null when it can (decision 0781). */
function whyNoPull(provider: ReconProvider, sources: ReconReportSources): string | null {
  if (provider === 'mpesa') return 'the M-Pesa portal has no statement API: upload its statement export (source.type upload, format mpesa_statement_csv)';
  if (provider === 'paystack' && sources.paystack === null) return 'Paystack is not configured here (PAYSTACK_* settings): upload the settlement\'s transactions (format paystack_settlement_json)';
  return null;
}

function checkRequest(request: RunRequest, nowMs: number, sources: ReconReportSources): ReportFormat {
  const settings = providerSettings[request.provider];
  const lengthMs = request.periodEnd.getTime() - request.periodStart.getTime();
  if (lengthMs <= 0) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.period_end', message: 'must be after period_start' }]);
  if (lengthMs > periodDaysMax * dayMs) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.period_end', message: `a period is at most ${periodDaysMax} days` }]);
  if (request.periodStart.getTime() > nowMs) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.period_start', message: 'must not be in the future' }]);
  // Before 1970 no provider's report has a record, and a year below 100 would come back from
  // PostgreSQL as a time JavaScript cannot read (a run no list could show: conformance finding).
  if (request.periodStart.getTime() < 0) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.period_start', message: 'must not be before 1970-01-01T00:00:00Z' }]);
  if (request.source.type === 'upload') {
    if (!settings.formats.includes(request.source.format)) {
      throw fieldsRefusal('recon_request_invalid', [{ field: 'body.source.format', message: `${request.provider} reports come as ${settings.formats.join(', ')}` }]);
    }
    return request.source.format;
  }
  const why = whyNoPull(request.provider, sources);
  if (why !== null) throw fieldsRefusal('recon_report_unavailable', [{ field: 'body.source.type', message: why }]);
  return settings.formats[0]!;
}

function recordsOf(deps: RunDeps, request: RunRequest, format: ReportFormat): AsyncIterable<ProviderReportRecord> {
  const source = request.source;
  if (source.type === 'provider_api' && request.provider === 'paystack') {
    const period = { start: request.periodStart, end: request.periodEnd };
    return paystackPeriodRecords(deps.reconReportSources.paystack!, settledRangeOf(period, providerSettings.paystack, deps.config.recon.settlementWindowHours.paystack));
  }
  if (source.type === 'provider_api') {
    return sandboxSettlementReport(deps.sql, { from: request.periodStart, to: request.periodEnd }, new Date(deps.now()));
  }
  const stream = typeof source.content === 'string' ? Readable.from([source.content]) : source.content;
  if (format === 'sandbox_csv') return parseSandboxReport(stream);
  if (format === 'mpesa_statement_csv') return parseMpesaStatement(stream);
  if (typeof source.content !== 'string') throw new Error('a Paystack settlement upload is JSON text');
  return parsePaystackSettlementRows(paystackRowsOfUpload(source.content));
}

export async function runReconciliation(deps: RunDeps, request: RunRequest): Promise<RunRow> {
  const format = checkRequest(request, deps.now(), deps.reconReportSources);
  const run = await insertRun(deps.sql, { provider: request.provider, periodStart: request.periodStart, periodEnd: request.periodEnd, source: request.source.type, format, operatorId: request.operatorId });
  const settings = providerSettings[request.provider];
  const period = { start: request.periodStart, end: request.periodEnd };
  try {
    const loaded = await loadReportRecords(deps.sql, run.id, recordsOf(deps, request, format), period, settings);
    const ctx = { nowMs: deps.now(), windowMs: deps.config.recon.settlementWindowHours[request.provider] * 3_600_000 };
    const matched = await matchRun(deps.sql, run.id, period, settings, ctx);
    const changes = run.previous_run_id ? await changesSince(deps.sql, run.id, run.previous_run_id) : null;
    return await completeRun(deps.sql, run.id, { providerRecords: loaded.loaded, ourRecords: matched.ourRecords, counts: matched.counts, changes });
  } catch (error) {
    const message = error instanceof ReportParseError ? `the report cannot be read: ${error.message}`
      : isRefusal(error, 'recon_provider_unavailable') ? error.message : 'the run failed; see the service log';
    await failRun(deps.sql, run.id, message);
    if (error instanceof ReportParseError) {
      // A pulled report is the provider's answer, not a field of the request: the source names it.
      const field = request.source.type === 'upload' ? 'body.source.content' : 'body.source.type';
      throw fieldsRefusal('recon_report_invalid', [{ field, message: error.message }], `The report cannot be read (run ${run.id}).`);
    }
    throw error;
  } finally {
    await deleteReportRecords(deps.sql, run.id);
  }
}

