// Paystack's webhooks (https://paystack.com/docs/payments/webhooks/): a POST whose JSON body is
// `{event, data}`, signed in `x-paystack-signature` with the lowercase hex HMAC-SHA512 of the raw
// body under the secret key. Nothing is read from a body before its signature holds; the
// comparison is constant-time. A bad or missing signature yields no outcome and a 401.
//
// | event                      | outcome                                                        |
// |----------------------------|----------------------------------------------------------------|
// | charge.success             | collection success (reference = our transaction id)            |
// | charge.failed              | collection failed, reason from gateway_response (errors.ts)    |
// | refund.processed           | refund success (our refund id from its merchant_note)          |
// | refund.failed              | refund failed, refund_rejected                                 |
// | transfer.success           | payout attempt success (reference = <payout id>_<attempt>)     |
// | transfer.failed            | payout attempt failed: transient unless the reason is lasting  |
// | transfer.reversed          | payout attempt failed (errors.ts payoutFailureOf)              |
// | anything else, not ours    | none; answered 200 so Paystack stops resending                 |
//
// Paystack's published event list has no charge.failed (a failed charge is learned by verify:
// queryOutcome); it is mapped should one arrive. A refund's webhook names the collection, not our
// refund: the handler reads the refund (GET /refund/{id}) for our note and the collection (verify)
// for its rail; when Paystack cannot be asked, the answer is 503 and Paystack sends it again
// ("we'll retry ... for 72 hours", webhooks docs).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderCallbackHandler, ProviderCallbackRequest, ProviderOutcome } from '../../provider-outcomes/types.ts';
import type { RailLogger } from '../../rails/types.ts';
import type { PaystackClient } from './client.ts';
import { callPaystack } from './errors.ts';
import { payoutAttemptOfTransferReference, refundOfNote, transactionIdOfChargeReference } from './references.ts';
import { outcomeOfTransaction, railOfTransaction } from './transformers/charge.ts';
import { objectOf, refundOf, stringOf, transactionOf, transferOf, type PaystackRefund } from './transformers/paystack-data.ts';
import { payoutOutcomeOfTransfer } from './transformers/transfer.ts';

export const paystackProviderName = 'paystack';
export const paystackSignatureHeader = 'x-paystack-signature';

type Reply = Awaited<ReturnType<ProviderCallbackHandler['handle']>>;

