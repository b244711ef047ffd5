// Payout destinations' details at rest (docs/payouts.md, decision 0241). A phone number, a bank
// account number or a card token is needed again only when a payout is sent to it, so it is
// sealed, never hashed away:
//   - sealed with AES-256-GCM (node:crypto) under a key derived from MASTER_KEY by HKDF for this
//     purpose alone ('payout-destination'), a fresh 96-bit IV per seal, and the destination's id
//     as associated data: a sealed value copied onto another row does not open;
//   - looked up by fingerprint: HMAC-SHA256 under another derived key
//     ('payout-destination-fingerprint') over the merchant and the canonical details, so the same
//     details for the same merchant find the same destination while the table holds no readable
//     or guessable-by-hash detail (a plain SHA-256 of a 9-digit phone suffix is brute-forced in
//     seconds; an HMAC needs the key).
// Key handling is the master key's (decision 0136): MASTER_KEY from a secret manager in
// production, every instance the same; rotating it needs a re-seal of these rows (not in v1).
// Nothing here logs; callers never log details either.
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { pooledRandomBytes } from './random-pool.ts';
import type { SecretBox } from './secret-box.ts';

const vaultVersion = 1;
const ivBytes = 12;
const tagBytes = 16;
const headerBytes = 1 + ivBytes + tagBytes;

/** The details of one destination, as its type needs them (the API's PayoutDestinationCreate fields). */
export type DestinationDetails =
  | { destination_type: 'mobile_money'; phone: string }
  | { destination_type: 'bank'; bank_code: string; account_number: string; account_name: string | null }
  | { destination_type: 'card'; card_token: string };

export type DestinationVault = {
  seal(destinationId: string, details: DestinationDetails): Buffer;
  open(destinationId: string, sealed: Buffer): DestinationDetails;
  /**
   * 32 bytes: equal for the same merchant, country, currency and account (the phone without a
   * leading +; the bank code and account number, case-insensitive; the card token), whatever
   * else differs (a bank account's holder name is not part of its identity).
   */
  fingerprint(merchantId: string, scope: { country: string; currency: string }, details: DestinationDetails): Buffer;
};

export function createDestinationVault(box: Pick<SecretBox, 'derivedKey'>): DestinationVault {
  const sealKey: KeyObject = createSecretKey(box.derivedKey('payout-destination'));
  const macKey: KeyObject = createSecretKey(box.derivedKey('payout-destination-fingerprint'));
  return {
    seal(destinationId, details) {
      const iv = pooledRandomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(destinationId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(canonicalDetails(details), 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([vaultVersion]), iv, cipher.getAuthTag(), ciphertext]);
    },
    open(destinationId, sealed) {
      if (sealed.length < headerBytes || sealed[0] !== vaultVersion) throw new Error('destination vault: unknown layout');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, sealed.subarray(1, 1 + ivBytes));
      decipher.setAAD(Buffer.from(destinationId, 'utf8'));
      decipher.setAuthTag(sealed.subarray(1 + ivBytes, headerBytes));
      // A wrong key, a modified row or a row moved to another id fails the tag check here.
      const text = Buffer.concat([decipher.update(sealed.subarray(headerBytes)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as DestinationDetails;
    },
    fingerprint(merchantId, scope, details) {
      return createHmac('sha256', macKey)
        .update(JSON.stringify([merchantId, scope.country, scope.currency]))
        .update(JSON.stringify(identityOf(details)))
        .digest();
    },
  };
}

/** What names the account, normalized: two spellings of one account are one destination. */
function identityOf(details: DestinationDetails): string[] {
  switch (details.destination_type) {
    case 'mobile_money':
      return [details.destination_type, details.phone.replace(/^\+/, '')];
    case 'bank':
      return [details.destination_type, details.bank_code.toUpperCase(), details.account_number.toUpperCase()];
    case 'card':
      return [details.destination_type, details.card_token];
  }
}

/** The details as JSON with a fixed field order (the type's own fields only). */
function canonicalDetails(details: DestinationDetails): string {
  switch (details.destination_type) {
    case 'mobile_money':
      return JSON.stringify({ destination_type: details.destination_type, phone: details.phone });
    case 'bank':
      return JSON.stringify({
        destination_type: details.destination_type, bank_code: details.bank_code,
        account_number: details.account_number, account_name: details.account_name,
      });
    case 'card':
      return JSON.stringify({ destination_type: details.destination_type, card_token: details.card_token });
  }
}
