// MTN MoMo, wired: createMtnMomoProvider(config) gives the mobile_money collection rail, the
// mobile_money payout rail, the callback handler and the status reads a poller uses, all sharing
// one client (one token cache per product). docs/providers/mtn-momo.md.
import type { ProviderOutcome } from '../../provider-outcomes/types.ts';
import { type MobileMoneyProvider, providerFactoryDefaults, type ProviderFactoryOptions } from '../../rails/provider-factory.ts';
import { createMtnMomoCallbackHandler } from './callbacks.ts';
import { createMtnMomoClient } from './client.ts';
import { createMtnMomoRailConnector } from './collection-connector.ts';
import type { MtnMomoConfig } from './config.ts';
import { createMtnMomoPayoutConnector } from './payout-connector.ts';
import { confirmedOutcome, mtnMomoProviderName, type MtnMomoResource } from './status-reads.ts';
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';

export { mtnMomoConfigFromEnv, type MtnMomoConfig } from './config.ts';

/** The final outcome MoMo holds, for a poller of lost callbacks: null while pending or unknown. */
export type MtnMomoOutcomeReads = {
  collection(transactionId: string): Promise<ProviderOutcome | null>;
  refund(transactionId: string): Promise<ProviderOutcome | null>;
  payout(payoutId: string, attempt: number): Promise<ProviderOutcome | null>;
};

export type MtnMomoProvider = MobileMoneyProvider<typeof mtnMomoProviderName, MtnMomoOutcomeReads>;

export function createMtnMomoProvider(config: MtnMomoConfig, options: ProviderFactoryOptions = {}): MtnMomoProvider {
  const { logger, now } = providerFactoryDefaults(options);
  const client = createMtnMomoClient(config, { logger, now });
  const read = (resource: MtnMomoResource, referenceId: string) => confirmedOutcome(client, resource, referenceId);
  return {
    name: mtnMomoProviderName,
    railConnectors: { mobile_money: createMtnMomoRailConnector(config, { client, logger }) },
    payoutConnectors: { mobile_money: createMtnMomoPayoutConnector(config, { client, logger }) },
    callbackHandler: createMtnMomoCallbackHandler({ client, logger }),
    outcomeOf: {
      collection: (transactionId) => read('requesttopay', transactionId),
      refund: (transactionId) => read('refund', transactionId),
      payout: (payoutId, attempt) => read('transfer', payoutAttemptUuid(payoutId, attempt)),
    },
  };
}
