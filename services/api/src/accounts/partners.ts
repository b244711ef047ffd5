// Partners: the principal of the partner wallet API (/api/v1/partner), and their API keys.
//
// Key = `pak_` + a 16-character key id + a 32-character secret part, all base62 (about 190 random
// bits in the secret part). The key is printed once, by the operator CLI; the service keeps only
// the key id (to find the row) and SHA-256 of the whole key, and compares that digest in constant
// time (crypto.timingSafeEqual). A fast hash is enough for a random 190-bit secret: nothing about
// it can be guessed faster than the secret itself (docs/decisions/0290-partner-api-keys.md).
// Keys are never logged: authentication logs the key id at most.
//
// A partner is a sandbox or a live partner, fixed at creation, and its keys have its mode
// (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md): its wallets and their money
// are of that mode, sandbox deposits exist only for sandbox partners, and a production server
// refuses sandbox partners' keys.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { KeyMode } from '../auth/principal.ts';
import type { Queryable } from '../db/index.ts';

export const partnerKeyPattern = /^pak_[A-Za-z0-9]{48}$/;
const keyIdLength = 16;
const secretPartLength = 32;
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const partnerNameLengthMax = 200;

export type Partner = { id: string; name: string; mode: KeyMode; created_at: Date };
/** `mode` is the partner's: a partner key has no mode of its own. */
export type PartnerKeyForAuth = { id: string; key_id: string; partner_id: string; mode: KeyMode; key_sha256: Buffer; revoked_at: Date | null };

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += base62[randomInt(base62.length)];
  return out;
}

export function keyIdOf(apiKey: string): string {
  return apiKey.slice(4, 4 + keyIdLength);
}

export function partnerKeyDigest(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

/** Constant-time: does `apiKey` hash to the stored digest? */
export function partnerKeyMatches(apiKey: string, stored: Buffer): boolean {
  const given = partnerKeyDigest(apiKey);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export async function insertPartner(q: Queryable, input: { name: string; mode?: KeyMode }): Promise<Partner> {
  const [row] = await q<Partner[]>`
    insert into partners (name, mode) values (${input.name}, ${input.mode ?? 'sandbox'}) returning id, name, mode, created_at`;
  return row!;
}

export async function findPartner(q: Queryable, id: string): Promise<Partner | null> {
  const [row] = await q<Partner[]>`select id, name, mode, created_at from partners where id = ${id}`;
  return row ?? null;
}

/** A new key of the partner: the only time the plaintext key exists outside its holder. */
export async function createPartnerKey(q: Queryable, partnerId: string): Promise<{ id: string; partner_id: string; api_key: string }> {
  const keyId = randomBase62(keyIdLength);
  const apiKey = `pak_${keyId}${randomBase62(secretPartLength)}`;
  const [row] = await q<{ id: string }[]>`
    insert into partner_api_keys (partner_id, key_id, key_sha256) values (${partnerId}, ${keyId}, ${partnerKeyDigest(apiKey)})
    returning id`;
  return { id: row!.id, partner_id: partnerId, api_key: apiKey };
}

/** The key row `apiKey` names (by its key id); the caller compares the digest (partnerKeyMatches). */
export async function findPartnerKeyForAuth(q: Queryable, apiKey: string): Promise<PartnerKeyForAuth | null> {
  const [row] = await q<PartnerKeyForAuth[]>`
    select k.id, k.key_id, k.partner_id, p.mode, k.key_sha256, k.revoked_at
    from partner_api_keys k join partners p on p.id = k.partner_id
    where k.key_id = ${keyIdOf(apiKey)}`;
  return row ?? null;
}

/** Revokes the key (the whole key, checked against its digest). False when no such active key. */
export async function revokePartnerKey(q: Queryable, apiKey: string): Promise<boolean> {
  if (!partnerKeyPattern.test(apiKey)) return false;
  const row = await findPartnerKeyForAuth(q, apiKey);
  if (!row || row.revoked_at !== null || !partnerKeyMatches(apiKey, row.key_sha256)) return false;
  const updated = await q`update partner_api_keys set revoked_at = now() where id = ${row.id} and revoked_at is null returning 1`;
  return updated.length === 1;
}
