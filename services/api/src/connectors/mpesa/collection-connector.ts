// M-Pesa Express (STK push) as our mobile_money RailConnector. Daraja keys nothing by our
// reference, and a push sent twice prompts the payer twice, so the connector claims our
// transaction id in provider_references BEFORE sending (with the request's digest) and binds the
// CheckoutRequestID once answered:
//   - a retry of a bound claim answers the original initiation (nothing sent);
//   - a claim whose push certainly did not get through (Daraja down, a 4xx, a 5xx) is released,
//     so a retry may send it;
//   - a claim whose answer was lost (timeout) is NEVER sent again: a retry is answered
//     RailOutageError('timeout') until the push's callback (to `stk/<transactionId>`), confirmed
//     by the STK query, binds its CheckoutRequestID (callbacks.ts).
// Refunds and reversals are Daraja's Reversal API (a reversal of the payment's receipt, for the
// amount refunded), answered asynchronously and confirmed by a Transaction Status query.
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { RailDeclinedError, RailOutageError } from '../../rails/errors.ts';
import { ProviderCallError, stringFieldOf } from '../../rails/provider-http.ts';
import type { CollectionInitiation, CollectionReversal, RailConnector, RailInitiationResult, RailReversalResult, RefundInitiation } from '../../rails/types.ts';
import { mpesaAmountOf, mpesaCurrency } from './amounts.ts';
import { MpesaAuthenticationError } from './client.ts';
import { referenceKinds, requestDigest, type MpesaContext } from './context.ts';
import { pushAccepted, stkPushBody } from './stk.ts';
import { errorCodeOf, safaricomMsisdn } from './transformers.ts';

const rail = 'mobile_money';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const initiation = (providerReference: string): RailInitiationResult => ({ providerReference, actionUrl: null, ussdCode: null });

/** Sends once under a claim: binds on acceptance, releases on a certain refusal, keeps the claim on a timeout. */
async function sendClaimed(context: MpesaContext, kind: string, ourReference: string, send: () => Promise<{ providerReference: string; details: Record<string, unknown> } | { refused: number; code: string | null }>): Promise<string> {
  let sent;
  try {
    sent = await send();
  } catch (error) {
    if (error instanceof ProviderCallError && error.failure === 'timeout') {
      context.logger.warn('mpesa call timed out: kept claimed, never sent again', { kind, ourReference });
      throw new RailOutageError(rail, 'timeout', { cause: error });
    }
    await context.store.release(kind, ourReference);
    if (error instanceof ProviderCallError || error instanceof MpesaAuthenticationError) throw new RailOutageError(rail, 'provider_down', { cause: error });
    throw error;
  }
  if ('refused' in sent) {
    await context.store.release(kind, ourReference);
    if (sent.refused >= 500 || sent.refused === 429) throw new RailOutageError(rail, 'provider_down');
    context.logger.warn('mpesa refused the request', { kind, status: sent.refused, errorCode: sent.code });
    throw new RailDeclinedError(rail, 'provider_refused_request', { detail: `M-Pesa answered ${sent.refused} ${sent.code ?? ''}`.trim() });
  }
  await context.store.bind(kind, ourReference, sent.providerReference, sent.details);
  return sent.providerReference;
}

/** A claim already there: the original answer, a different request, or a send whose answer was lost. */
function answerOfClaim(held: { requestSha256: string; providerReference: string | null }, digest: string): string {
  if (held.requestSha256 !== digest) throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request');
  if (held.providerReference === null) throw new RailOutageError(rail, 'timeout');
  return held.providerReference;
}

export async function sendReversal(context: MpesaContext, input: { ourReference: string; receipt: string; shillings: number; parent: string }): Promise<string> {
  const digest = requestDigest({ parent: input.parent, shillings: input.shillings });
  const held = await context.store.claim(referenceKinds.reversal, input.ourReference, digest, { parent: input.parent, shillings: input.shillings });
  if (held !== null) return answerOfClaim(held, digest);
  const { config } = context;
  return sendClaimed(context, referenceKinds.reversal, input.ourReference, async () => {
    const answer = await context.client.post('/mpesa/reversal/v1/request', {
      Initiator: config.initiatorName,
      SecurityCredential: context.securityCredential,
      CommandID: 'TransactionReversal',
      TransactionID: input.receipt,
      Amount: input.shillings,
      ReceiverParty: config.shortcode,
      RecieverIdentifierType: '11',
      ResultURL: `${config.callbackUrlBase}/reversal/result`,
      QueueTimeOutURL: `${config.callbackUrlBase}/reversal/timeout`,
      Remarks: 'Refund',
      Occasion: '',
    }, 'mpesa reversal');
    const conversationId = stringFieldOf(answer.json, 'ConversationID');
    if (answer.status !== 200 || stringFieldOf(answer.json, 'ResponseCode') !== '0' || conversationId === null) return { refused: answer.status, code: errorCodeOf(answer.json) };
    return { providerReference: conversationId, details: { originatorConversationId: stringFieldOf(answer.json, 'OriginatorConversationID') } };
  });
}

