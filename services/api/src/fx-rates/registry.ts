// Which FX rate source the service quotes from (FX_RATE_SOURCE; config.ts). Only the sandbox
// exists today: a real provider's integration implements FxRateSource (types.ts) and is chosen
// here, nothing else changes (quotes, locks and conversions only see the interface).
import type { FxConfig } from '../config.ts';
import { createSandboxFxRateSource } from '../connectors/sandbox/fx-rates/rate-table.ts';
import type { FxRateSource } from './types.ts';

export function createFxRateSource(config: FxConfig): FxRateSource {
  switch (config.rateSource) {
    case 'sandbox': return createSandboxFxRateSource({ stepS: config.sandboxRateStepS });
  }
}
