// Transactions (seed: Transaction): collections and refunds, their rows and their API shape.
// Every query is merchant-scoped; another merchant's transaction reads as absent (404).
import type { Schema } from '@payagg/contract';
import type { PendingQuery, Queryable } from '../db/index.ts';
import { compareInstants, parseDateTime, toDate } from '../domain/date-time.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import type { Rail } from '../rails/types.ts';
import { appendEvent, appendEvents, type EventType, type NewEvent } from '../domain/events.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import type { PlannedLeg } from './splits/split-legs.ts';

/**
 * A split refund's part of one leg (transactions.refund_legs): held = taken from the leg's escrow
 * hold; hold_return = the refund IS that hold's return (POST /escrow-holds/{id}/return), so a
 * refund the rail fails puts the hold back to held (escrow-returns.ts).
 */
export type RefundLegPart = { leg: number; amount: number; held: boolean; hold_return?: true };

export const transactionStatuses = ['pending', 'success', 'failed', 'reversed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export type TransactionType = 'collection' | 'refund' | 'transfer';

export type TransactionRow = {
  id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  type: TransactionType;
  rail: Rail;
  status: TransactionStatus;
  amount: bigint;
  currency: string;
  parent_transaction_id: string | null;
  provider_reference: string | null;
  /** The provider that served it (migration 0640, decision 0640): its refunds, reversals and status queries go there. */
  provider: string;
  reference: string | null;
  action_url: string | null;
  ussd_code: string | null;
  metadata: Record<string, string> | null;
  hold_in_escrow: boolean;
  refund_reason: string | null;
  refunded_amount: bigint;
  failure_reason: string | null;
  checkout_session_id: string | null;
  /** Split settlement (migration 0060): the rule, the legs computed at creation, a refund's parts. */
  split_rule_id: string | null;
  split_legs: PlannedLeg[] | null;
  refund_legs: RefundLegPart[] | null;
  created_at: Date;
  updated_at: Date;
};

/** The API resource (spec: Transaction). Amounts are safe integers at the edge. */
export function toTransactionResource(row: TransactionRow): TransactionResource {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    sub_merchant_id: row.sub_merchant_id,
    type: row.type,
    rail: row.rail,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    parent_transaction_id: row.parent_transaction_id,
    provider_reference: row.provider_reference,
    reference: row.reference,
    action_url: row.action_url,
    ussd_code: row.ussd_code,
    metadata: row.metadata,
    refund_reason: row.type === 'refund' ? row.refund_reason : null,
    refunded_amount: row.type === 'collection' ? Number(row.refunded_amount) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } satisfies TransactionResource;
}
export type TransactionResource = Schema<'Transaction'>;

export type NewTransaction = {
  id: string;
  merchantId: string;
  subMerchantId: string | null;
  type: TransactionType;
  rail: Rail;
  amount: number;
  currency: string;
  parentTransactionId: string | null;
  providerReference: string | null;
  /** The provider that accepted it (rails/routed-calls.ts); 'sandbox' when absent. */
  provider?: string;
  reference: string | null;
  actionUrl: string | null;
  ussdCode: string | null;
  metadata: Record<string, string> | null;
  holdInEscrow: boolean;
  refundReason: string | null;
  checkoutSessionId: string | null;
  splitRuleId?: string | null;
  splitLegs?: PlannedLeg[] | null;
};

/**
 * A new pending transaction's row, built here rather than read back from an INSERT: for a
 * one-statement commit (collections.ts) every value must be known before sending. `createdAt` comes from the database's clock
 * (the idempotency claim) at millisecond precision, like the timestamptz(3) columns.
 * test/collections/one-statement-commit.test.ts checks it equals the stored row field by field.
 */
