// Sub-merchants: the sellers, riders and earners a merchant onboards (seed: SubMerchant), as
// collections see them (attribution must name one of the caller's own sub-merchants; a suspended
// one, or an amount over its KYC tier's limits, cannot receive money) and their own operations
// (create, list, read, suspend, reactivate): docs/sub-merchants.md.
import type { Schema } from '@payagg/contract';
import type { Ledger } from '@payagg/ledger';
import type { PendingQuery, Queryable } from '../db/index.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import { write, type WriteTarget } from '../db/write.ts';
import type { KycStatus, KycTier } from '../kyc/types.ts';
import { isAssignedCountryCode } from './countries.ts';
import { type KycLimits, limitOf, limitsTierOf } from './kyc-tiers.ts';
import { fieldsRefusal, Refusal, type RefusalField } from '../domain/outcomes.ts';
import { walletAccountId } from '../domain/ledger-accounts.ts';

export type SubMerchantRow = {
  id: string;
  merchant_id: string;
  display_name: string;
  type: 'individual' | 'business';
  country: string;
  kyc_tier: KycTier;
  kyc_status: KycStatus;
  status: SubMerchantStatus;
  contact: SubMerchantContact | null;
  created_at: Date;
  updated_at: Date;
};

export async function findSubMerchant(q: Queryable, merchantId: string, id: string): Promise<SubMerchantRow | null> {
  const rows = await q<SubMerchantRow[]>`select * from sub_merchants where id = ${id} and merchant_id = ${merchantId}`;
  return rows[0] ?? null;
}

/** GET /sub-merchants/{id}: the merchant's own sub-merchant (another merchant's reads as absent). */
export async function getSubMerchant(q: Queryable, merchantId: string, id: string): Promise<SubMerchantRow> {
  const row = await findSubMerchant(q, merchantId, id);
  if (!row) throw noSuchSubMerchant();
  return row;
}

export function noSuchSubMerchant(): Refusal {
  return new Refusal('no_such_sub_merchant', 'The sub-merchant does not exist or is not accessible.');
}

/** A collection attributed to a sub-merchant: how much, in what (the tier limits' inputs). */
export type Attribution = { amount: number; currency: string };

/**
 * The sub-merchant a collection is attributed to: sub_merchant_not_found when it is not one of
 * the merchant's (another merchant's reads as unknown), sub_merchant_suspended when it is, and
 * over its KYC tier's limits (kyc-tiers.ts) when the amount is larger than one collection may be,
 * or would take its wallet in that currency past the balance it may hold. The balance is read
 * from the ledger now: a check at creation (the money lands later, when the rail confirms, and
 * always lands: a payer's money is never refused after the fact).
 */
export async function assertSubMerchantCanReceive(deps: { sql: Queryable; ledger: Ledger; kycLimits: KycLimits }, merchantId: string,
  id: string | null | undefined, attribution: Attribution): Promise<void> {
  if (id === null || id === undefined) return;
  const subMerchant = await findSubMerchant(deps.sql, merchantId, id);
  if (!subMerchant) throw subMerchantNotFound();
  if (subMerchant.status !== 'active') {
    throw new Refusal('sub_merchant_suspended', 'The sub-merchant is suspended; it cannot receive payments.');
  }
  const tier = limitsTierOf(subMerchant);
  const under = tier === subMerchant.kyc_tier ? `its tier (${tier})` : `tier_1 until its KYC (${subMerchant.kyc_tier}) is verified`;
  const collectionMax = limitOf(deps.kycLimits, tier, 'collectionMax', attribution.currency);
  if (collectionMax !== null && BigInt(attribution.amount) > collectionMax) {
    throw new Refusal('sub_merchant_over_collection_limit',
      `A single collection for this sub-merchant may be at most ${collectionMax} ${attribution.currency} (minor units) under ${under}.`);
  }
  const balanceMax = limitOf(deps.kycLimits, tier, 'balanceMax', attribution.currency);
  if (balanceMax !== null) {
    const balance = await deps.ledger.balance(walletAccountId(subMerchant.id, attribution.currency));
    const held = balance === null ? 0n : balance.available + balance.pending;
    if (held + BigInt(attribution.amount) > balanceMax) {
      throw new Refusal('sub_merchant_over_balance_limit',
        `The sub-merchant's ${attribution.currency} wallet may hold at most ${balanceMax} (minor units) under ${under}; it holds ${held}.`);
    }
  }
}

