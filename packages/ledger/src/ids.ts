// Deterministic u128 ids. The service retries operations; a retry must submit the very same
// transfer ids so the ledger answers `exists` instead of moving money twice. So every ledger id
// the service uses is derived from the service's own ids, never drawn at random.

import { createHash } from 'node:crypto';
import { LedgerUsageError, u128Max } from './model.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Legs of one operation are numbered 0..legMax. */
export const legMax = 0xffff;

/** A UUID's 128 bits as a u128 (big-endian, as written). */
export function u128FromUuid(uuid: string): bigint {
  if (!uuidPattern.test(uuid)) throw new LedgerUsageError(`not a UUID: ${uuid}`);
  return BigInt('0x' + uuid.replaceAll('-', ''));
}

/** The inverse of u128FromUuid: the lower-case UUID whose 128 bits are `value`. */
export function uuidFromU128(value: bigint): string {
  if (value < 0n || value >= 1n << 128n) throw new LedgerUsageError(`not a u128: ${value}`);
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A u128 derived from a namespace and parts: the first 16 bytes of SHA-256 over them.
 * Never 0 and never 2^128-1 (both reserved by TigerBeetle): those two outcomes are remapped,
 * which cannot collide in practice (probability 2^-127).
 */
export function idFromParts(namespace: string, ...parts: ReadonlyArray<string | bigint | number>): bigint {
  const hash = createHash('sha256');
  hash.update(namespace);
  for (const part of parts) {
    // Length-prefixed so ("ab","c") and ("a","bc") differ.
    const text = String(part);
    hash.update(`\u0000${text.length}:${text}`);
  }
  const id = BigInt('0x' + hash.digest('hex').slice(0, 32));
  if (id === 0n) return 1n;
  if (id === u128Max) return u128Max - 1n;
  return id;
}

/**
 * The transfer id of leg `leg` of the service operation whose id is `uuid` (whatever the
 * caller's object is). Same inputs, same id, in every process.
 */
export function idFromUuid(uuid: string, leg: number): bigint {
  if (!Number.isInteger(leg) || leg < 0 || leg > legMax) throw new LedgerUsageError(`leg must be 0..${legMax}, got ${leg}`);
  return idFromParts('payagg.ledger.transfer', u128FromUuid(uuid), leg);
}
