// Paystack's settlement reports, for reconciliation: GET /settlement (the payouts Paystack made to
// the platform's settlement account) and GET /settlement/{id}/transactions (what each settled)
// (openapi.yaml paths./settlement, paths./settlement/{id}/transactions;
// https://paystack.com/docs/api/settlement/). Each transaction becomes one normalized record in
// our units; an amount that is not whole minor units is an error naming it, never rounded.
//
// A period's pull (`settledTransactions`, decision 0780) walks the settlements page by page,
// newest first (Paystack's order), and yields the transactions of those settled within the range
// one settlement at a time: Paystack's description gives /settlement only `perPage` and `page`
// (no date filter) and /settlement/{id}/transactions no paging at all, so what is held at once is
// one page of settlements and one settlement's transactions. The walk stops at the first
// settlement older than the range, or fails past settlementPagesMax pages.
//
// Paystack's description types both answers' `data` as an object (the generic `Response`); the
// API and its docs answer an array of settlements / transactions. We read the array, and accept
// an object holding nothing as an empty list (decision 0657).
import { fromPaystackAmount } from './amounts.ts';
import type { PaystackClient } from './client.ts';
import type { PaystackConfig } from './config.ts';
import { callPaystack } from './errors.ts';
import { integerOf, objectOf, stringOf } from './transformers/paystack-data.ts';

/** One settled transaction, in our words. */
export type SettlementRecord = {
  /** The settlement it belongs to (Paystack's id). */
  settlementId: string;
  /** The transaction's reference: our transaction id for our charges (references.ts). */
  providerReference: string;
  /** Integer minor units (amounts.ts). */
  amount: number;
  currency: string;
  /** The settlement's status: `success`, `processing`, `pending`, `failed`. */
  status: string;
  /** When Paystack settled it (RFC 3339, as Paystack wrote it), null when not yet. */
  settledAt: string | null;
  /** Paystack's fee on the transaction, integer minor units. */
  fee: number;
  /** The transaction's own status (`success`, `reversed`...), as Paystack wrote it. */
  transactionStatus: string;
  /** When the payer paid (RFC 3339, as Paystack wrote it), null when Paystack gave none. */
  paidAt: string | null;
  /** When the transaction was created at Paystack, null when Paystack gave none. */
  createdAt: string | null;
};

/** The settlement dates a pull reads: [settledFrom, settledBefore). */
export type SettledRange = { settledFrom: Date; settledBefore: Date };

export type PaystackSettlement = { id: string; status: string; currency: string; settledAt: string | null };

export type PaystackSettlementReports = {
  /** One page of settlements, newest first (Paystack's order). */
  settlements(page: number): Promise<PaystackSettlement[]>;
  /** The records of one settlement. */
  records(settlement: PaystackSettlement): Promise<SettlementRecord[]>;
  /** The records of the newest `settlementsMax` settlements (at most settlementsReadMax). */
  recentRecords(settlementsMax: number): Promise<SettlementRecord[]>;
  /** The records of every settlement dated in the range (or not dated yet), streamed; throws SettlementReportError. */
  settledTransactions(range: SettledRange): AsyncGenerator<SettlementRecord>;
};

/** Settlements asked for per page (Paystack's `perPage`). */
export const settlementPageSize = 50;
/** A report reads at most this many settlements: a bounded walk, as every list here. */
export const settlementsReadMax = 500;
/**
 * A period's pull walks at most this many pages (10,000 settlements back from today, about five
 * years of daily settlements in five currencies): a bounded walk; an older period fails, naming why.
 */
export const settlementPagesMax = 200;

/**
 * Why a report could not be had: `unavailable` (Paystack did not answer, or refused our key: try
 * again later) or `unreadable` (Paystack answered something we cannot take as a report).
 */
export class SettlementReportError extends Error {
  readonly kind: 'unavailable' | 'unreadable';
  constructor(message: string, kind: 'unavailable' | 'unreadable' = 'unreadable', options?: ErrorOptions) {
    super(message, options);
    this.name = 'SettlementReportError';
    this.kind = kind;
  }
}

