// PostgreSQL's records and the ledger engine agree, read from the engine's side (issue 25: "with
// both engines configured, PostgreSQL and TigerBeetle agree"; decision 0790). The service keeps
// money in the engine (TigerBeetle, or the PostgreSQL engine's own tables) and why it moved in its
// own rows, written in separate commits; the row checks go from each row to its transfers. This goes
// the other way, over everything the engine holds in every currency ledger with money:
//   accounts: each is a system account of its currency (its derived id for its code), the
//     currency's reconciliation adjustment account, or a wallet some wallet row names. An account
//     nothing names and that holds nothing is left alone (a request that opened a wallet and died
//     before its row committed leaves one, empty); one that holds money is reported.
//   transfers: each is explained by the service row its user_data_128 names (posts and voids carry
//     their hold's). A hold with no row is fine once voided or expired (a request that failed after
//     its hold gave it back: decision 0410), or while an open hold intent names it (a request
//     between its hold and its commit); a posted hold, or a transfer posted at once, with no row is
//     money PostgreSQL has no record of.
// Each transfer is read once: from its debit account's side (get_account_transfers, debits only),
// oldest first, so a hold is seen before its post or void.
import { AccountFilterFlags, currencyInfo, queryLimitMax, TransferFlags, uuidFromU128, type Account, type Transfer } from '@payagg/ledger';
import { AccountCode, systemAccountId, systemAccountKinds, type SystemAccountKind } from '../domain/ledger-accounts.ts';
import { adjustmentAccountCode, adjustmentAccountId } from '../reconciliation/index.ts';
import { expiredAt, type Check } from './ledger-reads.ts';

const kindByCode = new Map<number, SystemAccountKind>(systemAccountKinds.map((kind) => [AccountCode[kind], kind]));
const isPending = (t: Transfer) => (t.flags & TransferFlags.pending) !== 0;
const show = (t: Transfer) => `transfer ${t.id} (code ${t.code}, ${t.amount} from account ${t.debit_account_id} to ${t.credit_account_id}, user_data_128 ${t.user_data_128 === 0n ? 0 : uuidFromU128(t.user_data_128)})`;

