// Paystack, everything it serves us in one call (decision 0650; docs/providers/paystack.md):
// collection rails (card, bank, ussd, mobile_money), payout rails (bank, mobile_money), the
// callback handler of its webhooks, and its settlement reports. The wiring (routing table,
// callback route, outcome ingress) takes them from here; nothing else of Paystack is needed.
import { providerFactoryDefaults, type ProviderFactoryOptions } from '../../rails/provider-factory.ts';
import type { ProviderCallbackHandler } from '../../provider-outcomes/types.ts';
import { createPaystackClient } from './client.ts';
import type { PaystackConfig } from './config.ts';
import { createPaystackCallbackHandler, paystackProviderName } from './callbacks.ts';
import { createPaystackRailConnector, type PaystackRailConnector } from './collection-rails/connector.ts';
import { createPaystackPayoutRailConnector, type PaystackPayoutRailConnector } from './payout-rails/connector.ts';
import { createPaystackSettlementReports, type PaystackSettlementReports } from './settlements.ts';
import { paystackRails, type PaystackRail } from './transformers/charge.ts';
import { paystackPayoutTypes, type PaystackPayoutType } from './transformers/transfer.ts';

export { paystackConfigFromEnv, resolvePaystackConfig, type PaystackConfig } from './config.ts';
export type { SettlementRecord } from './settlements.ts';

export type PaystackProvider = {
  readonly provider: typeof paystackProviderName;
  readonly railConnectors: Readonly<Record<PaystackRail, PaystackRailConnector>>;
  readonly payoutConnectors: Readonly<Record<PaystackPayoutType, PaystackPayoutRailConnector>>;
  readonly callbackHandler: ProviderCallbackHandler;
  readonly settlementReports: PaystackSettlementReports;
};

export function createPaystackProvider(config: PaystackConfig, options: Pick<ProviderFactoryOptions, 'logger'> = {}): PaystackProvider {
  const { logger } = providerFactoryDefaults(options);
  const client = createPaystackClient(config, logger);
  const deps = { client, config, logger };
  return {
    provider: paystackProviderName,
    railConnectors: Object.fromEntries(paystackRails.map((rail) => [rail, createPaystackRailConnector(rail, deps)])) as Record<PaystackRail, PaystackRailConnector>,
    payoutConnectors: Object.fromEntries(paystackPayoutTypes.map((type) => [type, createPaystackPayoutRailConnector(type, deps)])) as Record<PaystackPayoutType, PaystackPayoutRailConnector>,
    callbackHandler: createPaystackCallbackHandler({ secretKey: config.secretKey, client, logger }),
    settlementReports: createPaystackSettlementReports({ client, config }),
  };
}
