// A partner wallet's deposits and wallet-to-wallet transfers in the ledger (decision 0620; issue
// 18, docs/partner-wallets.md). Withdrawals are payouts (payouts/ledger-payouts.ts) keyed by the
// withdrawal's id. Ids derive from the service's own ids (idFromUuid(id, 0)) and are persisted.

import { currencyInfo, idFromUuid, LedgerUsageError, u128FromUuid, type Ledger, type MovementResult } from '@payagg/ledger';
import { ensureCurrency, systemAccountId, TransferCode } from '../domain/ledger-accounts.ts';

/**
 * Money arriving into a wallet from outside: deposit clearing -> wallet, one transfer. The
 * sandbox's deposits; a real bank-transfer deposit is a rail's inbound credit and would come from
 * rail clearing the same way.
 */
export async function deposit(ledger: Ledger, args: { depositId: string; walletAccountId: bigint; currency: string; amount: bigint }): Promise<MovementResult> {
  currencyInfo(args.currency);
  if (args.amount <= 0n) throw new LedgerUsageError('deposit amount must be positive');
  await ensureCurrency(ledger, args.currency);
  return ledger.submitChain([{
    id: idFromUuid(args.depositId, 0), debitAccountId: systemAccountId('deposit_clearing', args.currency),
    creditAccountId: args.walletAccountId, amount: args.amount, currency: args.currency,
    code: TransferCode.wallet_deposit, userData128: u128FromUuid(args.depositId),
  }]);
}

/**
 * One wallet pays another of the same currency: one transfer, so atomic by construction. The
 * payer's debits_must_not_exceed_credits makes the ledger refuse it whole (insufficient_funds) when
 * it is not covered, under the account locks: concurrent transfers out of one wallet can never
 * take it below zero. Wallets of two currencies answer currency_mismatch and nothing moves.
 */
export async function transferBetweenWallets(ledger: Ledger, args: {
  transferId: string; fromAccountId: bigint; toAccountId: bigint; currency: string; amount: bigint;
}): Promise<MovementResult> {
  currencyInfo(args.currency);
  if (args.amount <= 0n) throw new LedgerUsageError('transfer amount must be positive');
  if (args.fromAccountId === args.toAccountId) throw new LedgerUsageError('a transfer needs two different wallets');
  return ledger.submitChain([{
    id: idFromUuid(args.transferId, 0), debitAccountId: args.fromAccountId, creditAccountId: args.toAccountId,
    amount: args.amount, currency: args.currency, code: TransferCode.wallet_transfer, userData128: u128FromUuid(args.transferId),
  }]);
}
