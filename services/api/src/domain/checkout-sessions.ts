// Hosted checkout sessions (seed: CheckoutSession, CheckoutSessionPublic, CheckoutSessionPay).
// The client_token is a bearer secret: returned by creation only, stored as its SHA-256 (a
// 256-bit random token needs no slow hash), compared in constant time, never logged. A replay
// of the creation returns it from the (encrypted) idempotency record, not from this table.
//
// Expiry follows the app clock (ctx.now) everywhere: expires_at is set from it, reads report an
// open session past expires_at as expired, and a pay may only claim a session it has not passed.
// A pay claims the session (claimed_transaction_id) before calling the rail and completes it in
// the transaction that records the collection (flows/pay-checkout-session.ts); docs/decisions.md
// has the crash cases.
import type { Schema } from '@payagg/contract';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PendingQuery, Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { RAILS, type Rail } from '../rails/types.ts';
import { assertCurrencySupported, checkCollectionRequest, type CollectionRequest, type PartyCheckDeps } from './collections.ts';
import { assertMerchantActive, findMerchant } from './merchants.ts';
import { fieldsRefusal, Refusal } from './outcomes.ts';
import { assertSubMerchantOfMerchant } from './sub-merchants.ts';

/** 256 bits of randomness: unguessable, so a plain SHA-256 suffices to store it. */
export const client_token_bytes = 32;
/** Makes a leaked token recognisable (secret scanners, support) without revealing anything. */
export const client_token_prefix = 'cst_';
const ms_per_minute = 60_000;

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
export function toCheckoutSessionResource(row: CheckoutSessionRow, clientToken: string, now: Date): CheckoutSessionResource {
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
  } satisfies CheckoutSessionResource;
}
export type CheckoutSessionResource = Schema<'CheckoutSession'>;

/** The payer-facing read (spec: CheckoutSessionPublic): no token, no merchant-private fields. */
export function toCheckoutSessionPublic(row: CheckoutSessionRow, now: Date): Schema<'CheckoutSessionPublic'> {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    allowed_rails: row.allowed_rails,
    status: effectiveStatus(row, now),
    expires_at: row.expires_at.toISOString(),
  } satisfies Schema<'CheckoutSessionPublic'>;
}

export async function insertCheckoutSession(q: Queryable, input: {
  id: string; merchantId: string; subMerchantId: string | null; amount: number; currency: string;
  reference: string | null; allowedRails: readonly Rail[] | undefined; clientToken: string; lifetimeMinutes: number;
  /** The app clock: expiry is decided by it everywhere (creation, reads, pay claims). */
  now: Date;
}): Promise<CheckoutSessionRow> {
  const expiresAt = new Date(input.now.getTime() + input.lifetimeMinutes * ms_per_minute);
  const allowedRails = input.allowedRails && input.allowedRails.length > 0 ? [...new Set(input.allowedRails)] : [...RAILS];
  const [row] = await q<CheckoutSessionRow[]>`
    insert into checkout_sessions (id, merchant_id, sub_merchant_id, amount, currency, reference, allowed_rails,
      status, client_token_sha256, expires_at)
    values (${input.id}, ${input.merchantId}, ${input.subMerchantId}, ${input.amount}, ${input.currency},
      ${input.reference}, ${allowedRails}, 'open', ${tokenSha256(input.clientToken)},
      ${expiresAt})
    returning *`;
  return row!;
}

/** spec: CheckoutSessionCreate (shapes already checked by the schema). */
export type CheckoutSessionCreate = Schema<'CheckoutSessionCreate'>;

/**
 * What the schema cannot check: a currency the ledger knows, and a sub-merchant of this merchant
 * (another merchant's reads as unknown). A suspended merchant or sub-merchant may create a
 * session; its pay is what is held (docs/decisions.md).
 */
export async function checkCreateRequest(q: Queryable, merchantId: string, request: CheckoutSessionCreate): Promise<void> {
  assertCurrencySupported(request.currency);
  await assertSubMerchantOfMerchant(q, merchantId, request.sub_merchant_id);
}

/**
 * Creates the session with a fresh token; `commitWrites` (the stored, sealed response, which
 * keeps the token for replays) commit with it.
 */
