// The FX rate source as the service uses it: what a real FX provider's integration implements
// (a market-data feed, a bank's or a liquidity provider's rate API). The sandbox source
// (sandbox/rate-table.ts) implements it from a documented table; registry.ts picks the source.
//
// Rates are exact decimals written as strings ("129.35"): never binary floating point
// (docs/decisions/0311-fx-rates-as-bigint-fractions.md).

/** A mid-market rate: units of `quote` per one unit of `base`, in major units, before any margin. */
export type FxMidRate = {
  /** An exact, positive decimal ("129.35"). */
  rate: string;
  /** Since when the source holds this rate (ms since the epoch). */
  effectiveAtMs: number;
};

export interface FxRateSource {
  /** Recorded with every quote and lock (fx_rate_locks.source). */
  readonly name: string;
  /** The ISO 4217 codes the source quotes; any two of them make a pair. */
  readonly currencies: ReadonlySet<string>;
  /**
   * The mid rate of base -> quote at `atMs` (the app clock), or null when the source does not
   * quote the pair. A source that cannot answer at all throws.
   */
  midRate(pair: { base: string; quote: string }, atMs: number): Promise<FxMidRate | null>;
}
