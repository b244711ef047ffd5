// Sub-merchants as collections see them: attribution must name one of the caller's own
// sub-merchants, and a suspended one cannot receive money. (Their endpoints come with the
// sub-merchants issue.)
import type { PendingQuery, Queryable, Sql } from '../db/index.ts';
import type { KycStatus, KycTier } from '../kyc/types.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { type Keyset, keysetCondition } from '../http/pagination.ts';
import { isAssignedCountryCode } from './countries.ts';

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

/**
 * The sub-merchant a collection is attributed to: 422 when it is not one of the merchant's
 * (another merchant's reads as unknown), 403 COMPLIANCE_HOLD when it is suspended.
 */
export async function assertSubMerchantCanReceive(q: Queryable, merchantId: string, id: string | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const subMerchant = await findSubMerchant(q, merchantId, id);
  if (!subMerchant) throw validationError([{ field: 'body.sub_merchant_id', message: 'is not a sub-merchant of this merchant' }]);
  if (subMerchant.status !== 'active') {
    throw new ApiError('COMPLIANCE_HOLD', 'The sub-merchant is suspended; it cannot receive payments.');
  }
}

// ----- The sub-merchants' own operations (POST/GET /sub-merchants, GET /sub-merchants/{id},
// suspend and reactivate): docs/sub-merchants.md.

export const sub_merchant_statuses = ['active', 'suspended'] as const;
export type SubMerchantStatus = (typeof sub_merchant_statuses)[number];
export type SubMerchantContact = { phone?: string; email?: string };
/** A suspend or reactivate reason, and an operator's KYC note (spec: SubMerchantStatusChange.reason). */
export const sub_merchant_status_reason_length_max = 500;

/** The API resource (spec: SubMerchant). Contact details are kept for the KYC provider, never returned. */
export function toSubMerchantResource(row: SubMerchantRow) {
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
  };
}
export type SubMerchantResource = ReturnType<typeof toSubMerchantResource>;

/** POST /sub-merchants body, as the validator lets it through (spec: SubMerchantCreate). */
export type SubMerchantCreateRequest = {
  display_name: string;
  type: 'individual' | 'business';
  country: string;
  kyc_tier?: KycTier;
  contact?: SubMerchantContact;
};

/**
 * Rules on the body the schema cannot state: a display name that is not blank, a country code
 * that is assigned (isAssignedCountryCode). Before the idempotency claim, so an invalid body never
 * binds a key.
 */
export function checkSubMerchantPayload(request: SubMerchantCreateRequest): void {
  const fields: { field: string; message: string }[] = [];
  if (request.display_name.trim() === '') fields.push({ field: 'body.display_name', message: 'must not be blank' });
  if (!isAssignedCountryCode(request.country)) fields.push({ field: 'body.country', message: `${request.country} is not an assigned ISO 3166-1 alpha-2 country code` });
  if (fields.length > 0) throw validationError(fields);
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
export async function setSubMerchantStatus(sql: Sql, input: {
  merchantId: string | null; subMerchantId: string; status: SubMerchantStatus; reason: string | null; actor: string;
}): Promise<{ row: SubMerchantRow; changed: boolean } | null> {
  return await sql.begin(async (tx) => {
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
  });
}

/** A sub-merchant by id across merchants (the operator CLI). */
export async function findSubMerchantAnyMerchant(q: Queryable, id: string): Promise<SubMerchantRow | null> {
  const rows = await q<SubMerchantRow[]>`select * from sub_merchants where id = ${id}`;
  return rows[0] ?? null;
}

/**
 * Whether money may be paid out of a wallet, as far as its owner is concerned (the payouts issue
 * calls this before reserving): a sub-merchant's wallet only while the sub-merchant is active
 * (403 COMPLIANCE_HOLD when suspended) and its KYC is verified (403 COMPLIANCE_HOLD while pending,
 * in review or rejected). The merchant's own and platform wallets are not held here.
 */
export async function assertOwnerMayBePaidOut(q: Queryable, wallet: { merchant_id: string; owner_type: string; owner_id: string }): Promise<void> {
  if (wallet.owner_type !== 'sub_merchant') return;
  const subMerchant = await findSubMerchant(q, wallet.merchant_id, wallet.owner_id);
  if (!subMerchant) throw new Error(`wallet owner ${wallet.owner_id} is not a sub-merchant of ${wallet.merchant_id}`);
  if (subMerchant.status !== 'active') {
    throw new ApiError('COMPLIANCE_HOLD', 'The sub-merchant is suspended; its wallets cannot be paid out.');
  }
  if (subMerchant.kyc_status !== 'verified') {
    throw new ApiError('COMPLIANCE_HOLD', `The sub-merchant's KYC is ${subMerchant.kyc_status}; it cannot be paid out until verified.`);
  }
}
