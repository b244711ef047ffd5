// A conversion's money in the ledger (decision 0620): two linked legs on two ledgers through the
// FX position accounts (a linked chain may span ledgers; each transfer stays within one):
//   leg 0: from account -> FX position (from currency), fromAmount
//   leg 1: FX position (to currency) -> to account, toAmount
// The service fixes both amounts (fx-conversions.ts, rounded once by its documented rule); the
// ledger only moves them. Either posted at once, or two-phase (both legs holds, posted or voided
// together: legs 2, 3 / 4, 5). Ids derive from the conversion's id and are persisted.

import { currencyInfo, idFromUuid, LedgerUsageError, u128FromUuid, type Ledger, type MovementResult } from '@payagg/ledger';
import { ensureCurrency, systemAccountId, TransferCode } from '../domain/ledger-accounts.ts';

/** The ids of a conversion's two legs, in order: from leg, to leg. */
export function conversionTransferIds(conversionId: string): [bigint, bigint] {
  return [idFromUuid(conversionId, 0), idFromUuid(conversionId, 1)];
}

/**
 * Moves a conversion with both amounts given, as one linked chain across two ledgers. With
 * `pending` both legs are holds (commitConversion / cancelConversion). insufficient_funds when the
 * from account cannot cover leg 0, and nothing moves.
 */
export async function moveConversion(ledger: Ledger, args: {
  conversionId: string;
  fromAccountId: bigint;
  fromCurrency: string;
  fromAmount: bigint;
  toAccountId: bigint;
  toCurrency: string;
  toAmount: bigint;
  pending?: boolean;
  /** Ledger timeout of the holds (pending only): when it passes the ledger voids them. */
  timeoutSeconds?: number;
}): Promise<MovementResult> {
  const from = currencyInfo(args.fromCurrency);
  const to = currencyInfo(args.toCurrency);
  if (from.code === to.code) throw new LedgerUsageError('a conversion needs two different currencies');
  if (args.fromAmount <= 0n || args.toAmount <= 0n) throw new LedgerUsageError('conversion amounts must be positive');
  await Promise.all([ensureCurrency(ledger, from.code), ensureCurrency(ledger, to.code)]);
  const userData128 = u128FromUuid(args.conversionId);
  const pending = args.pending === true;
  const hold = pending ? { pending: true, timeoutSeconds: args.timeoutSeconds ?? 0 } : {};
  const [fromLeg, toLeg] = conversionTransferIds(args.conversionId);
  return ledger.submitChain([
    {
      id: fromLeg, debitAccountId: args.fromAccountId, creditAccountId: systemAccountId('fx_position', from.code),
      amount: args.fromAmount, currency: from.code, code: TransferCode.fx_conversion, userData128, ...hold,
    },
    {
      id: toLeg, debitAccountId: systemAccountId('fx_position', to.code), creditAccountId: args.toAccountId,
      amount: args.toAmount, currency: to.code, code: TransferCode.fx_conversion, userData128, ...hold,
    },
  ]);
}

async function resolveConversion(ledger: Ledger, conversionId: string, resolve: 'post' | 'void'): Promise<MovementResult> {
  const step = resolve === 'post' ? 2 : 4;
  return ledger.submitChain(conversionTransferIds(conversionId).map((pendingId, i) => ({
    id: idFromUuid(conversionId, step + i), pendingId, resolve,
  })));
}

/** Posts both holds of a pending conversion, together (the payout it reserved for succeeded). */
export async function commitConversion(ledger: Ledger, conversionId: string): Promise<MovementResult> {
  return resolveConversion(ledger, conversionId, 'post');
}

/** Voids both holds of a pending conversion, together: the from account gets its money back. */
export async function cancelConversion(ledger: Ledger, conversionId: string): Promise<MovementResult> {
  return resolveConversion(ledger, conversionId, 'void');
}
