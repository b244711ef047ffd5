// Cross-currency payouts: what joins payouts (domain/payouts.ts) to FX (domain/fx-conversions.ts;
// docs/fx.md). A payout in another currency than its wallet's names a rate lock (base = the
// wallet's currency, quote = the payout's); inside the payout's reservation transaction its lock
// is used and its amounts are worked out (the payout amount is fixed: the wallet pays
// amount / rate rounded up), then its reservation is the conversion's two held legs
// (reservationLegs -> conversionHoldLegs), posted or voided with the payout's other holds.
import type { Tx } from '../db/index.ts';
import { conversionAmounts, fxConversionIdOf, markConversionOf, recordConversion, useRateLock } from './fx-conversions.ts';

/** One payout's conversion, once its lock is used. */
export type PayoutConversion = {
  conversionId: string;
  rateLockId: string;
  /** The locked rate (exact decimal): payout currency per wallet currency. */
  rate: string;
  /** What the wallet pays, in its currency's minor units (rounded up once). */
  fromAmount: bigint;
};

export type PayoutConversionRequest = {
  payoutId: string;
  currency: string;
  amount: bigint;
  fxRateLockId: string;
  /** `body` or `body.payouts[3]`: the lock's field is `${fieldPrefix}.fx_rate_lock_id`. */
  fieldPrefix: string;
};

/**
 * Uses the rate lock of every cross-currency payout of one reservation (a payout, or a batch's
 * members), in the caller's transaction: each lock's row is locked in lock-id order (two batches
 * sharing locks queue instead of deadlocking), checked and marked used by its payout
 * (domain/fx-conversions.ts useRateLock: 422s naming the field). Returns each payout's conversion.
 */
export async function usePayoutRateLocks(tx: Tx, input: {
  merchantId: string; walletCurrency: string; payouts: readonly PayoutConversionRequest[]; nowMs: number;
}): Promise<Map<string, PayoutConversion>> {
  const conversions = new Map<string, PayoutConversion>();
  const ordered = [...input.payouts].sort((a, b) => (a.fxRateLockId < b.fxRateLockId ? -1 : a.fxRateLockId > b.fxRateLockId ? 1 : 0));
  for (const payout of ordered) {
    const lock = await useRateLock(tx, {
      merchantId: input.merchantId, lockId: payout.fxRateLockId, field: `${payout.fieldPrefix}.fx_rate_lock_id`,
      fromCurrency: input.walletCurrency, toCurrency: payout.currency,
      usedBy: { type: 'payout', id: payout.payoutId }, nowMs: input.nowMs,
    });
    const amounts = conversionAmounts({ rate: lock.locked_rate, fromCurrency: input.walletCurrency, toCurrency: payout.currency, amount: { to: payout.amount } })!;
    conversions.set(payout.payoutId, {
      conversionId: fxConversionIdOf('payout', payout.payoutId), rateLockId: lock.id, rate: lock.locked_rate, fromAmount: amounts.fromAmount,
    });
  }
  return conversions;
}

/** Records the held conversions of payouts whose holds now exist (same transaction). */
export async function recordPayoutConversions(tx: Tx, input: {
  merchantId: string; walletCurrency: string;
  payouts: readonly { payoutId: string; currency: string; amount: bigint; conversion: PayoutConversion }[];
}): Promise<void> {
  for (const payout of input.payouts) {
    await recordConversion(tx, {
      conversionId: payout.conversion.conversionId, merchantId: input.merchantId, rateLockId: payout.conversion.rateLockId,
      purpose: 'payout', purposeId: payout.payoutId, fromCurrency: input.walletCurrency, fromAmount: payout.conversion.fromAmount,
      toCurrency: payout.currency, toAmount: payout.amount, rate: payout.conversion.rate, fixedSide: 'to', status: 'held',
    });
  }
}

/** The payout's holds were posted (success) or voided (failure, cancel): so is its conversion, if any. */
export async function settlePayoutConversion(tx: Tx, payoutId: string, status: 'success' | 'failed'): Promise<void> {
  await markConversionOf(tx, 'payout', payoutId, status === 'success' ? 'posted' : 'voided');
}
