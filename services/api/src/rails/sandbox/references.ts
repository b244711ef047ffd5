// Formats of what the sandbox rails hand out: provider references, USSD dial strings, action URLs.

import { randomInt } from 'node:crypto';
import { pooledRandomBytes } from '../../crypto/random-pool.ts';
import type { Rail, RailOutcomeKind } from '../types.ts';

/** Per-rail prefix of provider references, so a reference says which rail issued it. */
export const PROVIDER_REFERENCE_PREFIXES: Readonly<Record<Rail, string>> = {
  mobile_money: 'MM',
  card: 'CARD',
  bank: 'BANK',
  ussd: 'USSD',
  qr: 'QR',
};
/** Refund references carry this marker after the rail prefix: `MM-RF-...`. */
export const REFUND_REFERENCE_MARKER = 'RF';
/** Reversal references carry this marker after the rail prefix: `MM-RV-...`. */
export const REVERSAL_REFERENCE_MARKER = 'RV';
/** 15 random bytes = 24 Crockford base32 characters: 120 bits, no collision in practice. */
export const PROVIDER_REFERENCE_RANDOM_BYTES = 15;

const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD_BASE32[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD_BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** `MM-7Q2X...` for a collection, `MM-RF-7Q2X...` for a refund, `MM-RV-7Q2X...` for a reversal. */
export function newProviderReference(rail: Rail, kind: RailOutcomeKind | 'reversal'): string {
  const random = base32(pooledRandomBytes(PROVIDER_REFERENCE_RANDOM_BYTES));
  const prefix = PROVIDER_REFERENCE_PREFIXES[rail];
  if (kind === 'refund') return `${prefix}-${REFUND_REFERENCE_MARKER}-${random}`;
  if (kind === 'reversal') return `${prefix}-${REVERSAL_REFERENCE_MARKER}-${random}`;
  return `${prefix}-${random}`;
}

/** Service codes of the simulated USSD gateways. */
export const MOBILE_MONEY_USSD_SERVICE_CODE = '384';
export const USSD_RAIL_SERVICE_CODE = '737';
/** Payment codes are 6 digits, as most USSD collection gateways issue. */
export const USSD_PAYMENT_CODE_DIGITS = 6;

/** `*384*482913#` (mobile-money fallback) or `*737*482913#` (USSD rail). */
export function newUssdCode(rail: Rail): string {
  const serviceCode = rail === 'ussd' ? USSD_RAIL_SERVICE_CODE : MOBILE_MONEY_USSD_SERVICE_CODE;
  const paymentCode = String(randomInt(0, 10 ** USSD_PAYMENT_CODE_DIGITS)).padStart(USSD_PAYMENT_CODE_DIGITS, '0');
  return `*${serviceCode}*${paymentCode}#`;
}

/** Payer-facing pages of the simulated providers (served by ./payer-pages.ts under SANDBOX_PAYER_PAGES_PATH). */
export function actionUrlFor(actionUrlBase: string, rail: Rail, providerReference: string): string {
  const path = rail === 'card' ? 'card/3ds' : rail === 'bank' ? 'bank/authorize' : `${rail}/pay`;
  return `${actionUrlBase}/${path}/${encodeURIComponent(providerReference)}`;
}