/** The service's rows that own ledger transfers, by id: the tables whose ids transfers carry in user_data_128. */
async function ownersFound(check: Check, owners: string[]): Promise<Set<string>> {
  if (owners.length === 0) return new Set();
  const rows = await check.sql<{ id: string }[]>`
    select u.id::text as id from unnest(${owners}::uuid[]) as u(id)
    where exists (select 1 from transactions where id = u.id) or exists (select 1 from payouts where id = u.id)
       or exists (select 1 from disputes where id = u.id) or exists (select 1 from fx_conversions where id = u.id)
       or exists (select 1 from partner_movements where id = u.id) or exists (select 1 from recon_resolutions where id = u.id)`;
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` an open hold intent names (holds placed by a request that has not committed yet). */
async function intentHolds(check: Check, ids: bigint[]): Promise<Set<bigint>> {
  if (ids.length === 0) return new Set();
  const rows = await check.sql<{ id: string }[]>`
    select h::text as id from ledger_hold_intents, unnest(hold_ids) as h where state = 'open' and h = any(${ids.map(String)}::numeric[])`;
  return new Set(rows.map((row) => BigInt(row.id)));
}

/** The account's debits, oldest first, a page at a time. */
async function* debitPages(check: Check, accountId: bigint): AsyncGenerator<Transfer[]> {
  let timestampMin = 0n;
  for (;;) {
    const page = await check.ledger.engine.getAccountTransfers({ account_id: accountId, timestamp_min: timestampMin, limit: queryLimitMax, flags: AccountFilterFlags.debits });
    if (page.length > 0) yield page;
    if (page.length < queryLimitMax) return;
    timestampMin = page[page.length - 1]!.timestamp + 1n;
  }
}

/** Checks every transfer debited to `accountId` against the service's rows; answers how many it read. */
async function checkDebits(check: Check, accountId: bigint): Promise<number> {
  let count = 0;
  const unrecordedHolds = new Map<bigint, Transfer>();
  for await (const page of debitPages(check, accountId)) {
    count += page.length;
    const found = await ownersFound(check, [...new Set(page.filter((t) => t.user_data_128 !== 0n).map((t) => uuidFromU128(t.user_data_128)))]);
    for (const t of page) {
      if (t.user_data_128 !== 0n && found.has(uuidFromU128(t.user_data_128))) continue;
      if (isPending(t)) unrecordedHolds.set(t.id, t);
      else if ((t.flags & TransferFlags.void_pending_transfer) !== 0) unrecordedHolds.delete(t.pending_id);
      else {
        unrecordedHolds.delete(t.pending_id);
        const what = (t.flags & TransferFlags.post_pending_transfer) !== 0 ? `the post of hold ${t.pending_id}` : 'a transfer';
        check.report({ check: 'engine_transfer', subject: { kind: 'ledger_transfer', id: t.id.toString() }, message: `${what} moved money no service row records: ${show(t)}`, expected: 'a service row with the id in user_data_128', found: 'none' });
      }
    }
  }
  const open = [...unrecordedHolds.values()].filter((t) => !expiredAt(t, check.nowNs));
  const intended = await intentHolds(check, open.map((t) => t.id));
  for (const t of open) {
    if (intended.has(t.id)) continue;
    check.report({ check: 'engine_transfer', subject: { kind: 'ledger_transfer', id: t.id.toString() }, message: `a hold no service row or open hold intent records: ${show(t)}`, expected: 'a service row with the id in user_data_128, or an open hold intent naming the hold', found: 'none' });
  }
  return count;
}

/** Which accounts of a page some wallet row names. */
async function walletAccounts(check: Check, accounts: readonly Account[]): Promise<Set<bigint>> {
  const ids = accounts.filter((a) => a.code === AccountCode.wallet).map((a) => a.id.toString());
  if (ids.length === 0) return new Set();
  const rows = await check.sql<{ id: string }[]>`
    select ledger_account_id::text as id from wallets where ledger_account_id = any(${ids}::numeric[])
    union all select ledger_account_id::text from partner_wallets where ledger_account_id = any(${ids}::numeric[])`;
  return new Set(rows.map((row) => BigInt(row.id)));
}

/** What PostgreSQL says the account is, or null when nothing names it. */
function knownAs(account: Account, currency: string, wallets: Set<bigint>): string | null {
  if (account.code === AccountCode.wallet) return wallets.has(account.id) ? 'wallet' : null;
  if (account.code === adjustmentAccountCode) return account.id === adjustmentAccountId(currency) ? 'adjustment' : null;
  const kind = kindByCode.get(account.code);
  return kind !== undefined && account.id === systemAccountId(kind, currency) ? kind : null;
}

const holdsMoney = (a: Account) => a.debits_posted + a.credits_posted + a.debits_pending + a.credits_pending > 0n;

/** Checks every account of the currencies' ledgers and every transfer; answers how many of each it read. */
export async function checkEngineAgreement(check: Check, currencies: readonly string[]): Promise<{ accounts: number; transfers: number }> {
  let accounts = 0;
  let transfers = 0;
  for (const currency of currencies) {
    const { ledger } = currencyInfo(currency);
    let timestampMin = 0n;
    for (;;) {
      const page = await check.ledger.engine.queryAccounts({ ledger, limit: queryLimitMax, timestamp_min: timestampMin });
      const wallets = await walletAccounts(check, page);
      for (const account of page) {
        if (knownAs(account, currency, wallets) === null && holdsMoney(account)) {
          check.report({ check: 'engine_account', subject: { kind: 'ledger_account', id: account.id.toString() }, message: `account ${account.id} (code ${account.code}, ${currency}) holds money but no wallet row or system account of PostgreSQL's names it`, expected: 'a wallet row, a system account or the adjustment account of the currency', found: `debits_posted ${account.debits_posted}, credits_posted ${account.credits_posted}, debits_pending ${account.debits_pending}, credits_pending ${account.credits_pending}` });
        }
        transfers += await checkDebits(check, account.id);
      }
      accounts += page.length;
      if (page.length < queryLimitMax) break;
      timestampMin = page[page.length - 1]!.timestamp + 1n;
    }
  }
  return { accounts, transfers };
}
