// The real providers this service can route to (issue 24): each provider's connectors and
// callback handler, built from its own settings (PAYSTACK_*, MPESA_*, MTN_MOMO_*:
// connectors/<provider>/), registered beside the sandbox (rails/registry.ts,
// payout-rails/registry.ts) and at /provider-callbacks/<provider>/ (callback-intake.ts). A provider
// whose settings are absent is simply not registered; the routing table then may not name it
// (the service refuses to start: routing-table.ts assertProvidersRegistered).
//
// Adding a provider (docs/providers.md "Adding a provider"): one line in providerCatalog below
// that builds its connectors from the environment, or returns null when it is not configured.
import type { Sql } from 'postgres';
import { createMpesaProvider, mpesaConfigFromEnv } from '../connectors/mpesa/index.ts';
import { createMtnMomoProvider, mtnMomoConfigFromEnv } from '../connectors/mtn-momo/index.ts';
import { createPaystackProvider, paystackConfigFromEnv, type PaystackProvider } from '../connectors/paystack/index.ts';
import type { PayoutRailConnector } from '../payout-rails/types.ts';
import type { ProviderCallbackHandler } from '../provider-outcomes/types.ts';
import type { RailConnector } from '../rails/types.ts';
import { mobileMoneyConnectors } from '../rails/provider-factory.ts';

export type ProviderConnectors = {
  /** Collection rail connectors, each naming its provider and rail. */
  rails?: readonly RailConnector[];
  /** Payout rail connectors, each naming its provider and destination type. */
  payoutRails?: readonly PayoutRailConnector[];
  /** One callback handler per provider that calls back. */
  callbackHandlers?: readonly ProviderCallbackHandler[];
  /** Providers' settlement report APIs, which reconciliation pulls a period from (decision 0780). */
  settlementReports?: { paystack?: PaystackProvider['settlementReports'] };
};

/** What a provider's connectors may need beside its settings: M-Pesa keeps its memory of calls in the database. */
export type ProviderFactoryDeps = { sql: Sql };

type ProviderFactory = (env: Record<string, string | undefined>, deps: ProviderFactoryDeps) => ProviderConnectors | null;

/**
 * Every provider the service knows how to build, each null when none of its settings is set; a
 * half-configured one throws, and the service refuses to start (its *ConfigFromEnv says which setting).
 */
const providerCatalog: readonly ProviderFactory[] = [
  (env) => {
    const config = paystackConfigFromEnv(env);
    if (config === null) return null;
    const paystack = createPaystackProvider(config);
    return {
      rails: Object.values(paystack.railConnectors), payoutRails: Object.values(paystack.payoutConnectors), callbackHandlers: [paystack.callbackHandler],
      settlementReports: { paystack: paystack.settlementReports },
    };
  },
  (env, deps) => {
    const config = mpesaConfigFromEnv(env);
    return config === null ? null : mobileMoneyConnectors(createMpesaProvider(config, { sql: deps.sql }));
  },
  (env) => {
    const config = mtnMomoConfigFromEnv(env);
    return config === null ? null : mobileMoneyConnectors(createMtnMomoProvider(config));
  },
];

/** The configured providers' connectors and handlers, together. */
export function providerConnectorsFromEnv(env: Record<string, string | undefined>, deps: ProviderFactoryDeps): ProviderConnectors {
  const built = providerCatalog.map((factory) => factory(env, deps)).filter((entry): entry is ProviderConnectors => entry !== null);
  return {
    rails: built.flatMap((entry) => entry.rails ?? []),
    payoutRails: built.flatMap((entry) => entry.payoutRails ?? []),
    callbackHandlers: built.flatMap((entry) => entry.callbackHandlers ?? []),
    settlementReports: Object.assign({}, ...built.map((entry) => entry.settlementReports ?? {})) as ProviderConnectors['settlementReports'],
  };
}
