// Webhook endpoints (seed: WebhookEndpoint): registration, listing, soft delete, secret rotation
// and re-enabling. Every query is merchant-scoped; another merchant's endpoint reads as absent.
// The signing secret is sealed at rest (crypto/secret-box.ts) and returned once, in plaintext,
// by the call that made it (creation or rotation); it is never logged.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Queryable, Sql } from '../db/index.ts';
import type { EventType } from '../domain/events.ts';
import { clipText, webhookDiagnosticLengthMax } from '../http/response-limits.ts';

export type WebhookEndpointRow = {
  id: string;
  merchant_id: string;
  url: string;
  subscribed_events: EventType[];
  signing_secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_secret_expires_at: Date | null;
  active: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  failing_since: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** `whsec_` + 32 base64url characters (24 random bytes): the HMAC key, used as its UTF-8 text. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The API resource (spec: WebhookEndpoint): never a secret. */
export function toEndpointResource(row: WebhookEndpointRow, nowMs = Date.now()) {
  const overlapEnds = row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > nowMs
    ? row.previous_secret_expires_at.toISOString()
    : null;
  return {
    id: row.id,
    url: row.url,
    subscribed_events: row.subscribed_events,
    active: row.active,
    disabled_reason: row.disabled_reason === null ? null : clipText(row.disabled_reason, webhookDiagnosticLengthMax),
    previous_secret_expires_at: overlapEnds,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A merchant's endpoints that are not deleted (disabled ones count): at most this many, so
 * GET /webhooks, unpaginated like the seed's list, stays one bounded page (its schema's maxItems).
 * Stripe caps an account at 16; 100 leaves room for one endpoint per event type and per team.
 * Decision 0540.
 */
export const webhookEndpointsPerMerchantMax = 100;

export type InsertedEndpoint =
  | { ok: true; row: WebhookEndpointRow; secret: string }
  | { ok: false; reason: 'limit_reached'; limit: number };

export async function insertEndpoint(sql: Sql, box: SecretBox, input: {
  merchantId: string; url: string; subscribedEvents: readonly EventType[];
  /** The endpoint's id: an Idempotency-Key's pre-allocated one, so a keyed retry finds it. */
  id?: string;
}): Promise<InsertedEndpoint> {
  const secret = newSigningSecret();
  return await sql.begin(async (tx) => {
    // Two concurrent creates at 99 must not both pass the count: they queue on the merchant's lock.
    await tx`select pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:${input.merchantId}`}, 0))`;
    const [held] = await tx<{ n: number }[]>`
      select count(*)::int as n from webhook_endpoints where merchant_id = ${input.merchantId} and deleted_at is null`;
    if (held!.n >= webhookEndpointsPerMerchantMax) return { ok: false, reason: 'limit_reached', limit: webhookEndpointsPerMerchantMax } as const;
    const [row] = await tx<WebhookEndpointRow[]>`
      insert into webhook_endpoints (id, merchant_id, url, subscribed_events, signing_secret_sealed)
      values (${input.id ?? randomUUID()}, ${input.merchantId}, ${input.url}, ${[...input.subscribedEvents]}::text[], ${box.seal(secret)})
      returning *`;
    return { ok: true, row: row!, secret } as const;
  });
}

/** Every endpoint not deleted, oldest first (GET /webhooks is unpaginated, like the seed's list). */
export async function listEndpoints(q: Queryable, merchantId: string): Promise<WebhookEndpointRow[]> {
  return await q<WebhookEndpointRow[]>`
    select * from webhook_endpoints
    where merchant_id = ${merchantId} and deleted_at is null
    order by created_at, id`;
}

export async function findEndpoint(q: Queryable, merchantId: string, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await q<WebhookEndpointRow[]>`
    select * from webhook_endpoints where id = ${id} and merchant_id = ${merchantId} and deleted_at is null`;
  return row ?? null;
}

/** Soft delete; false when there was nothing (left) to delete. */
export async function deleteEndpoint(q: Queryable, merchantId: string, id: string): Promise<boolean> {
  const rows = await q`
    update webhook_endpoints set deleted_at = now(), updated_at = now()
    where id = ${id} and merchant_id = ${merchantId} and deleted_at is null
    returning 1`;
  return rows.length === 1;
}

/**
 * A new secret; the current one keeps signing beside it until `overlapS` seconds from now (none
 * when 0). A rotation during an overlap drops the oldest secret: at most two ever sign.
 */
export async function rotateSecret(q: Queryable, box: SecretBox, merchantId: string, id: string, overlapS: number):
  Promise<{ row: WebhookEndpointRow; secret: string } | null> {
  const secret = newSigningSecret();
  const [row] = await q<WebhookEndpointRow[]>`
    update webhook_endpoints set
      previous_secret_sealed = case when ${overlapS}::int > 0 then signing_secret_sealed else null end,
      previous_secret_expires_at = case when ${overlapS}::int > 0 then now() + make_interval(secs => ${overlapS}::int) else null end,
      signing_secret_sealed = ${box.seal(secret)},
      updated_at = now()
    where id = ${id} and merchant_id = ${merchantId} and deleted_at is null
    returning *`;
  return row ? { row, secret } : null;
}

/** Active again, with a clean failure record; its due deliveries are attempted at once. */
export async function enableEndpoint(q: Queryable, merchantId: string, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await q<WebhookEndpointRow[]>`
    update webhook_endpoints set active = true, disabled_reason = null, disabled_at = null, failing_since = null,
      updated_at = case when active then updated_at else now() end
    where id = ${id} and merchant_id = ${merchantId} and deleted_at is null
    returning *`;
  return row ?? null;
}

/** The secrets that sign a delivery now: the current one, then the previous one during an overlap. */
export function signingSecretsOf(row: Pick<WebhookEndpointRow, 'signing_secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at'>,
  box: SecretBox, nowMs: number): string[] {
  const secrets = [box.open(row.signing_secret_sealed)];
  if (row.previous_secret_sealed && row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > nowMs) {
    secrets.push(box.open(row.previous_secret_sealed));
  }
  return secrets;
}

/**
 * The answer POST /webhooks gave for endpoint `id`, signing secret included, or null when there is
 * no such endpoint: a keyed creation's `reached` (webhooks/webhooks-routes.ts) and the run finisher's.
 */
export async function createdEndpointAnswer(q: Queryable, box: SecretBox, merchantId: string, id: string, nowMs: number) {
  const row = await findEndpoint(q, merchantId, id);
  return row === null ? null : { ...toEndpointResource(row, nowMs), signing_secret: box.open(row.signing_secret_sealed) };
}
