// Hosted checkout sessions (seed: CheckoutSession, CheckoutSessionPublic, CheckoutSessionPay).
// The client_token is a bearer secret: returned by creation only, stored as its SHA-256 (a
// 256-bit random token needs no slow hash), compared in constant time, never logged. A replay
// of the creation returns it from the (encrypted) idempotency record, not from this table.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { RAILS, type Rail } from '../rails/types.ts';

export const client_token_bytes = 32;
export const client_token_prefix = 'cst_';

export type CheckoutSessionRow = {
  id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  amount: bigint;
  currency: string;
  reference: string | null;
  allowed_rails: Rail[];
  status: 'open' | 'completed' | 'expired' | 'cancelled';
  client_token_sha256: Buffer;
  claimed_transaction_id: string | null;
  collection_intent_id: string | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
};

export function newClientToken(): string {
  return client_token_prefix + randomBytes(client_token_bytes).toString('base64url');
}

function tokenSha256(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** An open session past expires_at reads as expired (seed: "reads report the session as expired"). */
export function effectiveStatus(row: CheckoutSessionRow, now: Date): CheckoutSessionRow['status'] {
  return row.status === 'open' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** The creation response (spec: CheckoutSession), the only place the token ever appears. */
export function toCheckoutSessionResource(row: CheckoutSessionRow, clientToken: string, now: Date) {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    sub_merchant_id: row.sub_merchant_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    allowed_rails: row.allowed_rails,
    status: effectiveStatus(row, now),
    client_token: clientToken,
    collection_intent_id: row.collection_intent_id,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The payer-facing read (spec: CheckoutSessionPublic): no token, no merchant-private fields. */
export function toCheckoutSessionPublic(row: CheckoutSessionRow, now: Date) {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    allowed_rails: row.allowed_rails,
    status: effectiveStatus(row, now),
    expires_at: row.expires_at.toISOString(),
  };
}

export async function insertCheckoutSession(q: Queryable, input: {
  id: string; merchantId: string; subMerchantId: string | null; amount: number; currency: string;
  reference: string | null; allowedRails: readonly Rail[] | undefined; clientToken: string; lifetimeMinutes: number;
}): Promise<CheckoutSessionRow> {
  const allowedRails = input.allowedRails && input.allowedRails.length > 0 ? [...new Set(input.allowedRails)] : [...RAILS];
  const [row] = await q<CheckoutSessionRow[]>`
    insert into checkout_sessions (id, merchant_id, sub_merchant_id, amount, currency, reference, allowed_rails,
      status, client_token_sha256, expires_at)
    values (${input.id}, ${input.merchantId}, ${input.subMerchantId}, ${input.amount}, ${input.currency},
      ${input.reference}, ${allowedRails}, 'open', ${tokenSha256(input.clientToken)},
      now() + ${input.lifetimeMinutes} * interval '1 minute')
    returning *`;
  return row!;
}

/**
 * The session a payer's token opens. Unknown session and wrong token are the same 404, so a
 * token-less caller learns nothing; the comparison is constant-time.
 */
export async function findSessionByToken(q: Queryable, id: string, token: string): Promise<CheckoutSessionRow> {
  const rows = await q<CheckoutSessionRow[]>`select * from checkout_sessions where id = ${id}`;
  const row = rows[0];
  const presented = tokenSha256(token);
  const stored = row?.client_token_sha256 ?? Buffer.alloc(presented.length);
  if (!row || !timingSafeEqual(presented, stored)) {
    throw new ApiError('RESOURCE_NOT_FOUND', 'The checkout session does not exist or the token does not open it.');
  }
  return row;
}

/** Exactly one of the header and the query parameter (seed: "supply exactly one of the two"). */
export function checkoutTokenOf(header: string | undefined, query: unknown): string {
  const fromQuery = typeof query === 'string' ? query : undefined;
  const given = [header, fromQuery].filter((value) => value !== undefined && value !== '');
  if (given.length !== 1) {
    throw validationError([{
      field: 'client_token',
      message: given.length === 0
        ? 'the checkout token is required: send it in the X-Checkout-Token header or the client_token query parameter'
        : 'send the checkout token in exactly one place: the X-Checkout-Token header or the client_token query parameter, not both',
    }]);
  }
  return given[0]!;
}

/** A pay is refused on a session that is not open (completed, expired, cancelled). */
export function assertSessionPayable(row: CheckoutSessionRow, now: Date): void {
  const status = effectiveStatus(row, now);
  if (status !== 'open') {
    throw validationError([{ field: 'session', message: `the checkout session is ${status} and accepts no new payment` }],
      `The checkout session is ${status}.`);
  }
}

export function assertRailAllowed(row: CheckoutSessionRow, rail: Rail): void {
  if (!row.allowed_rails.includes(rail)) {
    throw validationError([{ field: 'body.rail', message: `must be one of the session's allowed_rails: ${row.allowed_rails.join(', ')}` }]);
  }
}

/**
 * Claims the open session for the pay whose collection will be `transactionId` before the rail
 * is called, so two pays can never both reach a rail. Claiming again with the same id (a
 * resumed pay) succeeds. False: the session is no longer payable or another pay holds it.
 */
export async function claimSessionForPay(q: Queryable, sessionId: string, transactionId: string): Promise<boolean> {
  const rows = await q`
    update checkout_sessions set claimed_transaction_id = ${transactionId}, updated_at = now()
    where id = ${sessionId} and status = 'open' and expires_at > now()
      and (claimed_transaction_id is null or claimed_transaction_id = ${transactionId})
    returning 1`;
  return rows.length === 1;
}

export async function releaseSessionClaim(q: Queryable, sessionId: string, transactionId: string): Promise<void> {
  await q`update checkout_sessions set claimed_transaction_id = null, updated_at = now()
          where id = ${sessionId} and claimed_transaction_id = ${transactionId} and status = 'open'`;
}

export async function completeSession(q: Queryable, sessionId: string, transactionId: string): Promise<void> {
  await q`update checkout_sessions set status = 'completed', collection_intent_id = ${transactionId}, updated_at = now()
          where id = ${sessionId}`;
}
