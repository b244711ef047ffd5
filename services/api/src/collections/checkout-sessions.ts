// Hosted checkout sessions (seed: CheckoutSession, CheckoutSessionPublic, CheckoutSessionPay).
// The client_token is a bearer secret: returned by creation only, stored as its SHA-256 (a
// 256-bit random token needs no slow hash), compared in constant time, never logged. A replay
// of the creation returns it from the (encrypted) idempotency record, not from this table.
//
// Expiry follows the app clock (ctx.now) everywhere: expires_at is set from it, reads report an
// open session past expires_at as expired, and a pay may only claim a session it has not passed.
// A pay claims the session (claimed_transaction_id) before calling the rail and completes it in
// the transaction that records the collection (collections/flows/pay-checkout-session.ts); docs/decisions/0191-checkout-pay-claims-the-session.md
// has the crash cases.
import type { Schema } from '@payagg/contract';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PendingQuery, Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { allRails, type Rail } from '../rails/types.ts';
import { assertCurrencySupported } from '../domain/currency-support.ts';
import { checkCollectionRequest, type CollectionRequest, type CollectionsDeps, type PartyCheckDeps } from './collections.ts';
import { assertMerchantActive, findMerchant } from '../accounts/index.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import { planLegs } from './splits/split-rules.ts';
import { assertSubMerchantOfMerchant } from '../sub-merchants/index.ts';
import { type TransactionStatus } from './transactions.ts';

/** Where the service serves the hosted checkout page (spec: CheckoutSession.checkout_url). */
export const checkoutPagePath = '/checkout';

/** 256 bits of randomness: unguessable, so a plain SHA-256 suffices to store it. */
export const clientTokenBytes = 32;
/** Makes a leaked token recognisable (secret scanners, support) without revealing anything. */
export const clientTokenPrefix = 'cst_';
const msPerMinute = 60_000;

export type CheckoutSessionRow = {
  id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  split_rule_id: string | null;
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
  return clientTokenPrefix + randomBytes(clientTokenBytes).toString('base64url');
}

function tokenSha256(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** An open session past expires_at reads as expired (seed: "reads report the session as expired"). */
export function effectiveStatus(row: CheckoutSessionRow, now: Date): CheckoutSessionRow['status'] {
  return row.status === 'open' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

/**
 * The hosted page of a session (spec: CheckoutSession.checkout_url): the token rides in the
 * fragment, which browsers never send to a server (no access log, proxy or Referer sees it); the
 * page reads it from there and sends it as X-Checkout-Token. `publicBaseUrl` is PUBLIC_BASE_URL,
 * or the creating request's own origin in development (docs/checkout-page.md).
 */
export function checkoutPageUrl(publicBaseUrl: string, sessionId: string, clientToken: string): string {
  return `${publicBaseUrl}${checkoutPagePath}/${sessionId}#token=${clientToken}`;
}

/** The creation response (spec: CheckoutSession), the only place the token ever appears. */
export function toCheckoutSessionResource(row: CheckoutSessionRow, clientToken: string, now: Date, checkoutUrl: string): CheckoutSessionResource {
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
    checkout_url: checkoutUrl,
  } satisfies CheckoutSessionResource;
}
export type CheckoutSessionResource = Schema<'CheckoutSession'>;

/**
 * What the payer's read adds to the session row: the merchant's name and the collection the pay
 * created (null columns until then). No transaction id, provider reference or payer detail.
 */
export type PublicSessionRow = CheckoutSessionRow & {
  merchant_display_name: string;
  payment_rail: Rail | null;
  payment_status: TransactionStatus | null;
  payment_action_url: string | null;
  payment_ussd_code: string | null;
  payment_failure_reason: string | null;
};

/** The payer-facing read (spec: CheckoutSessionPublic): no token, no merchant-private fields. */
export function toCheckoutSessionPublic(row: PublicSessionRow, now: Date): Schema<'CheckoutSessionPublic'> {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    allowed_rails: row.allowed_rails,
    status: effectiveStatus(row, now),
    expires_at: row.expires_at.toISOString(),
    merchant_display_name: row.merchant_display_name,
    payment: row.payment_rail === null || row.payment_status === null ? null : {
      rail: row.payment_rail,
      status: row.payment_status,
      action_url: row.payment_action_url,
      ussd_code: row.payment_ussd_code,
      failure_reason: row.payment_status === 'failed' ? paymentFailureReason(row.payment_failure_reason) : null,
    },
  } satisfies Schema<'CheckoutSessionPublic'>;
}

/** The payer may see why a rail failed the payment; a reason outside the spec's set is not shown. */
function paymentFailureReason(reason: string | null): PaymentFailureReason | null {
  return (paymentFailureReasons as readonly string[]).includes(reason ?? '') ? (reason as PaymentFailureReason) : null;
}

