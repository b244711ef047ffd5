// Paystack as our payout rails (bank, mobile_money): a PayoutRailConnector per destination type
// (payout-rails/types.ts) over POST /transferrecipient, POST /transfer and GET
// /transfer/verify/{reference} (openapi.yaml; https://paystack.com/docs/transfers/single-transfers/).
//
// Idempotency: a recipient is created again harmlessly ("A duplicate account number will lead to
// the retrieval of the existing record", openapi.yaml paths./transferrecipient.post); the transfer
// reference is `<payout id>_<attempt>` and Paystack refuses a second transfer under it, so a send
// job that died after the call calls again and is answered from the first transfer's verify.
// Bulk transfers (/transfer/bulk) are not used: our sends are one payout attempt each, retried
// alone, and a bulk answer gives no per-item idempotent replay (decision 0656).
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutAmountRefusal, type PayoutRailConnector, type PayoutRailOutcome, type PayoutSend, type PayoutSendReceipt, type PayoutStatusAnswer } from '../../../payout-rails/types.ts';
import type { RailLogger } from '../../../rails/types.ts';
import { uuidPattern } from '../../../ids.ts';
import type { PaystackClient } from '../client.ts';
import type { PaystackConfig } from '../config.ts';
import { toPaystackAmount } from '../amounts.ts';
import { callPaystack, payoutDecline, payoutOutage } from '../errors.ts';
import { paystackProviderName } from '../callbacks.ts';
import { transferReferenceOf } from '../references.ts';
import { objectOf, stringOf, transferOf, type PaystackTransfer } from '../transformers/paystack-data.ts';
import { payoutOutcomeOfTransfer, recipientBodyOf, transferBodyOf, type PaystackPayoutType } from '../transformers/transfer.ts';

export type PaystackPayoutRailConnector = PayoutRailConnector & {
  /** The status query as an outcome (GET /transfer/verify): final outcome of the attempt, or null. */
  outcomeOf(payoutId: string, attempt: number): Promise<PayoutRailOutcome | null>;
};

export function createPaystackPayoutRailConnector(type: PaystackPayoutType, deps: { client: PaystackClient; config: PaystackConfig; logger: RailLogger }): PaystackPayoutRailConnector {
  const { client, config } = deps;

  async function verifyTransfer(reference: string): Promise<PaystackTransfer | null> {
    const result = await callPaystack(client, { method: 'GET', template: '/transfer/verify/{reference}', params: { reference } });
    if (result.kind === 'outage') throw payoutOutage(type, result);
    if (result.kind === 'not_found' || (result.kind === 'refused' && /not found/i.test(result.answer.body.message))) return null;
    const transfer = result.kind === 'answered' ? transferOf(result.answer.body.data) : null;
    if (transfer === null) throw new PayoutRailOutageError(type, 'provider_down', { cause: new Error('unreadable /transfer/verify answer') });
    return transfer;
  }

  async function createRecipient(request: PayoutSend): Promise<string> {
    const result = await callPaystack(client, { method: 'POST', template: '/transferrecipient', body: recipientBodyOf(type, request, config) });
    if (result.kind === 'outage') throw payoutOutage(type, result);
    if (result.kind !== 'answered') throw payoutDecline(type, result.answer.body.message);
    const code = stringOf(objectOf(result.answer.body.data)?.recipient_code);
    if (code === null) throw new PayoutRailOutageError(type, 'provider_down', { cause: new Error('no recipient_code in /transferrecipient answer') });
    return code;
  }

  async function sendPayout(request: PayoutSend): Promise<PayoutSendReceipt> {
    if (!uuidPattern.test(request.payoutId) || !Number.isSafeInteger(request.attempt) || request.attempt < 0) {
      throw new PayoutSendDeclinedError(type, 'send_declined', 'invalid payout id or attempt');
    }
    const recipient = await createRecipient(request);
    const body = transferBodyOf(type, request, recipient, config);
    const result = await callPaystack(client, { method: 'POST', template: '/transfer', body });
    switch (result.kind) {
      case 'outage':
        throw payoutOutage(type, result);
      case 'duplicate': {
        const transfer = await verifyTransfer(body.reference as string);
        if (transfer === null) throw new PayoutRailOutageError(type, 'timeout', { cause: new Error('duplicate reference that verify does not find') });
        if (transfer.amount !== body.amount || transfer.currency !== request.currency) {
          throw new PayoutSendDeclinedError(type, 'send_declined', 'payout id and attempt reused with a different request');
        }
        return { providerReference: transfer.transferCode };
      }
      case 'answered': {
        const transfer = transferOf(result.answer.body.data);
        if (transfer === null) throw new PayoutRailOutageError(type, 'timeout', { cause: new Error('unreadable /transfer answer') });
        // `otp`: the integration still asks for an OTP per transfer, which no job can give; the
        // transfer would wait forever (go-live checklist: disable transfer OTP).
        if (transfer.status === 'otp') throw new PayoutSendDeclinedError(type, 'send_declined', 'Paystack asks for a transfer OTP: disable OTP on the integration');
        return { providerReference: transfer.transferCode };
      }
      case 'not_found':
      case 'refused':
        throw payoutDecline(type, result.answer.body.message);
    }
  }

  async function outcomeOf(payoutId: string, attempt: number): Promise<PayoutRailOutcome | null> {
    const transfer = await verifyTransfer(transferReferenceOf(payoutId, attempt));
    return transfer === null ? null : payoutOutcomeOfTransfer(payoutId.toLowerCase(), attempt, transfer);
  }

  /** The routing's status query (payout-rails/types.ts queryPayout): unknown when Paystack holds no such transfer. */
  async function queryPayout(query: { payoutId: string; attempt: number }): Promise<PayoutStatusAnswer> {
    const transfer = await verifyTransfer(transferReferenceOf(query.payoutId, query.attempt));
    if (transfer === null) return { state: 'unknown' };
    const outcome = payoutOutcomeOfTransfer(query.payoutId.toLowerCase(), query.attempt, transfer);
    return outcome === null ? { state: 'pending' } : { state: 'final', outcome };
  }

  /** Paystack's subunits of the currency (amounts.ts, the conversion transferBodyOf sends with): asked at request time. */
  function amountRefusal(amount: number, currency: string): PayoutAmountRefusal | null {
    const converted = toPaystackAmount(amount, currency, config.amountExponents);
    return converted.ok ? null : { field: converted.refusal.field, message: converted.refusal.message };
  }

  return { destinationType: type, provider: paystackProviderName, sendPayout, outcomeOf, queryPayout, amountRefusal };
}