export function createPaystackSettlementReports(deps: { client: PaystackClient; config: PaystackConfig }): PaystackSettlementReports {
  const { client, config } = deps;

  async function listOf(request: Parameters<PaystackClient['send']>[0]): Promise<unknown[]> {
    const result = await callPaystack(client, request);
    if (result.kind === 'outage') throw new SettlementReportError(`Paystack settlement report unavailable: ${result.detail}`, 'unavailable');
    if (result.kind !== 'answered') throw new SettlementReportError(`Paystack refused ${request.template}: ${result.answer.body.message}`, 'unavailable');
    const data = result.answer.body.data;
    return Array.isArray(data) ? data : [];
  }

  async function settlements(page: number): Promise<PaystackSettlement[]> {
    const items = await listOf({ method: 'GET', template: '/settlement', query: { perPage: settlementPageSize, page } });
    return items.map((item) => {
      const o = objectOf(item);
      const id = integerOf(o?.id);
      const status = stringOf(o?.status);
      const currency = stringOf(o?.currency);
      if (!o || id === null || status === null || currency === null) throw new SettlementReportError('a settlement without id, status or currency');
      return { id: String(id), status, currency, settledAt: stringOf(o.settlement_date) ?? stringOf(o.settled_at) };
    });
  }

  async function records(settlement: PaystackSettlement): Promise<SettlementRecord[]> {
    if (!/^\d{1,18}$/.test(settlement.id)) throw new SettlementReportError('a settlement id is digits');
    const items = await listOf({ method: 'GET', template: '/settlement/{id}/transactions', params: { id: settlement.id } });
    return items.map((item) => recordOf(settlement, item, config));
  }

  async function* settledTransactions(range: SettledRange): AsyncGenerator<SettlementRecord> {
    for (let page = 1; page <= settlementPagesMax; page += 1) {
      const batch = await settlements(page);
      for (const settlement of batch) {
        const at = settlement.settledAt === null ? null : Date.parse(settlement.settledAt);
        if (at !== null && Number.isNaN(at)) throw new SettlementReportError(`settlement ${settlement.id}: settlement_date "${settlement.settledAt}" is not a time`);
        // Newest first: every settlement after this one is older still.
        if (at !== null && at < range.settledFrom.getTime()) return;
        if (at !== null && at >= range.settledBefore.getTime()) continue;
        yield* await records(settlement);
      }
      if (batch.length < settlementPageSize) return;
    }
    throw new SettlementReportError(`more than ${settlementPagesMax * settlementPageSize} settlements since ${range.settledFrom.toISOString()}: reconcile a later period`);
  }

  return {
    settlements,
    records,
    settledTransactions,
    async recentRecords(settlementsMax) {
      const wanted = Math.min(Math.max(0, Math.trunc(settlementsMax)), settlementsReadMax);
      const all: SettlementRecord[] = [];
      let read = 0;
      for (let page = 1; read < wanted; page += 1) {
        const batch = await settlements(page);
        for (const settlement of batch.slice(0, wanted - read)) all.push(...await records(settlement));
        read += batch.length;
        if (batch.length < settlementPageSize) break;
      }
      return all;
    },
  };
}

function recordOf(settlement: PaystackSettlement, item: unknown, config: PaystackConfig): SettlementRecord {
  const o = objectOf(item);
  const reference = stringOf(o?.reference);
  const paystackAmount = integerOf(o?.amount);
  const currency = stringOf(o?.currency) ?? settlement.currency;
  if (!o || reference === null || paystackAmount === null) throw new SettlementReportError(`settlement ${settlement.id}: a transaction without reference or amount`);
  const amount = fromPaystackAmount(paystackAmount, currency, config.amountExponents);
  const fee = fromPaystackAmount(integerOf(o.fees) ?? 0, currency, config.amountExponents);
  if (amount === null || fee === null) {
    throw new SettlementReportError(`settlement ${settlement.id}: ${reference}'s amount or fee in ${currency} is not whole minor units`);
  }
  const transactionStatus = stringOf(o.status);
  if (transactionStatus === null) throw new SettlementReportError(`settlement ${settlement.id}: ${reference} has no status`);
  return {
    settlementId: settlement.id, providerReference: reference, amount, currency, status: settlement.status, settledAt: settlement.settledAt, fee,
    transactionStatus, paidAt: timeOf(o.paid_at) ?? timeOf(o.paidAt), createdAt: timeOf(o.created_at) ?? timeOf(o.createdAt),
  };
}

/** A time as Paystack wrote it; an empty string (a transaction not paid) is none. */
function timeOf(value: unknown): string | null {
  const text = stringOf(value);
  return text === null || text === '' ? null : text;
}
