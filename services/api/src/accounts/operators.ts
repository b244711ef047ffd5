// Operators: the platform's own staff, who use the ops API (/ops/v1, spec/ops.yaml) and the CLI
// for reconciliation. Their keys are a kind of their own, never a merchant's or a partner's
// (decision 0700): `opk_` + a 16-character key id + a 32-character secret part, all base62,
// printed once by the CLI (`ops-key create`); the service keeps the key id and SHA-256 of the
// whole key, compared in constant time, exactly as partner keys (decision 0290).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export const operatorKeyPattern = /^opk_[A-Za-z0-9]{48}$/;
const keyIdLength = 16;
const secretPartLength = 32;
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const operatorNameLengthMax = 200;

export type Operator = { id: string; name: string; created_at: Date };
export type OperatorKeyForAuth = { id: string; key_id: string; operator_id: string; key_sha256: Buffer; revoked_at: Date | null };

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += base62[randomInt(base62.length)];
  return out;
}

export function operatorKeyIdOf(apiKey: string): string {
  return apiKey.slice(4, 4 + keyIdLength);
}

function digest(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

/** Constant-time: does `apiKey` hash to the stored digest? */
export function operatorKeyMatches(apiKey: string, stored: Buffer): boolean {
  const given = digest(apiKey);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export async function insertOperator(q: Queryable, name: string): Promise<Operator> {
  const [row] = await q<Operator[]>`insert into operators (name) values (${name}) returning id, name, created_at`;
  return row!;
}

export async function findOperator(q: Queryable, id: string): Promise<Operator | null> {
  const [row] = await q<Operator[]>`select id, name, created_at from operators where id = ${id}`;
  return row ?? null;
}

/** A new key of the operator: the only time the plaintext key exists outside its holder. */
export async function createOperatorKey(q: Queryable, operatorId: string): Promise<{ id: string; operator_id: string; api_key: string }> {
  const keyId = randomBase62(keyIdLength);
  const apiKey = `opk_${keyId}${randomBase62(secretPartLength)}`;
  const [row] = await q<{ id: string }[]>`
    insert into operator_api_keys (operator_id, key_id, key_sha256) values (${operatorId}, ${keyId}, ${digest(apiKey)}) returning id`;
  return { id: row!.id, operator_id: operatorId, api_key: apiKey };
}

export async function findOperatorKeyForAuth(q: Queryable, apiKey: string): Promise<OperatorKeyForAuth | null> {
  const [row] = await q<OperatorKeyForAuth[]>`
    select id, key_id, operator_id, key_sha256, revoked_at from operator_api_keys where key_id = ${operatorKeyIdOf(apiKey)}`;
  return row ?? null;
}

/** Revokes the key (the whole key, checked against its digest). False when no such active key. */
export async function revokeOperatorKey(q: Queryable, apiKey: string): Promise<boolean> {
  if (!operatorKeyPattern.test(apiKey)) return false;
  const row = await findOperatorKeyForAuth(q, apiKey);
  if (!row || row.revoked_at !== null || !operatorKeyMatches(apiKey, row.key_sha256)) return false;
  const updated = await q`update operator_api_keys set revoked_at = now() where id = ${row.id} and revoked_at is null returning 1`;
  return updated.length === 1;
}