export async function recordCheckoutSession(deps: { sql: Sql }, input: {
  id: string; merchantId: string; request: CheckoutSessionCreate; lifetimeMinutes: number; now: Date;
  commitWrites: (q: Queryable, created: CheckoutSessionResource) => CommitWrite[];
}): Promise<CheckoutSessionResource> {
  const { request } = input;
  return await write(deps, {
    prepare: async (tx) => {
      const clientToken = newClientToken();
      const row = await insertCheckoutSession(tx, {
        id: input.id,
        merchantId: input.merchantId,
        subMerchantId: request.sub_merchant_id ?? null,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference ?? null,
        allowedRails: request.allowed_rails,
        clientToken,
        lifetimeMinutes: input.lifetimeMinutes,
        now: input.now,
      });
      return toCheckoutSessionResource(row, clientToken, input.now);
    },
    writes: input.commitWrites,
  });
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
    throw new Refusal('checkout_session_not_found', 'The checkout session does not exist or the token does not open it.');
  }
  return row;
}

export function assertRailAllowed(row: CheckoutSessionRow, rail: Rail): void {
  if (!row.allowed_rails.includes(rail)) {
    throw fieldsRefusal('rail_not_allowed_by_session', [{ field: 'body.rail', message: `must be one of the session's allowed_rails: ${row.allowed_rails.join(', ')}` }]);
  }
}

/** The refusal a pay gets on a session that accepts no new payment (docs/decisions.md). */
export function sessionNotPayable(status: CheckoutSessionRow['status'] | 'claimed'): Refusal {
  if (status === 'claimed') {
    return fieldsRefusal('checkout_session_payment_in_progress', [{
      field: 'session',
      message: 'another payment of this checkout session is in progress; retry that payment with its own Idempotency-Key',
    }], 'Another payment of this checkout session is in progress.');
  }
  return fieldsRefusal('checkout_session_not_open', [{ field: 'session', message: `the checkout session is ${status} and accepts no new payment` }],
    `The checkout session is ${status}.`);
}

/**
 * Why a pay could not claim its session: the session is no longer open (completed, expired,
 * cancelled), or another pay holds it.
 */
export type PayClaimRefusal = { refused: CheckoutSessionRow['status'] | 'claimed' };

/**
 * Claims the session for the pay whose collection will be `transactionId`, BEFORE the rail is
 * called, so two pays can never both reach a rail. Runs under the session's row lock:
 *   - a claim this pay already holds (a resumed pay) stands, even past expires_at: the payer
 *     began before expiry and the rail may already hold the payment under this id;
 *   - otherwise the session must be open, unexpired (app clock `now`) and unclaimed, or its
 *     claim abandoned (claimIsAbandoned).
 * `withinClaim` runs in the same database transaction (the pay records that it may now reach
 * the rail), so a claim that is visible to others is always one whose pay may have called it.
 */
export async function claimSessionForPay(sql: Sql, input: {
  sessionId: string; transactionId: string; now: Date; withinClaim: (tx: Tx) => Promise<void>;
}): Promise<PayClaimRefusal | null> {
  return await write({ sql }, { prepare: async (tx): Promise<PayClaimRefusal | null> => {
    const [row] = await tx<CheckoutSessionRow[]>`select * from checkout_sessions where id = ${input.sessionId} for update`;
    if (!row) throw new Error(`claimSessionForPay: checkout session ${input.sessionId} vanished`);
    if (row.status !== 'open') return { refused: row.status };
    if (row.claimed_transaction_id !== input.transactionId) {
      const status = effectiveStatus(row, input.now);
      if (status !== 'open') return { refused: status };
      if (row.claimed_transaction_id !== null && !(await claimIsAbandoned(tx, row.merchant_id, row.claimed_transaction_id))) {
        return { refused: 'claimed' };
      }
      await tx`update checkout_sessions set claimed_transaction_id = ${input.transactionId}, updated_at = now()
               where id = ${input.sessionId}`;
    }
    await input.withinClaim(tx);
    return null;
  } });
}

