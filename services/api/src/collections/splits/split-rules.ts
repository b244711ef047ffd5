// Split rules (seed: SplitRule, SplitRuleCreate; POST/GET /split-rules, GET /split-rules/{id},
// additive POST /split-rules/{id}/deactivate) and the legs a payment gets from one
// (docs/split-settlement.md). A rule is never edited in place: it is deactivated and another is
// created, so every payment's legs stay explainable by the rule it names. The legs are computed
// once, when the payment is created, and stored on its transaction (split_legs): settlement,
// escrow and refunds never read the rule again.
import type { Schema } from '@payagg/contract';
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable, Sql } from '../../db/index.ts';
import { type Keyset, keysetCondition } from '../../db/keyset.ts';
import { write } from '../../db/write.ts';
import { assertCurrencySupported } from '../../domain/currency-support.ts';
import { fieldsRefusal, Refusal, type RefusalField } from '../../domain/outcomes.ts';
import {
  allocate, basisPointsOf, basisPointsWhole, flatLegs, type LegRecipientType, percentageLegs, type PlannedLeg, type RecipientType, type ReleaseCondition,
} from './split-legs.ts';
// The leg types live in split-legs.ts (a leaf): transactions and escrow holds read legs without importing the rules.
export type { LegRecipientType, PlannedLeg, RecipientType, ReleaseCondition };

export type SplitRuleCreate = Schema<'SplitRuleCreate'>;
export type SplitRuleResource = Schema<'SplitRule'>;

/** spec: SplitRuleCreate escrow_timeout_hours default. */
export const escrowTimeoutHoursDefault = 72;

type StoredRecipient = {
  recipient_type: RecipientType;
  recipient_id: string | null;
  value: number;
  escrow: boolean;
  escrow_release_condition: ReleaseCondition;
};
type StoredTier = { min_amount: number; values: number[] };

export type SplitRuleRow = {
  id: string;
  merchant_id: string;
  name: string;
  rule_type: 'percentage' | 'flat' | 'tiered';
  currency: string | null;
  active: boolean;
  recipients: StoredRecipient[];
  tiers: StoredTier[] | null;
  escrow_timeout_hours: number;
  created_at: Date;
  updated_at: Date;
};

export function toSplitRuleResource(row: SplitRuleRow): SplitRuleResource {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    name: row.name,
    rule_type: row.rule_type,
    currency: row.currency,
    active: row.active,
    recipients: row.recipients.map((r) => ({
      recipient_type: r.recipient_type,
      recipient_id: r.recipient_type === 'sub_merchant' ? r.recipient_id : row.merchant_id,
      value: r.value,
      escrow: r.escrow,
      escrow_release_condition: r.escrow_release_condition,
      escrow_timeout_hours: row.escrow_timeout_hours,
    })),
    tiers: row.tiers,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } satisfies SplitRuleResource;
}

/**
 * POST /split-rules. Rules the schema cannot state refuse with split_rule_invalid naming every
 * field at fault (all are collected, not only the first).
 */
