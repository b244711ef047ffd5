// Wallets: one ledger account per owner and currency (seed: Wallet). The ledger owns the
// balance; this table indexes the accounts for listing and ownership checks.
import { randomUUID } from 'node:crypto';
import { TransferFlags, uuidFromU128, type AccountMovement, type Ledger } from '@payagg/ledger';
import type { Queryable } from '../db/index.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import { Refusal } from '../domain/outcomes.ts';
import { openWallet, TransferCode } from '../domain/ledger-accounts.ts';

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
  const { accountId } = await openWallet(ledger, { ownerId: owner.ownerId, currency: owner.currency });
  await q`insert into wallets (id, merchant_id, owner_type, owner_id, currency, ledger_account_id)
          values (${randomUUID()}, ${owner.merchantId}, ${owner.ownerType}, ${owner.ownerId}, ${owner.currency},
                  ${accountId.toString()})
          on conflict (owner_id, currency) do nothing`;
  const [row] = await q<{ id: string }[]>`select id from wallets where owner_id = ${owner.ownerId} and currency = ${owner.currency}`;
  return { walletId: row!.id, accountId };
}

// ----- Reading wallets (GET /wallets, GET /wallets/{id}/balance, GET /wallets/{id}/entries):
// rows from the index above, every balance from the ledger at request time (never a copy).

/** The merchant's wallet or one of its sub-merchants' (no_such_wallet otherwise: another merchant's reads as absent). */
export async function getWallet(q: Queryable, merchantId: string, id: string): Promise<WalletRow> {
  const rows = await q<WalletRow[]>`select * from wallets where id = ${id} and merchant_id = ${merchantId}`;
  if (!rows[0]) throw new Refusal('no_such_wallet', 'The wallet does not exist or is not accessible.');
  return rows[0];
}

/**
 * The merchant's wallets and its sub-merchants' (every wallet row carries the merchant it belongs
 * to), newest first, keyset-paginated; `ownerId` narrows to one owner (an owner that is not the
 * merchant's gives nothing).
 */
export async function listWallets(q: Queryable, merchantId: string, filters: { ownerId?: string },
  after: Keyset | null, take: number): Promise<WalletRow[]> {
  return await q<WalletRow[]>`
    select * from wallets
    where merchant_id = ${merchantId}
      and ${filters.ownerId ? q`owner_id = ${filters.ownerId}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}

export type WalletResource = {
  id: string;
  owner_type: WalletOwnerType;
  owner_id: string;
  currency: string;
  available_balance: ExactInteger;
  pending_balance: ExactInteger;
  updated_at: string;
};

/**
 * The API resources (spec: Wallet) of `rows`, in order, with their balances read from the ledger
 * in one lookup. updated_at is when the balance last moved (the ledger's newest movement of the
 * account), or when the wallet was opened if it never has.
 */
export async function toWalletResources(ledger: Ledger, rows: readonly WalletRow[]): Promise<WalletResource[]> {
  if (rows.length === 0) return [];
  const states = await ledger.accountStates(rows.map((row) => BigInt(row.ledger_account_id)));
  return rows.map((row) => {
    const state = states.get(BigInt(row.ledger_account_id));
    // The index row is written after the ledger account exists (ensureWallet): a row without its
    // account is a broken invariant, not a client error.
    if (!state) throw new Error(`wallet ${row.id}: ledger account ${row.ledger_account_id} not found`);
    return {
      id: row.id,
      owner_type: row.owner_type,
      owner_id: row.owner_id,
      currency: row.currency,
      available_balance: exactInteger(state.balance.available),
      pending_balance: exactInteger(state.balance.pending),
      updated_at: dateOfLedgerTimestamp(state.lastMovementAt ?? state.openedAt).toISOString(),
    };
  });
}

export type WalletEntryType = 'collection' | 'escrow' | 'refund' | 'payout' | 'fx_conversion' | 'other' | 'dispute';
export type WalletEntryPhase = 'posted' | 'held' | 'hold_posted' | 'hold_voided';

