// Refunds and reversals of Paystack charges (POST /refund; openapi.yaml paths./refund), and the
// status query both start from (GET /transaction/verify/{reference}). Paystack has no void: a
// reversal is a refund of the whole amount (decision 0655). Each is idempotent on our transaction
// id through the refund's merchant_note (references.ts, transformers/refund.ts).
import { RailDeclinedError, RailOutageError } from '../../../rails/errors.ts';
import type { CollectionReversal, Rail, RailInitiationResult, RailLogger, RailReversalResult, RefundInitiation } from '../../../rails/types.ts';
import { fromPaystackAmount, toPaystackAmount } from '../amounts.ts';
import type { PaystackClient } from '../client.ts';
import type { PaystackConfig } from '../config.ts';
import { callPaystack, railDecline, railOutage } from '../errors.ts';
import { chargeReferenceOf, refundNoteOf } from '../references.ts';
import { refundOf, transactionOf, type PaystackRefund, type PaystackTransaction } from '../transformers/paystack-data.ts';
import { findRefundByNote } from '../transformers/refund.ts';

export type RailDeps = { client: PaystackClient; config: PaystackConfig; logger: RailLogger };

/** GET /transaction/verify/{reference}: the transaction, or null when Paystack holds none (404). */
export async function verifyCharge(deps: RailDeps, rail: Rail, reference: string): Promise<PaystackTransaction | null> {
  const result = await callPaystack(deps.client, { method: 'GET', template: '/transaction/verify/{reference}', params: { reference } });
  if (result.kind === 'outage') throw railOutage(rail, result);
  if (result.kind === 'not_found') return null;
  // Paystack answers an unknown reference with 400 "Transaction reference not found" too.
  if (result.kind === 'refused' && /not found/i.test(result.answer.body.message)) return null;
  const transaction = result.kind === 'answered' ? transactionOf(result.answer.body.data) : null;
  if (transaction === null) throw new RailOutageError(rail, 'provider_down', { cause: new Error(`verify answered ${result.kind}: ${result.answer.body.message}`) });
  return transaction;
}

export async function initiatePaystackRefund(deps: RailDeps, rail: Rail, request: RefundInitiation): Promise<RailInitiationResult> {
  const amount = toPaystackAmount(request.amount, request.currency, deps.config.amountExponents);
  if (!amount.ok) {
    throw new RailDeclinedError(rail, amount.refusal.field === 'amount' ? 'invalid_amount' : 'invalid_currency', { field: amount.refusal.field });
  }
  const parent = await verifyCharge(deps, rail, request.parentProviderReference);
  if (parent === null) throw new RailDeclinedError(rail, 'parent_not_found');
  const note = refundNoteOf('refund', request.transactionId);
  // A retry first: the refund this id created before, if any (its answer may have been lost).
  const existing = await findRefundByNote({ client: deps.client, rail, logger: deps.logger, note, since: parent.createdAt });
  if (existing !== null) {
    if (existing.amount !== amount.amount || existing.currency !== request.currency) {
      throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request', { field: 'amount' });
    }
    return { providerReference: String(existing.id), actionUrl: null, ussdCode: null };
  }
  if (parent.status === 'reversed') throw new RailDeclinedError(rail, 'parent_reversed');
  if (parent.status !== 'success') throw new RailDeclinedError(rail, 'parent_not_successful');
  if (parent.currency !== request.currency) throw new RailDeclinedError(rail, 'refund_currency_mismatch', { field: 'currency' });
  const refund = await createRefund(deps, rail, { transaction: parent.reference, amount: amount.amount, currency: request.currency, note }, 'refund_exceeds_refundable_amount');
  return { providerReference: String(refund.id), actionUrl: null, ussdCode: null };
}

/**
 * A refund of the whole amount (we send the amount, to be exact). A charge not yet final cannot be
 * refunded: the call fails as a timeout would, and the completer's next pass tries again.
 */
export async function reversePaystackCollection(deps: RailDeps, rail: Rail, request: CollectionReversal): Promise<RailReversalResult> {
  const collection = await verifyCharge(deps, rail, chargeReferenceOf(request.transactionId));
  if (collection === null) throw new RailDeclinedError(rail, 'collection_not_found');
  const amount = fromPaystackAmount(collection.amount, collection.currency, deps.config.amountExponents);
  if (amount === null) throw new RailOutageError(rail, 'provider_down', { cause: new Error(`verify amount ${collection.amount} ${collection.currency} is not whole minor units`) });
  const note = refundNoteOf('reversal', request.transactionId);
  const existing = await findRefundByNote({ client: deps.client, rail, logger: deps.logger, note, since: collection.createdAt });
  const result = (refund: { id: number }) => ({
    providerReference: String(refund.id), collectionProviderReference: collection.reference, amount, currency: collection.currency,
  });
  if (existing !== null) return result(existing);
  if (collection.status === 'reversed') throw new RailDeclinedError(rail, 'collection_refunded');
  // Failed or abandoned: Paystack took nothing, so there is nothing to give back.
  if (collection.status === 'failed' || collection.status === 'abandoned') throw new RailDeclinedError(rail, 'collection_not_found');
  if (collection.status !== 'success') throw new RailOutageError(rail, 'timeout', { cause: new Error(`charge is ${collection.status}: not reversible until final`) });
  return result(await createRefund(deps, rail, { transaction: collection.reference, amount: collection.amount, currency: collection.currency, note }, 'collection_refunded'));
}

async function createRefund(
  deps: RailDeps, rail: Rail, refund: { transaction: string; amount: number; currency: string; note: string },
  refusedAs: 'refund_exceeds_refundable_amount' | 'collection_refunded',
): Promise<PaystackRefund> {
  const result = await callPaystack(deps.client, {
    method: 'POST', template: '/refund',
    body: { transaction: refund.transaction, amount: refund.amount, currency: refund.currency, merchant_note: refund.note },
  });
  if (result.kind === 'outage') throw railOutage(rail, result);
  if (result.kind === 'answered') {
    const created = refundOf(result.answer.body.data);
    // Paystack answered but we cannot read it: ambiguous, the retry finds it by its note.
    if (created === null) throw new RailOutageError(rail, 'timeout', { cause: new Error('unreadable /refund answer') });
    return created;
  }
  if (result.kind === 'not_found') throw new RailDeclinedError(rail, 'parent_not_found');
  const declined = railDecline(rail, result.answer.body.message, refusedAs);
  throw refusedAs === 'collection_refunded' ? new RailDeclinedError(rail, 'collection_refunded', { cause: declined }) : declined;
}
