// The real providers this service can route to (issue 24): each provider's connectors and
// callback handler, built from its own settings (PAYSTACK_*, MPESA_*, MTN_MOMO_*:
// connectors/<provider>/), registered beside the sandbox (rails/registry.ts,
// payout-rails/registry.ts) and at /provider-callbacks/<provider>/ (callback-intake.ts). A provider
// whose settings are absent is simply not registered; the routing table then may not name it
// (the service refuses to start: routing-table.ts assertProvidersRegistered).
//
// Adding a provider (docs/providers.md "Adding a provider"): one line in providerCatalog below
// that builds its connectors from the environment, or returns null when it is not configured.
import type { PayoutRailConnector } from '../payout-rails/types.ts';
import type { ProviderCallbackHandler } from '../provider-outcomes/types.ts';
import type { RailConnector } from '../rails/types.ts';

export type ProviderConnectors = {
  /** Collection rail connectors, each naming its provider and rail. */
  rails?: readonly RailConnector[];
  /** Payout rail connectors, each naming its provider and destination type. */
  payoutRails?: readonly PayoutRailConnector[];
  /** One callback handler per provider that calls back. */
  callbackHandlers?: readonly ProviderCallbackHandler[];
};

type ProviderFactory = (env: Record<string, string | undefined>) => ProviderConnectors | null;

/** Every provider the service knows how to build; none yet beside the sandbox (its connectors come with issue 24's connector work). */
const providerCatalog: readonly ProviderFactory[] = [];

/** The configured providers' connectors and handlers, together. */
export function providerConnectorsFromEnv(env: Record<string, string | undefined>): ProviderConnectors {
  const built = providerCatalog.map((factory) => factory(env)).filter((entry): entry is ProviderConnectors => entry !== null);
  return {
    rails: built.flatMap((entry) => entry.rails ?? []),
    payoutRails: built.flatMap((entry) => entry.payoutRails ?? []),
    callbackHandlers: built.flatMap((entry) => entry.callbackHandlers ?? []),
  };
}
