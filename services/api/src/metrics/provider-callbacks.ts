// Provider callbacks received (provider-routing/callback-intake.ts), by provider and result. An
// unknown provider's name is counted as `unknown`: a stranger's path never becomes a label value.
import { Counter } from 'prom-client';
import { metricNamePrefix, processRegistry } from './registry.ts';

export const providerCallbackResults = [
  'recorded', 'no_outcome', 'unknown_provider', 'method_not_allowed', 'refused_source', 'rate_limited', 'too_large', 'handler_failed', 'record_failed',
] as const;
export type ProviderCallbackResult = (typeof providerCallbackResults)[number];

export const providerCallbacks = new Counter({
  name: `${metricNamePrefix}provider_callbacks_total`,
  help: 'Callbacks received from providers at /provider-callbacks, by provider (unknown for a name without a handler) and result (recorded: outcomes recorded and 2xx answered; no_outcome: verified or refused by the handler with nothing to record; unknown_provider, method_not_allowed, refused_source: not in the allow-list, rate_limited: the provider and address spent their budget (429), too_large, handler_failed, record_failed: answered 503 so the provider sends it again)',
  labelNames: ['provider', 'result'] as const,
  registers: [processRegistry],
});

export function countProviderCallback(provider: string, result: ProviderCallbackResult): void {
  providerCallbacks.inc({ provider, result });
}
