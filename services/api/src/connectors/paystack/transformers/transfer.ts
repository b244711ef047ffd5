// Our payout send -> Paystack's transfer recipient and transfer, and a transfer back into our
// payout outcome (openapi.yaml paths./transferrecipient: TransferRecipientCreate; /transfer:
// TransferInitiate; /transfer/verify/{reference}: TransferVerifyResponse;
// https://paystack.com/docs/transfers/creating-transfer-recipients/, .../single-transfers/).
import { PayoutSendDeclinedError, type PayoutRailOutcome, type PayoutSend } from '../../../payout-rails/types.ts';
import { toPaystackAmount } from '../amounts.ts';
import type { PaystackConfig } from '../config.ts';
import { payoutFailureOf } from '../errors.ts';
import { transferReferenceOf } from '../references.ts';
import type { Json, PaystackTransfer } from './paystack-data.ts';

/** The destination types Paystack pays out to; it has no push-to-card. */
export const paystackPayoutTypes = ['bank', 'mobile_money'] as const;
export type PaystackPayoutType = (typeof paystackPayoutTypes)[number];

/** TransferRecipientCreate.type of a bank account per currency (NUBAN, GhIPSS, BASA). */
const bankRecipientTypes: Readonly<Record<string, string>> = { NGN: 'nuban', GHS: 'ghipss', ZAR: 'basa' };
/** The country calling codes of the mobile-money currencies, to write phones the local way. */
const callingCodes: Readonly<Record<string, string>> = { GHS: '233', KES: '254' };
/**
 * TransferRecipientCreate.name is required; a mobile wallet has no holder name of ours, and
 * Paystack names the recipient from the account where it can resolve it.
 */
export const recipientNameDefault = 'Payout recipient';

export function recipientBodyOf(type: PaystackPayoutType, request: PayoutSend, config: PaystackConfig): Json {
  const { destination } = request;
  if (destination.destination_type !== type) {
    throw new PayoutSendDeclinedError(type, 'send_declined', `a ${destination.destination_type} destination sent to the ${type} rail`);
  }
  if (destination.destination_type === 'bank') {
    const recipientType = bankRecipientTypes[request.currency];
    if (recipientType === undefined) throw new PayoutSendDeclinedError(type, 'send_declined', `Paystack has no bank recipient type for ${request.currency}`);
    return {
      type: recipientType, name: destination.account_name ?? recipientNameDefault,
      account_number: destination.account_number, bank_code: destination.bank_code, currency: request.currency,
    };
  }
  if (destination.destination_type !== 'mobile_money') throw new PayoutSendDeclinedError(type, 'send_declined', 'Paystack has no push-to-card');
  const provider = config.mobileMoneyProviders[request.currency];
  const callingCode = callingCodes[request.currency];
  if (provider === undefined || callingCode === undefined) {
    throw new PayoutSendDeclinedError(type, 'send_declined', `Paystack has no mobile money recipients in ${request.currency}`);
  }
  const digits = destination.phone.replace(/^\+/, '');
  if (!digits.startsWith(callingCode)) throw new PayoutSendDeclinedError(type, 'invalid_account', `the phone is not a +${callingCode} number`);
  // Paystack's examples write mobile-money accounts the local way: 0 and the subscriber number.
  return {
    type: 'mobile_money', name: recipientNameDefault, account_number: `0${digits.slice(callingCode.length)}`,
    bank_code: provider, currency: request.currency,
  };
}

export function transferBodyOf(type: PaystackPayoutType, request: PayoutSend, recipientCode: string, config: PaystackConfig): Json {
  const amount = toPaystackAmount(request.amount, request.currency, config.amountExponents);
  if (!amount.ok) throw new PayoutSendDeclinedError(type, 'send_declined', `${amount.refusal.field} ${amount.refusal.message}`);
  return {
    source: 'balance', amount: amount.amount, currency: request.currency, recipient: recipientCode,
    reference: transferReferenceOf(request.payoutId, request.attempt), reason: `payout ${request.payoutId}`,
  };
}

/** A transfer's final state as our outcome; null while it is not final (pending, otp, received, queued). */
export function payoutOutcomeOfTransfer(payoutId: string, attempt: number, transfer: PaystackTransfer): PayoutRailOutcome | null {
  const base = { payoutId, attempt, providerReference: transfer.transferCode };
  switch (transfer.status) {
    case 'success':
      return { ...base, status: 'success', failureReason: null };
    case 'failed':
    case 'reversed':
    case 'rejected':
    case 'abandoned':
    case 'blocked': {
      const failure = payoutFailureOf(transfer.status === 'reversed' ? 'reversed' : 'failed', transfer.reason);
      return { ...base, status: failure.status, failureReason: failure.failureReason };
    }
    default:
      return null;
  }
}
