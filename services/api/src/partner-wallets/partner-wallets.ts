// Partner wallets (spec/partner.yaml): one ledger wallet account per wallet (the ledger owns every
// balance, as for merchant wallets: wallets/wallets.ts), indexed here with its partner, the
// partner's end user, its currency and its account number (partner-wallets/account-numbers.ts).
import { currencies, TransferFlags, uuidFromU128, type AccountMovement, type Ledger } from '@payagg/ledger';
import type { PartnerSchema } from '@payagg/contract';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import type { CommitWrite } from '../db/write.ts';
import { write, type WriteTarget } from '../db/write.ts';
import { accountNumberProblem, allocateAccountNumber } from './account-numbers.ts';
import { fieldsRefusal, Refusal, type RefusalField } from '../domain/outcomes.ts';
import { dateOfLedgerTimestamp, exactInteger } from '../wallets/index.ts';
import { openWallet, TransferCode } from '../domain/ledger-accounts.ts';

export type PartnerWalletRow = {
  id: string;
  partner_id: string;
  external_user_id: string;
  currency: string;
  account_number: string;
  ledger_account_id: string;
  created_at: Date;
};

export type PartnerWalletCreate = PartnerSchema<'PartnerWalletCreate'>;
/** As the spec's PartnerWallet, with balances that may pass 2^53 written exactly (wallets.ts exactInteger). */
export type PartnerWalletResource = ReturnType<typeof toPartnerWalletResource>;

/** 409 WALLET_EXISTS naming the wallet the partner already has (there is no lookup by externalUserId). */
const walletExists = (existingId: string) => fieldsRefusal('partner_wallet_exists', [{
  field: 'body.externalUserId', message: `already has a wallet of this partner in this currency: ${existingId}`,
}], `A wallet for this externalUserId and currency already exists: ${existingId}.`);

export function noSuchPartnerWallet(): Refusal {
  return new Refusal('no_such_partner_wallet', 'No such wallet.');
}

/**
 * The check that needs no claim: the currency is one the ledger holds. (Whether the wallet exists
 * already is checked inside the run: a replay of the create must answer the stored wallet.)
 */
export function checkPartnerWalletCreate(request: PartnerWalletCreate): void {
  if (!currencies.has(request.currency)) {
    throw fieldsRefusal('currency_not_supported', [{
      field: 'body.currency', message: `currency ${request.currency} is not supported (supported: ${[...currencies.keys()].join(', ')})`,
    }]);
  }
}

/**
 * Refuses a second wallet for the pair (partner_wallet_exists: 409 WALLET_EXISTS naming externalUserId and the existing wallet's id); opens
 * the wallet's ledger account (idempotent on the wallet id), then in one transaction allocates
 * its account number and writes its row with `commitWrites` (the stored response). A concurrent
 * create of the same (externalUserId, currency) under another key loses on the unique
 * index: partner_wallet_exists, nothing written (its ledger account stays, empty and unindexed).
 */
export async function recordPartnerWallet(deps: WriteTarget & { ledger: Ledger }, input: {
  id: string; partnerId: string; request: PartnerWalletCreate; commitWrites: (q: Queryable, resource: PartnerWalletResource) => CommitWrite[];
}): Promise<PartnerWalletResource> {
  const existingWallet = (q: Queryable) => q<{ id: string }[]>`select id from partner_wallets
    where partner_id = ${input.partnerId} and external_user_id = ${input.request.externalUserId} and currency = ${input.request.currency}`;
  const [existing] = await existingWallet(deps.sql);
  if (existing) throw walletExists(existing.id);
  const { accountId } = await openWallet(deps.ledger, { ownerId: input.id, currency: input.request.currency });
  return await write<PartnerWalletResource>(deps, {
    prepare: async (tx: Tx) => {
      const accountNumber = await allocateAccountNumber(tx);
      const [row] = await tx<PartnerWalletRow[]>`
        insert into partner_wallets (id, partner_id, external_user_id, currency, account_number, ledger_account_id)
        values (${input.id}, ${input.partnerId}, ${input.request.externalUserId}, ${input.request.currency}, ${accountNumber}, ${accountId.toString()})
        on conflict (partner_id, external_user_id, currency) do nothing
        returning *`;
      if (!row) {
        const [winner] = await existingWallet(tx);
        throw walletExists(winner!.id);
      }
      // A new account: its balance is zero, its state needs no ledger read.
      return toPartnerWalletResource(row, { available: 0n, pending: 0n });
    },
    writes: (q: Queryable, resource: PartnerWalletResource) => input.commitWrites(q, resource),
  });
}

/** The partner's wallet `id` (404 no_such_partner_wallet otherwise: another partner's reads as absent). */
export async function getPartnerWallet(q: Queryable, partnerId: string, id: string): Promise<PartnerWalletRow> {
  const [row] = await q<PartnerWalletRow[]>`select * from partner_wallets where id = ${id} and partner_id = ${partnerId}`;
  if (!row) throw noSuchPartnerWallet();
  return row;
}

