// FX rates and rate locks (seed: Rate, RateLock; GET /fx/rates, POST /fx/rate-locks): the rate
// source's mid rate with the merchant's margin applied, and locks that hold such a rate for one
// future conversion. docs/fx.md.
//
//   rate = mid x (10,000 - margin_bps) / 10,000, cut (toward zero) to fxRateDigits significant
//          digits. The margin is the platform's: whoever converts base -> quote gets fewer quote
//          units per base unit than the mid rate. The quoted rate is exactly what converts (a lock
//          stores it as the decimal it was quoted as).
// Arithmetic on bigint fractions only (fx-rates/decimal.ts; docs/decisions/0311).
import { randomUUID } from 'node:crypto';
import { currencies } from '@payagg/ledger';
import type { Schema } from '@payagg/contract';
import type { Queryable } from '../db/index.ts';
import { decimalFraction, multiply, significantDecimal } from '../fx-rates/decimal.ts';
import type { FxRateSource } from '../fx-rates/types.ts';
import { fieldsRefusal } from '../domain/outcomes.ts';

/**
 * Significant digits of a quoted rate (spec: fx_rate_significant_digits = 10). Ten keep a
 * conversion of the largest amounts exact to well under a minor unit's worth of rate error per
 * 10^10 units, and stay well inside what a JSON number (a double, 15 to 17 digits) carries
 * exactly, so the `rate` clients read is the decimal the service converts with.
 */
export const fxRateDigits = 10;
export const basisPointsPerUnit = 10_000n;

export type FxPair = { base: string; quote: string };

/** A rate as quoted to one merchant at one instant. */
export type FxQuote = {
  baseCurrency: string;
  quoteCurrency: string;
  /** The source's mid rate (exact decimal). */
  midRate: string;
  marginBps: number;
  /** The rate with the margin applied: what converts (exact decimal, fxRateDigits significant digits). */
  rate: string;
  source: string;
  effectiveAt: Date;
};

/**
 * Checks a pair before asking the source. `fieldPrefix` is where the request carries the two
 * currencies (`query` for GET /fx/rates, `body` for POST /fx/rate-locks), so the refusal names
 * the field clients sent.
 */
export function checkFxPair(source: FxRateSource, pair: FxPair, fieldPrefix: 'query' | 'body'): void {
  for (const [name, currency] of [['base_currency', pair.base], ['quote_currency', pair.quote]] as const) {
    if (!source.currencies.has(currency) || !currencies.has(currency)) {
      throw fieldsRefusal('fx_currency_not_supported', [{
        field: `${fieldPrefix}.${name}`,
        message: `${currency} is not a supported currency; supported: ${[...source.currencies].sort().join(', ')}`,
      }]);
    }
  }
  if (pair.base === pair.quote) {
    throw fieldsRefusal('fx_same_currency', [{ field: `${fieldPrefix}.quote_currency`, message: 'must differ from base_currency' }]);
  }
}

/** `mid` with `marginBps` taken off, as quoted: cut to fxRateDigits significant digits. */
export function rateWithMargin(mid: string, marginBps: number): string {
  return significantDecimal(multiply(decimalFraction(mid), {
    numerator: basisPointsPerUnit - BigInt(marginBps), denominator: basisPointsPerUnit,
  }), fxRateDigits);
}

/** The merchant's rate for the pair now (`atMs`: the app clock). Refuses an unsupported pair. */
export async function quoteFxRate(source: FxRateSource, input: {
  pair: FxPair; marginBps: number; atMs: number; fieldPrefix: 'query' | 'body';
}): Promise<FxQuote> {
  checkFxPair(source, input.pair, input.fieldPrefix);
  const mid = await source.midRate(input.pair, input.atMs);
  if (!mid) {
    throw fieldsRefusal('fx_currency_not_supported', [{
      field: `${input.fieldPrefix}.quote_currency`, message: `${input.pair.base} -> ${input.pair.quote} is not quoted by the rate source`,
    }]);
  }
  return {
    baseCurrency: input.pair.base,
    quoteCurrency: input.pair.quote,
    midRate: mid.rate,
    marginBps: input.marginBps,
    rate: rateWithMargin(mid.rate, input.marginBps),
    source: source.name,
    effectiveAt: new Date(mid.effectiveAtMs),
  };
}

