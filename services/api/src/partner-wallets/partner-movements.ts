// Money movements of partner wallets: deposits (sandbox) and transfers between two of a partner's
// wallets. Each is one ledger transfer whose id derives from the movement's id (idFromUuid), so a
// resumed run re-submits the same transfer and the ledger answers `exists`; the movement's row
// (partner_movements: reference, counterparty, status) is written after the ledger accepted it,
// in one write with the stored idempotent response.
import type { PartnerSchema } from '@payagg/contract';
import type { Ledger, MovementResult } from '@payagg/ledger';
import type { Queryable, Tx } from '../db/index.ts';
import { type CommitWrite, write, type WriteTarget } from '../db/write.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import type { PartnerWalletRow } from './partner-wallets.ts';
import { convertForPartnerTransfer } from './partner-fx.ts';
import { deposit, transferBetweenWallets } from './ledger-partner-wallets.ts';

export type PartnerDepositCreate = PartnerSchema<'PartnerDepositCreate'>;
export type PartnerTransferCreate = PartnerSchema<'PartnerTransferCreate'>;
export type PartnerDepositResource = PartnerSchema<'PartnerDeposit'>;
export type PartnerTransferResource = PartnerSchema<'PartnerTransfer'>;

export type MovementDeps = WriteTarget & { ledger: Ledger };

function insufficientFunds(): Refusal {
  return new Refusal('partner_wallet_insufficient_funds', "The wallet's available balance does not cover the amount.");
}

/** A ledger refusal the service's own inputs cannot explain is a bug (500), never a client error. */
function unexpected(what: string, result: Extract<MovementResult, { ok: false }>): Error {
  return new Error(`${what}: ledger refused (${result.failure}, ${result.status})`);
}

function movementInsert(q: Queryable, row: {
  id: string; partnerId: string; kind: 'deposit' | 'transfer'; fromWalletId: string | null; toWalletId: string;
  amount: number; currency: string; reference: string; createdAt: Date;
}): CommitWrite {
  return {
    name: `partner ${row.kind} row`,
    // `on conflict do nothing`: a resumed run whose first attempt wrote the row but not the response.
    statement: q`insert into partner_movements (id, partner_id, kind, from_wallet_id, to_wallet_id, amount, currency, reference, status, created_at, updated_at)
      values (${row.id}, ${row.partnerId}, ${row.kind}, ${row.fromWalletId}, ${row.toWalletId}, ${row.amount}, ${row.currency},
              ${row.reference}, 'success', ${row.createdAt}, ${row.createdAt})
      on conflict (id) do nothing returning 1`,
    expectOneRow: false,
  };
}

/**
 * A sandbox deposit: deposit clearing -> the wallet, at once. `onLedgerDone` runs once the money
 * has moved (the flow marks its run as one that must be resumed, not restarted, from then on).
 */
export async function depositIntoPartnerWallet(deps: MovementDeps, input: {
  id: string; wallet: PartnerWalletRow; request: PartnerDepositCreate; createdAt: Date;
  commitWrites: (q: Queryable, resource: PartnerDepositResource) => CommitWrite[];
}): Promise<PartnerDepositResource> {
  const { wallet, request } = input;
  const result = await deposit(deps.ledger, {
    depositId: input.id, walletAccountId: BigInt(wallet.ledger_account_id), currency: wallet.currency, amount: BigInt(request.amount),
  });
  if (!result.ok) throw unexpected(`deposit ${input.id}`, result);
  const resource: PartnerDepositResource = {
    id: input.id, walletId: wallet.id, amount: request.amount, currency: wallet.currency, status: 'success',
    reference: request.reference, createdAt: input.createdAt.toISOString(),
  };
  await write(deps, { writes: (q) => [
    movementInsert(q, { id: input.id, partnerId: wallet.partner_id, kind: 'deposit', fromWalletId: null, toWalletId: wallet.id,
      amount: request.amount, currency: wallet.currency, reference: request.reference, createdAt: input.createdAt }),
    ...input.commitWrites(q, resource),
  ] });
  return resource;
}

/**
 * Checks of a transfer's two sides that need no ledger: two different wallets; one currency, or
 * two with a rate lock (fxRateLockId), never a lock for one currency.
 */
export function checkTransferSides(from: PartnerWalletRow, to: PartnerWalletRow, request: PartnerTransferCreate): void {
  const toField = request.toWalletId !== undefined ? 'body.toWalletId' : 'body.toAccountNumber';
  if (from.id === to.id) {
    throw fieldsRefusal('partner_request_invalid', [{ field: toField, message: 'is the wallet the money comes from' }]);
  }
  if (from.currency !== to.currency && request.fxRateLockId === undefined) {
    throw fieldsRefusal('partner_wallet_currency_mismatch', [{
      field: toField, message: `holds ${to.currency}, the paying wallet ${from.currency}: give fxRateLockId (POST /fx/rate-locks, ${from.currency} -> ${to.currency}) to convert`,
    }]);
  }
  if (from.currency === to.currency && request.fxRateLockId !== undefined) {
    throw fieldsRefusal('partner_request_invalid', [{ field: 'body.fxRateLockId', message: `both wallets hold ${from.currency}: there is nothing to convert` }]);
  }
}

