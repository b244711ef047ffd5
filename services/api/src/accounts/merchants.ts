// Merchants: the accounts that own keys, users and (later) money.
import type { KeyMode, MerchantStatus } from '../auth/principal.ts';
import type { Queryable } from '../db/index.ts';
import { Refusal } from '../domain/outcomes.ts';

export const merchantNameLengthMax = 200;

/** `mode`: the world the account and everything it owns belongs to, fixed at creation (docs/decisions/0440). */
export type Merchant = { id: string; name: string; status: MerchantStatus; mode: KeyMode; created_at: Date; updated_at: Date };

export async function insertMerchant(sql: Queryable, input: { name: string; status?: MerchantStatus; mode?: KeyMode }): Promise<Merchant> {
  const [row] = await sql<Merchant[]>`
    insert into merchants (name, status, mode) values (${input.name}, ${input.status ?? 'active'}, ${input.mode ?? 'sandbox'})
    returning id, name, status, mode, created_at, updated_at`;
  return row as Merchant;
}

export async function findMerchant(sql: Queryable, id: string): Promise<Merchant | null> {
  const [row] = await sql<Merchant[]>`select id, name, status, mode, created_at, updated_at from merchants where id = ${id}`;
  return row ?? null;
}

export async function setMerchantStatus(sql: Queryable, id: string, status: MerchantStatus): Promise<Merchant | null> {
  const [row] = await sql<Merchant[]>`
    update merchants set status = ${status}, updated_at = date_trunc('milliseconds', now())
    where id = ${id} returning id, name, status, mode, created_at, updated_at`;
  return row ?? null;
}

/**
 * Money-moving actions check this first: a suspended or frozen merchant still authenticates and
 * can read, but cannot transact (merchant_not_active). The same rule whether the caller is the
 * merchant or a payer paying one of its checkout sessions.
 */
export function assertMerchantActive(merchant: { status: MerchantStatus }): void {
  if (merchant.status !== 'active') {
    throw new Refusal('merchant_not_active', `The merchant account is ${merchant.status}; this action is on hold.`);
  }
}
