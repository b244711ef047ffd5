// Cross-currency payouts: what joins payouts (payouts/payouts.ts) to FX (fx/fx-conversions.ts;
// docs/fx.md). A payout in another currency than its wallet's names a rate lock (base = the
// wallet's currency, quote = the payout's); inside the payout's reservation transaction its lock
// is used and its amounts are worked out (the payout amount is fixed: the wallet pays
// amount / rate rounded up), then its reservation is the conversion's two held legs
// (reservationLegs -> conversionHoldLegs), posted or voided with the payout's other holds.
import type { Tx } from '../db/index.ts';
import { conversionAmounts, fxConversionIdOf, markConversionOf, recordConversions, useRateLocks } from '../fx/index.ts';

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
 * members), in the caller's transaction, in two statements (fx/fx-conversions.ts
 * useRateLocks: rows locked in lock-id order, so two batches sharing locks queue instead of
 * deadlocking; 422s naming the field). Returns each payout's conversion.
 */
export async function usePayoutRateLocks(tx: Tx, input: {
  merchantId: string; walletCurrency: string; payouts: readonly PayoutConversionRequest[]; nowMs: number;
}): Promise<Map<string, PayoutConversion>> {
  const locks = await useRateLocks(tx, {
    merchantId: input.merchantId, nowMs: input.nowMs,
    uses: input.payouts.map((payout) => ({
      lockId: payout.fxRateLockId, field: `${payout.fieldPrefix}.fx_rate_lock_id`,
      fromCurrency: input.walletCurrency, toCurrency: payout.currency, usedBy: { type: 'payout' as const, id: payout.payoutId },
    })),
  });
  return new Map(input.payouts.map((payout, i) => {
    const lock = locks[i]!;
    const amounts = conversionAmounts({ rate: lock.locked_rate, fromCurrency: input.walletCurrency, toCurrency: payout.currency, amount: { to: payout.amount } })!;
    return [payout.payoutId, {
      conversionId: fxConversionIdOf('payout', payout.payoutId), rateLockId: lock.id, rate: lock.locked_rate, fromAmount: amounts.fromAmount,
    }];
  }));
}

/** Records the held conversions of payouts whose holds now exist (same transaction, one statement). */
export async function recordPayoutConversions(tx: Tx, input: {
  merchantId: string; walletCurrency: string;
  payouts: readonly { payoutId: string; currency: string; amount: bigint; conversion: PayoutConversion }[];
}): Promise<void> {
  await recordConversions(tx, input.payouts.map((payout) => ({
    conversionId: payout.conversion.conversionId, merchantId: input.merchantId, rateLockId: payout.conversion.rateLockId,
    purpose: 'payout' as const, purposeId: payout.payoutId, fromCurrency: input.walletCurrency, fromAmount: payout.conversion.fromAmount,
    toCurrency: payout.currency, toAmount: payout.amount, rate: payout.conversion.rate, fixedSide: 'to' as const, status: 'held' as const,
  })));
}

/** The payout's holds were posted (success) or voided (failure, cancel): so is its conversion, if any. */
export async function settlePayoutConversion(tx: Tx, payoutId: string, status: 'success' | 'failed'): Promise<void> {
  await markConversionOf(tx, 'payout', payoutId, status === 'success' ? 'posted' : 'voided');
}

/** settlePayoutConversion for many payouts in one statement (a round of rail outcomes); payouts without a conversion are skipped. */
export async function settlePayoutConversions(tx: Tx, payouts: readonly { id: string; status: string; fx_rate_lock_id: string | null }[]): Promise<void> {
  const settled = payouts.filter((payout) => payout.fx_rate_lock_id !== null && (payout.status === 'success' || payout.status === 'failed'));
  if (settled.length === 0) return;
  await tx`
    update fx_conversions c set status = u.status, updated_at = now()
    from unnest(${settled.map((payout) => payout.id)}::uuid[],
                ${settled.map((payout) => (payout.status === 'success' ? 'posted' : 'voided'))}::text[]) as u(payout_id, status)
    where c.purpose = 'payout' and c.purpose_id = u.payout_id and c.status = 'held'`;
}
