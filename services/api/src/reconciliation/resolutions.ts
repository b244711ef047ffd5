// Resolutions of exceptions (docs/reconciliation.md "Resolution and audit"): rows of
// recon_resolutions, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), one per
// exception (provider, item key, class). Its id derives from that triple, so a retried
// correction reuses the same ledger transfer id and never moves money twice.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { ResolutionRow } from './items.ts';

/** A UUID (version 8, RFC 9562 "custom") of SHA-256 over the exception's identity. */
export function resolutionIdOf(provider: string, itemKey: string, cls: string): string {
  const hex = createHash('sha256').update(`payagg.recon.resolution\u0000${provider}\u0000${itemKey}\u0000${cls}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type NewResolution = {
  id: string; provider: string; itemKey: string; cls: string; runId: string; itemSeq: number; action: 'accept' | 'correct'; reason: string;
  operatorId: string; correction: { direction: 'credit_wallet' | 'debit_wallet'; walletId: string; amount: number; currency: string; ledgerTransferId: bigint } | null;
};

/** The resolution row, or null when one exists already for the exception (a concurrent resolver won). */
export async function insertResolution(q: Queryable, r: NewResolution): Promise<ResolutionRow | null> {
  const c = r.correction;
  const [row] = await q<ResolutionRow[]>`
    insert into recon_resolutions (id, provider, item_key, class, run_id, item_seq, action, reason, operator_id, direction, wallet_id, amount, currency, ledger_transfer_id)
    values (${r.id}, ${r.provider}, ${r.itemKey}, ${r.cls}, ${r.runId}, ${r.itemSeq}, ${r.action}, ${r.reason}, ${r.operatorId},
            ${c?.direction ?? null}, ${c?.walletId ?? null}, ${c?.amount ?? null}, ${c?.currency ?? null}, ${c ? c.ledgerTransferId.toString() : null})
    on conflict (provider, item_key, class) do nothing
    returning *`;
  return row ?? null;
}

export type WalletForCorrection = { id: string; currency: string; ledger_account_id: string };

export async function walletForCorrection(q: Queryable, walletId: string | null, merchantId: string | null, currency: string | null): Promise<WalletForCorrection | null> {
  if (walletId) {
    const [row] = await q<WalletForCorrection[]>`select id, trim(currency) as currency, ledger_account_id::text from wallets where id = ${walletId}`;
    return row ?? null;
  }
  if (!merchantId || !currency) return null;
  const [row] = await q<WalletForCorrection[]>`
    select id, trim(currency) as currency, ledger_account_id::text from wallets where owner_id = ${merchantId} and currency = ${currency}`;
  return row ?? null;
}
