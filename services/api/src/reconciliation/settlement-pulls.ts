// Reports pulled from a provider's own API for a run's period (docs/reconciliation.md "Pulled
// reports", decisions 0780-0781). Paystack: its settlements, through the connector's
// `settledTransactions` (connectors/paystack/settlements.ts), which pages through GET /settlement
// and reads each settlement's GET /settlement/{id}/transactions, streamed: each transaction
// becomes a record as it arrives, and the run COPYs it on (matcher.ts loadReportRecords). The
// service wires the configured provider's source in (runtime.ts); none is a 422 naming
// body.source.type, as for a provider with no report API at all (M-Pesa, MTN MoMo: decision 0781).
import { Refusal } from '../domain/outcomes.ts';
import { paystackStatusOf } from './paystack-settlement-format.ts';
import { checkCurrency, checkReference, type ProviderReportRecord, ReportParseError } from './report-records.ts';
import type { ProviderSettings } from './settings.ts';

/** One settled transaction as a provider's connector hands it over (connectors/paystack SettlementRecord). */
export type SettledTransaction = {
  settlementId: string;
  providerReference: string;
  /** Integer minor units, converted by the connector (never rounded). */
  amount: number;
  currency: string;
  transactionStatus: string;
  paidAt: string | null;
  createdAt: string | null;
};

export type SettledRange = { settledFrom: Date; settledBefore: Date };

/**
 * A provider's settlement reports. `settledTransactions` throws an Error whose `kind` is
 * `unavailable` (the provider did not answer or refused our key) or `unreadable` (it answered
 * something that is no report): connectors/paystack/settlements.ts SettlementReportError.
 */
export type SettlementSource = { settledTransactions(range: SettledRange): AsyncIterable<SettledTransaction> };

/** The configured providers' report APIs (null: not configured here). */
export type ReconReportSources = { paystack: SettlementSource | null };

export const noReconReportSources: ReconReportSources = { paystack: null };

/**
 * The settlement dates that can hold a payment of the period: from the period's start less the
 * edge margin (a settlement is never older than what it settles), to its end plus the edge margin
 * and the provider's settlement window (a payment settled later than that is past its window, and
 * classified as such whether or not a later settlement holds it).
 */
export function settledRangeOf(period: { start: Date; end: Date }, settings: ProviderSettings, windowHours: number): SettledRange {
  const marginMs = settings.edgeMarginMinutes * 60_000;
  return { settledFrom: new Date(period.start.getTime() - marginMs), settledBefore: new Date(period.end.getTime() + marginMs + windowHours * 3_600_000) };
}

/** The provider did not give its report now: the run failed, and a later one may succeed (503). */
export function reportUnavailable(provider: string, detail: string): Refusal {
  return new Refusal('recon_provider_unavailable', `${provider}'s report API did not give the period's report: ${detail}. The run failed; run it again later.`);
}

/** Paystack's settled transactions in the range, as report records, one at a time. */
export async function* paystackPeriodRecords(source: SettlementSource, range: SettledRange): AsyncGenerator<ProviderReportRecord> {
  let row = 0;
  const transactions = source.settledTransactions(range)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<SettledTransaction>;
    try {
      next = await transactions.next();
    } catch (error) {
      const kind = (error as { kind?: unknown }).kind;
      if (kind === 'unavailable') throw reportUnavailable('Paystack', (error as Error).message);
      if (kind === 'unreadable') throw new ReportParseError(row + 1, 'settlement', (error as Error).message);
      throw error;
    }
    if (next.done) return;
    row += 1;
    yield recordOfSettled(next.value, row);
  }
}

/** A settled transaction as a report record; `row` counts the pull's transactions from 1 (its "line"). */
export function recordOfSettled(t: SettledTransaction, row: number): ProviderReportRecord {
  const status = paystackStatusOf(t.transactionStatus);
  if (!status) throw new ReportParseError(row, 'status', `"${t.transactionStatus}" is not a Paystack transaction status (settlement ${t.settlementId})`);
  const when = t.paidAt ?? t.createdAt ?? '';
  const occurredAt = new Date(when);
  if (when === '' || Number.isNaN(occurredAt.getTime())) throw new ReportParseError(row, 'paid_at', `must be a time (settlement ${t.settlementId})`);
  return {
    reference: checkReference(t.providerReference, row, 'reference'),
    kind: 'collection',
    amount: t.amount,
    currency: checkCurrency(t.currency, row, 'currency'),
    status,
    occurredAt,
  };
}
