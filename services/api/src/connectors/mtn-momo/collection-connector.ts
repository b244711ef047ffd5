// MTN MoMo Collection as our mobile_money RailConnector
// (https://momodeveloper.mtn.com/api-documentation, Collection: "RequesttoPay"). A request to pay
// is keyed by OUR transaction id as X-Reference-Id: MoMo answers 202 Accepted and the payer
// approves on their phone; the outcome comes later, to X-Callback-Url and on the status read.
// That key makes every initiation safe to repeat: a retry after a timeout sends the same
// X-Reference-Id, which MoMo answers 409 (RESOURCE_ALREADY_EXIST) instead of charging again, and
// the connector then answers the original initiation (after checking, by the status read, that
// it is the same request). Refunds are Disbursement "Refund" (POST /disbursement/v1_0/refund,
// referenceIdToRefund); a reversal of a whole collection is that refund of the whole amount
// (MoMo cannot void a request to pay once sent).
import { ProviderCallError } from '../../rails/provider-http.ts';
import { RailDeclinedError, RailOutageError } from '../../rails/errors.ts';
import { minorUnitsOf } from '../../rails/provider-amounts.ts';
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import type { CollectionInitiation, CollectionReversal, RailConnector, RailInitiationResult, RailLogger, RailOutcomeKind, RailReversalResult, RailStatusAnswer, RefundInitiation } from '../../rails/types.ts';
import { momoAmountOf } from './amounts.ts';
import { MtnMomoAuthenticationError, type MtnMomoClient } from './client.ts';
import type { MtnMomoConfig } from './config.ts';
import { mtnMomoProviderName, readStatus, statusAnswerOf, uuidPattern, type MtnMomoResource } from './status-reads.ts';
import { msisdnPattern, refundBody, requestToPayBody } from './transformers.ts';
import type { ProviderAnswer } from '../../rails/provider-http.ts';

const rail = 'mobile_money';

/** A provider call's failure without an answer, as the rail errors the flows know. */
export function railErrorOf(error: unknown): unknown {
  if (error instanceof ProviderCallError) return new RailOutageError(rail, error.failure, { cause: error });
  if (error instanceof MtnMomoAuthenticationError) return new RailOutageError(rail, 'provider_down', { cause: error });
  return error;
}

function callbackHeader(config: MtnMomoConfig, resource: MtnMomoResource, referenceId: string): Record<string, string> {
  return config.callbackUrlBase === null ? {} : { 'x-callback-url': `${config.callbackUrlBase}/${resource}/${referenceId}` };
}

/** 202: accepted. 409: this reference was accepted before: the same request if the status read says so. */
async function accepted(deps: { client: MtnMomoClient; logger: RailLogger }, answer: ProviderAnswer, resource: MtnMomoResource, referenceId: string, expected: { amount: string; currency: string }): Promise<void> {
  if (answer.status === 202) return;
  if (answer.status === 409) {
    const held = await readStatus(deps.client, resource, referenceId);
    if (held !== null && held.currency === expected.currency && minorUnitsOf(held.amount ?? '', expected.currency) === minorUnitsOf(expected.amount, expected.currency)) return;
    throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request');
  }
  if (answer.status >= 500 || answer.status === 429) throw new RailOutageError(rail, 'provider_down');
  deps.logger.warn('mtn-momo refused the request', { resource, status: answer.status, code: codeOf(answer.json) });
  throw new RailDeclinedError(rail, 'provider_refused_request', { detail: `MTN MoMo answered ${answer.status} ${codeOf(answer.json) ?? ''}`.trim() });
}