/** spec: CheckoutSessionPublic.payment.failure_reason (refund_rejected is a refund's, never a collection's). */
export const paymentFailureReasons = ['insufficient_funds', 'payer_declined', 'card_declined', 'authentication_failed', 'account_closed'] as const;
export type PaymentFailureReason = (typeof paymentFailureReasons)[number];

export async function insertCheckoutSession(q: Queryable, input: {
  id: string; merchantId: string; subMerchantId: string | null; amount: number; currency: string;
  splitRuleId?: string | null;
  reference: string | null; allowedRails: readonly Rail[] | undefined; clientToken: string; lifetimeMinutes: number;
  /** The app clock: expiry is decided by it everywhere (creation, reads, pay claims). */
  now: Date;
}): Promise<CheckoutSessionRow> {
  const expiresAt = new Date(input.now.getTime() + input.lifetimeMinutes * msPerMinute);
  const allowedRails = input.allowedRails && input.allowedRails.length > 0 ? [...new Set(input.allowedRails)] : [...allRails];
  const [row] = await q<CheckoutSessionRow[]>`
    insert into checkout_sessions (id, merchant_id, sub_merchant_id, amount, currency, reference, allowed_rails,
      status, client_token_sha256, expires_at, split_rule_id)
    values (${input.id}, ${input.merchantId}, ${input.subMerchantId}, ${input.amount}, ${input.currency},
      ${input.reference}, ${allowedRails}, 'open', ${tokenSha256(input.clientToken)},
      ${expiresAt}, ${input.splitRuleId ?? null})
    returning *`;
  return row!;
}

/** spec: CheckoutSessionCreate (shapes already checked by the schema). */
export type CheckoutSessionCreate = Schema<'CheckoutSessionCreate'>;

/**
 * What the schema cannot check: a currency the ledger knows, and a sub-merchant of this merchant
 * (another merchant's reads as unknown). A suspended merchant or sub-merchant may create a
 * session; its pay is what is held (docs/decisions/0189-session-creation-for-suspended-merchants.md).
 */
export async function checkCreateRequest(q: Queryable, merchantId: string, request: CheckoutSessionCreate): Promise<void> {
  assertCurrencySupported(request.currency);
  await assertSubMerchantOfMerchant(q, merchantId, request.sub_merchant_id);
  // The rule is checked here; its pay applies it even if it is deactivated meanwhile.
  if (request.split_rule_id) {
    await planLegs(q, {
      merchantId, amount: request.amount, currency: request.currency, subMerchantId: request.sub_merchant_id ?? null,
      splitRuleId: request.split_rule_id, holdInEscrow: false, requireActive: true,
    });
  }
}

/**
 * Creates the session with a fresh token; `commitWrites` (the stored, sealed response, which
 * keeps the token and the checkout_url carrying it, for replays) commit with it.
 */
export async function recordCheckoutSession(deps: { sql: Sql }, input: {
  id: string; merchantId: string; request: CheckoutSessionCreate; lifetimeMinutes: number; now: Date;
  /** PUBLIC_BASE_URL, or the creating request's origin in development: checkout_url's base. */
  publicBaseUrl: string;
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
        splitRuleId: request.split_rule_id ?? null,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference ?? null,
        allowedRails: request.allowed_rails,
        clientToken,
        lifetimeMinutes: input.lifetimeMinutes,
        now: input.now,
      });
      return toCheckoutSessionResource(row, clientToken, input.now, checkoutPageUrl(input.publicBaseUrl, row.id, clientToken));
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
  return openedByToken(rows[0], token);
}

/**
 * The payer's read: the session its token opens, with the merchant's name and its collection's
 * payer-visible state, in one query (the page polls it while the payment settles).
 */
export async function findPublicSessionByToken(q: Queryable, id: string, token: string): Promise<PublicSessionRow> {
  const rows = await q<PublicSessionRow[]>`
    select s.*, m.name as merchant_display_name,
           t.rail as payment_rail, t.status as payment_status, t.action_url as payment_action_url,
           t.ussd_code as payment_ussd_code, t.failure_reason as payment_failure_reason
    from checkout_sessions s
    join merchants m on m.id = s.merchant_id
    left join transactions t on t.id = s.collection_intent_id
    where s.id = ${id}`;
  return openedByToken(rows[0], token);
}

/** Unknown session and wrong token fail alike, after a comparison of the same cost. */
function openedByToken<Row extends CheckoutSessionRow>(row: Row | undefined, token: string): Row {
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

/** The refusal a pay gets on a session that accepts no new payment (docs/decisions/0103-pay-on-a-closed-session-is-422-session.md). */
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
    split_rule_id: session.split_rule_id,
  };
}

/** A session by id alone, for the service's own work (the completer); requests open it with its token (findSessionByToken). */
export async function findSession(q: Queryable, id: string): Promise<CheckoutSessionRow | null> {
  const rows = await q<CheckoutSessionRow[]>`select * from checkout_sessions where id = ${id}`;
  return rows[0] ?? null;
}
