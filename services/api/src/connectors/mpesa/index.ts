// M-Pesa (Safaricom Daraja), wired: createMpesaProvider(config, { sql }) gives the mobile_money
// collection rail (STK push), the mobile_money payout rail (B2C), the callback handler and the
// status reads a poller of lost callbacks uses, all sharing one client (one token cache) and one
// memory of calls (provider_references). docs/providers/mpesa.md.
import type { Sql } from 'postgres';
import { PayoutRailOutageError, type PayoutStatusAnswer } from '../../payout-rails/types.ts';
import { RailOutageError } from '../../rails/errors.ts';
import { ProviderCallError } from '../../rails/provider-http.ts';
import type { ProviderOutcome } from '../../provider-outcomes/types.ts';
import { type MobileMoneyProvider, providerFactoryDefaults, type ProviderFactoryOptions } from '../../rails/provider-factory.ts';
import { createProviderReferenceStore } from '../../rails/provider-references.ts';
import type { RailOutcomeKind, RailStatusAnswer } from '../../rails/types.ts';
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { confirmedStkOutcome, createMpesaCallbackHandler } from './callbacks.ts';
import { createMpesaClient, MpesaAuthenticationError } from './client.ts';
import { createMpesaRailConnector } from './collection-connector.ts';
import type { MpesaConfig } from './config.ts';
import { mpesaProviderName, referenceKinds, type MpesaContext } from './context.ts';
import { createMpesaPayoutConnector } from './payout-connector.ts';
import { securityCredentialOf } from './security-credential.ts';
import { askTransactionStatus, type StatusAsked } from './status-queries.ts';

export { mpesaConfigFromEnv, type MpesaConfig } from './config.ts';

/** For a poller of lost callbacks. */
export type MpesaOutcomeReads = {
  /** The STK query's final answer for a push (null while pending, unknown, or its answer lost and no callback came). */
  collection(transactionId: string): Promise<ProviderOutcome | null>;
  /**
   * Asks Daraja a Transaction Status query for a B2C attempt: its answer arrives as a callback
   * (status/result) and yields the outcome there (or here, when it came before the query was
   * recorded). asked false when there is nothing to ask about or Daraja did not take the query.
   */
  askPayoutStatus(payoutId: string, attempt: number): Promise<StatusAsked>;
};

export type MpesaProvider = MobileMoneyProvider<typeof mpesaProviderName, MpesaOutcomeReads>;

export function createMpesaProvider(config: MpesaConfig, options: ProviderFactoryOptions & { sql: Sql }): MpesaProvider {
  const { logger, now } = providerFactoryDefaults(options);
  const context: MpesaContext = {
    config,
    client: createMpesaClient(config, { logger, now }),
    store: createProviderReferenceStore(options.sql, mpesaProviderName),
    securityCredential: securityCredentialOf(config.certificatePath, config.initiatorPassword),
    logger,
    now,
  };
  const status = routingStatusQueries(context);
  return {
    name: mpesaProviderName,
    railConnectors: { mobile_money: { ...createMpesaRailConnector(context), provider: mpesaProviderName, queryOutcome: status.queryOutcome } },
    payoutConnectors: { mobile_money: { ...createMpesaPayoutConnector(context), provider: mpesaProviderName, queryPayout: status.queryPayout } },
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

/**
 * The routing's status queries (provider-routing/status-polls.ts, payout-rails/routed-sends.ts;
 * decision 0681). A collection: the STK query, through the same confirmation a callback gets
 * (unknown when no push was claimed; pending while the push is unbound or not final). A refund
 * (a Reversal): Daraja answers only by callback, so pending. A payout: a Transaction Status query
 * whose answer comes as a callback (pending until then); unknown when no B2C was ever sent.
 */
function routingStatusQueries(context: MpesaContext) {
  const outage = (error: unknown): unknown => {
    if (error instanceof ProviderCallError) return new RailOutageError('mobile_money', error.failure, { cause: error });
    if (error instanceof MpesaAuthenticationError) return new RailOutageError('mobile_money', 'provider_down', { cause: error });
    return error;
  };
  return {
    async queryOutcome(query: { kind: RailOutcomeKind; transactionId: string }): Promise<RailStatusAnswer> {
      if (query.kind === 'refund') return { state: 'pending' };
      const held = await context.store.byOurReference(referenceKinds.stk, query.transactionId);
      if (held === null) return { state: 'unknown' };
      if (held.providerReference === null) return { state: 'pending' };
      try {
        const found = await confirmedStkOutcome(context, query.transactionId, held.providerReference, null);
        return found === null || found.kind !== 'collection' ? { state: 'pending' } : { state: 'final', outcome: found.outcome };
      } catch (error) {
        throw outage(error);
      }
    },
    async queryPayout(query: { payoutId: string; attempt: number }): Promise<PayoutStatusAnswer> {
      const ourReference = `${query.payoutId}:${query.attempt}`;
      const held = await context.store.byOurReference(referenceKinds.b2c, ourReference);
      if (held === null) return { state: 'unknown' };
      const originatorConversationId = payoutAttemptUuid(query.payoutId, query.attempt);
      let asked: StatusAsked;
      try {
        asked = await askTransactionStatus(context, { targetKind: 'b2c', ourReference, providerReference: originatorConversationId, claimedResultCode: null }, { originalConversationId: originatorConversationId, transactionId: null });
      } catch (error) {
        const cause = outage(error);
        throw cause instanceof RailOutageError ? new PayoutRailOutageError('mobile_money', cause.outageCause === 'timeout' ? 'timeout' : 'provider_down', { cause: error }) : cause;
      }
      if (!asked.asked) throw new PayoutRailOutageError('mobile_money', 'provider_down', { cause: new Error('Daraja did not take the transaction status query') });
      return asked.outcome?.kind === 'payout' ? { state: 'final', outcome: asked.outcome.outcome } : { state: 'pending' };
    },
  };
}
