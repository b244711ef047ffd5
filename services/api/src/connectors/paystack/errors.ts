// What Paystack's answers mean in our closed vocabularies, decided here and nowhere else
// (decision 0654; docs/providers/paystack.md#errors). Sources: openapi.yaml (`Error`, the 401
// `Unauthorized` and 404 `NotFound` responses, `TransactionInitializeBadRequestModel`'s
// `duplicate_reference`), https://paystack.com/docs/api/#errors (4xx: the request is wrong;
// 5xx: "something went wrong on Paystack's end"), and the `gateway_response` texts of
// https://paystack.com/docs/payments/test-payments/ ("Declined", "Insufficient Funds", ...).
//
// | Paystack's answer                                  | collection rails                     | payout rails                               |
// |----------------------------------------------------|--------------------------------------|--------------------------------------------|
// | no answer by the deadline, reset mid-exchange      | RailOutageError(timeout): ambiguous  | PayoutRailOutageError(timeout)             |
// | connection refused, not Paystack's JSON            | RailOutageError(provider_down)       | PayoutRailOutageError(provider_down)       |
// | 401 (key refused; logged as an error)              | RailOutageError(provider_down)       | PayoutRailOutageError(provider_down)       |
// | 5xx to a POST (it may have acted)                  | RailOutageError(timeout): ambiguous  | PayoutRailOutageError(timeout)             |
// | 5xx to a GET                                       | RailOutageError(provider_down)       | PayoutRailOutageError(provider_down)       |
// | 400 `duplicate_reference` / "Duplicate ..."        | a replay: answered from the status query (verify)                                 |
// | other 4xx                                          | RailDeclinedError(code by message)   | PayoutSendDeclinedError(reason by message) |
// | 400 "insufficient balance" to /transfer            |                                      | PayoutRailOutageError(provider_down): our   |
// |                                                    |                                      | Paystack balance, retried once topped up   |
//
// A charge's or transfer's final failure (its `gateway_response` / `reason`) maps to
// RailFailureReason / PayoutFailureReason by railFailureReasonOf / payoutFailureOf below.
import { RailDeclinedError, RailOutageError, type RailDeclineCode } from '../../rails/errors.ts';
import type { Rail, RailFailureReason } from '../../rails/types.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutDestinationType, type PayoutFailureReason } from '../../payout-rails/types.ts';
import { PaystackTransportError, type PaystackAnswer, type PaystackClient, type PaystackRequest } from './client.ts';

/** How a call ended, before any rail's words are chosen. */
export type PaystackCallResult =
  | { kind: 'answered'; answer: PaystackAnswer }
  | { kind: 'refused'; answer: PaystackAnswer }
  | { kind: 'duplicate'; answer: PaystackAnswer }
  | { kind: 'not_found'; answer: PaystackAnswer }
  | { kind: 'outage'; cause: 'timeout' | 'provider_down'; detail: string };

export function callResultOf(method: 'GET' | 'POST', outcome: PaystackAnswer | PaystackTransportError): PaystackCallResult {
  if (outcome instanceof PaystackTransportError) return { kind: 'outage', cause: outcome.transportCause, detail: outcome.message };
  const { httpStatus, body } = outcome;
  if (httpStatus >= 200 && httpStatus < 300 && body.status) return { kind: 'answered', answer: outcome };
  if (httpStatus === 401 || httpStatus === 403) return { kind: 'outage', cause: 'provider_down', detail: `Paystack refused our secret key (${httpStatus})` };
  if (httpStatus >= 500 || httpStatus === 429) {
    const cause = method === 'POST' && httpStatus !== 503 && httpStatus !== 429 ? 'timeout' : 'provider_down';
    return { kind: 'outage', cause, detail: `Paystack answered ${httpStatus}` };
  }
  if (httpStatus === 404) return { kind: 'not_found', answer: outcome };
  if (body.code === 'duplicate_reference' || /duplicate (transaction |transfer )?reference/i.test(body.message)) return { kind: 'duplicate', answer: outcome };
  return { kind: 'refused', answer: outcome };
}

/** One call, its ending classified; transport failures become `outage` results instead of throws. */
export async function callPaystack(client: PaystackClient, request: PaystackRequest): Promise<PaystackCallResult> {
  try {
    return callResultOf(request.method, await client.send(request));
  } catch (error) {
    if (error instanceof PaystackTransportError) return callResultOf(request.method, error);
    throw error;
  }
}