/**
 * A claim may be taken over only when its pay provably never reached the rail: its idempotency
 * record is gone (the pay failed cleanly and released its key) or is still at 'started' with
 * its lock lapsed (IDEMPOTENCY_LOCK_MS). A pay marks its record past 'started' in the same
 * transaction as its claim (claimSessionForPay's withinClaim), so a claim whose record says
 * 'started' was handed back by releaseSessionClaim's withinRelease and is safe to take.
 * Once a pay may have reached the rail the money may be in flight under its transaction id:
 * only that pay (its Idempotency-Key, which resumes with the same id) can finish the session.
 * Records past their retention count until purged; the session lifetime (30 min) is far below
 * the retention (24 h), so a live session's claimant record is never purged in practice.
 */
async function claimIsAbandoned(tx: Tx, merchantId: string, transactionId: string): Promise<boolean> {
  const rows = await tx<{ holds: boolean }[]>`
    select (response_status is not null or recovery_point <> 'started'
            or (locked_until is not null and locked_until > now())) as holds
    from idempotency_keys
    where merchant_id = ${merchantId} and resource_id = ${transactionId}`;
  return !rows.some((row) => row.holds);
}

/**
 * Hands the session back after a pay that failed before any effect (rail outage, open breaker,
 * synchronous decline), in one transaction with `withinRelease` (the pay's record returns to
 * 'started', so its key is released too).
 */
export async function releaseSessionClaim(sql: Sql, input: {
  sessionId: string; transactionId: string; withinRelease: (tx: Tx) => Promise<void>;
}): Promise<void> {
  await write({ sql }, { prepare: async (tx) => {
    await tx`update checkout_sessions set claimed_transaction_id = null, updated_at = now()
             where id = ${input.sessionId} and claimed_transaction_id = ${input.transactionId} and status = 'open'`;
    await input.withinRelease(tx);
  } });
}

/** Completes the session its claiming pay (unsent, `returning 1`: one row while the claim holds). */
export function sessionCompletion(q: Queryable, sessionId: string, transactionId: string): PendingQuery {
  return q`
    update checkout_sessions set status = 'completed', collection_intent_id = ${transactionId}, updated_at = now()
    where id = ${sessionId} and status = 'open' and claimed_transaction_id = ${transactionId}
    returning 1`;
}

/** spec: CheckoutSessionPay (the schema has checked shapes and the payer field each rail needs). */
export type CheckoutSessionPay = Schema<'CheckoutSessionPay'>;

/**
 * Everything a pay can be refused for before any effect, in order: the rail is one of the
 * session's, the merchant may transact (merchant_not_active), and the POST /collections checks
 * (payer fields, raw card number, currency, sub-merchant active). Returns the collection
 * request POST /collections would receive: the session's amount, currency, reference and
 * sub-merchant with the payer's rail and reference.
 */
export async function checkPayRequest(deps: PartyCheckDeps, session: CheckoutSessionRow, pay: CheckoutSessionPay): Promise<CollectionRequest> {
  assertRailAllowed(session, pay.rail);
  const merchant = await findMerchant(deps.sql, session.merchant_id);
  if (!merchant) throw new Error(`checkout session ${session.id} has no merchant`);
  assertMerchantActive(merchant);
  const request = payCollectionRequest(session, pay);
  await checkCollectionRequest(deps, session.merchant_id, request);
  return request;
}

/** The collection request a pay makes: the session's amount, currency, reference and sub-merchant with the payer's rail and reference. */
export function payCollectionRequest(session: CheckoutSessionRow, pay: CheckoutSessionPay): CollectionRequest {
  return {
    amount: Number(session.amount),
    currency: session.currency,
    rail: pay.rail,
    payer_phone: pay.payer_phone,
    payer_card_token: pay.payer_card_token,
    payer_account_ref: pay.payer_account_ref,
    sub_merchant_id: session.sub_merchant_id,
    reference: session.reference,
  };
}

/** A session by id alone, for the service's own work (the completer); requests open it with its token (findSessionByToken). */
export async function findSession(q: Queryable, id: string): Promise<CheckoutSessionRow | null> {
  const rows = await q<CheckoutSessionRow[]>`select * from checkout_sessions where id = ${id}`;
  return rows[0] ?? null;
}
