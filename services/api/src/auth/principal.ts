// The authenticated caller of a merchant request, placed on `res.locals.principal` by
// src/auth/authenticate.ts. Handlers read it with `principalOf(res)`.
import type { Response } from 'express';
import type { UserRole } from './user-roles.ts';
import type { ApiKeyScope } from './scopes.ts';

export const merchantStatuses = ['active', 'suspended', 'frozen'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];
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
