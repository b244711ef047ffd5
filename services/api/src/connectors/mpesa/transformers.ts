// Our requests as Daraja's bodies, Daraja's answers and callbacks read without trusting their
// shape, and its result codes as our closed outcomes. Field names and codes from Safaricom's
// Daraja documentation (https://developer.safaricom.co.ke/APIs: "M-Pesa Express" (STK push and
// query), "B2C", "Reversals", "Transaction Status") and the SDKs that follow it (e.g.
// jeffnyauke/mpesa-sdk-kotlin StkPushRequest, safaricom/mpesa-node-library); the mapping tables
// are docs/providers/mpesa.md's.
import { fieldOf, stringFieldOf } from '../../rails/provider-http.ts';
import type { PayoutFailureReason, PayoutRailOutcomeStatus } from '../../payout-rails/types.ts';
import type { RailFailureReason } from '../../rails/types.ts';

/** A Safaricom number as Daraja takes it: 2547XXXXXXXX or 2541XXXXXXXX (12 digits, no `+`). */
export function safaricomMsisdn(phone: string): string | null {
  const digits = phone.replace(/^\+/, '');
  return /^254[17]\d{8}$/.test(digits) ? digits : null;
}

/** AccountReference shows in the payer's prompt, at most 12 characters: the start of our transaction id. */
export function accountReferenceOf(transactionId: string): string {
  return transactionId.replace(/-/g, '').slice(0, 12).toUpperCase();
}

/** Daraja's synchronous error body: { requestId, errorCode: "400.002.02", errorMessage }. */
export function errorCodeOf(json: unknown): string | null {
  const code = stringFieldOf(json, 'errorCode');
  return code !== null && /^[\w.]{1,32}$/.test(code) ? code : null;
}

/** The STK query's "still being processed" answer (HTTP 500, errorCode 500.001.1001). */
export const stkStillProcessingErrorCode = '500.001.1001';

/**
 * An STK push's ResultCode (the stkCallback's and the STK query's) as our reason. 0 is success.
 * 1: insufficient balance; 1032: cancelled by the user; 1037: the phone could not be reached or
 * did not answer in time; 1019: expired; 1001: the subscriber is busy with another request;
 * 2001: wrong PIN (authentication_failed); any other code: payer_declined (decision 0668).
 */
export const stkFailureReasons: Readonly<Record<string, RailFailureReason>> = {
  '1': 'insufficient_funds',
  '1032': 'payer_declined',
  '1037': 'payer_declined',
  '1019': 'payer_declined',
  '1001': 'payer_declined',
  '1025': 'payer_declined',
  '9999': 'payer_declined',
  '2001': 'authentication_failed',
};

export function stkFailureReasonOf(resultCode: string): RailFailureReason {
  return stkFailureReasons[resultCode] ?? 'payer_declined';
}

/**
 * A B2C Result's ResultCode as our payout outcome. Unknown or unregistered receiver: permanent
 * (invalid_account); the receiver's limits: destination_limit_exceeded; everything on our
 * shortcode's or Safaricom's side (our balance short, initiator or credential problems, system
 * errors): transient, retried as a new attempt (nothing moved). An unknown code: transient.
 */
export const b2cFailureReasons: Readonly<Record<string, { status: Exclude<PayoutRailOutcomeStatus, 'success'>; reason: PayoutFailureReason }>> = {
  '2040': { status: 'failed', reason: 'invalid_account' },
  'SFC_IC0003': { status: 'failed', reason: 'invalid_account' },
  'C2B00011': { status: 'failed', reason: 'invalid_account' },
  '2028': { status: 'failed', reason: 'destination_limit_exceeded' },
  '1': { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  '2001': { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  '8006': { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  '11': { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
};

export function b2cFailureOf(resultCode: string): { status: Exclude<PayoutRailOutcomeStatus, 'success'>; reason: PayoutFailureReason } {
  return b2cFailureReasons[resultCode] ?? { status: 'transient_failure', reason: 'rail_temporarily_unavailable' };
}

/** Body.stkCallback, as the STK push's CallBackURL receives it. */
export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: string;
  /** CallbackMetadata.Item's MpesaReceiptNumber, on success. */
  receipt: string | null;
}

export function stkCallbackOf(json: unknown): StkCallback | null {
  const callback = fieldOf(fieldOf(json, 'Body'), 'stkCallback');
  const checkoutRequestId = stringFieldOf(callback, 'CheckoutRequestID');
  const resultCode = stringFieldOf(callback, 'ResultCode');
  if (checkoutRequestId === null || resultCode === null) return null;
  const items = fieldOf(fieldOf(callback, 'CallbackMetadata'), 'Item');
  const receipt = Array.isArray(items) ? items.find((item) => fieldOf(item, 'Name') === 'MpesaReceiptNumber') : undefined;
  return { merchantRequestId: stringFieldOf(callback, 'MerchantRequestID') ?? '', checkoutRequestId, resultCode, receipt: stringFieldOf(receipt, 'Value') };
}

/** The Result envelope B2C, Reversal and Transaction Status post to their ResultURL (and QueueTimeOutURL). */
export interface DarajaResult {
  resultCode: string;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string | null;
  /** ResultParameters.ResultParameter as Key -> Value (strings). */
  parameters: Record<string, string>;
}

export function darajaResultOf(json: unknown): DarajaResult | null {
  const result = fieldOf(json, 'Result');
  const resultCode = stringFieldOf(result, 'ResultCode');
  const originatorConversationId = stringFieldOf(result, 'OriginatorConversationID');
  const conversationId = stringFieldOf(result, 'ConversationID');
  if (resultCode === null || originatorConversationId === null || conversationId === null) return null;
  const list = fieldOf(fieldOf(result, 'ResultParameters'), 'ResultParameter');
  const parameters: Record<string, string> = {};
  for (const entry of Array.isArray(list) ? list : list === undefined ? [] : [list]) {
    const key = stringFieldOf(entry, 'Key');
    const value = stringFieldOf(entry, 'Value');
    if (key !== null && value !== null) parameters[key] = value;
  }
  return { resultCode, originatorConversationId, conversationId, transactionId: stringFieldOf(result, 'TransactionID'), parameters };
}