type NamedWallet = { walletId: string | undefined; accountNumber: string | undefined };

/** What is wrong with how a body names one side (exactly one of id or account number; the check digit). */
function sideProblems(side: 'from' | 'to', named: NamedWallet): RefusalField[] {
  const idField = `body.${side}WalletId`;
  const numberField = `body.${side}AccountNumber`;
  if ((named.walletId === undefined) === (named.accountNumber === undefined)) {
    const message = named.walletId === undefined ? `one of ${side}WalletId and ${side}AccountNumber is required` : `give only one of ${side}WalletId and ${side}AccountNumber`;
    return [{ field: idField, message }, { field: numberField, message }];
  }
  const problem = named.accountNumber === undefined ? null : accountNumberProblem(named.accountNumber);
  return problem ? [{ field: numberField, message: problem }] : [];
}

async function findNamedWallet(q: Queryable, partnerId: string, named: NamedWallet): Promise<PartnerWalletRow | null> {
  const [row] = named.walletId !== undefined
    ? await q<PartnerWalletRow[]>`select * from partner_wallets where id = ${named.walletId} and partner_id = ${partnerId}`
    : await q<PartnerWalletRow[]>`select * from partner_wallets where account_number = ${named.accountNumber!} and partner_id = ${partnerId}`;
  return row ?? null;
}

/**
 * The two wallets a transfer body names, each by its id or its account number: 422
 * partner_request_invalid naming every field that is wrong (a side named twice or not at all, a
 * bad check digit), then 404 partner_wallet_not_found naming every side that is not one of the
 * partner's wallets (another partner's reads as absent, as in paths).
 */
export async function walletsNamedInBody(q: Queryable, partnerId: string, sides: { from: NamedWallet; to: NamedWallet }):
  Promise<{ from: PartnerWalletRow; to: PartnerWalletRow }> {
  const problems = [...sideProblems('from', sides.from), ...sideProblems('to', sides.to)];
  if (problems.length > 0) throw fieldsRefusal('partner_request_invalid', problems);
  const [from, to] = await Promise.all([findNamedWallet(q, partnerId, sides.from), findNamedWallet(q, partnerId, sides.to)]);
  const missing: RefusalField[] = [];
  for (const [side, row] of [['from', from], ['to', to]] as const) {
    if (row) continue;
    const named = sides[side];
    missing.push({ field: named.walletId !== undefined ? `body.${side}WalletId` : `body.${side}AccountNumber`, message: 'is not one of your wallets' });
  }
  if (missing.length > 0 || !from || !to) throw fieldsRefusal('partner_wallet_not_found', missing, 'No such wallet.');
  return { from, to };
}

export function toPartnerWalletResource(row: PartnerWalletRow, balance: { available: bigint; pending: bigint }) {
  return {
    id: row.id,
    externalUserId: row.external_user_id,
    currency: row.currency,
    accountNumber: row.account_number,
    availableBalance: exactInteger(balance.available),
    pendingBalance: exactInteger(balance.pending),
    createdAt: row.created_at.toISOString(),
  };
}

/** The ledger's state of the wallet's account (a row without its account is a broken invariant: 500). */
async function ledgerStateOf(ledger: Ledger, row: PartnerWalletRow) {
  const state = (await ledger.accountStates([BigInt(row.ledger_account_id)])).get(BigInt(row.ledger_account_id));
  if (!state) throw new Error(`partner wallet ${row.id}: ledger account ${row.ledger_account_id} not found`);
  return state;
}

/** GET /wallets/{walletId}: the wallet with its balances, read from the ledger now. */
export async function readPartnerWallet(ledger: Ledger, row: PartnerWalletRow): Promise<PartnerWalletResource> {
  return toPartnerWalletResource(row, (await ledgerStateOf(ledger, row)).balance);
}

/** GET /wallets/{walletId}/balance, straight from the ledger. */
export async function readPartnerWalletBalance(ledger: Ledger, row: PartnerWalletRow) {
  const state = await ledgerStateOf(ledger, row);
  return {
    walletId: row.id,
    currency: row.currency,
    availableBalance: exactInteger(state.balance.available),
    pendingBalance: exactInteger(state.balance.pending),
    updatedAt: dateOfLedgerTimestamp(state.lastMovementAt ?? state.openedAt).toISOString(),
  };
}

// ----- The transaction list (GET /wallets/{walletId}/transactions): the wallet's ledger
// movements, newest first, each with the available balance right after it, joined with the
// movement rows (partner_movements) for what the ledger does not carry.

