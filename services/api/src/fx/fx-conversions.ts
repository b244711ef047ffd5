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
// The ledger cannot commit with the database: every function here that moves money does so
// inside the caller's transaction, after the checks that can refuse, with ids derived from the
// conversion id; a transaction that rolls back after the ledger moved is resumed (or retried with
// the same idempotency key) with the same conversion id, and the ledger answers `exists`.
//
// Exported interface (used by payouts and by the partner wallets' cross-currency transfers;
// additions only): conversionAmounts, fxConversionIdOf, useRateLock, convertThroughFxPositions,
// convertWithRateLock, settleHeldConversion, findFxConversion, FxConversionRow; for a conversion
// held inside another object's hold chain (a payout's): conversionHoldLegs, recordConversion,
// markConversionOf; for many at once: useRateLocks, recordConversions.
import { createHash } from 'node:crypto';
import { currencyInfo, holdLegId, type HoldLeg, type Ledger } from '@payagg/ledger';
import { convertAmount } from '../fx-rates/rate-arithmetic.ts';
import type { Queryable, Tx } from '../db/index.ts';
import { decimalFraction } from '../fx-rates/decimal.ts';
import type { RateLockRow } from './fx-rates.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import { systemAccountId, TransferCode } from '../domain/ledger-accounts.ts';
import { cancelConversion, commitConversion, moveConversion } from './ledger-conversions.ts';

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
  const [lock] = await useRateLocks(tx, { merchantId: input.merchantId, nowMs: input.nowMs, uses: [input] });
  return lock!;
}

/** One use of a rate lock (useRateLocks). */
export type RateLockUse = {
  lockId: string;
  /** Where the request named the lock (`body.payouts[3].fx_rate_lock_id`). */
  field: string;
  fromCurrency: string;
  toCurrency: string;
  usedBy: { type: FxConversionPurpose; id: string };
};

/**
 * useRateLock for several uses at once (a batch's items), in two statements whatever their
 * number: every lock's row is locked in id order (two batches sharing locks queue, never
 * deadlock), the uses are checked in the order given (the first refusal is the answer; a lock
 * named twice is used by its first use and refused as used for the next), then all are marked
 * used. Returns each use's lock, in order.
 */