/** An attribution to a sub-merchant that is not one of the merchant's (checked at creation too). */
export async function assertSubMerchantOfMerchant(q: Queryable, merchantId: string, id: string | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await findSubMerchant(q, merchantId, id))) throw subMerchantNotFound();
}

function subMerchantNotFound(): Refusal {
  return fieldsRefusal('sub_merchant_not_found', [{ field: 'body.sub_merchant_id', message: 'is not a sub-merchant of this merchant' }]);
}

// ----- The sub-merchants' own operations (POST/GET /sub-merchants, GET /sub-merchants/{id},
// suspend and reactivate): docs/sub-merchants.md.

export const subMerchantStatuses = ['active', 'suspended'] as const;
export type SubMerchantStatus = (typeof subMerchantStatuses)[number];
export type SubMerchantContact = { phone?: string; email?: string };
/** A suspend or reactivate reason, and an operator's KYC note (spec: SubMerchantStatusChange.reason). */
export const subMerchantStatusReasonLengthMax = 500;

/** The API resource (spec: SubMerchant). Contact details are kept for the KYC provider, never returned. */
export function toSubMerchantResource(row: SubMerchantRow): Schema<'SubMerchant'> {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    display_name: row.display_name,
    type: row.type,
    country: row.country,
    kyc_tier: row.kyc_tier,
    kyc_status: row.kyc_status,
    status: row.status,
    created_at: row.created_at.toISOString(),
  } satisfies Schema<'SubMerchant'>;
}
export type SubMerchantResource = Schema<'SubMerchant'>;

/** POST /sub-merchants body, as the validator lets it through. */
export type SubMerchantCreateRequest = Schema<'SubMerchantCreate'>;

/**
 * Rules on the body before the idempotency claim (an invalid body never binds a key): a display
 * name that is not blank, which the schema cannot state; a country code that is assigned, which
 * the spec's Country pattern also lists (decision 0207), checked here for any caller.
 */
export function checkSubMerchantPayload(request: SubMerchantCreateRequest): void {
  const fields: RefusalField[] = [];
  if (request.display_name.trim() === '') fields.push({ field: 'body.display_name', message: 'must not be blank' });
  if (!isAssignedCountryCode(request.country)) fields.push({ field: 'body.country', message: `${request.country} is not an assigned ISO 3166-1 alpha-2 country code` });
  if (fields.length > 0) throw fieldsRefusal('sub_merchant_request_invalid', fields);
}

/** A new sub-merchant's row, built before sending (created `active`, KYC `pending`; tier_1 by default). */
export function newSubMerchantRow(input: { id: string; merchantId: string; request: SubMerchantCreateRequest; createdAt: Date }): SubMerchantRow {
  const { request } = input;
  const contact = request.contact && Object.keys(request.contact).length > 0 ? { ...request.contact } : null;
  return {
    id: input.id,
    merchant_id: input.merchantId,
    display_name: request.display_name,
    type: request.type,
    country: request.country,
    kyc_tier: request.kyc_tier ?? 'tier_1',
    kyc_status: 'pending',
    status: 'active',
    contact,
    created_at: input.createdAt,
    updated_at: input.createdAt,
  };
}