/** The lowercase hex HMAC-SHA512 of `rawBody` under the secret key: what Paystack puts in the header. */
export function paystackSignatureOf(rawBody: Buffer, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Constant-time: the header's bytes against the expected digest's, equal lengths first. */
export function paystackSignatureHolds(rawBody: Buffer, header: string | undefined, secretKey: string): boolean {
  if (header === undefined || !/^[0-9a-f]{128}$/i.test(header.trim())) return false;
  const expected = Buffer.from(paystackSignatureOf(rawBody, secretKey), 'hex');
  const provided = Buffer.from(header.trim(), 'hex');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

export function createPaystackCallbackHandler(deps: { secretKey: string; client: PaystackClient; logger: RailLogger }): ProviderCallbackHandler {
  const reply = (status: number, body: unknown, outcomes: ProviderOutcome[] = []): Reply => ({ outcomes, reply: { status, body } });

  async function handle(request: ProviderCallbackRequest): Promise<Reply> {
    if (!paystackSignatureHolds(request.rawBody, request.headers[paystackSignatureHeader], deps.secretKey)) {
      deps.logger.warn('paystack callback refused: signature missing or wrong', { remoteAddress: request.remoteAddress, path: request.path });
      return reply(401, { error: 'invalid signature' });
    }
    let event: Record<string, unknown> | null;
    try {
      event = objectOf(JSON.parse(request.rawBody.toString('utf8')));
    } catch {
      event = null;
    }
    if (event === null) return reply(400, { error: 'body is not a JSON object' });
    const name = stringOf(event.event) ?? '';
    try {
      const outcomes = await outcomesOf(name, event.data);
      deps.logger.info('paystack callback', { event: name, outcomes: outcomes.length });
      return reply(200, { received: true }, outcomes);
    } catch (error) {
      if (!(error instanceof PaystackUnreachable)) throw error;
      deps.logger.warn('paystack callback deferred: Paystack could not confirm it', { event: name, error: error.message });
      return reply(503, { error: 'try again later' });
    }
  }

  async function outcomesOf(name: string, data: unknown): Promise<ProviderOutcome[]> {
    switch (name) {
      case 'charge.success':
      case 'charge.failed':
        return chargeOutcomes(name, data);
      case 'refund.processed':
      case 'refund.failed':
        return refundOutcomes(name, data);
      case 'transfer.success':
      case 'transfer.failed':
      case 'transfer.reversed':
        return transferOutcomes(name, data);
      default:
        return [];
    }
  }

  async function refundOutcomes(name: string, data: unknown): Promise<ProviderOutcome[]> {
    const refund = await refundWithNote(data);
    const ours = refundOfNote(refund?.merchantNote);
    // A reversal (reverseCollection's whole refund) is the completer's record, not a refund row.
    if (refund === null || ours === null || ours.kind !== 'refund' || refund.transactionReference === null) return [];
    const parent = await ask({ method: 'GET', template: '/transaction/verify/{reference}', params: { reference: refund.transactionReference } });
    const transaction = parent === null ? null : transactionOf(parent);
    const rail = transaction === null ? null : railOfTransaction(transaction);
    if (rail === null) return [];
    const success = name === 'refund.processed';
    return [{
      kind: 'refund', provider: paystackProviderName,
      outcome: {
        providerReference: String(refund.id), rail, kind: 'refund', transactionId: ours.transactionId,
        status: success ? 'success' : 'failed', failureReason: success ? null : 'refund_rejected',
      },
    }];
  }

  /** The refund the event names, with its merchant_note: from the event, else GET /refund/{id}. */
  async function refundWithNote(data: unknown): Promise<PaystackRefund | null> {
    const fromEvent = refundOf(data);
    if (fromEvent === null) return null;
    if (fromEvent.merchantNote !== null && fromEvent.transactionReference !== null) return fromEvent;
    const fetched = await ask({ method: 'GET', template: '/refund/{id}', params: { id: fromEvent.id } });
    return fetched === null ? null : refundOf(fetched);
  }

  /** A GET to Paystack for a callback's confirmation: its data, null when Paystack holds none. */
  async function ask(request: Parameters<PaystackClient['send']>[0]): Promise<unknown> {
    const result = await callPaystack(deps.client, request);
    if (result.kind === 'outage') throw new PaystackUnreachable(result.detail);
    return result.kind === 'answered' ? result.answer.body.data : null;
  }

  return { provider: paystackProviderName, handle };
}

class PaystackUnreachable extends Error {}

function chargeOutcomes(name: string, data: unknown): ProviderOutcome[] {
  const transaction = transactionOf(data);
  if (transaction === null) return [];
  const transactionId = transactionIdOfChargeReference(transaction.reference);
  const rail = railOfTransaction(transaction);
  // Ours only: our reference and our metadata agree (a dashboard charge has neither).
  if (transactionId === null || rail === null || stringOf(transaction.metadata?.payagg_transaction_id)?.toLowerCase() !== transactionId) return [];
  const status = name === 'charge.success' ? 'success' : 'failed';
  const outcome = outcomeOfTransaction(rail, transactionId, { ...transaction, status });
  return outcome === null ? [] : [{ kind: 'collection', provider: paystackProviderName, outcome }];
}

function transferOutcomes(name: string, data: unknown): ProviderOutcome[] {
  const transfer = transferOf(data);
  const attempt = payoutAttemptOfTransferReference(transfer?.reference);
  if (transfer === null || attempt === null) return [];
  // The event names the state; a transfer.reversed may still say `success` from before.
  const status = name === 'transfer.success' ? 'success' : name === 'transfer.reversed' ? 'reversed' : 'failed';
  const outcome = payoutOutcomeOfTransfer(attempt.payoutId, attempt.attempt, { ...transfer, status });
  return outcome === null ? [] : [{ kind: 'payout', provider: paystackProviderName, outcome }];
}

