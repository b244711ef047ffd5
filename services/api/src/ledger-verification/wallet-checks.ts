// Every wallet's balances equal its postings: replaying the account's transfers (oldest first;
// a pending adds to the pending side, its post moves the amount to the posted side, its void or
// expiry takes it away) gives exactly the balances the ledger reports for the account. Also: the
// wallet row points at the account its owner and currency derive, and the account exists.
import { AccountFilterFlags, queryLimitMax, TransferFlags, type Account, type Ledger, type Transfer } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import { walletAccountId } from '../domain/ledger-accounts.ts';
import { expiredAt, lookupTransfers } from './ledger-reads.ts';
import type { Violation } from './violations.ts';

type Sums = { debits_pending: bigint; debits_posted: bigint; credits_pending: bigint; credits_posted: bigint };
type Check = { ledger: Ledger; sql: Sql; nowNs: bigint; report(violation: Violation): void };
type WalletRow = { id: string; owner_id: string; currency: string; ledger_account_id: string };

const walletPageSize = 500;

/** Every transfer of the account, oldest first. */
async function accountTransfers(ledger: Ledger, accountId: bigint): Promise<Transfer[]> {
  const transfers: Transfer[] = [];
  let timestampMin = 0n;
  for (;;) {
    const page = await ledger.engine.getAccountTransfers({ account_id: accountId, timestamp_min: timestampMin, limit: queryLimitMax, flags: AccountFilterFlags.none });
    transfers.push(...page);
    if (page.length < queryLimitMax) return transfers;
    timestampMin = page[page.length - 1]!.timestamp + 1n;
  }
}

/** The balances the account's transfers add up to; `expiredPending` is what holds whose timeout passed unresolved still count. */
export async function replay(ledger: Ledger, accountId: bigint, nowNs: bigint): Promise<{ sums: Sums; expired: Sums }> {
  const transfers = await accountTransfers(ledger, accountId);
  const resolving = transfers.filter((t) => (t.flags & (TransferFlags.post_pending_transfer | TransferFlags.void_pending_transfer)) !== 0);
  const pendings = await lookupTransfers(ledger, resolving.map((t) => t.pending_id));
  const sums: Sums = { debits_pending: 0n, debits_posted: 0n, credits_pending: 0n, credits_posted: 0n };
  const open = new Map<bigint, Transfer>();
  for (const t of transfers) {
    const side = t.debit_account_id === accountId ? 'debits' : 'credits';
    if ((t.flags & TransferFlags.pending) !== 0) {
      sums[`${side}_pending`] += t.amount;
      open.set(t.id, t);
    } else if ((t.flags & (TransferFlags.post_pending_transfer | TransferFlags.void_pending_transfer)) !== 0) {
      const pending = pendings.get(t.pending_id);
      sums[`${side}_pending`] -= pending?.amount ?? 0n;
      open.delete(t.pending_id);
      if ((t.flags & TransferFlags.post_pending_transfer) !== 0) sums[`${side}_posted`] += t.amount;
    } else {
      sums[`${side}_posted`] += t.amount;
    }
  }
  const expired: Sums = { debits_pending: 0n, debits_posted: 0n, credits_pending: 0n, credits_posted: 0n };
  for (const t of open.values()) {
    if (expiredAt(t, nowNs)) expired[t.debit_account_id === accountId ? 'debits_pending' : 'credits_pending'] += t.amount;
  }
  return { sums, expired };
}

function agrees(account: Account, sums: Sums, expired: Sums): boolean {
  const posted = account.debits_posted === sums.debits_posted && account.credits_posted === sums.credits_posted;
  const pendingMatches = (side: 'debits_pending' | 'credits_pending') => account[side] === sums[side] || account[side] === sums[side] - expired[side];
  return posted && pendingMatches('debits_pending') && pendingMatches('credits_pending');
}

const show = (s: Pick<Account, keyof Sums>) => `debits_posted ${s.debits_posted}, credits_posted ${s.credits_posted}, debits_pending ${s.debits_pending}, credits_pending ${s.credits_pending}`;

async function checkWallet(check: Check, row: WalletRow, account: Account | undefined): Promise<void> {
  const subject = { kind: 'wallet', id: row.id };
  const derived = walletAccountId(row.owner_id, row.currency.trim());
  if (derived.toString() !== row.ledger_account_id) {
    check.report({ check: 'wallet_account', subject, message: 'the wallet row points at another ledger account than its owner and currency derive', expected: derived.toString(), found: row.ledger_account_id });
  }
  if (!account) {
    check.report({ check: 'wallet_account', subject, message: `the wallet's ledger account ${row.ledger_account_id} does not exist`, expected: 'an account', found: 'none' });
    return;
  }
  const { sums, expired } = await replay(check.ledger, account.id, check.nowNs);
  if (!agrees(account, sums, expired)) {
    check.report({ check: 'wallet_postings', subject: { kind: 'wallet', id: row.id }, message: `account ${account.id}'s balances differ from the sum of its postings`, expected: show(sums), found: show(account) });
  }
}

/** Checks every wallet row; answers how many. */
export async function checkWallets(check: Check): Promise<number> {
  let count = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await check.sql<WalletRow[]>`
      select id, owner_id, currency, ledger_account_id::text as ledger_account_id from wallets where id > ${after} order by id limit ${walletPageSize}`;
    if (rows.length === 0) return count;
    const accounts = await check.ledger.engine.lookupAccounts(rows.map((row) => BigInt(row.ledger_account_id)));
    const byId = new Map(accounts.map((account) => [account.id, account]));
    for (const row of rows) await checkWallet(check, row, byId.get(BigInt(row.ledger_account_id)));
    count += rows.length;
    if (rows.length < walletPageSize) return count;
    after = rows[rows.length - 1]!.id;
  }
}
