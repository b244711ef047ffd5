// Encryption at rest for secrets the service must read back (API secrets are HMAC keys, so
// they cannot be hashed like passwords). AES-256-GCM with a key derived from MASTER_KEY.
// Stored layout: version (1 byte) | iv (12 bytes) | auth tag (16 bytes) | ciphertext.
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync } from 'node:crypto';
import { pooledRandomBytes } from './random-pool.ts';

const boxVersion = 1;
const ivBytes = 12;
const tagBytes = 16;
const headerBytes = 1 + ivBytes + tagBytes;

/** Sub-keys are derived per purpose so one leaked derived key does not expose the others. */
export type KeyPurpose = 'secret-box' | 'cursor-signing' | 'master-key-check'
  // Payout destinations' details (crypto/destination-vault.ts): sealing, and the same-details fingerprint.
  | 'payout-destination' | 'payout-destination-fingerprint';

export function deriveKey(masterKey: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `payagg:${purpose}:v1`, 32));
}

export type SecretBox = {
  seal(plaintext: string): Buffer;
  open(sealed: Buffer): string;
  /** The master key's sub-key for another purpose (a module that seals or MACs its own data). */
  derivedKey(purpose: KeyPurpose): Buffer;
};

export function createSecretBox(masterKey: Buffer): SecretBox {
  // A KeyObject made once: a raw Buffer key is turned into one on every cipher (measured: a few
  // percent of a collection's CPU, since every idempotent response is sealed).
  const key = createSecretKey(deriveKey(masterKey, 'secret-box'));
  return {
    derivedKey: (purpose) => deriveKey(masterKey, purpose),
    seal(plaintext) {
      const iv = pooledRandomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([boxVersion]), iv, cipher.getAuthTag(), ciphertext]);
    },
    open(sealed) {
      if (sealed.length < headerBytes || sealed[0] !== boxVersion) {
        throw new Error('secret box: unknown layout');
      }
      const iv = sealed.subarray(1, 1 + ivBytes);
      const tag = sealed.subarray(1 + ivBytes, headerBytes);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      // A wrong master key or a modified row fails the GCM tag check here.
      return Buffer.concat([decipher.update(sealed.subarray(headerBytes)), decipher.final()]).toString('utf8');
    },
  };
}
