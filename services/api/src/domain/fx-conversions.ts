// Converting money through the FX position accounts (docs/fx.md). One conversion is one linked
// chain of two ledger transfers, on two currency ledgers:
//
//   leg 0  source account (a wallet, in its currency)  -> FX position of that currency : from_amount
//   leg 1  FX position of the target currency          -> target account               : to_amount
//
// The FX positions are the platform's: it takes the source currency in and pays the target
// currency out, at the rate of the lock (or quote) used. Both legs land or neither does; a
// held conversion (a payout's reservation) has both legs pending, posted together when the
// payout succeeds and voided together when it fails or is cancelled.
//
// Rounding: ONCE, on the amount the caller did not fix, always against the party converting
// (the payer), never against the platform's FX position and never silently: the amounts are
// recorded (fx_conversions) and shown on the wallet's statement.
//   fixed target (`{ to }`, a payout: the recipient gets exactly the amount asked):
//       from_amount = to_amount / rate, rounded UP to the source's minor unit.
//       The wallet owner bears the rounding: at most one minor unit of the source currency more
//       than the exact value.
//   fixed source (`{ from }`, a transfer of a given amount):
//       to_amount = from_amount x rate, rounded DOWN to the target's minor unit.
//       The payer bears it again: the recipient gets at most one minor unit of the target
//       currency less than the exact value; an amount that converts to less than one minor unit
//       is refused (fx_conversion_amount_too_small).
// In both cases the fraction stays in the FX position with the margin: the platform never pays
// out more than it took in at the rate, and nobody is paid a fraction nobody paid.
//
// Exported interface (used by payouts and by the partner wallets' cross-currency transfers;
// additions only): conversionAmounts, fxConversionIdOf, useRateLock, convertThroughFxPositions,
// convertWithRateLock, settleHeldConversion, findFxConversion, FxConversionRow.
import { createHash } from 'node:crypto';
import { convertAmount, currencyInfo, type Ledger } from '@payagg/ledger';
import type { Queryable, Tx } from '../db/index.ts';
import { decimalFraction } from '../fx/decimal.ts';
import type { RateLockRow } from './fx-rates.ts';
import { fieldsRefusal, Refusal } from './outcomes.ts';

/** What a conversion is for (one conversion per payout or transfer). */
export type FxConversionPurpose = 'payout' | 'transfer';

/** The amount the caller fixes: what the target receives (`to`) or what the source pays (`from`), in minor units. */
export type ConversionAmount = { to: bigint } | { from: bigint };

export type FxConversionRow = {
  id: string;
  merchant_id: string | null;
  rate_lock_id: string | null;
  purpose: FxConversionPurpose;
  purpose_id: string;
  from_currency: string;
  from_amount: bigint;
  to_currency: string;
  to_amount: bigint;
  /** The exact decimal that converted. */
  rate: string;
  fixed_side: 'from' | 'to';
  status: 'held' | 'posted' | 'voided';
  created_at: Date;
  updated_at: Date;
};

/**
 * Both amounts of a conversion at `rate` (units of `toCurrency` per unit of `fromCurrency`, an
 * exact decimal), the free one rounded once by the rule above. null when the source amount
 * converts to nothing (less than one minor unit of the target).
 */
export function conversionAmounts(input: {
  rate: string; fromCurrency: string; toCurrency: string; amount: ConversionAmount;
}): { fromAmount: bigint; toAmount: bigint; fixedSide: 'from' | 'to' } | null {
  const rate = decimalFraction(input.rate);
  const from = currencyInfo(input.fromCurrency);
  const to = currencyInfo(input.toCurrency);
  if ('to' in input.amount) {
    const toAmount = input.amount.to;
    if (toAmount <= 0n) throw new Error('conversion amounts are positive');
    // The inverse rate, from the target's minor units back to the source's, rounded up.
    const fromAmount = convertAmount({
      amount: toAmount, rate: { numerator: rate.denominator, denominator: rate.numerator },
      fromExponent: to.exponent, toExponent: from.exponent, rounding: 'up',
    });
    return { fromAmount, toAmount, fixedSide: 'to' };
  }
  const fromAmount = input.amount.from;
  if (fromAmount <= 0n) throw new Error('conversion amounts are positive');
  const toAmount = convertAmount({ amount: fromAmount, rate, fromExponent: from.exponent, toExponent: to.exponent, rounding: 'down' });
  return toAmount === 0n ? null : { fromAmount, toAmount, fixedSide: 'from' };
}