export function createMtnMomoRailConnector(config: MtnMomoConfig, deps: { client: MtnMomoClient; logger: RailLogger }): RailConnector {
  const { client, logger } = deps;

  async function initiateCollection(request: CollectionInitiation): Promise<RailInitiationResult> {
    if (!uuidPattern.test(request.transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id');
    const phone = request.payer.phone ?? '';
    if (phone === '') throw new RailDeclinedError(rail, 'payer_phone_missing', { field: 'payer.phone' });
    if (!msisdnPattern.test(phone)) throw new RailDeclinedError(rail, 'payer_phone_invalid', { field: 'payer.phone' });
    const amount = momoAmountOf(config, request.amount, request.currency);
    if (!amount.ok) throw new RailDeclinedError(rail, amount.field === 'amount' ? 'invalid_amount' : 'invalid_currency', { field: amount.field, detail: amount.detail });
    // From here the request may reach MoMo: a failure without an answer is an outage (a timeout
    // is ambiguous, and a retry under the same X-Reference-Id is the safe way to finish it).
    try {
      const answer = await client.call('collection', {
        method: 'POST',
        path: '/v1_0/requesttopay',
        headers: { 'x-reference-id': request.transactionId, ...callbackHeader(config, 'requesttopay', request.transactionId) },
        body: requestToPayBody({ amount: amount.amount, currency: request.currency, transactionId: request.transactionId, phone }),
        what: 'mtn-momo requesttopay',
      });
      await accepted(deps, answer, 'requesttopay', request.transactionId, { amount: amount.amount, currency: request.currency });
    } catch (error) {
      throw railErrorOf(error);
    }
    return { providerReference: request.transactionId, actionUrl: null, ussdCode: null };
  }

  async function initiateRefund(request: RefundInitiation): Promise<RailInitiationResult> {
    if (!uuidPattern.test(request.transactionId)) throw new RailDeclinedError(rail, 'invalid_transaction_id');
    const amount = momoAmountOf(config, request.amount, request.currency);
    if (!amount.ok) throw new RailDeclinedError(rail, amount.field === 'amount' ? 'invalid_amount' : 'invalid_currency', { field: amount.field, detail: amount.detail });
    try {
      const parent = await readStatus(client, 'requesttopay', request.parentProviderReference);
      if (parent === null) throw new RailDeclinedError(rail, 'parent_not_found');
      if (parent.status !== 'SUCCESSFUL') throw new RailDeclinedError(rail, 'parent_not_successful');
      if (parent.currency !== request.currency) throw new RailDeclinedError(rail, 'refund_currency_mismatch');
      const answer = await client.call('disbursement', {
        method: 'POST',
        path: '/v1_0/refund',
        headers: { 'x-reference-id': request.transactionId, ...callbackHeader(config, 'refund', request.transactionId) },
        body: refundBody({ amount: amount.amount, currency: request.currency, transactionId: request.transactionId, referenceIdToRefund: request.parentProviderReference }),
        what: 'mtn-momo refund',
      });
      await accepted(deps, answer, 'refund', request.transactionId, { amount: amount.amount, currency: request.currency });
    } catch (error) {
      throw railErrorOf(error);
    }
    return { providerReference: request.transactionId, actionUrl: null, ussdCode: null };
  }

  async function findCollection(transactionId: string): Promise<RailInitiationResult | null> {
    try {
      const held = await readStatus(client, 'requesttopay', transactionId);
      return held === null ? null : { providerReference: transactionId, actionUrl: null, ussdCode: null };
    } catch (error) {
      throw railErrorOf(error);
    }
  }

  async function reverseCollection(request: CollectionReversal): Promise<RailReversalResult> {
    let held;
    try {
      held = await readStatus(client, 'requesttopay', request.transactionId);
    } catch (error) {
      throw railErrorOf(error);
    }
    if (held === null) throw new RailDeclinedError(rail, 'collection_not_found');
    const amount = minorUnitsOf(held.amount ?? '', held.currency ?? '');
    if (held.status !== 'SUCCESSFUL' || amount === null || held.currency === null) {
      throw new RailDeclinedError(rail, 'provider_refused_request', { detail: `MTN MoMo cannot void a request to pay that is ${held.status}` });
    }
    // The reversal's own reference: derived from the collection's, so a repeated reversal is the same refund.
    const reversalReference = payoutAttemptUuid(`reversal:${request.transactionId}`, 0);
    await initiateRefund({ transactionId: reversalReference, parentProviderReference: request.transactionId, amount, currency: held.currency });
    return { providerReference: reversalReference, collectionProviderReference: request.transactionId, amount, currency: held.currency };
  }

  return {
    rail,
    provider: mtnMomoProviderName,
    initiateCollection,
    initiateRefund,
    findCollection,
    queryOutcome: (query) => queryOutcome(deps.client, query),
    // MoMo has no "send the callback again": a lost callback is recovered by the status read
    // (status-reads.ts confirmedOutcome, run by the outcome poller), so there is nothing to redeliver.
    redeliverOutcome: async () => false,
    reverseCollection,
  };
}

function codeOf(json: unknown): string | null {
  const code = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).code : undefined;
  return typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : null;
}

/** The routing poller's status query: GET requesttopay/{id} or refund/{id} (our transaction id is MoMo's X-Reference-Id). */
async function queryOutcome(client: MtnMomoClient, query: { kind: RailOutcomeKind; transactionId: string }): Promise<RailStatusAnswer> {
  try {
    const answer = await statusAnswerOf(client, query.kind === 'refund' ? 'refund' : 'requesttopay', query.transactionId);
    if (answer.state !== 'final') return answer;
    const { outcome } = answer;
    return outcome.kind === 'payout' || outcome.kind === 'kyc_decision' ? { state: 'pending' } : { state: 'final', outcome: outcome.outcome };
  } catch (error) {
    throw railErrorOf(error);
  }
}
