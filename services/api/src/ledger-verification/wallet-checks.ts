// Every wallet's balances equal its postings: replaying the account's transfers (oldest first;
// a pending adds to the pending side, its post moves the amount to the posted side, its void or
// expiry takes it away) gives exactly the balances the ledger reports for the account. Also: the
// wallet row points at the account its owner and currency derive, and the account exists on the
// currency's ledger as a wallet (code, flags: decision 0790). Merchants' wallets (wallets) and
// partners' (partner_wallets, whose owner is the wallet itself: partner-wallets.ts) alike.
import { AccountFilterFlags, currencyInfo, queryLimitMax, TransferFlags, type Account, type Ledger, type Transfer } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import { AccountCode, walletAccountFlags, walletAccountId } from '../domain/ledger-accounts.ts';
import { expiredAt, lookupTransfers, pages, rowPageSize, type Check } from './ledger-reads.ts';

type Sums = { debits_pending: bigint; debits_posted: bigint; credits_pending: bigint; credits_posted: bigint };
type WalletRow = { id: string; owner_id: string; currency: string; ledger_account_id: string };
export type WalletKind = 'wallet' | 'partner_wallet';

/** A page of wallet rows of `kind` after `after`, ordered by id. */
function walletPage(sql: Sql, kind: WalletKind, after: string): Promise<WalletRow[]> {
  return kind === 'wallet'
    ? sql<WalletRow[]>`select id, owner_id, currency, ledger_account_id::text as ledger_account_id from wallets where id > ${after} order by id limit ${rowPageSize}`
    : sql<WalletRow[]>`select id, id::text as owner_id, currency, ledger_account_id::text as ledger_account_id from partner_wallets where id > ${after} order by id limit ${rowPageSize}`;
}

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

/** The account is the wallet the row says: on the currency's ledger, a wallet's code and flags. */
function checkWalletAccount(check: Check, subject: { kind: string; id: string }, row: WalletRow, account: Account): void {
  const ledger = currencyInfo(row.currency.trim()).ledger;
  if (account.ledger !== ledger || account.code !== AccountCode.wallet || account.flags !== walletAccountFlags) {
    check.report({ check: 'wallet_account', subject, message: `ledger account ${account.id} is not a ${row.currency.trim()} wallet account`, expected: `ledger ${ledger}, code ${AccountCode.wallet}, flags ${walletAccountFlags}`, found: `ledger ${account.ledger}, code ${account.code}, flags ${account.flags}` });
  }
}

async function checkWallet(check: Check, kind: WalletKind, row: WalletRow, account: Account | undefined): Promise<void> {
  const subject = { kind, id: row.id };
  const derived = walletAccountId(row.owner_id, row.currency.trim());
  if (derived.toString() !== row.ledger_account_id) {
    check.report({ check: 'wallet_account', subject, message: 'the wallet row points at another ledger account than its owner and currency derive', expected: derived.toString(), found: row.ledger_account_id });
  }
  if (!account) {
    check.report({ check: 'wallet_account', subject, message: `the wallet's ledger account ${row.ledger_account_id} does not exist`, expected: 'an account', found: 'none' });
    return;
  }
  checkWalletAccount(check, subject, row, account);
  const { sums, expired } = await replay(check.ledger, account.id, check.nowNs);
  if (!agrees(account, sums, expired)) {
    check.report({ check: 'wallet_postings', subject, message: `account ${account.id}'s balances differ from the sum of its postings`, expected: show(sums), found: show(account) });
  }
}

/** Checks every wallet row of `kind`; answers how many. */
export async function checkWallets(check: Check, kind: WalletKind): Promise<number> {
  let count = 0;
  for await (const rows of pages<WalletRow>((after) => walletPage(check.sql, kind, after))) {
    const accounts = await check.ledger.engine.lookupAccounts(rows.map((row) => BigInt(row.ledger_account_id)));
    const byId = new Map(accounts.map((account) => [account.id, account]));
    for (const row of rows) await checkWallet(check, kind, row, byId.get(BigInt(row.ledger_account_id)));
    count += rows.length;
  }
  return count;
}