/** `id`: the rule's id (an Idempotency-Key's pre-allocated one, so a keyed retry finds it; decision 0422). */
export async function createSplitRule(deps: { sql: Sql }, merchantId: string, request: SplitRuleCreate, id: string = randomUUID()): Promise<SplitRuleRow> {
  const fields: RefusalField[] = [];
  const isShares = request.rule_type !== 'flat';
  if (request.rule_type === 'percentage' && request.currency !== undefined && request.currency !== null) {
    fields.push({ field: 'body.currency', message: 'must be omitted or null for percentage rules (shares have no currency)' });
  }
  if (request.currency) assertCurrencySupported(request.currency);
  const fixedSubMerchants = new Set<string>();
  request.recipients.forEach((r, i) => {
    if (isShares && basisPointsOf(r.value) === null) {
      fields.push({ field: `body.recipients[${i}].value`, message: 'must be a percent share from 0 to 100 with at most 2 decimal places' });
    }
    if (r.recipient_type === 'sub_merchant' && r.recipient_id) fixedSubMerchants.add(r.recipient_id);
  });
  if (isShares) sharesAtMostWhole(request.recipients.map((r) => r.value), 'body.recipients', fields);
  if (request.rule_type === 'tiered') {
    let previous = 0;
    (request.tiers ?? []).forEach((tier, j) => {
      if (tier.values.length !== request.recipients.length) {
        fields.push({ field: `body.tiers[${j}].values`, message: `must give one share per recipient (${request.recipients.length})` });
      }
      tier.values.forEach((value, k) => {
        if (basisPointsOf(value) === null) fields.push({ field: `body.tiers[${j}].values[${k}]`, message: 'must be a percent share from 0 to 100 with at most 2 decimal places' });
      });
      sharesAtMostWhole(tier.values, `body.tiers[${j}].values`, fields);
      if (tier.min_amount <= previous) fields.push({ field: `body.tiers[${j}].min_amount`, message: 'bands must be in increasing min_amount order (and above 1)' });
      previous = tier.min_amount;
    });
  }
  if (fixedSubMerchants.size > 0) {
    const found = await deps.sql<{ id: string }[]>`
      select id from sub_merchants where merchant_id = ${merchantId} and id = any(${[...fixedSubMerchants]}::uuid[])`;
    const known = new Set(found.map((row) => row.id));
    request.recipients.forEach((r, i) => {
      if (r.recipient_type === 'sub_merchant' && r.recipient_id && !known.has(r.recipient_id)) {
        fields.push({ field: `body.recipients[${i}].recipient_id`, message: 'is not a sub-merchant of this merchant' });
      }
    });
  }
  if (fields.length > 0) throw fieldsRefusal('split_rule_invalid', fields);

  const recipients: StoredRecipient[] = request.recipients.map((r) => ({
    recipient_type: r.recipient_type,
    recipient_id: r.recipient_type === 'sub_merchant' ? (r.recipient_id ?? null) : null,
    value: r.value,
    escrow: r.escrow ?? false,
    escrow_release_condition: r.escrow_release_condition ?? 'manual',
  }));
  return await write(deps, { prepare: async (tx) => {
    const [row] = await tx<SplitRuleRow[]>`
      insert into split_rules (id, merchant_id, name, rule_type, currency, recipients, tiers, escrow_timeout_hours)
      values (${id}, ${merchantId}, ${request.name}, ${request.rule_type},
        ${request.rule_type === 'percentage' ? null : request.currency ?? null}, ${tx.json(recipients)},
        ${request.rule_type === 'tiered' ? tx.json(request.tiers as never) : null},
        ${request.escrow_timeout_hours ?? escrowTimeoutHoursDefault})
      returning *`;
    return row!;
  } });
}

function sharesAtMostWhole(values: readonly number[], field: string, fields: RefusalField[]): void {
  const points = values.map(basisPointsOf);
  if (points.some((p) => p === null)) return; // already refused value by value
  const total = points.reduce((sum, p) => sum! + p!, 0n)!;
  if (total > basisPointsWhole) fields.push({ field, message: `shares add up to ${Number(total) / 100} %, more than 100` });
}

export async function getSplitRule(q: Queryable, merchantId: string, id: string): Promise<SplitRuleRow> {
  const [row] = await q<SplitRuleRow[]>`select * from split_rules where id = ${id} and merchant_id = ${merchantId}`;
  if (!row) throw new Refusal('split_rule_not_found', 'The split rule does not exist or is not accessible.');
  return row;
}

