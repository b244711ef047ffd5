// The public face of fx/: what other capabilities and shared code may use of it. Nothing
// imports into fx/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { conversionAmounts, conversionHoldLegs, convertThroughFxPositions, fxConversionIdOf, markConversionOf, recordConversions, useRateLocks } from './fx-conversions.ts';
export type { FxConversionRow } from './fx-conversions.ts';
export { quoteFxRate, setMerchantFxMarginBps } from './fx-rates.ts';
