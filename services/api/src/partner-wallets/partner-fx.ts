// Cross-currency transfers between a partner's wallets (spec/partner.yaml POST /fx/rate-locks,
// POST /transfers with fxRateLockId), on the FX module's parts (fx/fx-rates.ts quotes,
// fx/fx-conversions.ts conversions through the FX positions, rounding once against the payer).
//
// A partner locks a rate first (the rate source's mid rate less the service's default margin,
// FX_MARGIN_BPS_DEFAULT: partners have no margin of their own in v1), then names the lock in a
// transfer. The lock is consumed under its row lock in the same transaction that records the
// transfer, so of two transfers racing for one lock exactly one converts; a refusal after the
// lock was taken rolls its use back with everything else.
import { randomUUID } from 'node:crypto';
import type { Ledger } from '@payagg/ledger';
import type { PartnerSchema } from '@payagg/contract';
import type { Queryable, Tx } from '../db/index.ts';
import type { FxRateSource } from '../fx-rates/types.ts';
import { conversionAmounts, convertThroughFxPositions, fxConversionIdOf, type FxConversionRow } from '../fx/index.ts';
import { quoteFxRate } from '../fx/index.ts';
import { fieldsRefusal, isRefusal } from '../domain/outcomes.ts';

export type PartnerFxRateLockCreate = PartnerSchema<'PartnerFxRateLockCreate'>;
export type PartnerFxRateLockResource = PartnerSchema<'PartnerFxRateLock'>;

export type PartnerRateLockRow = {
  id: string; partner_id: string; base_currency: string; quote_currency: string; mid_rate: string; margin_bps: number;
  locked_rate: string; source: string; effective_at: Date; expires_at: Date; created_at: Date;
  used_at: Date | null; used_by_transfer_id: string | null;
};

/** POST /fx/rate-locks of the partner family: the current rate of the pair, held `lifetimeS`. */
export async function createPartnerRateLock(q: Queryable, source: FxRateSource, input: {
  partnerId: string; request: PartnerFxRateLockCreate; marginBps: number; nowMs: number; lifetimeS: number;
}): Promise<PartnerFxRateLockResource> {
  let quote;
  try {
    quote = await quoteFxRate(source, { pair: { base: input.request.baseCurrency, quote: input.request.quoteCurrency }, marginBps: input.marginBps, atMs: input.nowMs, fieldPrefix: 'body' });
  } catch (error) {
    // The FX module names the merchant API's fields (body.base_currency); the partner family's are camelCase.
    if (!isRefusal(error) || !error.fields) throw error;
    throw fieldsRefusal(error.outcome, error.fields.map((f) => ({
      field: f.field.replace('base_currency', 'baseCurrency').replace('quote_currency', 'quoteCurrency'), message: f.message,
    })), error.message);
  }
  const [row] = await q<PartnerRateLockRow[]>`
    insert into partner_fx_rate_locks (id, partner_id, base_currency, quote_currency, mid_rate, margin_bps, locked_rate, source,
      effective_at, expires_at, created_at)
    values (${randomUUID()}, ${input.partnerId}, ${quote.baseCurrency}, ${quote.quoteCurrency}, ${quote.midRate}::numeric,
      ${quote.marginBps}, ${quote.rate}::numeric, ${quote.source}, ${quote.effectiveAt},
      ${new Date(input.nowMs + input.lifetimeS * 1000)}, ${new Date(input.nowMs)})
    returning *`;
  return toPartnerRateLockResource(row!);
}

export function toPartnerRateLockResource(row: PartnerRateLockRow): PartnerFxRateLockResource {
  return {
    id: row.id, baseCurrency: row.base_currency, quoteCurrency: row.quote_currency, lockedRate: Number(row.locked_rate),
    expiresAt: row.expires_at.toISOString(), used: row.used_at !== null,
  };
}

/**
 * Takes the partner's lock for transfer `transferId`, under the lock's row lock, in the caller's
 * transaction. Refuses (422 naming body.fxRateLockId): not the partner's, another pair, used by
 * another transfer, expired. A lock this very transfer used already (a resumed run) is returned.
 */
