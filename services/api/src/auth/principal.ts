// The authenticated caller of a merchant request, placed on `res.locals.principal` by
// src/auth/authenticate.ts. Handlers read it with `principalOf(res)`.
import type { Response } from 'express';
import { ApiError } from '../http/errors.ts';
import type { UserRole } from './permissions.ts';
import type { ApiKeyScope } from './scopes.ts';

export const merchant_statuses = ['active', 'suspended', 'frozen'] as const;
export type MerchantStatus = (typeof merchant_statuses)[number];
export type KeyMode = 'sandbox' | 'live';

export type Principal = {
  merchant: { id: string; name: string; status: MerchantStatus };
  apiKey: { id: string; key: string; scopes: ApiKeyScope[] };
  mode: KeyMode;
  /** The dashboard user the key acts for, or null for a merchant-level key. */
  user: { id: string; role: UserRole; status: 'active' | 'disabled' } | null;
};

export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  // Routes that call this are behind authenticate(); reaching here without one is a wiring bug.
  if (!principal) throw new Error('principalOf: request was not authenticated');
  return principal;
}

/**
 * Money-moving actions call this first: a suspended or frozen merchant still authenticates and can
 * read, but cannot transact (403 COMPLIANCE_HOLD).
 */
export function assertMerchantCanTransact(principal: Principal): void {
  assertMerchantActive(principal.merchant);
}

/** The same rule where the caller is not the merchant (a payer paying a checkout session). */
export function assertMerchantActive(merchant: { status: MerchantStatus }): void {
  if (merchant.status !== 'active') {
    throw new ApiError('COMPLIANCE_HOLD', `The merchant account is ${merchant.status}; this action is on hold.`);
  }
}