export function createMpesaRailConnector(context: MpesaContext): RailConnector {
  const { store } = context;

  async function initiateCollection(request: CollectionInitiation): Promise<RailInitiationResult> {
    if (!uuidPattern.test(request.transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id');
    if ((request.payer.phone ?? '') === '') throw new RailDeclinedError(rail, 'payer_phone_missing', { field: 'payer.phone' });
    const msisdn = safaricomMsisdn(request.payer.phone ?? '');
    if (msisdn === null) throw new RailDeclinedError(rail, 'payer_phone_invalid', { field: 'payer.phone', detail: 'not a Safaricom number (2547XXXXXXXX or 2541XXXXXXXX)' });
    // Whole shillings only: refused here, before anything is claimed or sent (amounts.ts).
    const amount = mpesaAmountOf(request.amount, request.currency);
    if (!amount.ok) throw new RailDeclinedError(rail, amount.field === 'amount' ? 'invalid_amount' : 'invalid_currency', { field: amount.field, detail: amount.detail });
    const digest = requestDigest({ shillings: amount.shillings, msisdn });
    const held = await store.claim(referenceKinds.stk, request.transactionId, digest, { shillings: amount.shillings });
    if (held !== null) return initiation(answerOfClaim(held, digest));
    const checkoutRequestId = await sendClaimed(context, referenceKinds.stk, request.transactionId, async () => {
      const answer = await context.client.post('/mpesa/stkpush/v1/processrequest', stkPushBody(context, { transactionId: request.transactionId, shillings: amount.shillings, msisdn }), 'mpesa stk push');
      const accepted = pushAccepted(answer);
      return accepted === null ? { refused: answer.status, code: errorCodeOf(answer.json) } : { providerReference: accepted.checkoutRequestId, details: { merchantRequestId: accepted.merchantRequestId } };
    });
    return initiation(checkoutRequestId);
  }

  async function initiateRefund(request: RefundInitiation): Promise<RailInitiationResult> {
    if (!uuidPattern.test(request.transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id');
    const amount = mpesaAmountOf(request.amount, request.currency);
    if (!amount.ok) throw new RailDeclinedError(rail, amount.field === 'amount' ? 'invalid_amount' : 'refund_currency_mismatch', { field: amount.field, detail: amount.detail });
    const parent = await store.byProviderReference(referenceKinds.stk, request.parentProviderReference);
    if (parent === null) throw new RailDeclinedError(rail, 'parent_not_found');
    const receipt = parent.details.receipt;
    if (parent.details.outcome !== 'success' || typeof receipt !== 'string') throw new RailDeclinedError(rail, 'parent_not_successful');
    return initiation(await sendReversal(context, { ourReference: request.transactionId, receipt, shillings: amount.shillings, parent: request.parentProviderReference }));
  }

  async function reverseCollection(request: CollectionReversal): Promise<RailReversalResult> {
    const held = await store.byOurReference(referenceKinds.stk, request.transactionId);
    if (held === null || held.providerReference === null) throw new RailDeclinedError(rail, 'collection_not_found');
    const { receipt, shillings } = held.details;
    if (held.details.outcome !== 'success' || typeof receipt !== 'string' || typeof shillings !== 'number') {
      throw new RailDeclinedError(rail, 'provider_refused_request', { detail: 'M-Pesa cannot void an STK push that has not succeeded' });
    }
    const providerReference = await sendReversal(context, { ourReference: payoutAttemptUuid(`reversal:${request.transactionId}`, 0), receipt, shillings, parent: held.providerReference });
    return { providerReference, collectionProviderReference: held.providerReference, amount: shillings * 100, currency: mpesaCurrency };
  }

  return {
    rail,
    initiateCollection,
    initiateRefund,
    async findCollection(transactionId) {
      const held = await store.byOurReference(referenceKinds.stk, transactionId);
      return held?.providerReference ? initiation(held.providerReference) : null;
    },
    // Daraja cannot send a callback again: a lost one is recovered by the STK query (index.ts outcomeOf).
    redeliverOutcome: async () => false,
    reverseCollection,
  };
}