export function railOutage(rail: Rail, result: Extract<PaystackCallResult, { kind: 'outage' }>): RailOutageError {
  return new RailOutageError(rail, result.cause, { cause: new Error(result.detail) });
}

export function payoutOutage(type: PayoutDestinationType, result: Extract<PaystackCallResult, { kind: 'outage' }>): PayoutRailOutageError {
  return new PayoutRailOutageError(type, result.cause, { cause: new Error(result.detail) });
}

/** A refused /charge or /refund in our decline codes; `field` names what the client should fix. */
export function railDecline(rail: Rail, message: string, fallback: RailDeclineCode): RailDeclinedError {
  const rules: Array<[RegExp, RailDeclineCode, string]> = [
    [/amount.*(greater|more|exceed)|(greater|more|exceed).*amount|fully refunded|already been refunded/i, 'refund_exceeds_refundable_amount', 'amount'],
    [/amount/i, 'invalid_amount', 'amount'],
    [/currency/i, 'invalid_currency', 'currency'],
    [/phone|mobile/i, 'payer_phone_invalid', 'payer_phone'],
    [/authorization|card/i, 'payer_card_token_invalid', 'payer_card_token'],
    [/account|bank/i, 'payer_account_ref_invalid', 'payer_account_ref'],
    [/transaction (not found|reference not found)|invalid transaction/i, 'parent_not_found', 'body'],
  ];
  const rule = rules.find(([pattern]) => pattern.test(message));
  return new RailDeclinedError(rail, rule?.[1] ?? fallback, { cause: new Error(`Paystack: ${message}`), field: rule?.[2] });
}

/** A charge's final failure from its `gateway_response` (or `message`). */
export function railFailureReasonOf(rail: Rail, gatewayResponse: string | null | undefined): RailFailureReason {
  const text = gatewayResponse ?? '';
  if (/insufficient/i.test(text)) return 'insufficient_funds';
  if (/pin|otp|token|authenticat|3d ?secure|verification/i.test(text)) return 'authentication_failed';
  if (/closed|dormant|inactive account/i.test(text)) return 'account_closed';
  if (rail === 'card' && /declin|honou?r|not permitted|restricted|expired|lost|stolen|invalid card/i.test(text)) return 'card_declined';
  // "Declined" off the card rail, an abandoned or timed-out approval ("Transaction timed out"),
  // a payer who cancelled: the payer did not pay.
  return rail === 'card' ? 'card_declined' : 'payer_declined';
}

/** A transfer's final failure: permanent (the payout ends) or transient (a new attempt may pass). */
export function payoutFailureOf(event: 'failed' | 'reversed', reason: string | null | undefined): { status: 'failed' | 'transient_failure'; failureReason: PayoutFailureReason } {
  const text = reason ?? '';
  if (/closed|dormant|frozen|post no debit/i.test(text)) return { status: 'failed', failureReason: 'account_closed' };
  if (/invalid|not found|does not exist|incorrect|unknown|could not resolve|no such/i.test(text)) return { status: 'failed', failureReason: 'invalid_account' };
  if (/limit|exceed/i.test(text)) return { status: 'failed', failureReason: 'destination_limit_exceeded' };
  // A reversal is the receiving institution returning the money: the destination did not take it.
  if (event === 'reversed') return { status: 'failed', failureReason: 'invalid_account' };
  // Paystack's docs: a failed transfer's money is back in the balance and it may be retried.
  return { status: 'transient_failure', failureReason: 'rail_temporarily_unavailable' };
}

/** A refused /transferrecipient or /transfer, as the send's failure. */
export function payoutDecline(type: PayoutDestinationType, message: string): PayoutSendDeclinedError | PayoutRailOutageError {
  if (/insufficient balance|balance is not enough|not enough balance/i.test(message)) {
    return new PayoutRailOutageError(type, 'provider_down', { cause: new Error(`Paystack: ${message}`) });
  }
  const reason = /account|bank|recipient|resolve|phone/i.test(message) ? 'invalid_account' : 'send_declined';
  return new PayoutSendDeclinedError(type, reason, `Paystack: ${message}`);
}
