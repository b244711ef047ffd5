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
import type {
  CollectionInitiation, CollectionReversal, RailConnector, RailInitiationResult, RailLogger, RailOutcome, RailReversalResult, RefundInitiation,
} from '../../../rails/types.ts';
import { uuidPattern } from '../../../ids.ts';
import { fromPaystackAmount, toPaystackAmount } from '../amounts.ts';
import type { PaystackClient } from '../client.ts';
import type { PaystackConfig } from '../config.ts';
import { callPaystack, railDecline, railOutage } from '../errors.ts';
import { chargeReferenceOf, refundNoteOf } from '../references.ts';
import { chargeBodyOf, initiationOfCharge, outcomeOfTransaction, type PaystackRail } from '../transformers/charge.ts';
import { refundOf, transactionOf, type PaystackTransaction } from '../transformers/paystack-data.ts';
import { findRefundByNote } from '../transformers/refund.ts';

export type PaystackRailConnector = RailConnector & {
  /**
   * The status query as an outcome: the final outcome of the collection initiated under
   * `transactionId` (GET /transaction/verify), or null while it is not final or Paystack holds
   * none. For the poller that settles a collection whose webhook never came.
   */
  queryOutcome(transactionId: string): Promise<RailOutcome | null>;
};

export function createPaystackRailConnector(rail: PaystackRail, deps: { client: PaystackClient; config: PaystackConfig; logger: RailLogger }): PaystackRailConnector {
  const { client, config, logger } = deps;

  /** GET /transaction/verify/{reference}: the transaction, or null when Paystack holds none (404). */
  async function verify(reference: string): Promise<PaystackTransaction | null> {
    const result = await callPaystack(client, { method: 'GET', template: '/transaction/verify/{reference}', params: { reference } });
    if (result.kind === 'outage') throw railOutage(rail, result);
    if (result.kind === 'not_found') return null;
    // Paystack answers an unknown reference with 400 "Transaction reference not found" too.
    if (result.kind === 'refused' && /not found/i.test(result.answer.body.message)) return null;
    const transaction = result.kind === 'answered' ? transactionOf(result.answer.body.data) : null;
    if (transaction === null) throw new RailOutageError(rail, 'provider_down', { cause: new Error(`verify answered ${result.kind}: ${result.answer.body.message}`) });
    return transaction;
  }

  function checkTransactionId(transactionId: string): void {
    if (!uuidPattern.test(transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id', { field: 'transaction_id' });
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

  async function initiateRefund(request: RefundInitiation): Promise<RailInitiationResult> {
    checkTransactionId(request.transactionId);
    const amount = toPaystackAmount(request.amount, request.currency, config.amountExponents);
    if (!amount.ok) {
      throw new RailDeclinedError(rail, amount.refusal.field === 'amount' ? 'invalid_amount' : 'invalid_currency', { field: amount.refusal.field });
    }
    const parent = await verify(request.parentProviderReference);
    if (parent === null) throw new RailDeclinedError(rail, 'parent_not_found');
    const note = refundNoteOf('refund', request.transactionId);
    const existing = await findRefundByNote({ client, rail, logger, note, since: parent.createdAt });
    if (existing !== null) {
      if (existing.amount !== amount.amount || existing.currency !== request.currency) {
        throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request', { field: 'amount' });
      }
      return { providerReference: String(existing.id), actionUrl: null, ussdCode: null };
    }
    if (parent.status === 'reversed') throw new RailDeclinedError(rail, 'parent_reversed');
    if (parent.status !== 'success') throw new RailDeclinedError(rail, 'parent_not_successful');
    if (parent.currency !== request.currency) throw new RailDeclinedError(rail, 'refund_currency_mismatch', { field: 'currency' });
    const refund = await createRefund(parent.reference, amount.amount, request.currency, note, 'refund_exceeds_refundable_amount');
    return { providerReference: String(refund.id), actionUrl: null, ussdCode: null };
  }

  async function createRefund(transaction: string, amount: number, currency: string, note: string, refusedAs: 'refund_exceeds_refundable_amount' | 'collection_refunded') {
    const result = await callPaystack(client, {
      method: 'POST', template: '/refund', body: { transaction, amount, currency, merchant_note: note },
    });
    if (result.kind === 'outage') throw railOutage(rail, result);
    if (result.kind === 'answered') {
      const refund = refundOf(result.answer.body.data);
      if (refund === null) throw new RailOutageError(rail, 'timeout', { cause: new Error('unreadable /refund answer') });
      return refund;
    }
    if (result.kind === 'not_found') throw new RailDeclinedError(rail, 'parent_not_found');
    const declined = railDecline(rail, result.answer.body.message, refusedAs);
    throw refusedAs === 'collection_refunded' ? new RailDeclinedError(rail, 'collection_refunded', { cause: declined }) : declined;
  }

  async function findCollection(transactionId: string): Promise<RailInitiationResult | null> {
    if (!uuidPattern.test(transactionId)) return null;
    const transaction = await verify(chargeReferenceOf(transactionId));
    return transaction === null ? null : { providerReference: transaction.reference, actionUrl: null, ussdCode: null };
  }

  async function queryOutcome(transactionId: string): Promise<RailOutcome | null> {
    if (!uuidPattern.test(transactionId)) return null;
    const transaction = await verify(chargeReferenceOf(transactionId));
    return transaction === null ? null : outcomeOfTransaction(rail, transactionId.toLowerCase(), transaction);
  }

  /**
   * Paystack has no void: a reversal is a refund of the whole amount (POST /refund without
   * `amount` refunds all; we send the amount to be exact). A charge not yet final cannot be
   * refunded: the call fails as a timeout would, and the completer's next pass tries again.
   */
  async function reverseCollection(request: CollectionReversal): Promise<RailReversalResult> {
    checkTransactionId(request.transactionId);
    const collection = await verify(chargeReferenceOf(request.transactionId));
    if (collection === null) throw new RailDeclinedError(rail, 'collection_not_found');
    const amount = fromPaystackAmount(collection.amount, collection.currency, config.amountExponents);
    if (amount === null) throw new RailOutageError(rail, 'provider_down', { cause: new Error(`verify amount ${collection.amount} ${collection.currency} is not whole minor units`) });
    const note = refundNoteOf('reversal', request.transactionId);
    const existing = await findRefundByNote({ client, rail, logger, note, since: collection.createdAt });
    const result = (refund: { id: number }) => ({
      providerReference: String(refund.id), collectionProviderReference: collection.reference, amount, currency: collection.currency,
    });
    if (existing !== null) return result(existing);
    if (collection.status === 'reversed') throw new RailDeclinedError(rail, 'collection_refunded');
    if (collection.status === 'failed' || collection.status === 'abandoned') throw new RailDeclinedError(rail, 'collection_not_found');
    if (collection.status !== 'success') throw new RailOutageError(rail, 'timeout', { cause: new Error(`charge is ${collection.status}: not reversible until final`) });
    return result(await createRefund(collection.reference, collection.amount, collection.currency, note, 'collection_refunded'));
  }

  return {
    rail,
    initiateCollection,
    initiateRefund,
    findCollection,
    queryOutcome,
    reverseCollection,
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
