// The sandbox provider's report (format `sandbox_csv`; docs/reconciliation.md): a CSV with the
// header `reference,kind,amount,currency,status,occurred_at`, one row per collection, refund or
// payout attempt the sandbox saw, amounts in integer minor units, times RFC 3339 in UTC. The
// sandbox writes it (connectors/sandbox/settlement-report.ts); this reads it, streaming.
//
// The format has no quoting: no field of it can hold a comma, a quote or a line break (references
// are the sandbox's base32 with `-`). So it is read by splitting lines, not by csv-parse, which
// the M-Pesa statement needs for its quoted amounts: splitting is about ten times faster, and this
// is the format `make bench-recon` pushes a million rows of (decision 0705). A quote anywhere is
// refused rather than misread.
import type { Readable } from 'node:stream';
import { checkCurrency, checkReference, type ProviderReportRecord, ReportParseError, reportRecordKinds, type ReportRecordKind, type ReportRecordStatus } from './report-records.ts';

export const sandboxReportColumns = ['reference', 'kind', 'amount', 'currency', 'status', 'occurred_at'] as const;
/** A line longer than this is not a report row; refusing it bounds what one line may hold in memory. */
export const sandboxLineLengthMax = 1024;
const statuses: readonly ReportRecordStatus[] = ['success', 'failed', 'pending'];
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const amountPattern = /^\d{1,16}$/;

function recordOf(text: string, line: number): ProviderReportRecord {
  if (text.includes('"')) throw new ReportParseError(line, 'row', 'the sandbox format has no quoting');
  const row = text.split(',');
  if (row.length !== sandboxReportColumns.length) throw new ReportParseError(line, 'row', `has ${row.length} columns, not ${sandboxReportColumns.length}`);
  const [reference, kind, amount, currency, status, occurredAt] = row as [string, string, string, string, string, string];
  if (!(reportRecordKinds as readonly string[]).includes(kind)) throw new ReportParseError(line, 'kind', `"${kind}" is not one of ${reportRecordKinds.join(', ')}`);
  if (!amountPattern.test(amount) || !Number.isSafeInteger(Number(amount))) throw new ReportParseError(line, 'amount', 'must be an integer of minor units');
  if (!(statuses as readonly string[]).includes(status)) throw new ReportParseError(line, 'status', `"${status}" is not one of ${statuses.join(', ')}`);
  const time = new Date(occurredAt);
  if (!timePattern.test(occurredAt) || Number.isNaN(time.getTime())) throw new ReportParseError(line, 'occurred_at', 'must be an RFC 3339 UTC time');
  return {
    reference: checkReference(reference, line, 'reference'),
    kind: kind as ReportRecordKind,
    amount: Number(amount),
    currency: checkCurrency(currency, line, 'currency'),
    status: status as ReportRecordStatus,
    occurredAt: time,
  };
}

/**
 * Lines are split within each chunk and parsed there (one generator, no per-line hop through
 * another): the bench's hot loop.
 */
export async function* parseSandboxReport(input: Readable): AsyncGenerator<ProviderReportRecord> {
  let header = false;
  let rest = '';
  let line = 0;
  const take = (raw: string): ProviderReportRecord | null => {
    line += 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!header) {
      if (text.replace(/^\uFEFF/, '') !== sandboxReportColumns.join(',')) throw new ReportParseError(line, 'header', `must be ${sandboxReportColumns.join(',')}`);
      header = true;
      return null;
    }
    return text.trim() === '' ? null : recordOf(text, line);
  };
  for await (const chunk of input) {
    const text = rest + (typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8'));
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const record = take(text.slice(start, end));
      start = end + 1;
      if (record) yield record;
    }
    rest = text.slice(start);
    if (rest.length > sandboxLineLengthMax) throw new ReportParseError(line + 1, 'row', `is longer than ${sandboxLineLengthMax} characters`);
  }
  if (rest !== '') {
    const record = take(rest);
    if (record) yield record;
  }
  if (!header) throw new ReportParseError(1, 'header', `must be ${sandboxReportColumns.join(',')}`);
}
