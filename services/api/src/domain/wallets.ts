// Wallets: one ledger account per owner and currency (seed: Wallet). The ledger owns the
// balance; this table indexes the accounts for listing and ownership checks.
import { randomUUID } from 'node:crypto';
import type { Ledger } from '@payagg/ledger';
import type { Queryable } from '../db/index.ts';

export type WalletOwnerType = 'merchant' | 'sub_merchant' | 'platform';

export type WalletRow = {
  id: string;
  merchant_id: string;
  owner_type: WalletOwnerType;
  owner_id: string;
  currency: string;
  ledger_account_id: string;
  created_at: Date;
};

/** Opens (or finds) the owner's wallet in `currency`, in the ledger and in the index. */
export async function ensureWallet(q: Queryable, ledger: Ledger, owner: {
  merchantId: string; ownerType: WalletOwnerType; ownerId: string; currency: string;
}): Promise<{ walletId: string; accountId: bigint }> {
  const { accountId } = await ledger.openWallet({ ownerId: owner.ownerId, currency: owner.currency });
  await q`insert into wallets (id, merchant_id, owner_type, owner_id, currency, ledger_account_id)
          values (${randomUUID()}, ${owner.merchantId}, ${owner.ownerType}, ${owner.ownerId}, ${owner.currency},
                  ${accountId.toString()})
          on conflict (owner_id, currency) do nothing`;
  const [row] = await q<{ id: string }[]>`select id from wallets where owner_id = ${owner.ownerId} and currency = ${owner.currency}`;
  return { walletId: row!.id, accountId };
}
