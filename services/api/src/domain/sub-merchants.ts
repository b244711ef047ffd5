// Sub-merchants as collections see them: attribution must name one of the caller's own
// sub-merchants, and a suspended one cannot receive money. (Their endpoints come with the
// sub-merchants issue.)
import type { Queryable } from '../db/index.ts';
import { ApiError, validationError } from '../http/errors.ts';

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
