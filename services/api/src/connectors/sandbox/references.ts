// What the sandbox providers (KYC, payout rails) share as a real provider would do it: a random
// reference in Crockford base32 (no I, L, O, U: easy to read aloud to support), and a digest of a
// request so a repeated id with a different request is refused instead of answered twice.
import { createHash } from 'node:crypto';
import { pooledRandomBytes } from '../../crypto/random-pool.ts';

const crockfordBase32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Crockford base32 of `bytes`, 8 characters per 5 bytes (a last partial group padded with zero bits). */
export function crockfordBase32Of(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += crockfordBase32[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += crockfordBase32[(buffer << (5 - bits)) & 31];
  return out;
}

/** `PREFIX-` and the Crockford base32 of `byteCount` random bytes (8 characters per 5 bytes). */
export function newSandboxReference(prefix: string, byteCount: number): string {
  return `${prefix}-${crockfordBase32Of(pooledRandomBytes(byteCount))}`;
}

/** Hex SHA-256 of the request's parts (JSON, in order): what "the same request" means to a provider. */
export function requestDigest(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
