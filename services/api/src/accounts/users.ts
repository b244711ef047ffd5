// Dashboard users (team members) of a merchant. Every query is scoped by merchant_id.
import type { UserRole } from '../auth/user-roles.ts';
import type { Schema } from '@payagg/contract';
import type { Queryable } from '../db/index.ts';

export type UserStatus = 'active' | 'disabled';
export type User = {
  id: string;
  merchant_id: string;
  email: string;
  role: UserRole;
  mfa_enabled: boolean;
  status: UserStatus;
  created_at: Date;
};

// An email is only checked for shape here; the spec validates it on any API that accepts one.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class UserInputError extends Error {
  name = 'UserInputError';
}

export async function insertUser(
  sql: Queryable,
  merchantId: string,
  input: { email: string; role: UserRole; status?: UserStatus; mfa_enabled?: boolean },
): Promise<User> {
  if (!emailPattern.test(input.email)) throw new UserInputError(`not an email address: "${input.email}"`);
  try {
    const [row] = await sql<User[]>`
      insert into users (merchant_id, email, role, status, mfa_enabled)
      values (${merchantId}, ${input.email}, ${input.role}, ${input.status ?? 'active'}, ${input.mfa_enabled ?? false})
      returning id, merchant_id, email, role, mfa_enabled, status, created_at`;
    return row as User;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new UserInputError(`a user with email ${input.email} already exists for this merchant`);
    if ((error as { code?: string }).code === '23503') throw new UserInputError(`no merchant ${merchantId}`);
    throw error;
  }
}

/** Every user of the merchant (GET /users is unpaginated by the seed), oldest first. */
export async function listUsers(sql: Queryable, merchantId: string): Promise<User[]> {
  return await sql<User[]>`
    select id, merchant_id, email, role, mfa_enabled, status, created_at
    from users where merchant_id = ${merchantId}
    order by created_at, id`;
}

export async function findUser(sql: Queryable, merchantId: string, userId: string): Promise<User | null> {
  const [row] = await sql<User[]>`
    select id, merchant_id, email, role, mfa_enabled, status, created_at
    from users where merchant_id = ${merchantId} and id = ${userId}`;
  return row ?? null;
}

/** The API representation (spec: User). */
export function toUserResource(user: User): Schema<'User'> {
  return {
    id: user.id, merchant_id: user.merchant_id, email: user.email, role: user.role, mfa_enabled: user.mfa_enabled, status: user.status,
  } satisfies Schema<'User'>;
}
