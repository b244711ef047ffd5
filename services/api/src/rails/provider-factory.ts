// What the real providers' factories share (connectors/<provider>/index.ts, decision 0773): the
// options every factory takes (logger, clock) with their defaults, and the shape a mobile-money
// provider is wired in (M-Pesa, MTN MoMo): one collection rail and one payout rail, both
// `mobile_money`, its callback handler, and its own status reads for a poller of lost callbacks.
// The provider catalog (provider-routing/provider-catalog.ts) registers any of them the same way.
import type { PayoutRailConnector } from '../payout-rails/types.ts';
import type { ProviderCallbackHandler } from '../provider-outcomes/types.ts';
import { jsonLineRailLogger, type RailConnector, type RailLogger } from './types.ts';

export interface MobileMoneyProvider<Name extends string, OutcomeOf> {
  readonly name: Name;
  railConnectors: { mobile_money: RailConnector };
  payoutConnectors: { mobile_money: PayoutRailConnector };
  callbackHandler: ProviderCallbackHandler;
  /** The provider's own status reads (what it holds for our references), for a poller of lost callbacks. */
  outcomeOf: OutcomeOf;
}

/** What every provider factory takes beside its settings: where it logs, and the app clock. */
export type ProviderFactoryOptions = { logger?: RailLogger; now?: () => number };

/** The options with their defaults: JSON lines on stdout, the wall clock. */
export function providerFactoryDefaults(options: ProviderFactoryOptions): { logger: RailLogger; now: () => number } {
  return { logger: options.logger ?? jsonLineRailLogger, now: options.now ?? Date.now };
}

/** Its connectors as the provider catalog registers them. */
export function mobileMoneyConnectors(provider: MobileMoneyProvider<string, unknown>): {
  rails: RailConnector[]; payoutRails: PayoutRailConnector[]; callbackHandlers: ProviderCallbackHandler[];
} {
  return { rails: [provider.railConnectors.mobile_money], payoutRails: [provider.payoutConnectors.mobile_money], callbackHandlers: [provider.callbackHandler] };
}
