// M-Pesa (Safaricom Daraja), wired: createMpesaProvider(config, { sql }) gives the mobile_money
// collection rail (STK push), the mobile_money payout rail (B2C), the callback handler and the
// status reads a poller of lost callbacks uses, all sharing one client (one token cache) and one
// memory of calls (provider_references). docs/providers/mpesa.md.
import type { Sql } from 'postgres';
import type { PayoutRailConnector } from '../../payout-rails/types.ts';
import type { ProviderCallbackHandler, ProviderOutcome } from '../../provider-outcomes/types.ts';
import { createProviderReferenceStore } from '../../rails/provider-references.ts';
import { jsonLineRailLogger, type RailConnector, type RailLogger } from '../../rails/types.ts';
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { confirmedStkOutcome, createMpesaCallbackHandler } from './callbacks.ts';
import { createMpesaClient } from './client.ts';
import { createMpesaRailConnector } from './collection-connector.ts';
import type { MpesaConfig } from './config.ts';
import { mpesaProviderName, referenceKinds, type MpesaContext } from './context.ts';
import { createMpesaPayoutConnector } from './payout-connector.ts';
import { securityCredentialOf } from './security-credential.ts';
import { askTransactionStatus, type StatusAsked } from './status-queries.ts';

export { mpesaConfigFromEnv, type MpesaConfig } from './config.ts';

export interface MpesaProvider {
  readonly name: typeof mpesaProviderName;
  railConnectors: { mobile_money: RailConnector };
  payoutConnectors: { mobile_money: PayoutRailConnector };
  callbackHandler: ProviderCallbackHandler;
  /** For a poller of lost callbacks. */
  outcomeOf: {
    /** The STK query's final answer for a push (null while pending, unknown, or its answer lost and no callback came). */
    collection(transactionId: string): Promise<ProviderOutcome | null>;
    /**
     * Asks Daraja a Transaction Status query for a B2C attempt: its answer arrives as a callback
     * (status/result) and yields the outcome there (or here, when it came before the query was
     * recorded). asked false when there is nothing to ask about or Daraja did not take the query.
     */
    askPayoutStatus(payoutId: string, attempt: number): Promise<StatusAsked>;
  };
}

export function createMpesaProvider(config: MpesaConfig, options: { sql: Sql; logger?: RailLogger; now?: () => number }): MpesaProvider {
  const logger = options.logger ?? jsonLineRailLogger;
  const now = options.now ?? Date.now;
  const context: MpesaContext = {
    config,
    client: createMpesaClient(config, { logger, now }),
    store: createProviderReferenceStore(options.sql, mpesaProviderName),
    securityCredential: securityCredentialOf(config.certificatePath, config.initiatorPassword),
    logger,
    now,
  };
  return {
    name: mpesaProviderName,
    railConnectors: { mobile_money: createMpesaRailConnector(context) },
    payoutConnectors: { mobile_money: createMpesaPayoutConnector(context) },
    callbackHandler: createMpesaCallbackHandler(context),
    outcomeOf: {
      async collection(transactionId) {
        const held = await context.store.byOurReference(referenceKinds.stk, transactionId);
        if (held?.providerReference == null) return null;
        return confirmedStkOutcome(context, transactionId, held.providerReference, null);
      },
      async askPayoutStatus(payoutId, attempt) {
        const ourReference = `${payoutId}:${attempt}`;
        const held = await context.store.byOurReference(referenceKinds.b2c, ourReference);
        if (held === null) return { asked: false };
        const originatorConversationId = payoutAttemptUuid(payoutId, attempt);
        return askTransactionStatus(context, { targetKind: 'b2c', ourReference, providerReference: originatorConversationId, claimedResultCode: null }, { originalConversationId: originatorConversationId, transactionId: null });
      },
    },
  };
}
