// The one module of reconciliation that moves money (decision 0704): a correction is ONE ledger
// transfer between the currency's reconciliation adjustment account and a wallet, through the
// ledger package's public API (Ledger.engine, AccountFlags, idFromParts/idFromUuid) as it is on
// main, so a reshaped ledger package changes this file alone.
//
// The adjustment account (docs/reconciliation.md "Corrections"): one per currency, id
// idFromParts('payagg.recon.adjustment', currency), account code 40, no balance flag: it is the
// platform's suspense for differences with providers and may go negative (a credit to a wallet
// the provider paid us for but we recorded failed takes money out of it). Transfers have code 40
// and an id derived from the resolution's id and the correction's figures (direction, wallet,
// amount): a retry of the same correction answers `exists` and moves nothing twice, and a
// correction the ledger refused once (a transfer id that failed stays failed in TigerBeetle's
// model) can be made again with other figures. A debit of a wallet is refused by the ledger itself (the wallet's
// debits_must_not_exceed_credits flag, under its account lock) when it cannot cover it: a
// correction can never make a wallet negative, and a transfer always balances.
import { AccountFlags, currencyInfo, idFromParts, type Ledger, u128FromUuid } from '@payagg/ledger';

export const adjustmentAccountCode = 40;
export const adjustmentTransferCode = 40;

export function adjustmentAccountId(currency: string): bigint {
  currencyInfo(currency);
  return idFromParts('payagg.recon.adjustment', currency);
}

export function adjustmentTransferId(resolutionId: string, direction: AdjustmentDirection, walletAccountId: bigint, amount: bigint): bigint {
  return idFromParts('payagg.recon.adjustment_transfer', u128FromUuid(resolutionId), direction, walletAccountId, amount);
}

async function ensureAdjustmentAccount(ledger: Ledger, currency: string): Promise<bigint> {
  const id = adjustmentAccountId(currency);
  const [result] = await ledger.engine.createAccounts([{ id, ledger: currencyInfo(currency).ledger, code: adjustmentAccountCode, flags: AccountFlags.none }]);
  if (result!.status !== 'created' && result!.status !== 'exists') throw new Error(`reconciliation adjustment account ${currency}: ${result!.status}`);
  return id;
}

export type AdjustmentDirection = 'credit_wallet' | 'debit_wallet';
export type AdjustmentResult = { ok: true; transferId: bigint } | { ok: false; failure: 'insufficient_funds' | 'conflicting_resubmission' };

export async function postAdjustment(ledger: Ledger, args: { resolutionId: string; walletAccountId: bigint; currency: string; amount: bigint; direction: AdjustmentDirection }): Promise<AdjustmentResult> {
  if (args.amount <= 0n) throw new Error('postAdjustment: amount must be positive');
  const adjustment = await ensureAdjustmentAccount(ledger, args.currency);
  const transferId = adjustmentTransferId(args.resolutionId, args.direction, args.walletAccountId, args.amount);
  const [result] = await ledger.engine.createTransfers([{
    id: transferId,
    debit_account_id: args.direction === 'credit_wallet' ? adjustment : args.walletAccountId,
    credit_account_id: args.direction === 'credit_wallet' ? args.walletAccountId : adjustment,
    amount: args.amount,
    ledger: currencyInfo(args.currency).ledger,
    code: adjustmentTransferCode,
    user_data_128: u128FromUuid(args.resolutionId),
  }]);
  const status = result!.status;
  if (status === 'created' || status === 'exists') return { ok: true, transferId };
  // The same figures refused before (the id stays failed): still a debit the wallet did not cover.
  if (status === 'exceeds_credits' || status === 'id_already_failed') return { ok: false, failure: 'insufficient_funds' };
  if (status.startsWith('exists_with_different')) return { ok: false, failure: 'conflicting_resubmission' };
  throw new Error(`reconciliation adjustment ${transferId}: the ledger answered ${status}`);
}