const entryTypeByCode: Readonly<Record<number, WalletEntryType>> = {
  [TransferCode.collection_leg]: 'collection',
  [TransferCode.collection_escrow_leg]: 'escrow',
  [TransferCode.refund_leg]: 'refund',
  [TransferCode.payout]: 'payout',
  [TransferCode.fx_conversion]: 'fx_conversion',
  [TransferCode.dispute_hold]: 'dispute',
};

/** One statement line (spec: WalletEntry) from a ledger movement of the wallet's account. */
export function toWalletEntryResource(wallet: WalletRow, movement: AccountMovement) {
  const { transfer } = movement;
  const type = entryTypeByCode[transfer.code] ?? 'other';
  const phase: WalletEntryPhase = (transfer.flags & TransferFlags.pending) !== 0 ? 'held'
    : (transfer.flags & TransferFlags.post_pending_transfer) !== 0 ? 'hold_posted'
      : (transfer.flags & TransferFlags.void_pending_transfer) !== 0 ? 'hold_voided'
        : 'posted';
  // Every transfer the service makes carries the UUID of the object it belongs to (user_data_128;
  // a post or void inherits its hold's): packages/ledger/README.md, account layout.
  const owner = transfer.user_data_128 === 0n ? null : uuidFromU128(transfer.user_data_128);
  return {
    id: ledgerIdHex(transfer.id),
    wallet_id: wallet.id,
    type,
    phase,
    direction: movement.direction,
    amount: exactInteger(transfer.amount),
    currency: wallet.currency,
    available_balance_after: exactInteger(movement.balanceAfter.available),
    pending_balance_after: exactInteger(movement.balanceAfter.pending),
    transaction_id: type === 'collection' || type === 'escrow' || type === 'refund' ? owner : null,
    payout_id: type === 'payout' ? owner : null,
    fx_conversion_id: type === 'fx_conversion' ? owner : null,
    dispute_id: type === 'dispute' ? owner : null,
    hold_id: phase === 'held' ? ledgerIdHex(transfer.id) : phase === 'posted' ? null : ledgerIdHex(transfer.pending_id),
    created_at: dateOfLedgerTimestamp(transfer.timestamp).toISOString(),
  };
}
export type WalletEntryResource = ReturnType<typeof toWalletEntryResource>;

/**
 * One page of the wallet's statement, newest first, and the position of the next page (the last
 * entry's ledger timestamp) when there may be one. `before` is the previous page's position.
 */
export async function walletEntriesPage(ledger: Ledger, wallet: WalletRow, page: { before: bigint | null; limit: number }):
  Promise<{ entries: WalletEntryResource[]; next: bigint | null }> {
  // One more than asked tells whether another page exists, as the other lists do.
  const movements = await ledger.accountHistory({
    accountId: BigInt(wallet.ledger_account_id), limit: page.limit + 1, ...(page.before === null ? {} : { before: page.before }),
  });
  const shown = movements.slice(0, page.limit);
  return {
    entries: shown.map((movement) => toWalletEntryResource(wallet, movement)),
    next: movements.length > page.limit ? shown.at(-1)!.transfer.timestamp : null,
  };
}

/** Ledger timestamps are nanoseconds since the epoch; dates carry milliseconds. */
export function dateOfLedgerTimestamp(timestamp: bigint): Date {
  return new Date(Number(timestamp / 1_000_000n));
}

function ledgerIdHex(id: bigint): string {
  return id.toString(16).padStart(32, '0');
}

/**
 * A ledger figure (u128) as the JSON integer it is, exact at any size (spec: Balance). Balances
 * are sums: collections of up to Number.MAX_SAFE_INTEGER each can take a wallet past it, which a
 * JS number would round. Up to it, a plain number; past it, the decimal digits written as they are
 * (JSON.rawJSON: JSON.stringify emits them unquoted), so no figure is ever rounded or refused.
 */
export type ExactInteger = number | RawJsonInteger;
type RawJsonInteger = { readonly rawJSON: string };

export function exactInteger(value: bigint): ExactInteger {
  if (value < 0n) throw new Error(`ledger figure ${value} is negative`);
  if (value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value);
  return (JSON as unknown as { rawJSON(text: string): RawJsonInteger }).rawJSON(value.toString());
}