/**
 * The conversion id of a payout's (or transfer's) conversion, derived from it: a resumed or
 * retried operation finds the same conversion, re-submits the same ledger transfer ids and gets
 * `exists`. Distinct from the purpose's own id, whose ledger ids (idFromUuid(id, n)) it uses itself.
 */
export function fxConversionIdOf(purpose: FxConversionPurpose, purposeId: string): string {
  const hex = createHash('sha256').update(`payagg.fx_conversion:${purpose}:${purposeId}`).digest('hex');
  // Shaped as a version-4, variant-1 UUID (it is a name-based id; only its shape matters here).
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Consumes the merchant's rate lock for one payout or transfer, inside the caller's transaction:
 * the lock's row is locked (FOR UPDATE), so of two uses racing for one lock the second waits for
 * the first to commit and then finds it used (exactly one wins; if the first rolls back, the
 * lock is free again). `field` is where the request named the lock (`body.fx_rate_lock_id`),
 * for the refusals, in this order:
 *   fx_rate_lock_not_found          not the merchant's lock;
 *   fx_rate_lock_currency_mismatch  base must be the source currency, quote the target currency;
 *   fx_rate_lock_used               used by another payout or transfer;
 *   fx_rate_lock_expired            expires_at is not after `nowMs` (the app clock).
 * A lock already used by this very purpose (a resumed run) is returned as it is.
 */
export async function useRateLock(tx: Tx, input: {
  merchantId: string; lockId: string; field: string;
  fromCurrency: string; toCurrency: string;
  usedBy: { type: FxConversionPurpose; id: string };
  nowMs: number;
}): Promise<RateLockRow> {
  const [lock] = await tx<RateLockRow[]>`
    select * from fx_rate_locks where id = ${input.lockId} and merchant_id = ${input.merchantId} for update`;
  if (!lock) throw fieldsRefusal('fx_rate_lock_not_found', [{ field: input.field, message: 'no such rate lock' }]);
  if (lock.used_by_type === input.usedBy.type && lock.used_by_id === input.usedBy.id) return lock;
  if (lock.base_currency !== input.fromCurrency || lock.quote_currency !== input.toCurrency) {
    throw fieldsRefusal('fx_rate_lock_currency_mismatch', [{
      field: input.field,
      message: `the lock converts ${lock.base_currency} -> ${lock.quote_currency}; this needs ${input.fromCurrency} -> ${input.toCurrency} (base_currency = the wallet's currency, quote_currency = the target currency)`,
    }]);
  }
  if (lock.used_at !== null) throw fieldsRefusal('fx_rate_lock_used', [{ field: input.field, message: 'the rate lock was already used' }]);
  if (lock.expires_at.getTime() <= input.nowMs) {
    throw fieldsRefusal('fx_rate_lock_expired', [{ field: input.field, message: `the rate lock expired at ${lock.expires_at.toISOString()}` }]);
  }
  const [used] = await tx<RateLockRow[]>`
    update fx_rate_locks set used_at = ${new Date(input.nowMs)}, used_by_type = ${input.usedBy.type}, used_by_id = ${input.usedBy.id}
    where id = ${lock.id} and used_at is null returning *`;
  if (!used) throw new Error(`rate lock ${lock.id} changed under its row lock`);
  return used;
}

export type ConversionInput = {
  /** fxConversionIdOf(purpose, purposeId) unless the caller has its own stable id. */
  conversionId: string;
  /** Null for conversions that belong to no merchant (partner wallets). */
  merchantId: string | null;
  purpose: FxConversionPurpose;
  purposeId: string;
  from: { accountId: bigint; currency: string };
  to: { accountId: bigint; currency: string };
  amount: ConversionAmount;
  /** Where the request carried the fixed amount (`body.amount`), for fx_conversion_amount_too_small. */
  amountField: string;
  /** true: both legs are holds (settleHeldConversion posts or voids them); false: posted now. */
  hold: boolean;
};

/**
 * Converts at `rate` (an exact decimal, e.g. a lock's locked_rate or a fresh quote's rate) inside
 * the caller's transaction: works out the amounts (rounding once), moves them through the FX
 * positions, and records the conversion. Refuses, with nothing moved:
 *   fx_conversion_amount_too_small        the source amount converts to nothing;
 *   fx_conversion_exceeds_wallet_balance  the source account cannot cover from_amount (402).
 * Idempotent on conversionId: a resumed run re-submits the same transfers (the ledger answers
 * `exists`) and finds its record.
 */
export async function convertThroughFxPositions(tx: Tx, ledger: Ledger, input: ConversionInput & {
  rate: string; rateLockId: string | null;
}): Promise<FxConversionRow> {
  const amounts = conversionAmounts({ rate: input.rate, fromCurrency: input.from.currency, toCurrency: input.to.currency, amount: input.amount });
  if (!amounts) {
    throw fieldsRefusal('fx_conversion_amount_too_small', [{
      field: input.amountField, message: `converts to less than one minor unit of ${input.to.currency} at ${input.rate}`,
    }]);
  }
  const moved = await ledger.moveConversion({
    conversionId: input.conversionId,
    fromAccountId: input.from.accountId, fromCurrency: input.from.currency, fromAmount: amounts.fromAmount,
    toAccountId: input.to.accountId, toCurrency: input.to.currency, toAmount: amounts.toAmount,
    pending: input.hold,
  });
  if (!moved.ok) {
    if (moved.failure === 'insufficient_funds') {
      throw new Refusal('fx_conversion_exceeds_wallet_balance',
        `The wallet cannot cover ${amounts.fromAmount} ${input.from.currency} (the converted amount). Nothing was moved.`);
    }
    throw new Error(`ledger refused conversion ${input.conversionId}: ${moved.failure} (${moved.status})`);
  }
  await tx`
    insert into fx_conversions (id, merchant_id, rate_lock_id, purpose, purpose_id, from_currency, from_amount, to_currency,
      to_amount, rate, fixed_side, status)
    values (${input.conversionId}, ${input.merchantId}, ${input.rateLockId}, ${input.purpose}, ${input.purposeId},
      ${input.from.currency}, ${amounts.fromAmount.toString()}::bigint, ${input.to.currency}, ${amounts.toAmount.toString()}::bigint,
      ${input.rate}::numeric, ${amounts.fixedSide}, ${input.hold ? 'held' : 'posted'})
    on conflict (id) do nothing`;
  return (await findFxConversion(tx, input.conversionId))!;
}

/**
 * useRateLock then convertThroughFxPositions at the lock's rate, in the caller's transaction: the
 * lock is marked used by the same commit that records the conversion (a refusal after the lock
 * was taken rolls its use back with everything else).
 */
export async function convertWithRateLock(tx: Tx, ledger: Ledger, input: ConversionInput & {
  rateLock: { id: string; field: string }; nowMs: number;
}): Promise<FxConversionRow> {
  if (input.merchantId === null) throw new Error('rate locks belong to merchants');
  const lock = await useRateLock(tx, {
    merchantId: input.merchantId, lockId: input.rateLock.id, field: input.rateLock.field,
    fromCurrency: input.from.currency, toCurrency: input.to.currency,
    usedBy: { type: input.purpose, id: input.purposeId }, nowMs: input.nowMs,
  });
  return await convertThroughFxPositions(tx, ledger, { ...input, rate: lock.locked_rate, rateLockId: lock.id });
}

/**
 * Posts (`post`: the payout was paid) or voids (`void`: it failed or was cancelled; the wallet
 * gets from_amount back) both holds of a held conversion, together, and records it. Idempotent.
 */
export async function settleHeldConversion(q: Queryable, ledger: Ledger, conversionId: string, action: 'post' | 'void'): Promise<void> {
  const result = action === 'post' ? await ledger.commitConversion(conversionId) : await ledger.cancelConversion(conversionId);
  const settledAlready = action === 'post' ? 'hold_already_posted' : 'hold_already_voided';
  if (!result.ok && result.failure !== settledAlready) {
    throw new Error(`ledger refused to ${action} conversion ${conversionId}: ${result.failure}`);
  }
  await q`update fx_conversions set status = ${action === 'post' ? 'posted' : 'voided'}, updated_at = now()
          where id = ${conversionId} and status = 'held'`;
}

export async function findFxConversion(q: Queryable, id: string): Promise<FxConversionRow | null> {
  const [row] = await q<FxConversionRow[]>`select * from fx_conversions where id = ${id}`;
  return row ?? null;
}

/** The conversion of a payout or transfer, if it has one. */
export async function findFxConversionOf(q: Queryable, purpose: FxConversionPurpose, purposeId: string): Promise<FxConversionRow | null> {
  const [row] = await q<FxConversionRow[]>`select * from fx_conversions where purpose = ${purpose} and purpose_id = ${purposeId}`;
  return row ?? null;
}