type MovementInfo = { id: string; kind: 'deposit' | 'transfer' | 'withdrawal'; reference: string; status: 'pending' | 'success' | 'failed';
  from_wallet_id: string | null; from_account_number: string | null; to_account_number: string | null };

export type PartnerWalletTransactionType = PartnerSchema<'PartnerWalletTransactionType'>;

/** A movement is listed when it changed the available balance; a post of a hold (already counted when held) is not. */
function isListed(movement: AccountMovement): boolean {
  return (movement.transfer.flags & TransferFlags.post_pending_transfer) === 0;
}

function typeOf(movement: AccountMovement): PartnerWalletTransactionType {
  const { code, flags } = movement.transfer;
  if (code === TransferCode.wallet_deposit) return 'deposit';
  if (code === TransferCode.wallet_transfer) return movement.direction === 'debit' ? 'transfer_out' : 'transfer_in';
  // A cross-currency transfer's leg on this wallet (partner-wallets/partner-fx.ts): its conversion's.
  if (code === TransferCode.fx_conversion) return movement.direction === 'debit' ? 'transfer_out' : 'transfer_in';
  // A withdrawal's reservation (a hold on the wallet) and, when it failed, the void that gives the money back.
  if (code === TransferCode.payout) return (flags & TransferFlags.void_pending_transfer) !== 0 ? 'withdrawal_reversal' : 'withdrawal';
  throw new Error(`partner wallet movement ${movement.transfer.id} has transfer code ${code}, which partner wallets never use`);
}

function ledgerIdUuid(id: bigint): string {
  return uuidFromU128(id);
}

/**
 * One page of the wallet's transactions, newest first, and the position (a ledger timestamp) of
 * the next page when there may be one. Reads `limit + 1` movements at a time until it has one
 * more listed movement than the page shows, or the history ends.
 */
export async function partnerWalletTransactionsPage(deps: { sql: Sql; ledger: Ledger }, wallet: PartnerWalletRow,
  page: { before: bigint | null; limit: number }) {
  const listed: AccountMovement[] = [];
  let position = page.before;
  for (;;) {
    const batch = await deps.ledger.accountHistory({
      accountId: BigInt(wallet.ledger_account_id), limit: page.limit + 1, ...(position === null ? {} : { before: position }),
    });
    listed.push(...batch.filter(isListed));
    if (listed.length > page.limit || batch.length <= page.limit) break;
    position = batch.at(-1)!.transfer.timestamp;
  }
  const shown = listed.slice(0, page.limit);
  // Every ledger transfer carries its movement's id in user_data_128, but a conversion's legs
  // carry the conversion's id (fx-conversions.ts): the movement row names both.
  const ledgerOwnerIds = [...new Set(shown.map((m) => uuidFromU128(m.transfer.user_data_128)))];
  const infos = ledgerOwnerIds.length === 0 ? [] : await deps.sql<(MovementInfo & { fx_conversion_id: string | null })[]>`
    select m.id, m.kind, m.reference, m.status, m.from_wallet_id, m.fx_conversion_id,
           fw.account_number as from_account_number, tw.account_number as to_account_number
    from partner_movements m
    left join partner_wallets fw on fw.id = m.from_wallet_id
    left join partner_wallets tw on tw.id = m.to_wallet_id
    where (m.id in ${deps.sql(ledgerOwnerIds)} or m.fx_conversion_id in ${deps.sql(ledgerOwnerIds)}) and m.partner_id = ${wallet.partner_id}`;
  const infoOf = new Map<string, MovementInfo>();
  for (const info of infos) {
    infoOf.set(info.id, info);
    if (info.fx_conversion_id) infoOf.set(info.fx_conversion_id, info);
  }
  const items = shown.map((movement) => {
    const info = infoOf.get(uuidFromU128(movement.transfer.user_data_128));
    const operationId = info?.id ?? uuidFromU128(movement.transfer.user_data_128);
    const type = typeOf(movement);
    // The other side of a transfer; a movement whose row is not written yet (its request is
    // still finishing it) shows no reference and no counterparty rather than nothing at all.
    const counterparty = !info || info.kind !== 'transfer' ? null
      : info.from_wallet_id === wallet.id ? info.to_account_number : info.from_account_number;
    return {
      id: ledgerIdUuid(movement.transfer.id),
      operationId,
      type,
      amount: exactInteger(movement.transfer.amount),
      currency: wallet.currency,
      // A reversal is done when it is listed; its withdrawal's row says failed.
      status: type === 'withdrawal_reversal' ? 'success' : info?.status ?? 'success',
      reference: info?.reference ?? '',
      counterpartyAccountNumber: counterparty,
      balanceAfter: exactInteger(movement.balanceAfter.available),
      createdAt: dateOfLedgerTimestamp(movement.transfer.timestamp).toISOString(),
    };
  });
  return { items, next: listed.length > page.limit ? shown.at(-1)!.transfer.timestamp : null };
}