function transferResource(input: { id: string; from: PartnerWalletRow; to: PartnerWalletRow; request: PartnerTransferCreate; createdAt: Date;
  toAmount: number; fxRate: string | null; fxRateLockId: string | null }): PartnerTransferResource {
  const { from, to, request } = input;
  return {
    id: input.id, fromWalletId: from.id, fromAccountNumber: from.account_number, toWalletId: to.id, toAccountNumber: to.account_number,
    amount: request.amount, currency: from.currency, toAmount: input.toAmount, toCurrency: to.currency,
    fxRate: input.fxRate === null ? null : Number(input.fxRate), fxRateLockId: input.fxRateLockId,
    status: 'success', reference: request.reference, createdAt: input.createdAt.toISOString(),
  };
}

/**
 * A transfer between two wallets of one currency: one ledger transfer, all or nothing. Not
 * covered: 402 (partner_wallet_insufficient_funds) and nothing moved. `previously_failed` is a
 * resumed run whose first attempt the ledger refused (it remembers the id): the same answer.
 * Wallets of two currencies go through transferAcrossCurrencies.
 */
export async function transferBetweenPartnerWallets(deps: MovementDeps & { now: () => number }, input: {
  id: string; from: PartnerWalletRow; to: PartnerWalletRow; request: PartnerTransferCreate; createdAt: Date;
  commitWrites: (q: Queryable, resource: PartnerTransferResource) => CommitWrite[];
}): Promise<PartnerTransferResource> {
  if (input.request.fxRateLockId !== undefined) return await transferAcrossCurrencies(deps, { ...input, lockId: input.request.fxRateLockId });
  const { from, to, request } = input;
  const result = await transferBetweenWallets(deps.ledger, {
    transferId: input.id, fromAccountId: BigInt(from.ledger_account_id), toAccountId: BigInt(to.ledger_account_id),
    currency: from.currency, amount: BigInt(request.amount),
  });
  if (!result.ok) {
    if (result.failure === 'insufficient_funds' || result.failure === 'previously_failed') throw insufficientFunds();
    throw unexpected(`transfer ${input.id}`, result);
  }
  const resource = transferResource({ ...input, toAmount: request.amount, fxRate: null, fxRateLockId: null });
  await write(deps, { writes: (q) => [
    movementInsert(q, { id: input.id, partnerId: from.partner_id, kind: 'transfer', fromWalletId: from.id, toWalletId: to.id,
      amount: request.amount, currency: from.currency, reference: request.reference, createdAt: input.createdAt }),
    ...input.commitWrites(q, resource),
  ] });
  return resource;
}

/**
 * A transfer between wallets of two currencies at the partner's rate lock (partner-wallets/partner-fx.ts):
 * in one transaction the lock is taken, the conversion moves both legs through the FX positions
 * (a linked chain: both or neither), and the transfer's row and stored response are written.
 */
async function transferAcrossCurrencies(deps: MovementDeps & { now: () => number }, input: {
  id: string; from: PartnerWalletRow; to: PartnerWalletRow; request: PartnerTransferCreate; createdAt: Date; lockId: string;
  commitWrites: (q: Queryable, resource: PartnerTransferResource) => CommitWrite[];
}): Promise<PartnerTransferResource> {
  const { from, to, request } = input;
  return await write(deps, {
    prepare: async (tx: Tx) => {
      const { lock, conversion } = await convertForPartnerTransfer(tx, deps.ledger, {
        partnerId: from.partner_id, transferId: input.id, lockId: input.lockId, nowMs: deps.now(), amount: request.amount,
        from: { accountId: BigInt(from.ledger_account_id), currency: from.currency },
        to: { accountId: BigInt(to.ledger_account_id), currency: to.currency },
      });
      const toAmount = Number(conversion.to_amount);
      await tx`
        insert into partner_movements (id, partner_id, kind, from_wallet_id, to_wallet_id, amount, currency, reference, status,
          to_amount, fx_rate_lock_id, fx_conversion_id, created_at, updated_at)
        values (${input.id}, ${from.partner_id}, 'transfer', ${from.id}, ${to.id}, ${request.amount}, ${from.currency}, ${request.reference},
          'success', ${toAmount}, ${lock.id}, ${conversion.id}, ${input.createdAt}, ${input.createdAt})
        on conflict (id) do nothing`;
      return transferResource({ ...input, toAmount, fxRate: lock.locked_rate, fxRateLockId: lock.id });
    },
    writes: (q: Queryable, resource: PartnerTransferResource) => input.commitWrites(q, resource),
  });
}
