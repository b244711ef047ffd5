// Reading balances and movements: an account's balance now or at a past moment, and its
// postings (movements with the balance right after each) newest first as a statement or within a
// period oldest first. All reads; each costs a fixed number of engine reads whatever the
// account's history length.

import {
  AccountFilterFlags,
  AccountFlags,
  LedgerUsageError,
  queryLimitMax,
  type Account,
  type AccountBalance,
  type LedgerEngine,
  type Transfer,
} from '../model.ts';
import { LedgerInvariantError } from './chains.ts';

/** available = credits_posted - debits_posted - debits_pending; pending = credits_pending. */
export type Balance = { available: bigint; pending: bigint };

/** Most movements one accountHistory / postings call returns (one engine query of each kind). */
export const historyPageMax = queryLimitMax;

/** An account's balance now, when it was opened, and when its balance last moved (accountStates). */
export type AccountState = {
  balance: Balance;
  /** Ledger timestamps (ns since the epoch). */
  openedAt: bigint;
  /** The last movement's timestamp; null when none (or the account keeps no history). */
  lastMovementAt: bigint | null;
};

/** One movement of an account, with the account's balance right after it. */
export type AccountMovement = {
  transfer: Transfer;
  /** credit: the account is the transfer's credit side; debit: its debit side. */
  direction: 'credit' | 'debit';
  /** The account's balance right after this transfer (available and pending, as balanceOf). */
  balanceAfter: Balance;
};

export function balanceOf(account: Pick<Account, 'credits_posted' | 'debits_posted' | 'debits_pending' | 'credits_pending'>): Balance {
  return {
    available: account.credits_posted - account.debits_posted - account.debits_pending,
    pending: account.credits_pending,
  };
}

export async function accountStates(engine: LedgerEngine, accountIds: readonly bigint[]): Promise<Map<bigint, AccountState>> {
  const accounts = await engine.lookupAccounts(accountIds);
  const latest = await Promise.all(accounts.map((account) => engine.getAccountBalances({
    account_id: account.id, limit: 1, flags: AccountFilterFlags.reversed,
  })));
  return new Map(accounts.map((account, i) => [account.id, {
    balance: balanceOf(account),
    openedAt: account.timestamp,
    lastMovementAt: latest[i]![0]?.timestamp ?? null,
  }]));
}

function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > historyPageMax) {
    throw new LedgerUsageError(`limit must be 1..${historyPageMax}, got ${limit}`);
  }
}

/**
 * The movements of `accountId` with timestamps in [timestampMin, timestampMax] (both inclusive,
 * ledger nanoseconds), at most `limit`, newest first when `reversed`. Two reads: the transfers (an
 * index range read of `limit` rows on either engine) and the balance history between the first
 * and last of them. A transfer without its balance entry (an account without flags.history) is a
 * LedgerInvariantError.
 */
export async function movements(engine: LedgerEngine, args: {
  accountId: bigint; timestampMin: bigint; timestampMax: bigint; limit: number; reversed: boolean;
}): Promise<AccountMovement[]> {
  const flags = args.reversed ? AccountFilterFlags.reversed : 0;
  const transfers = await engine.getAccountTransfers({
    account_id: args.accountId, timestamp_min: args.timestampMin, timestamp_max: args.timestampMax, limit: args.limit, flags,
  });
  if (transfers.length === 0) return [];
  const first = transfers[0]!.timestamp;
  const last = transfers[transfers.length - 1]!.timestamp;
  // The balance entries of exactly these transfers: one per transfer, at its timestamp. A
  // transfer committed since the first read can only add entries, never remove one.
  const balances = await engine.getAccountBalances({
    account_id: args.accountId, timestamp_min: first < last ? first : last, timestamp_max: first < last ? last : first,
    limit: historyPageMax, flags: AccountFilterFlags.reversed,
  });
  const byTimestamp = new Map(balances.map((b) => [b.timestamp, b]));
  return transfers.map((transfer) => {
    const balance = byTimestamp.get(transfer.timestamp);
    if (!balance) {
      throw new LedgerInvariantError(`account ${args.accountId} has no balance history for transfer ${transfer.id} (created without flags.history?)`);
    }
    return {
      transfer,
      direction: transfer.credit_account_id === args.accountId ? 'credit' : 'debit',
      balanceAfter: balanceOf(balance),
    };
  });
}

/**
 * The account's movements, newest first: a statement page. `before` is an exclusive ledger
 * timestamp (the previous page's last `transfer.timestamp`); omit it for the newest page.
 * Expiry of a pending transfer (its ledger timeout passing) changes the balance but, as in
 * TigerBeetle, writes no movement: the next movement's balance shows its effect.
 */
export async function accountHistory(engine: LedgerEngine, args: { accountId: bigint; before?: bigint; limit: number }): Promise<AccountMovement[]> {
  assertLimit(args.limit);
  // timestamp_max 0 means unbounded, so a cursor at the very first nanosecond has nothing before it.
  if (args.before !== undefined && args.before <= 1n) return [];
  const timestampMax = args.before === undefined ? 0n : args.before - 1n;
  return movements(engine, { accountId: args.accountId, timestampMin: 0n, timestampMax, limit: args.limit, reversed: true });
}

/**
 * The account's postings in the period [from, to] (ledger timestamps, inclusive), oldest first,
 * at most `limit`; `after` (exclusive) is the previous page's last `transfer.timestamp`. A
 * period's postings are complete once `to` is in the past: a transfer's timestamp is assigned
 * when it commits (PostgreSQL: see the README's note on concurrent commits).
 */
export async function postings(engine: LedgerEngine, args: { accountId: bigint; from: bigint; to: bigint; after?: bigint; limit: number }): Promise<AccountMovement[]> {
  assertLimit(args.limit);
  if (args.from < 1n || args.to < args.from) throw new LedgerUsageError(`a period needs 1 <= from <= to, got ${args.from}..${args.to}`);
  const timestampMin = args.after !== undefined && args.after >= args.from ? args.after + 1n : args.from;
  if (timestampMin > args.to) return [];
  return movements(engine, { accountId: args.accountId, timestampMin, timestampMax: args.to, limit: args.limit, reversed: false });
}

/**
 * The account's balance right after every transfer with a timestamp at or before `at` (ledger ns):
 * what the balance was at that moment. Zero for an account opened later or not yet moved; null
 * for an account that does not exist. Needs flags.history (LedgerUsageError otherwise). As in
 * TigerBeetle, a hold's expiry writes no history entry, so a hold that expired before `at` still
 * counts until the account's next movement.
 */
export async function balanceAt(engine: LedgerEngine, args: { accountId: bigint; at: bigint }): Promise<Balance | null> {
  if (args.at < 1n) throw new LedgerUsageError(`at must be a ledger timestamp, got ${args.at}`);
  const [account] = await engine.lookupAccounts([args.accountId]);
  if (!account) return null;
  if ((account.flags & AccountFlags.history) === 0) throw new LedgerUsageError(`account ${args.accountId} keeps no balance history (flags.history)`);
  const [entry]: AccountBalance[] = await engine.getAccountBalances({
    account_id: args.accountId, timestamp_max: args.at, limit: 1, flags: AccountFilterFlags.reversed,
  });
  return entry ? balanceOf(entry) : { available: 0n, pending: 0n };
}