export async function listSplitRules(q: Queryable, merchantId: string, filters: { active?: boolean },
  after: Keyset | null, take: number): Promise<SplitRuleRow[]> {
  return await q<SplitRuleRow[]>`
    select * from split_rules
    where merchant_id = ${merchantId}
      and ${filters.active === undefined ? q`true` : q`active = ${filters.active}`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}

/** POST /split-rules/{id}/deactivate: idempotent (an inactive rule is returned as it is). */
export async function deactivateSplitRule(deps: { sql: Sql }, merchantId: string, id: string): Promise<SplitRuleRow> {
  const [row] = await deps.sql<SplitRuleRow[]>`
    update split_rules set active = false, updated_at = case when active then now() else updated_at end
    where id = ${id} and merchant_id = ${merchantId} returning *`;
  if (!row) throw new Refusal('split_rule_not_found', 'The split rule does not exist or is not accessible.');
  return row;
}

// ----- Applying a rule to a payment -----

/**
 * The owner of a merchant's platform or tax wallet: a UUID derived from the merchant (one wallet
 * per currency each, owner_type platform; decision 0262), stable in every process.
 */
export function platformOwnerId(merchantId: string, kind: 'platform' | 'tax'): string {
  const hex = createHash('sha256').update(`payagg.split.${kind}-wallet:${merchantId}`).digest('hex');
  // RFC 9562 name-based layout (version 8: custom), so it is a valid UUID everywhere.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type PaymentToSplit = {
  merchantId: string;
  amount: number;
  currency: string;
  subMerchantId: string | null;
  splitRuleId: string | null;
  holdInEscrow: boolean;
  /** Checked when a payment is created; not when a created one is recorded (a checkout pay, a resumed run). */
  requireActive: boolean;
  /** The field a split_rule_id refusal names (`body.split_rule_id`). */
  field?: string;
};

/**
 * The legs of a payment, or null when it is settled whole into the merchant's wallet (no rule, no
 * hold_in_escrow). Refusals (422, naming `field`): an unknown or inactive rule, a rule in another
 * currency, flat legs larger than the amount, a rule naming the payment's sub-merchant on a
 * payment attributed to none. Zero-amount legs are dropped (a share of a tiny amount).
 */
export async function planLegs(q: Queryable, payment: PaymentToSplit): Promise<PlannedLeg[] | null> {
  const field = payment.field ?? 'body.split_rule_id';
  if (payment.splitRuleId === null) {
    if (!payment.holdInEscrow) return null;
    return [{ recipient_type: 'merchant', owner_id: payment.merchantId, amount: payment.amount, escrow: true, release_condition: 'manual', timeout_hours: escrowTimeoutHoursDefault }];
  }
  const [rule] = await q<SplitRuleRow[]>`select * from split_rules where id = ${payment.splitRuleId} and merchant_id = ${payment.merchantId}`;
  if (!rule || (payment.requireActive && !rule.active)) {
    throw fieldsRefusal('split_rule_not_usable', [{ field, message: rule ? 'the split rule is inactive' : 'is not a split rule of this merchant' }]);
  }
  if (rule.currency !== null && rule.currency !== payment.currency) {
    throw fieldsRefusal('split_rule_currency_differs', [{ field, message: `the split rule is in ${rule.currency}; the payment is in ${payment.currency}` }]);
  }
  const ownerOf = (r: StoredRecipient): string => {
    if (r.recipient_type === 'platform' || r.recipient_type === 'tax') return platformOwnerId(payment.merchantId, r.recipient_type);
    if (r.recipient_id !== null) return r.recipient_id;
    if (payment.subMerchantId === null) {
      throw fieldsRefusal('split_rule_needs_sub_merchant', [{ field, message: 'the split rule pays the payment\'s sub-merchant, and the payment names no sub_merchant_id' }]);
    }
    return payment.subMerchantId;
  };
  const owners = rule.recipients.map(ownerOf);
  const amount = BigInt(payment.amount);
  const amounts = legAmounts(rule, amount);
  if (amounts === null) {
    throw fieldsRefusal('split_rule_flat_legs_exceed_amount', [{ field, message: `the rule's flat legs add up to more than the amount (${payment.amount})` }]);
  }
  const legs: PlannedLeg[] = rule.recipients.map((r, i) => ({
    recipient_type: r.recipient_type, owner_id: owners[i]!, amount: Number(amounts[i]!), escrow: r.escrow,
    release_condition: r.escrow_release_condition, timeout_hours: rule.escrow_timeout_hours,
  }));
  legs.push({
    recipient_type: 'merchant', owner_id: payment.merchantId, amount: Number(amounts.at(-1)!), escrow: payment.holdInEscrow,
    release_condition: 'manual', timeout_hours: rule.escrow_timeout_hours,
  });
  return legs.filter((leg) => leg.amount > 0);
}

/** The rule's legs of `amount` (its recipients in order, the merchant's remainder last); null when flat legs exceed it. */
export function legAmounts(rule: Pick<SplitRuleRow, 'rule_type' | 'recipients' | 'tiers'>, amount: bigint): bigint[] | null {
  if (rule.rule_type === 'flat') return flatLegs(amount, rule.recipients.map((r) => BigInt(r.value)));
  let shares = rule.recipients.map((r) => r.value);
  if (rule.rule_type === 'tiered') {
    for (const tier of rule.tiers ?? []) if (amount >= BigInt(tier.min_amount)) shares = tier.values;
  }
  return percentageLegs(amount, shares.map((s) => basisPointsOf(s)!));
}


