// Our collection -> Paystack's `POST /charge` body, and Paystack's charge back into ours
// (openapi.yaml paths./charge: ChargeCreate with Bank, MobileMoney, USSD; ChargeCreateResponse;
// https://paystack.com/docs/payments/payment-channels/). Decision 0652 says how each rail's payer
// fits Paystack's fields.
import { RailDeclinedError } from '../../../rails/errors.ts';
import type { CollectionInitiation, Rail, RailInitiationResult, RailOutcome } from '../../../rails/types.ts';
import { toPaystackAmount } from '../amounts.ts';
import type { PaystackConfig } from '../config.ts';
import { railFailureReasonOf } from '../errors.ts';
import { chargeReferenceOf } from '../references.ts';
import { objectOf, stringOf, type Json, type PaystackTransaction } from './paystack-data.ts';

/** The rails Paystack's /charge serves: card (a saved authorization), bank, USSD, mobile money. */
export const paystackRails = ['card', 'bank', 'ussd', 'mobile_money'] as const satisfies readonly Rail[];
export type PaystackRail = (typeof paystackRails)[number];

/** Paystack's `authorization_code` (AUTH_ and letters/digits): what a card token is for this provider. */
const authorizationCodePattern = /^AUTH_[A-Za-z0-9]{1,64}$/;
/** A bank payer for Paystack: `<bank code>:<10-digit NUBAN>` (decision 0652). */
const bankAccountRefPattern = /^(\d{3,6}):(\d{10})$/;
/** E.164: a plus, then up to 15 digits. */
const phonePattern = /^\+?[1-9]\d{7,14}$/;

export function chargeBodyOf(rail: PaystackRail, request: CollectionInitiation, config: PaystackConfig): Json {
  const amount = toPaystackAmount(request.amount, request.currency, config.amountExponents);
  if (!amount.ok) {
    throw new RailDeclinedError(rail, amount.refusal.field === 'amount' ? 'invalid_amount' : 'invalid_currency', {
      field: amount.refusal.field, cause: new Error(amount.refusal.message),
    });
  }
  const body: Json = {
    email: `${chargeReferenceOf(request.transactionId)}@${config.customerEmailDomain}`,
    amount: amount.amount,
    currency: request.currency,
    reference: chargeReferenceOf(request.transactionId),
    // Echoed in verify and in webhooks: what tells our charges from the dashboard's.
    metadata: { payagg_transaction_id: request.transactionId, payagg_rail: rail },
  };
  return { ...body, ...payerFieldsOf(rail, request, config) };
}

function payerFieldsOf(rail: PaystackRail, request: CollectionInitiation, config: PaystackConfig): Json {
  const { payer } = request;
  switch (rail) {
    case 'card': {
      if (!payer.cardToken) throw new RailDeclinedError(rail, 'payer_card_token_missing', { field: 'payer_card_token' });
      if (!authorizationCodePattern.test(payer.cardToken)) throw new RailDeclinedError(rail, 'payer_card_token_invalid', { field: 'payer_card_token' });
      return { authorization_code: payer.cardToken };
    }
    case 'bank': {
      if (!payer.accountRef) throw new RailDeclinedError(rail, 'payer_account_ref_missing', { field: 'payer_account_ref' });
      const match = bankAccountRefPattern.exec(payer.accountRef);
      if (!match) throw new RailDeclinedError(rail, 'payer_account_ref_invalid', { field: 'payer_account_ref' });
      return { bank: { code: match[1], account_number: match[2] } };
    }
    case 'mobile_money': {
      if (!payer.phone) throw new RailDeclinedError(rail, 'payer_phone_missing', { field: 'payer_phone' });
      if (!phonePattern.test(payer.phone)) throw new RailDeclinedError(rail, 'payer_phone_invalid', { field: 'payer_phone' });
      const provider = config.mobileMoneyProviders[request.currency];
      if (provider === undefined) throw new RailDeclinedError(rail, 'invalid_currency', { field: 'currency' });
      return { mobile_money: { phone: payer.phone, provider } };
    }
    case 'ussd':
      return { ussd: { type: config.ussdType } };
  }
}

/**
 * The initiation's answer from /charge's `data`. The statuses (https://paystack.com/docs/payments/payment-channels/):
 * `open_url` sends the payer to `url`; `pay_offline` asks them to dial `ussd_code` (USSD) or to
 * approve on their phone (mobile money: `display_text`); `success`, `failed`, `pending`,
 * `send_*` are answered with the reference alone: the outcome always comes later.
 */
export function initiationOfCharge(data: unknown, transaction: PaystackTransaction): RailInitiationResult {
  const o = objectOf(data) ?? {};
  return {
    providerReference: transaction.reference,
    actionUrl: transaction.status === 'open_url' ? stringOf(o.url) : null,
    ussdCode: transaction.status === 'pay_offline' ? stringOf(o.ussd_code) : null,
  };
}

/** Paystack's transaction statuses that are final, and what each means for us. */
export function outcomeOfTransaction(rail: Rail, transactionId: string, transaction: PaystackTransaction): RailOutcome | null {
  const base = { providerReference: transaction.reference, rail, kind: 'collection' as const, transactionId };
  switch (transaction.status) {
    case 'success':
      return { ...base, status: 'success', failureReason: null };
    case 'failed':
    case 'abandoned':
      return { ...base, status: 'failed', failureReason: railFailureReasonOf(rail, transaction.gatewayResponse) };
    default:
      // pending, ongoing, processing, queued, send_*, open_url, pay_offline: not final yet;
      // reversed: a refund's business, not the collection's outcome.
      return null;
  }
}

/** The rail a charge was made on: our metadata first, else Paystack's channel. */
export function railOfTransaction(transaction: PaystackTransaction): Rail | null {
  const rail = stringOf(transaction.metadata?.payagg_rail) ?? transaction.channel;
  return (paystackRails as readonly string[]).includes(rail ?? '') ? (rail as Rail) : null;
}
