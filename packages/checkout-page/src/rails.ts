// The five rails as the payer meets them: a name, the one field the rail needs (the API's
// CheckoutSessionPay rules) and how that field is filled in and checked before sending.
import type { components } from '@payagg/contract';

export type Rail = components['schemas']['Rail'];
export type PayBody = components['schemas']['CheckoutSessionPay'];
export type PayerField = 'payer_phone' | 'payer_card_token' | 'payer_account_ref';

export type RailField = {
  name: PayerField;
  label: string;
  hint: string;
  type: 'tel' | 'text';
  inputMode: 'tel' | 'text';
  autocomplete: string;
  /** What the payer typed -> the value sent (spaces and dashes out of a phone number). */
  normalize(value: string): string;
  /** A message when the value cannot be right, checked before sending; the API checks again. */
  problem(value: string): string | null;
  /** The message when the API refuses the value it was sent (its own words are for developers). */
  refused(value: string): string;
};

export type RailInfo = { rail: Rail; name: string; description: string; field: RailField | null };

const phonePattern = /^\+?[0-9]{7,15}$/;
const phoneFormatMessage = 'Enter a phone number of 7 to 15 digits, with the country code, such as +254712345678';
/** 12 to 19 digits, grouped or not: what a card number looks like (the API refuses it as a token). */
const cardNumberPattern = /^(?:[0-9][ -]?){11,18}[0-9]$/;

function phoneField(label: string, hint: string): RailField {
  return {
    name: 'payer_phone',
    label,
    hint,
    type: 'tel',
    inputMode: 'tel',
    autocomplete: 'tel',
    normalize: (value) => value.replace(/[\s().-]/g, ''),
    problem: (value) => {
      if (value === '') return 'Enter your phone number';
      return phonePattern.test(value) ? null : phoneFormatMessage;
    },
    refused: () => phoneFormatMessage,
  };
}

function referenceField(name: PayerField, label: string, hint: string, missing: string, refused: (value: string) => string): RailField {
  return {
    name,
    label,
    hint,
    type: 'text',
    inputMode: 'text',
    autocomplete: 'off',
    normalize: (value) => value.trim(),
    // The format is the API's to judge (it names the field when it refuses): only emptiness here.
    problem: (value) => (value === '' ? missing : null),
    refused,
  };
}

export const rails: Readonly<Record<Rail, RailInfo>> = {
  mobile_money: {
    rail: 'mobile_money',
    name: 'Mobile money',
    description: 'Approve a prompt on your phone',
    field: phoneField('Mobile money number', 'With the country code, for example +254 712 345 678'),
  },
  card: {
    rail: 'card',
    name: 'Card',
    description: 'Pay with a card token',
    field: referenceField('payer_card_token', 'Card token',
      'The token your card was saved as. Sandbox test cards: tok_sandbox_success, tok_sandbox_challenge', 'Enter your card token',
      (value) => cardNumberPattern.test(value)
        ? 'Enter your card token, not your card number: a card number is never sent here'
        : 'Enter a card token of letters, digits and _ . : - only'),
  },
  bank: {
    rail: 'bank',
    name: 'Bank account',
    description: 'Pay from your bank account',
    field: referenceField('payer_account_ref', 'Bank account reference',
      'The account reference your bank gave you. Sandbox: acct_sandbox_success, acct_sandbox_challenge', 'Enter your bank account reference',
      () => 'Enter a bank account reference of letters, digits and _ . : - only'),
  },
  ussd: {
    rail: 'ussd',
    name: 'USSD',
    description: 'Dial a short code on your phone',
    field: phoneField('Phone number you will dial from', 'With the country code, for example +254 712 345 678'),
  },
  qr: {
    rail: 'qr',
    name: 'QR code',
    description: 'Scan a code with your banking or wallet app',
    field: null,
  },
};

/** The pay request for `rail` with the payer's (normalized) field value. */
export function payBody(rail: Rail, value: string): PayBody {
  const field = rails[rail].field;
  if (field === null) return { rail } as PayBody;
  return { rail, [field.name]: field.normalize(value) } as PayBody;
}
