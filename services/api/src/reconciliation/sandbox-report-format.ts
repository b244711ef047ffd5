// The sandbox provider's report (format `sandbox_csv`; docs/reconciliation.md): a CSV with the
// header `reference,kind,amount,currency,status,occurred_at`, one row per collection, refund or
// payout attempt the sandbox saw, amounts in integer minor units, times RFC 3339 in UTC. The
// sandbox writes it (connectors/sandbox/settlement-report.ts); this reads it, streaming.
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { checkCurrency, checkReference, type ProviderReportRecord, ReportParseError, reportRecordKinds, type ReportRecordKind, type ReportRecordStatus } from './report-records.ts';

export const sandboxReportColumns = ['reference', 'kind', 'amount', 'currency', 'status', 'occurred_at'] as const;
const statuses: readonly ReportRecordStatus[] = ['success', 'failed', 'pending'];

export async function* parseSandboxReport(input: Readable): AsyncGenerator<ProviderReportRecord> {
  const parser = input.pipe(parse({ columns: false, skip_empty_lines: true, trim: true, relax_column_count: true, info: true }));
  let line = 0;
  let records = 0;
  for await (const { record: row, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    line = info.lines;
    records += 1;
    if (records === 1) {
      if (row.join(',') !== sandboxReportColumns.join(',')) throw new ReportParseError(1, 'header', `must be ${sandboxReportColumns.join(',')}`);
      continue;
    }
    if (row.length !== sandboxReportColumns.length) throw new ReportParseError(line, 'row', `has ${row.length} columns, not ${sandboxReportColumns.length}`);
    const [reference, kind, amount, currency, status, occurredAt] = row as [string, string, string, string, string, string];
    if (!(reportRecordKinds as readonly string[]).includes(kind)) throw new ReportParseError(line, 'kind', `"${kind}" is not one of ${reportRecordKinds.join(', ')}`);
    if (!/^\d{1,16}$/.test(amount) || !Number.isSafeInteger(Number(amount))) throw new ReportParseError(line, 'amount', 'must be an integer of minor units');
    if (!(statuses as readonly string[]).includes(status)) throw new ReportParseError(line, 'status', `"${status}" is not one of ${statuses.join(', ')}`);
    const time = new Date(occurredAt);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(occurredAt) || Number.isNaN(time.getTime())) {
      throw new ReportParseError(line, 'occurred_at', 'must be an RFC 3339 UTC time');
    }
    yield {
      reference: checkReference(reference, line, 'reference'),
      kind: kind as ReportRecordKind,
      amount: Number(amount),
      currency: checkCurrency(currency, line, 'currency'),
      status: status as ReportRecordStatus,
      occurredAt: time,
    };
  }
  if (records === 0) throw new ReportParseError(1, 'header', `must be ${sandboxReportColumns.join(',')}`);
}