/** spec: FxRate. The rate is written as the JSON number of its exact decimal (at most fxRateDigits digits). */
export function toFxRateResource(quote: FxQuote) {
  return {
    base_currency: quote.baseCurrency,
    quote_currency: quote.quoteCurrency,
    rate: Number(quote.rate),
    margin_bps: quote.marginBps,
    effective_at: quote.effectiveAt.toISOString(),
  } satisfies Schema<'FxRate'>;
}

// ----- Margins (per merchant, set by the operator CLI: `./payagg merchants fx-margin`).

/** The merchant's margin: its own when the operator set one, else `marginBpsDefault`. */
export async function merchantFxMarginBps(q: Queryable, merchantId: string, marginBpsDefault: number): Promise<number> {
  const [row] = await q<{ fx_margin_bps: number | null }[]>`select fx_margin_bps from merchants where id = ${merchantId}`;
  return row?.fx_margin_bps ?? marginBpsDefault;
}

/** Sets (or with null clears, back to the default) the merchant's margin. Null when no such merchant. */
export async function setMerchantFxMarginBps(q: Queryable, merchantId: string, marginBps: number | null):
  Promise<{ id: string; fx_margin_bps: number | null } | null> {
  const [row] = await q<{ id: string; fx_margin_bps: number | null }[]>`
    update merchants set fx_margin_bps = ${marginBps}, updated_at = date_trunc('milliseconds', now())
    where id = ${merchantId} returning id, fx_margin_bps`;
  return row ?? null;
}

// ----- Rate locks.

export type RateLockRow = {
  id: string;
  merchant_id: string;
  base_currency: string;
  quote_currency: string;
  /** numeric columns come back as their exact decimal text. */
  mid_rate: string;
  margin_bps: number;
  locked_rate: string;
  source: string;
  effective_at: Date;
  expires_at: Date;
  created_at: Date;
  used_at: Date | null;
  used_by_type: 'payout' | 'transfer' | null;
  used_by_id: string | null;
};

/** Locks the merchant's current rate of the pair for `lifetimeS` (POST /fx/rate-locks). */
export async function createRateLock(q: Queryable, source: FxRateSource, input: {
  merchantId: string; pair: FxPair; marginBps: number; nowMs: number; lifetimeS: number;
}): Promise<RateLockRow> {
  const quote = await quoteFxRate(source, { pair: input.pair, marginBps: input.marginBps, atMs: input.nowMs, fieldPrefix: 'body' });
  const [row] = await q<RateLockRow[]>`
    insert into fx_rate_locks (id, merchant_id, base_currency, quote_currency, mid_rate, margin_bps, locked_rate, source,
      effective_at, expires_at, created_at)
    values (${randomUUID()}, ${input.merchantId}, ${quote.baseCurrency}, ${quote.quoteCurrency}, ${quote.midRate}::numeric,
      ${quote.marginBps}, ${quote.rate}::numeric, ${quote.source}, ${quote.effectiveAt},
      ${new Date(input.nowMs + input.lifetimeS * 1000)}, ${new Date(input.nowMs)})
    returning *`;
  return row!;
}

/** The merchant's lock (null for another merchant's or none). */
export async function findRateLock(q: Queryable, merchantId: string, id: string): Promise<RateLockRow | null> {
  const [row] = await q<RateLockRow[]>`select * from fx_rate_locks where id = ${id} and merchant_id = ${merchantId}`;
  return row ?? null;
}

/** spec: FxRateLock. */
export function toFxRateLockResource(row: RateLockRow) {
  return {
    id: row.id,
    base_currency: row.base_currency,
    quote_currency: row.quote_currency,
    locked_rate: Number(row.locked_rate),
    expires_at: row.expires_at.toISOString(),
    used: row.used_at !== null,
  } satisfies Schema<'FxRateLock'>;
}
