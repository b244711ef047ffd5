// The public face of fx/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { conversionAmounts, conversionHoldLegs, convertThroughFxPositions, fxConversionIdOf, markConversionOf, recordConversions, useRateLocks } from './fx-conversions.ts';
export type { FxConversionRow } from './fx-conversions.ts';
export { quoteFxRate, setMerchantFxMarginBps } from './fx-rates.ts';
