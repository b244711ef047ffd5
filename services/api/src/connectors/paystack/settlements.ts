// Paystack's settlement reports, for reconciliation: GET /settlement (the payouts Paystack made to
// the platform's settlement account) and GET /settlement/{id}/transactions (what each settled)
// (openapi.yaml paths./settlement, paths./settlement/{id}/transactions;
// https://paystack.com/docs/api/settlement/). Each transaction becomes one normalized record in
// our units; an amount that is not whole minor units is an error naming it, never rounded.
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
};

export type PaystackSettlement = { id: string; status: string; currency: string; settledAt: string | null };

export type PaystackSettlementReports = {
  /** One page of settlements, newest first (Paystack's order). */
  settlements(page: number): Promise<PaystackSettlement[]>;
  /** The records of one settlement. */
  records(settlement: PaystackSettlement): Promise<SettlementRecord[]>;
  /** The records of the newest `settlementsMax` settlements (at most settlementsReadMax). */
  recentRecords(settlementsMax: number): Promise<SettlementRecord[]>;
};

/** Settlements asked for per page (Paystack's `perPage`). */
export const settlementPageSize = 50;
/** A report reads at most this many settlements: a bounded walk, as every list here. */
export const settlementsReadMax = 500;

export class SettlementReportError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SettlementReportError';
  }
}

export function createPaystackSettlementReports(deps: { client: PaystackClient; config: PaystackConfig }): PaystackSettlementReports {
  const { client, config } = deps;

  async function listOf(request: Parameters<PaystackClient['send']>[0]): Promise<unknown[]> {
    const result = await callPaystack(client, request);
    if (result.kind === 'outage') throw new SettlementReportError(`Paystack settlement report unavailable: ${result.detail}`);
    if (result.kind !== 'answered') throw new SettlementReportError(`Paystack refused ${request.template}: ${result.answer.body.message}`);
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

  return {
    settlements,
    records,
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
  return { settlementId: settlement.id, providerReference: reference, amount, currency, status: settlement.status, settledAt: settlement.settledAt, fee };
}
