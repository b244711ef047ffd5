// The M-Pesa organisation portal's statement export (format `mpesa_statement_csv`;
// docs/reconciliation.md): Safaricom's M-PESA Business (org) portal exports an organisation
// account's statement as CSV with the columns Receipt No., Completion Time, Initiation Time,
// Details, Transaction Status, Paid In, Withdrawn, Balance, Balance Confirmed, Reason Type, Other
// Party Info, Linked Transaction ID, A/C No. (M-PESA Business Portal User Manual, "Statements";
// https://www.scribd.com/document/719951117/M-PESA-Business-Portal-Detailed-Guide). The export
// starts with a few lines about the account before the table; those are skipped up to the header.
// Amounts are KES with two decimals ("1,500.00"); times are the portal's local time, East Africa
// Time (UTC+03:00, no daylight saving), as `YYYY-MM-DD HH:MM:SS` or `DD-MM-YYYY HH:MM:SS`.
// Charge rows (Reason Type "... Charge") are the provider's fees, not payments of ours: skipped.
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { checkReference, decimalToMinorUnits, type ProviderReportRecord, ReportParseError, type ReportRecordKind, type ReportRecordStatus } from './report-records.ts';

export const mpesaStatementColumns = [
  'Receipt No.', 'Completion Time', 'Initiation Time', 'Details', 'Transaction Status', 'Paid In', 'Withdrawn', 'Balance',
  'Balance Confirmed', 'Reason Type', 'Other Party Info', 'Linked Transaction ID', 'A/C No.',
] as const;
/** Lines of account details the portal writes above the table; more means the header is missing. */
export const mpesaPreambleLinesMax = 20;
const eatOffset = '+03:00';

const statusOf: Record<string, ReportRecordStatus> = {
  completed: 'success', failed: 'failed', declined: 'failed', cancelled: 'failed', expired: 'failed', pending: 'pending', authorized: 'pending',
};

function timeOf(text: string, line: number): Date {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  const dmy = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dmy ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]] : null;
  const time = parts ? new Date(`${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:${parts[5]}${eatOffset}`) : null;
  if (!time || Number.isNaN(time.getTime())) throw new ReportParseError(line, 'Completion Time', `"${text}" is not YYYY-MM-DD HH:MM:SS`);
  return time;
}

/** One table row -> a record, or null for a charge row. */
function recordOf(cells: Record<string, string>, line: number): ProviderReportRecord | null {
  const reasonType = cells['Reason Type'] ?? '';
  if (/charge/i.test(reasonType)) return null;
  const status = statusOf[(cells['Transaction Status'] ?? '').trim().toLowerCase()];
  if (!status) throw new ReportParseError(line, 'Transaction Status', `"${cells['Transaction Status']}" is not a status the portal exports`);
  const paidIn = (cells['Paid In'] ?? '').trim();
  const withdrawn = (cells.Withdrawn ?? '').trim();
  const paidInAmount = paidIn === '' ? 0 : decimalToMinorUnits(paidIn, 'KES', line, 'Paid In');
  const withdrawnAmount = withdrawn === '' ? 0 : decimalToMinorUnits(withdrawn, 'KES', line, 'Withdrawn');
  if ((paidInAmount > 0) === (withdrawnAmount > 0)) throw new ReportParseError(line, 'Paid In', 'exactly one of Paid In and Withdrawn must hold an amount');
  // Money out is a payout (B2C), or a refund when the portal calls it a reversal of a payment in.
  const kind: ReportRecordKind = paidInAmount > 0 ? 'collection' : /revers/i.test(reasonType) ? 'refund' : 'payout';
  const completion = (cells['Completion Time'] ?? '').trim();
  return {
    reference: checkReference(cells['Receipt No.'], line, 'Receipt No.'),
    kind,
    amount: paidInAmount || withdrawnAmount,
    currency: 'KES',
    status,
    occurredAt: timeOf(completion === '' ? (cells['Initiation Time'] ?? '') : completion, line),
  };
}

export async function* parseMpesaStatement(input: Readable): AsyncGenerator<ProviderReportRecord> {
  const parser = input.pipe(parse({ columns: false, skip_empty_lines: true, trim: true, relax_column_count: true, info: true, bom: true }));
  let line = 0;
  let records = 0;
  let header: string[] | null = null;
  for await (const { record: row, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    line = info.lines;
    records += 1;
    if (!header) {
      if (row[0] === mpesaStatementColumns[0]) {
        const missing = mpesaStatementColumns.filter((column) => !row.includes(column));
        if (missing.length > 0) throw new ReportParseError(line, 'header', `lacks ${missing.join(', ')}`);
        header = row;
      } else if (records >= mpesaPreambleLinesMax) {
        throw new ReportParseError(line, 'header', `no "${mpesaStatementColumns[0]}" header in the first ${mpesaPreambleLinesMax} lines`);
      }
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((name, i) => { cells[name] = row[i] ?? ''; });
    const record = recordOf(cells, line);
    if (record) yield record;
  }
  if (!header) throw new ReportParseError(line || 1, 'header', `no "${mpesaStatementColumns[0]}" header`);
}