/** The INSERT of a row built by newSubMerchantRow, unsent (`returning 1`). */
export function subMerchantInsert(q: Queryable, row: SubMerchantRow): PendingQuery {
  return q`
    insert into sub_merchants (id, merchant_id, display_name, type, country, kyc_tier, kyc_status, status, contact, created_at, updated_at)
    values (${row.id}, ${row.merchant_id}, ${row.display_name}, ${row.type}, ${row.country}, ${row.kyc_tier}, ${row.kyc_status},
            ${row.status}, ${row.contact === null ? null : q.json(row.contact)}, ${row.created_at}, ${row.updated_at})
    returning 1`;
}

export type SubMerchantFilters = { kycStatus?: KycStatus };

/** Newest first, keyset-paginated (GET /sub-merchants), from an index either way. */
export async function listSubMerchants(q: Queryable, merchantId: string, filters: SubMerchantFilters,
  after: Keyset | null, take: number): Promise<SubMerchantRow[]> {
  return await q<SubMerchantRow[]>`
    select * from sub_merchants
    where merchant_id = ${merchantId}
      and ${filters.kycStatus ? q`kyc_status = ${filters.kycStatus}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}

/**
 * Suspends or reactivates a sub-merchant and records the change (who, why) in its status history,
 * in one transaction. `merchantId` scopes it to a merchant's own sub-merchants (the API); null
 * means any (the operator CLI). Setting the status it already has changes and records nothing.
 * Null when there is no such sub-merchant.
 */
export async function setSubMerchantStatus(target: WriteTarget, input: {
  merchantId: string | null; subMerchantId: string; status: SubMerchantStatus; reason: string | null; actor: string;
}): Promise<{ row: SubMerchantRow; changed: boolean } | null> {
  return await write(target, { prepare: async (tx) => {
    const [current] = await tx<SubMerchantRow[]>`
      select * from sub_merchants
      where id = ${input.subMerchantId} and ${input.merchantId === null ? tx`true` : tx`merchant_id = ${input.merchantId}`}
      for update`;
    if (!current) return null;
    if (current.status === input.status) return { row: current, changed: false };
    const [row] = await tx<SubMerchantRow[]>`
      update sub_merchants set status = ${input.status}, updated_at = now() where id = ${current.id} returning *`;
    await tx`insert into sub_merchant_status_changes (sub_merchant_id, from_status, to_status, reason, actor)
             values (${current.id}, ${current.status}, ${input.status}, ${input.reason}, ${input.actor})`;
    return { row: row!, changed: true };
  } });
}

/** A sub-merchant by id across merchants (the operator CLI). */
export async function findSubMerchantAnyMerchant(q: Queryable, id: string): Promise<SubMerchantRow | null> {
  const rows = await q<SubMerchantRow[]>`select * from sub_merchants where id = ${id}`;
  return rows[0] ?? null;
}

/**
 * Whether money may be paid out of a wallet, as far as its owner is concerned (the payouts issue
 * calls this before reserving): a sub-merchant's wallet only while the sub-merchant is active
 * (sub_merchant_suspended) and its KYC is verified (sub_merchant_kyc_not_verified while pending,
 * in review or rejected; both 403 COMPLIANCE_HOLD). The merchant's own and platform wallets are not held here.
 */
export async function assertOwnerMayBePaidOut(q: Queryable, wallet: { merchant_id: string; owner_type: string; owner_id: string }): Promise<void> {
  if (wallet.owner_type !== 'sub_merchant') return;
  const subMerchant = await findSubMerchant(q, wallet.merchant_id, wallet.owner_id);
  if (!subMerchant) throw new Error(`wallet owner ${wallet.owner_id} is not a sub-merchant of ${wallet.merchant_id}`);
  if (subMerchant.status !== 'active') {
    throw new Refusal('sub_merchant_suspended', 'The sub-merchant is suspended; its wallets cannot be paid out.');
  }
  if (subMerchant.kyc_status !== 'verified') {
    throw new Refusal('sub_merchant_kyc_not_verified', `The sub-merchant's KYC is ${subMerchant.kyc_status}; it cannot be paid out until verified.`);
  }
}