export function pendingTransactionRow(input: NewTransaction, createdAt: Date): TransactionRow {
  return {
    id: input.id,
    merchant_id: input.merchantId,
    sub_merchant_id: input.subMerchantId,
    type: input.type,
    rail: input.rail,
    status: 'pending',
    amount: BigInt(input.amount),
    currency: input.currency,
    parent_transaction_id: input.parentTransactionId,
    provider_reference: input.providerReference,
    provider: input.provider ?? 'sandbox',
    reference: input.reference,
    action_url: input.actionUrl,
    ussd_code: input.ussdCode,
    metadata: input.metadata,
    hold_in_escrow: input.holdInEscrow,
    refund_reason: input.refundReason,
    refunded_amount: 0n,
    failure_reason: null,
    checkout_session_id: input.checkoutSessionId,
    split_rule_id: input.splitRuleId ?? null,
    split_legs: input.splitLegs ?? null,
    refund_legs: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** The INSERT of a row built by pendingTransactionRow, unsent (`returning 1`). */
export function transactionInsert(q: Queryable, row: TransactionRow): PendingQuery {
  return q`
    insert into transactions (id, merchant_id, sub_merchant_id, type, rail, status, amount, currency,
      parent_transaction_id, provider_reference, provider, reference, action_url, ussd_code, metadata,
      hold_in_escrow, refund_reason, refunded_amount, failure_reason, checkout_session_id, split_rule_id, split_legs, created_at, updated_at)
    values (${row.id}, ${row.merchant_id}, ${row.sub_merchant_id}, ${row.type}, ${row.rail}, ${row.status},
      ${String(row.amount)}, ${row.currency}, ${row.parent_transaction_id}, ${row.provider_reference}, ${row.provider},
      ${row.reference}, ${row.action_url}, ${row.ussd_code},
      ${row.metadata === null ? null : q.json(row.metadata)}, ${row.hold_in_escrow},
      ${row.refund_reason}, ${String(row.refunded_amount)}, ${row.failure_reason}, ${row.checkout_session_id},
      ${row.split_rule_id}, ${row.split_legs === null ? null : q.json(row.split_legs as never)},
      ${row.created_at}, ${row.updated_at})
    returning 1`;
}

export async function findTransaction(q: Queryable, merchantId: string, id: string): Promise<TransactionRow | null> {
  const rows = await q<TransactionRow[]>`select * from transactions where id = ${id} and merchant_id = ${merchantId}`;
  return rows[0] ?? null;
}

/** The merchant's transaction (GET /transactions/{id}); transaction_not_found otherwise. */
export async function getTransaction(q: Queryable, merchantId: string, id: string): Promise<TransactionRow> {
  const row = await findTransaction(q, merchantId, id);
  if (!row) throw new Refusal('transaction_not_found', 'The transaction does not exist or is not accessible.');
  return row;
}

/** The row under a row lock, for a status change (caller is inside a database transaction). */
export async function lockTransaction(q: Queryable, id: string): Promise<TransactionRow | null> {
  const rows = await q<TransactionRow[]>`select * from transactions where id = ${id} for update`;
  return rows[0] ?? null;
}

export async function findByProviderReference(q: Queryable, rail: Rail, providerReference: string): Promise<TransactionRow | null> {
  const rows = await q<TransactionRow[]>`
    select * from transactions where rail = ${rail} and provider_reference = ${providerReference}`;
  return rows[0] ?? null;
}

/** Moves a transaction to a new status and writes the matching transaction.* event. */
export async function setTransactionStatus(q: Queryable, row: TransactionRow, status: TransactionStatus,
  extra: { failureReason?: string | null } = {}): Promise<TransactionRow> {
  const [updated] = await setTransactionStatuses(q, [{ row, status, failureReason: extra.failureReason }]);
  return updated!;
}

export async function appendTransactionEvent(q: Queryable, row: TransactionRow, type: EventType): Promise<void> {
  await appendEvent(q, transactionEvent(row, type));
}

/**
 * Several status moves in one statement, and their transaction.* events in one more (in the
 * order given). Rows come back in the order given.
 */
export async function setTransactionStatuses(q: Queryable, moves: ReadonlyArray<{
  row: TransactionRow; status: TransactionStatus; failureReason?: string | null;
}>): Promise<TransactionRow[]> {
  if (moves.length === 0) return [];
  const updated = await q<TransactionRow[]>`
    update transactions t
    set status = m.status, failure_reason = coalesce(m.failure_reason, t.failure_reason), updated_at = now()
    from unnest(${moves.map((m) => m.row.id)}::uuid[], ${moves.map((m) => m.status)}::text[],
                ${moves.map((m) => m.failureReason ?? null)}::text[]) as m(id, status, failure_reason)
    where t.id = m.id
    returning t.*`;
  const byId = new Map(updated.map((row) => [row.id, row]));
  const rows = moves.map((m) => {
    const row = byId.get(m.row.id);
    if (!row) throw new Error(`setTransactionStatuses: transaction ${m.row.id} vanished`);
    return row;
  });
  await appendEvents(q, rows.map((row) => transactionEvent(row, `transaction.${row.status}`)));
  return rows;
}

/** A transaction.* event with the seed's data object. */
export function transactionEvent(row: TransactionRow, type: EventType): NewEvent {
  return {
    merchantId: row.merchant_id,
    type,
    resourceType: 'transaction',
    resourceId: row.id,
    data: {
      transaction_id: row.id,
      merchant_id: row.merchant_id,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      occurred_at: row.updated_at.toISOString(),
    },
  };
}

export type TransactionFilters = {
  status?: TransactionStatus;
  rail?: Rail;
  dateFrom?: Date;
  dateTo?: Date;
};

/**
 * GET /transactions filters from its validated query. date_from and date_to are exact instants
 * (src/domain/date-time.ts; the edge has already refused what is not one): date_from is rounded
 * up and date_to down to the millisecond created_at is stored at, so both stay inclusive and
 * exact. date_from after date_to is 422, as the spec says.
 */
export function transactionFiltersOf(query: Record<string, unknown>): TransactionFilters {
  const instant = (name: string) => {
    const value = query[name];
    if (typeof value !== 'string' || value === '') return undefined;
    const parsed = parseDateTime(value);
    if (!parsed.ok) throw fieldsRefusal('transaction_filter_invalid', [{ field: `query.${name}`, message: parsed.message }]);
    return parsed.instant;
  };
  const from = instant('date_from');
  const to = instant('date_to');
  if (from && to && compareInstants(from, to) > 0) throw fieldsRefusal('transaction_filter_invalid', [{ field: 'query.date_from', message: 'must not be after date_to' }]);
  return {
    status: query.status as TransactionStatus | undefined,
    rail: query.rail as Rail | undefined,
    dateFrom: from && toDate(from, 'ceil'),
    dateTo: to && toDate(to, 'floor'),
  };
}

/** Newest first, keyset-paginated (GET /transactions). date_from and date_to both inclusive. */
export async function listTransactions(q: Queryable, merchantId: string, filters: TransactionFilters,
  after: Keyset | null, take: number): Promise<TransactionRow[]> {
  return await q<TransactionRow[]>`
    select * from transactions
    where merchant_id = ${merchantId}
      and ${filters.status ? q`status = ${filters.status}` : q`true`}
      and ${filters.rail ? q`rail = ${filters.rail}` : q`true`}
      and ${filters.dateFrom ? q`created_at >= ${filters.dateFrom}` : q`true`}
      and ${filters.dateTo ? q`created_at <= ${filters.dateTo}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}
