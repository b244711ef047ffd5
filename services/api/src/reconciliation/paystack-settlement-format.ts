// Paystack's settlement transactions (format `paystack_settlement_json`; docs/reconciliation.md):
// the rows of GET /settlement/{id}/transactions (Paystack's API, "Fetch Settlement Transactions";
// /work/shared/providers/paystack/openapi.yaml, operation settlements_transaction, rows shaped as
// its TransactionListResponseArray: id, status, reference, amount in the currency's subunit
// (kobo, pesewas, cents), currency, paid_at, created_at). The HTTP client that pages through them
// is the Paystack connector's (connectors/paystack); this takes its rows, one at a time, or an
// uploaded JSON array of them (a pull from Paystack's API takes the connector's records instead,
// converted by its amounts.ts: settlement-pulls.ts). `reference` is ours: we send our transaction id as Paystack's
// reference (decision 0163), so the matcher joins it with our transaction ids.
import { checkCurrency, checkReference, type ProviderReportRecord, ReportParseError, type ReportRecordStatus } from './report-records.ts';

// Paystack's transaction statuses (its docs, "Transactions": success, failed, abandoned,
// reversed, ongoing, pending, processing, queued). A reversed payment gave the money back.
const statusOf: Record<string, ReportRecordStatus> = {
  success: 'success', failed: 'failed', abandoned: 'failed', reversed: 'failed', ongoing: 'pending', pending: 'pending', processing: 'pending', queued: 'pending',
};

/** Our word for a Paystack transaction status; undefined for a status Paystack does not have. */
export function paystackStatusOf(status: string): ReportRecordStatus | undefined {
  return Object.hasOwn(statusOf, status) ? statusOf[status] : undefined;
}

export type PaystackSettlementRow = {
  id?: number; status?: unknown; reference?: unknown; amount?: unknown; currency?: unknown; paid_at?: unknown; created_at?: unknown;
};

export function normalizePaystackRow(raw: unknown, row: number): ProviderReportRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ReportParseError(row, 'row', 'must be an object');
  const r = raw as PaystackSettlementRow;
  const status = typeof r.status === 'string' ? paystackStatusOf(r.status) : undefined;
  if (!status) throw new ReportParseError(row, 'status', `"${String(r.status)}" is not a Paystack transaction status`);
  if (typeof r.amount !== 'number' || !Number.isSafeInteger(r.amount) || r.amount < 0) throw new ReportParseError(row, 'amount', 'must be an integer of subunits');
  const when = typeof r.paid_at === 'string' ? r.paid_at : typeof r.created_at === 'string' ? r.created_at : '';
  const occurredAt = new Date(when);
  if (when === '' || Number.isNaN(occurredAt.getTime())) throw new ReportParseError(row, 'paid_at', 'must be a time');
  return {
    reference: checkReference(typeof r.reference === 'string' ? r.reference : undefined, row, 'reference'),
    kind: 'collection',
    amount: r.amount,
    currency: checkCurrency(typeof r.currency === 'string' ? r.currency : undefined, row, 'currency'),
    status,
    occurredAt,
  };
}

/** Rows as the connector's client yields them (page after page), normalized one at a time. */
export async function* parsePaystackSettlementRows(rows: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<ProviderReportRecord> {
  let row = 0;
  for await (const raw of rows) {
    row += 1;
    yield normalizePaystackRow(raw, row);
  }
}

/** An uploaded report: a JSON array of rows, or Paystack's own `{status, data: [...]}` answer. */
export function paystackRowsOfUpload(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ReportParseError(1, 'content', 'is not JSON');
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(rows)) throw new ReportParseError(1, 'content', 'must be an array of transactions or {"data": [...]}');
  return rows;
}
