// Paystack as our collection rails (card, bank, ussd, mobile_money): a RailConnector per rail
// (rails/types.ts) over POST /charge, GET /transaction/verify/{reference} and POST /refund
// (openapi.yaml; https://paystack.com/docs/payments/payment-channels/). Paystack's QR is absent
// from its OpenAPI description's /charge body, so qr stays with another provider (decision 0652).
//
// Idempotency: the charge reference is our transaction id; Paystack refuses a second charge under
// it (`duplicate_reference`), and the connector answers a retry from the verify of the first.
// A charge is never sent twice with a chance of being charged twice (references.ts).
// Outcomes are not answered here: Paystack's webhooks bring them (callbacks.ts), and queryOutcome
// (a verify) settles one whose webhook never came.
import { RailDeclinedError, RailOutageError } from '../../../rails/errors.ts';
import type { CollectionInitiation, RailConnector, RailInitiationResult, RailOutcome, RailOutcomeKind, RailStatusAnswer } from '../../../rails/types.ts';
import { uuidPattern } from '../../../ids.ts';
import { callPaystack, railDecline, railOutage } from '../errors.ts';
import { paystackProviderName } from '../callbacks.ts';
import { chargeReferenceOf } from '../references.ts';
import { chargeBodyOf, initiationOfCharge, outcomeOfTransaction, type PaystackRail } from '../transformers/charge.ts';
import { transactionOf } from '../transformers/paystack-data.ts';
import { initiatePaystackRefund, reversePaystackCollection, verifyCharge, type RailDeps } from './refunds.ts';

export type PaystackRailConnector = RailConnector & {
  /**
   * The status query as an outcome: the final outcome of the collection initiated under
   * `transactionId` (GET /transaction/verify), or null while it is not final or Paystack holds
   * none. For the poller that settles a collection whose webhook never came.
   */
  outcomeOf(transactionId: string): Promise<RailOutcome | null>;
};

export function createPaystackRailConnector(rail: PaystackRail, deps: RailDeps): PaystackRailConnector {
  const { client, config } = deps;
  const verify = (reference: string) => verifyCharge(deps, rail, reference);

  function checkTransactionId(transactionId: string): void {
    if (!uuidPattern.test(transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id');
  }

  async function initiateCollection(request: CollectionInitiation): Promise<RailInitiationResult> {
    checkTransactionId(request.transactionId);
    const body = chargeBodyOf(rail, request, config);
    const result = await callPaystack(client, { method: 'POST', template: '/charge', body });
    switch (result.kind) {
      case 'outage':
        throw railOutage(rail, result);
      case 'answered': {
        const transaction = transactionOf(result.answer.body.data);
        // An answer we cannot read may still be a charge: ambiguous, a retry reads it back.
        if (transaction === null) throw new RailOutageError(rail, 'timeout', { cause: new Error('unreadable /charge answer') });
        return initiationOfCharge(result.answer.body.data, transaction);
      }
      case 'duplicate':
        return replayCharge(request, body.amount as number);
      case 'not_found':
        throw new RailOutageError(rail, 'provider_down', { cause: new Error('POST /charge answered 404: check PAYSTACK_BASE_URL') });
      case 'refused':
        throw railDecline(rail, result.answer.body.message, payerDeclineOf(rail));
    }
  }

  /** A retry of a charge Paystack holds: the first charge's answer, if the request is the same one. */
  async function replayCharge(request: CollectionInitiation, paystackAmount: number): Promise<RailInitiationResult> {
    const transaction = await verify(chargeReferenceOf(request.transactionId));
    if (transaction === null) throw new RailOutageError(rail, 'timeout', { cause: new Error('duplicate reference that verify does not find') });
    if (transaction.amount !== paystackAmount || transaction.currency !== request.currency) {
      throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request', { field: 'amount' });
    }
    if (transaction.status === 'reversed') throw new RailDeclinedError(rail, 'collection_reversed');
    return { providerReference: transaction.reference, actionUrl: null, ussdCode: null };
  }

  async function findCollection(transactionId: string): Promise<RailInitiationResult | null> {
    if (!uuidPattern.test(transactionId)) return null;
    const transaction = await verify(chargeReferenceOf(transactionId));
    return transaction === null ? null : { providerReference: transaction.reference, actionUrl: null, ussdCode: null };
  }

  async function outcomeOf(transactionId: string): Promise<RailOutcome | null> {
    if (!uuidPattern.test(transactionId)) return null;
    const transaction = await verify(chargeReferenceOf(transactionId));
    return transaction === null ? null : outcomeOfTransaction(rail, transactionId.toLowerCase(), transaction);
  }

  /**
   * The routing poller's status query (rails/types.ts RailConnector.queryOutcome). A collection:
   * its verify. A refund: Paystack's refund webhook brings it and the verify of the collection
   * does not say which refund finished, so a refund is answered pending (decision 0681).
   */
  async function queryOutcome(query: { kind: RailOutcomeKind; transactionId: string }): Promise<RailStatusAnswer> {
    if (query.kind === 'refund') return { state: 'pending' };
    if (!uuidPattern.test(query.transactionId)) return { state: 'unknown' };
    const transaction = await verify(chargeReferenceOf(query.transactionId));
    if (transaction === null) return { state: 'unknown' };
    const outcome = outcomeOfTransaction(rail, query.transactionId.toLowerCase(), transaction);
    return outcome === null ? { state: 'pending' } : { state: 'final', outcome };
  }

  return {
    rail,
    provider: paystackProviderName,
    initiateCollection,
    initiateRefund: async (request) => {
      checkTransactionId(request.transactionId);
      return initiatePaystackRefund(deps, rail, request);
    },
    findCollection,
    outcomeOf,
    queryOutcome,
    // Paystack has no void: a refund of the whole amount (refunds.ts).
    reverseCollection: async (request) => {
      checkTransactionId(request.transactionId);
      return reversePaystackCollection(deps, rail, request);
    },
    // Paystack's API has no call that resends a webhook (its dashboard has a button): nothing is
    // ever on its way again; queryOutcome settles what a lost webhook left open (decision 0655).
    redeliverOutcome: async () => false,
  };
}

/** The payer field a refused /charge most likely concerns, per rail. */
function payerDeclineOf(rail: PaystackRail) {
  switch (rail) {
    case 'card': return 'payer_card_token_invalid' as const;
    case 'bank': return 'payer_account_ref_invalid' as const;
    case 'mobile_money':
    case 'ussd': return 'payer_phone_invalid' as const;
  }
}