export async function useRateLocks(tx: Tx, input: {
  merchantId: string; nowMs: number; uses: readonly RateLockUse[];
}): Promise<RateLockRow[]> {
  const ids = [...new Set(input.uses.map((use) => use.lockId))].sort();
  const rows = await tx<RateLockRow[]>`
    select * from fx_rate_locks where id = any(${ids}::uuid[]) and merchant_id = ${input.merchantId} order by id for update`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const takenHere = new Set<string>();
  const newUses: RateLockUse[] = [];
  for (const use of input.uses) {
    const lock = byId.get(use.lockId);
    if (!lock) throw fieldsRefusal('fx_rate_lock_not_found', [{ field: use.field, message: 'no such rate lock' }]);
    if (lock.used_by_type === use.usedBy.type && lock.used_by_id === use.usedBy.id) continue; // a resumed run
    if (lock.base_currency !== use.fromCurrency || lock.quote_currency !== use.toCurrency) {
      throw fieldsRefusal('fx_rate_lock_currency_mismatch', [{
        field: use.field,
        message: `the lock converts ${lock.base_currency} -> ${lock.quote_currency}; this needs ${use.fromCurrency} -> ${use.toCurrency} (base_currency = the wallet's currency, quote_currency = the target currency)`,
      }]);
    }
    if (lock.used_at !== null || takenHere.has(lock.id)) {
      throw fieldsRefusal('fx_rate_lock_used', [{ field: use.field, message: 'the rate lock was already used' }]);
    }
    if (lock.expires_at.getTime() <= input.nowMs) {
      throw fieldsRefusal('fx_rate_lock_expired', [{ field: use.field, message: `the rate lock expired at ${lock.expires_at.toISOString()}` }]);
    }
    takenHere.add(lock.id);
    newUses.push(use);
  }
  if (newUses.length > 0) {
    const used = await tx<RateLockRow[]>`
      update fx_rate_locks l set used_at = ${new Date(input.nowMs)}, used_by_type = u.type, used_by_id = u.id
      from unnest(${newUses.map((use) => use.lockId)}::uuid[], ${newUses.map((use) => use.usedBy.type)}::text[],
                  ${newUses.map((use) => use.usedBy.id)}::uuid[]) as u(lock_id, type, id)
      where l.id = u.lock_id and l.used_at is null
      returning l.*`;
    if (used.length !== newUses.length) throw new Error('rate locks changed under their row locks');
    for (const row of used) byId.set(row.id, row);
  }
  return input.uses.map((use) => byId.get(use.lockId)!);
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
  const moved = await moveConversion(ledger, {
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
  return await recordConversion(tx, {
    conversionId: input.conversionId, merchantId: input.merchantId, rateLockId: input.rateLockId,
    purpose: input.purpose, purposeId: input.purposeId, fromCurrency: input.from.currency, toCurrency: input.to.currency,
    ...amounts, rate: input.rate, status: input.hold ? 'held' : 'posted',
  });
}

export type ConversionRecord = {
  conversionId: string; merchantId: string | null; rateLockId: string | null;
  purpose: FxConversionPurpose; purposeId: string;
  fromCurrency: string; fromAmount: bigint; toCurrency: string; toAmount: bigint;
  rate: string; fixedSide: 'from' | 'to'; status: 'held' | 'posted';
};

/** Records a conversion whose ledger legs exist (idempotent on its id); returns the record. */
export async function recordConversion(tx: Queryable, input: ConversionRecord): Promise<FxConversionRow> {
  await recordConversions(tx, [input]);
  return (await findFxConversion(tx, input.conversionId))!;
}

/** recordConversion for many (a batch's members) in one statement. */
export async function recordConversions(tx: Queryable, records: readonly ConversionRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx`
    insert into fx_conversions (id, merchant_id, rate_lock_id, purpose, purpose_id, from_currency, from_amount, to_currency,
      to_amount, rate, fixed_side, status)
    select * from unnest(
      ${records.map((r) => r.conversionId)}::uuid[], ${records.map((r) => r.merchantId)}::uuid[], ${records.map((r) => r.rateLockId)}::uuid[],
      ${records.map((r) => r.purpose)}::text[], ${records.map((r) => r.purposeId)}::uuid[], ${records.map((r) => r.fromCurrency)}::text[],
      ${records.map((r) => r.fromAmount.toString())}::bigint[], ${records.map((r) => r.toCurrency)}::text[],
      ${records.map((r) => r.toAmount.toString())}::bigint[], ${records.map((r) => r.rate)}::numeric[],
      ${records.map((r) => r.fixedSide)}::text[], ${records.map((r) => r.status)}::text[])
    on conflict (id) do nothing`;
}

/**
 * The two legs of a conversion held inside another object's hold chain (a payout's reservation,
 * submitted by the payout with every other member of its batch: all held or none), as pending
 * transfers the owner posts or voids together with its other holds:
 *   holdLegId(owner, firstLeg)      source account -> FX position (source currency), fromAmount;
 *                                   code payout and user_data the owner (a payout): the wallet's
 *                                   statement shows the money leaving for that payout;
 *   holdLegId(owner, firstLeg + 1)  FX position (target currency) -> target account, toAmount;
 *                                   code fx_conversion and user_data the conversion.
 */
export function conversionHoldLegs(ledger: Ledger, input: {
  holdOwnerId: string; conversionId: string; firstLeg?: number;
  from: { accountId: bigint; currency: string }; to: { accountId: bigint; currency: string };
  fromAmount: bigint; toAmount: bigint;
}): HoldLeg[] {
  const first = input.firstLeg ?? 0;
  return [
    {
      id: holdLegId(input.holdOwnerId, first),
      debitAccountId: input.from.accountId,
      creditAccountId: systemAccountId('fx_position', input.from.currency),
      currency: input.from.currency,
      amount: input.fromAmount,
      code: TransferCode.payout,
      ownerId: input.holdOwnerId,
    },
    {
      id: holdLegId(input.holdOwnerId, first + 1),
      debitAccountId: systemAccountId('fx_position', input.to.currency),
      creditAccountId: input.to.accountId,
      currency: input.to.currency,
      amount: input.toAmount,
      code: TransferCode.fx_conversion,
      ownerId: input.conversionId,
    },
  ];
}

/**
 * Records that the held conversion of a payout (or transfer) was posted or voided, when its owner
 * posted or voided its holds itself (a payout's postHolds / voidHolds). No-op when it has none.
 */
export async function markConversionOf(q: Queryable, purpose: FxConversionPurpose, purposeId: string, status: 'posted' | 'voided'): Promise<void> {
  await q`update fx_conversions set status = ${status}, updated_at = now()
          where purpose = ${purpose} and purpose_id = ${purposeId} and status = 'held'`;
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
  const result = action === 'post' ? await commitConversion(ledger, conversionId) : await cancelConversion(ledger, conversionId);
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
