// Formats of what the sandbox rails hand out: provider references, USSD dial strings, action URLs.

import { randomInt } from 'node:crypto';
import { pooledRandomBytes } from '../../../crypto/random-pool.ts';
import { crockfordBase32Of } from '../references.ts';
import type { Rail, RailOutcomeKind } from '../../../rails/types.ts';

/** Per-rail prefix of provider references, so a reference says which rail issued it. */
export const providerReferencePrefixes: Readonly<Record<Rail, string>> = {
  mobile_money: 'MM',
  card: 'CARD',
  bank: 'BANK',
  ussd: 'USSD',
  qr: 'QR',
};
/** Refund references carry this marker after the rail prefix: `MM-RF-...`. */
export const refundReferenceMarker = 'RF';
/** Reversal references carry this marker after the rail prefix: `MM-RV-...`. */
export const reversalReferenceMarker = 'RV';
/** 15 random bytes = 24 Crockford base32 characters: 120 bits, no collision in practice. */
export const providerReferenceRandomBytes = 15;

/** `MM-7Q2X...` for a collection, `MM-RF-7Q2X...` for a refund, `MM-RV-7Q2X...` for a reversal. */
export function newProviderReference(rail: Rail, kind: RailOutcomeKind | 'reversal'): string {
  const random = crockfordBase32Of(pooledRandomBytes(providerReferenceRandomBytes));
  const prefix = providerReferencePrefixes[rail];
  if (kind === 'refund') return `${prefix}-${refundReferenceMarker}-${random}`;
  if (kind === 'reversal') return `${prefix}-${reversalReferenceMarker}-${random}`;
  return `${prefix}-${random}`;
}

/** Service codes of the simulated USSD gateways. */
export const mobileMoneyUssdServiceCode = '384';
export const ussdRailServiceCode = '737';
/** Payment codes are 6 digits, as most USSD collection gateways issue. */
export const ussdPaymentCodeDigits = 6;

/** `*384*482913#` (mobile-money fallback) or `*737*482913#` (USSD rail). */
export function newUssdCode(rail: Rail): string {
  const serviceCode = rail === 'ussd' ? ussdRailServiceCode : mobileMoneyUssdServiceCode;
  const paymentCode = String(randomInt(0, 10 ** ussdPaymentCodeDigits)).padStart(ussdPaymentCodeDigits, '0');
  return `*${serviceCode}*${paymentCode}#`;
}

/** Payer-facing pages of the simulated providers (served by ./payer-pages.ts under sandboxPayerPagesPath). */
export function actionUrlFor(actionUrlBase: string, rail: Rail, providerReference: string): string {
  const path = rail === 'card' ? 'card/3ds' : rail === 'bank' ? 'bank/authorize' : `${rail}/pay`;
  return `${actionUrlBase}/${path}/${encodeURIComponent(providerReference)}`;
}
