// Rules on payer input that the schema alone cannot state (seed: CollectionCreate,
// CheckoutSessionPay). The schema already requires the right payer field per rail; these checks
// repeat that for callers inside the service and add the raw-card-number guard.
import type { Schema } from '@payagg/contract';
import type { Rail } from '../rails/types.ts';
import { fieldsRefusal, type RefusalField } from '../domain/outcomes.ts';

/** The payer fields of spec CollectionCreate and CheckoutSessionPay (the same three in both). */
export type PayerInput = Pick<Schema<'CheckoutSessionPay'>, 'payer_phone' | 'payer_card_token' | 'payer_account_ref'>;

/** Which payer field each rail needs (qr needs none: the payer scans a code). */
export const payerFieldByRail: Record<Rail, keyof PayerInput | null> = {
  mobile_money: 'payer_phone',
  ussd: 'payer_phone',
  card: 'payer_card_token',
  bank: 'payer_account_ref',
  qr: null,
};

const panDigitsMin = 12;
const panDigitsMax = 19;

/**
 * True when `value` looks like a raw card number (PAN): 12 to 19 digits, optionally grouped by
 * spaces or dashes, passing the Luhn check. Such a value must never be accepted, stored or logged.
 */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[0-9][0-9 -]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, '');
  if (digits.length < panDigitsMin || digits.length > panDigitsMax) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Refuses (payer_does_not_fit_rail, naming body.<field>) payer input that does not fit the rail. */
export function assertPayerFitsRail(rail: Rail, payer: PayerInput): void {
  const fields: RefusalField[] = [];
  const required = payerFieldByRail[rail];
  if (required && (payer[required] === undefined || payer[required] === null || payer[required] === '')) {
    fields.push({ field: `body.${required}`, message: `is required when rail is ${rail}` });
  }
  const cardToken = payer.payer_card_token;
  if (typeof cardToken === 'string' && looksLikeCardNumber(cardToken)) {
    // The value is deliberately not echoed: it is cardholder data.
    fields.push({
      field: 'body.payer_card_token',
      message: 'looks like a raw card number; send the token from card tokenization, never the card number',
    });
  }
  if (fields.length > 0) throw fieldsRefusal('payer_does_not_fit_rail', fields);
}
