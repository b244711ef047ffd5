// Sub-merchants as collections see them: attribution must name one of the caller's own
// sub-merchants, and a suspended one cannot receive money. (Their endpoints come with the
// sub-merchants issue.)
import type { Queryable } from '../db/index.ts';
import { fieldsRefusal, Refusal } from './outcomes.ts';

export type SubMerchantRow = {
  id: string;
  merchant_id: string;
  display_name: string;
  type: 'individual' | 'business';
  country: string;
  kyc_tier: 'tier_1' | 'tier_2' | null;
  kyc_status: 'pending' | 'verified' | 'rejected' | 'needs_review';
  status: 'active' | 'suspended';
  created_at: Date;
};

export async function findSubMerchant(q: Queryable, merchantId: string, id: string): Promise<SubMerchantRow | null> {
  const rows = await q<SubMerchantRow[]>`select * from sub_merchants where id = ${id} and merchant_id = ${merchantId}`;
  return rows[0] ?? null;
}

/**
 * The sub-merchant a collection is attributed to: sub_merchant_not_found when it is not one of
 * the merchant's (another merchant's reads as unknown), sub_merchant_suspended when it is.
 */
export async function assertSubMerchantCanReceive(q: Queryable, merchantId: string, id: string | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const subMerchant = await findSubMerchant(q, merchantId, id);
  if (!subMerchant) throw subMerchantNotFound();
  if (subMerchant.status !== 'active') {
    throw new Refusal('sub_merchant_suspended', 'The sub-merchant is suspended; it cannot receive payments.');
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
