// A payout's money in the ledger (decision 0620): a hold wallet -> payout clearing, posted when
// the rail paid it out, voided when it failed or was cancelled. Single payouts and partner
// withdrawals reserve one hold (reservePayout, ids idFromUuid(payoutId, 0..2)); payouts that carry
// a conversion or belong to a bulk batch hold their legs as one chain (holdPayoutChain, ids
// holdLegId). The ids are persisted: they never change.

import { holdLegId, idFromUuid, type HoldLeg, type Ledger, type MovementResult } from '@payagg/ledger';
import { ensureCurrency, holdFromWallet, resolveHold, systemAccountId, TransferCode } from '../domain/ledger-accounts.ts';
import { conversionHoldLegs } from '../fx/index.ts';
import type { PayoutConversion } from './payout-conversions.ts';

export function payoutTransferId(payoutId: string, step: 'reserve' | 'commit' | 'cancel'): bigint {
  return idFromUuid(payoutId, step === 'reserve' ? 0 : step === 'commit' ? 1 : 2);
}

/**
 * The id of reservePayout's hold for `payoutId`: a flow records it before reserving (hold
 * intents), so a hold whose owner never committed can be found and voided.
 */
export function payoutReservationId(payoutId: string): bigint {
  return payoutTransferId(payoutId, 'reserve');
}

/** Holds a payout's amount: a hold wallet -> payout clearing. */
export async function reservePayout(ledger: Ledger, args: { payoutId: string; walletAccountId: bigint; currency: string; amount: bigint; timeoutSeconds?: number }): Promise<MovementResult> {
  return holdFromWallet(ledger, {
    id: payoutTransferId(args.payoutId, 'reserve'), operationId: args.payoutId, what: 'payout',
    walletAccountId: args.walletAccountId, holder: 'payout_clearing', currency: args.currency,
    amount: args.amount, code: TransferCode.payout, timeoutSeconds: args.timeoutSeconds ?? 0,
  });
}

/** The rail paid the payout out: post the reservation. */
export async function commitPayout(ledger: Ledger, payoutId: string): Promise<MovementResult> {
  return resolveHold(ledger, payoutTransferId(payoutId, 'commit'), payoutTransferId(payoutId, 'reserve'), 'post');
}

/** The payout failed or was cancelled: void the reservation, the wallet gets it back. */
export async function cancelPayout(ledger: Ledger, payoutId: string): Promise<MovementResult> {
  return resolveHold(ledger, payoutTransferId(payoutId, 'cancel'), payoutTransferId(payoutId, 'reserve'), 'void');
}

/**
 * Payouts' holds made together (one leg each, or a conversion's legs; a bulk batch's members in
 * one chain): every hold or none. The currencies' system accounts are opened first.
 */
export async function holdPayoutChain(ledger: Ledger, legs: readonly HoldLeg[]): Promise<MovementResult> {
  for (const currency of new Set(legs.map((leg) => leg.currency))) await ensureCurrency(ledger, currency);
  return ledger.holdChain(legs);
}

/** The wallet a payout draws on, as the reservation needs it. */
export type SourceWallet = { accountId: bigint; currency: string };

/**
 * What to reserve for one payout: the pending ledger transfers that hold its money until the
 * rail's outcome, posted together on success and voided together on failure or cancel. The one
 * place that decides it, so a payout in another currency than its wallet's (a conversion through
 * the FX position accounts: wallet -> FX position in the wallet's currency, FX position in the
 * payout's currency -> payout clearing) adds its legs here and nothing else changes.
 *   same currency: wallet -> payout clearing (payout currency), the amount.
 */
export function reservationLegs(ledger: Ledger, input: {
  payoutId: string; wallet: SourceWallet; amount: bigint; currency: string; conversion?: PayoutConversion | undefined;
}): HoldLeg[] {
  if (input.wallet.currency !== input.currency) {
    // other currency: the conversion's two held legs (fx/fx-conversions.ts conversionHoldLegs):
    //   wallet -> FX position (wallet currency), the converted amount (rounded up once);
    //   FX position (payout currency) -> payout clearing (payout currency), the amount.
    // Without a used lock it was refused before (checkPayoutRequest, usePayoutRateLocks): a bug here.
    if (!input.conversion) throw new Error(`payout ${input.payoutId}: no conversion from ${input.wallet.currency} to ${input.currency}`);
    return conversionHoldLegs(ledger, {
      holdOwnerId: input.payoutId, conversionId: input.conversion.conversionId,
      from: { accountId: input.wallet.accountId, currency: input.wallet.currency },
      to: { accountId: systemAccountId('payout_clearing', input.currency), currency: input.currency },
      fromAmount: input.conversion.fromAmount, toAmount: input.amount,
    });
  }
  return [{
    id: holdLegId(input.payoutId, 0),
    debitAccountId: input.wallet.accountId,
    creditAccountId: systemAccountId('payout_clearing', input.currency),
    currency: input.currency,
    amount: input.amount,
    code: TransferCode.payout,
    ownerId: input.payoutId,
  }];
}