async function usePartnerRateLock(tx: Tx, input: {
  partnerId: string; lockId: string; fromCurrency: string; toCurrency: string; transferId: string; nowMs: number;
}): Promise<PartnerRateLockRow> {
  const field = 'body.fxRateLockId';
  const [lock] = await tx<PartnerRateLockRow[]>`
    select * from partner_fx_rate_locks where id = ${input.lockId} and partner_id = ${input.partnerId} for update`;
  if (!lock) throw fieldsRefusal('fx_rate_lock_not_found', [{ field, message: 'no such rate lock' }]);
  if (lock.used_by_transfer_id === input.transferId) return lock;
  if (lock.base_currency !== input.fromCurrency || lock.quote_currency !== input.toCurrency) {
    throw fieldsRefusal('fx_rate_lock_currency_mismatch', [{
      field, message: `the lock converts ${lock.base_currency} -> ${lock.quote_currency}; this transfer needs ${input.fromCurrency} -> ${input.toCurrency}`,
    }]);
  }
  if (lock.used_at !== null) throw fieldsRefusal('fx_rate_lock_used', [{ field, message: 'the rate lock was already used' }]);
  if (lock.expires_at.getTime() <= input.nowMs) {
    throw fieldsRefusal('fx_rate_lock_expired', [{ field, message: `the rate lock expired at ${lock.expires_at.toISOString()}` }]);
  }
  const [used] = await tx<PartnerRateLockRow[]>`
    update partner_fx_rate_locks set used_at = ${new Date(input.nowMs)}, used_by_transfer_id = ${input.transferId}
    where id = ${lock.id} and used_at is null returning *`;
  if (!used) throw new Error(`partner rate lock ${lock.id} changed under its row lock`);
  return used;
}

/**
 * The conversion of a cross-currency transfer, in the caller's transaction: the lock taken, then
 * `amount` of the source converted at its rate through the FX positions (posted at once), rounded
 * down once on the destination's side. Refusals (nothing moved, the lock's use rolled back with
 * the transaction): the lock's, fx_conversion_amount_too_small (422 body.amount),
 * fx_conversion_exceeds_wallet_balance (402).
 */
export async function convertForPartnerTransfer(tx: Tx, ledger: Ledger, input: {
  partnerId: string; transferId: string; lockId: string; nowMs: number; amount: number;
  from: { accountId: bigint; currency: string }; to: { accountId: bigint; currency: string };
}): Promise<{ lock: PartnerRateLockRow; conversion: FxConversionRow }> {
  const lock = await usePartnerRateLock(tx, {
    partnerId: input.partnerId, lockId: input.lockId, fromCurrency: input.from.currency, toCurrency: input.to.currency,
    transferId: input.transferId, nowMs: input.nowMs,
  });
  // The received amount is a safe integer like every amount of the API (and fits the bigint
  // columns): checked before anything moves.
  const amounts = conversionAmounts({ rate: lock.locked_rate, fromCurrency: input.from.currency, toCurrency: input.to.currency, amount: { from: BigInt(input.amount) } });
  if (amounts && amounts.toAmount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw fieldsRefusal('partner_request_invalid', [{
      field: 'body.amount', message: `converts to ${amounts.toAmount} ${input.to.currency} minor units, more than one transfer may move (${Number.MAX_SAFE_INTEGER})`,
    }]);
  }
  const conversion = await convertThroughFxPositions(tx, ledger, {
    conversionId: fxConversionIdOf('transfer', input.transferId), merchantId: null, purpose: 'transfer', purposeId: input.transferId,
    from: input.from, to: input.to, amount: { from: BigInt(input.amount) }, amountField: 'body.amount', hold: false,
    // The partner's lock is not a merchant lock (fx_conversions.rate_lock_id names those); the
    // transfer's row names it instead (partner_movements.fx_rate_lock_id).
    rate: lock.locked_rate, rateLockId: null,
  });
  return { lock, conversion };
}
