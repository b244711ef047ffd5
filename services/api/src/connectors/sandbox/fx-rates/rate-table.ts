// The sandbox FX rate source: a documented table of mid rates against USD that moves a little
// over time, deterministically (the same instant always gives the same rate, so tests and demos
// can reason about it). docs/fx.md, "Sandbox rates".
//
//   usd_rate(c, t) = table(c) x (1 + wobble_ppm(c, step(t)) / 1,000,000)
//   step(t)        = floor(t / SANDBOX_FX_RATE_STEP_S): a new rate every step (60 s by default),
//                    effective from the step's first instant (effective_at)
//   wobble_ppm     = a deterministic value in [-2000, +2000] (at most 0.2% either way around the
//                    table), from SHA-256 over the currency and the step
//   base -> quote  = usd_rate(quote) / usd_rate(base), exact (a fraction of integers)
//
// XOF is pegged to EUR (655.957 XOF per EUR, fixed by treaty), as the real franc is: it moves
// with EUR and never on its own. The figures are a plausible sandbox table (late 2026 orders of
// magnitude), not market data.
import { createHash } from 'node:crypto';
import { decimalFraction, type Fraction, significantDecimal } from '../../../fx-rates/decimal.ts';
import type { FxMidRate, FxRateSource } from '../../../fx-rates/types.ts';

/** Units of each currency per one USD, the centre of the sandbox's movement. */
export const sandboxUsdRates: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.86',
  GBP: '0.76',
  KES: '129.25',
  UGX: '3480',
  TZS: '2450',
  RWF: '1450',
  NGN: '1460',
  GHS: '10.95',
  ZAR: '17.30',
  EGP: '47.50',
  // XOF: pegged, see xofPerEur.
  XOF: '564.12302',
};

/** The CFA franc's fixed parity (XOF per EUR). */
export const xofPerEur = '655.957';
/** Largest move either way around the table, in millionths (0.2%). */
export const sandboxWobblePpmMax = 2_000;
/** A new sandbox rate every minute by default (SANDBOX_FX_RATE_STEP_S). */
export const sandboxFxRateStepSDefault = 60;

/** The step's wobble of one currency, in millionths, in [-sandboxWobblePpmMax, +sandboxWobblePpmMax]. */
export function sandboxWobblePpm(currency: string, step: number): number {
  const digest = createHash('sha256').update(`payagg.sandbox.fx:${currency}:${step}`).digest();
  return (digest.readUInt32BE(0) % (2 * sandboxWobblePpmMax + 1)) - sandboxWobblePpmMax;
}

/** Units of `currency` per one USD during `step`, exact. */
function usdRate(currency: string, step: number): Fraction {
  if (currency === 'USD') return { numerator: 1n, denominator: 1n };
  if (currency === 'XOF') {
    const eur = usdRate('EUR', step);
    const peg = decimalFraction(xofPerEur);
    return { numerator: eur.numerator * peg.numerator, denominator: eur.denominator * peg.denominator };
  }
  const table = decimalFraction(sandboxUsdRates[currency]!);
  return {
    numerator: table.numerator * BigInt(1_000_000 + sandboxWobblePpm(currency, step)),
    denominator: table.denominator * 1_000_000n,
  };
}

/** Decimal digits kept in a sandbox mid rate (significant digits; the rest is cut off). */
export const sandboxMidRateDigits = 15;

export function createSandboxFxRateSource(options: { stepS: number }): FxRateSource {
  const stepMs = options.stepS * 1000;
  return {
    name: 'sandbox',
    currencies: new Set(Object.keys(sandboxUsdRates)),
    async midRate(pair, atMs): Promise<FxMidRate | null> {
      if (!(pair.base in sandboxUsdRates) || !(pair.quote in sandboxUsdRates)) return null;
      const step = Math.floor(atMs / stepMs);
      const base = usdRate(pair.base, step);
      const quote = usdRate(pair.quote, step);
      // quote per base = (quote per USD) / (base per USD).
      const rate = significantDecimal({
        numerator: quote.numerator * base.denominator,
        denominator: quote.denominator * base.numerator,
      }, sandboxMidRateDigits);
      return { rate, effectiveAtMs: step * stepMs };
    },
  };
}
