// Deliveries: one row per (endpoint, event), its status and its latest attempt (seed: "Receiver
// obligations and retries"). Workers claim due rows by writing a lease in one UPDATE (FOR UPDATE
// SKIP LOCKED), so two workers never send the same delivery at once; they record the outcome only
// while they still hold the lease. A worker that dies mid-attempt leaves the lease to expire: the
// delivery is still due, so the next claim attempts it again, and the lost attempt counts as one
// that failed without an answer.
//
// The attempt limit is enforced by the claim itself: it counts the attempt before anything is sent
// and never leases a delivery that has used its attempts (it exhausts it instead). So whatever
// fails after a claim (a crash, a database restart, an outcome that cannot be stored), no delivery
// is ever sent more often than its limit allows (issue 22; decision record 0430).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { EventType } from '../domain/events.ts';
import { keysetCondition, type Keyset } from '../http/pagination.ts';
import { storableText, webhookErrorCharsMax, webhookResponseSnippetCharsMax } from './delivery-client.ts';
import { clipText, webhookDiagnosticLengthMax } from '../http/response-limits.ts';
import type { EventRow } from './event-body.ts';

export const deliveryStatuses = ['pending', 'succeeded', 'failed', 'exhausted'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** The attempt's lease: the per-attempt timeout plus room to record the outcome. */
export const leaseMarginMs = 20_000;

export type DeliveryRow = {
  id: string;
  merchant_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  attempt_count: number;
  last_response_code: number | null;
  last_response_snippet: string | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  lease_token: string | null;
  lease_expires_at: Date | null;
  /** attempt_count a manual retry allows (one more than when it was asked); null without one. */
  manual_attempt_limit: number | null;
  created_at: Date;
  updated_at: Date;
};

/** The API resource (spec: WebhookDelivery). */
export function toDeliveryResource(row: DeliveryRow) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempt_count: row.attempt_count,
    last_response_code: row.last_response_code,
    last_response_snippet: row.last_response_snippet,
    last_error: row.last_error === null ? null : clipText(row.last_error, webhookDiagnosticLengthMax),
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * What follows a failed attempt number `attemptCount` (1-based): the next one after
 * `schedule[attemptCount - 1]` seconds, or exhausted once the schedule has no step left (so
 * attempts in all = schedule length + 1: 6 with the seed's schedule). A receiver's Retry-After
 * (429, 503) moves the next attempt later, never sooner, and never past the schedule's longest step.
 */
export function afterFailure(attemptCount: number, schedule: readonly number[], retryAfterS: number | null):
  { status: 'failed'; delayS: number } | { status: 'exhausted' } {
  const step = schedule[attemptCount - 1];
  if (step === undefined) return { status: 'exhausted' };
  const longest = Math.max(...schedule);
  const asked = retryAfterS === null ? 0 : Math.min(retryAfterS, longest);
  return { status: 'failed', delayS: Math.max(step, asked) };
}

export type ClaimedDelivery = DeliveryRow & { lease_token: string; event: EventRow; interrupted: boolean };

/** The automatic attempt limit of a retry schedule: its first attempt and one after each wait (6 for the seed's). */
export function attemptsMaxOf(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/** last_error of a delivery the claim exhausted because its attempts were used up. */
export const attemptsUsedUpError = 'no attempts left: the last attempt was interrupted before its outcome was recorded';

/**
 * Up to `limit` due deliveries of one endpoint, oldest due first, leased to the caller for
 * `leaseMs`, each with its event. Counts the attempt now: if the worker dies, it still counted.
 * A due delivery that has made `attemptsMax` attempts (or its manual retry's limit, when higher)
 * is not leased: it is exhausted into the dead-letter store here, so it is never sent again.
 * That happens only to a delivery whose last attempt's outcome was never recorded.
 */
export async function claimDueDeliveries(q: Queryable, endpointId: string, limit: number, leaseMs: number, attemptsMax: number):
  Promise<{ claimed: ClaimedDelivery[]; exhausted: string[] }> {
  const token = randomUUID();
  const rows = await q<(DeliveryRow & { spent: boolean; interrupted: boolean; e_type: EventType; e_resource_id: string; e_resource_sequence: bigint; e_data: Record<string, unknown>; e_created_at: Date })[]>`
    with due as (
      select d.id, d.lease_token is not null as interrupted,
        d.attempt_count >= greatest(${attemptsMax}::int, coalesce(d.manual_attempt_limit, 0)) as spent
      from webhook_deliveries d
      where d.endpoint_id = ${endpointId} and d.next_attempt_at <= now()
        and (d.lease_expires_at is null or d.lease_expires_at < now())
      order by d.next_attempt_at, d.created_at
      limit ${limit}
      for update skip locked
    ),
    spent as (
      update webhook_deliveries d set
        status = 'exhausted', next_attempt_at = null, lease_token = null, lease_expires_at = null,
        last_error = case when due.interrupted then ${attemptsUsedUpError} else 'no attempts left under the current retry schedule' end,
        updated_at = now()
      from due where d.id = due.id and due.spent
      returning d.*
    ),
    dead as (
      insert into webhook_dead_letters (delivery_id, merchant_id, endpoint_id, event_id, event_type, attempt_count, last_response_code, last_error)
      select id, merchant_id, endpoint_id, event_id, event_type, attempt_count, last_response_code, last_error from spent
      on conflict (delivery_id) do update set attempt_count = excluded.attempt_count, last_response_code = excluded.last_response_code,
        last_error = excluded.last_error, exhausted_at = now(), redelivered_at = null
      returning 1
    ),
    claimed as (
      update webhook_deliveries d set
        lease_token = ${token}, lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}),
        attempt_count = d.attempt_count + 1,
        last_error = case when due.interrupted then 'attempt interrupted: the worker stopped before recording its outcome' else d.last_error end,
        updated_at = now()
      from due, events e
      where d.id = due.id and not due.spent and e.id = d.event_id
      returning d.*, due.interrupted, e.type as e_type, e.resource_id as e_resource_id,
        e.resource_sequence as e_resource_sequence, e.data as e_data, e.created_at as e_created_at
    )
    select claimed.*, false as spent from claimed
    union all
    select spent.*, false, null, null, null, null, null, true from spent`;
  const claimed = rows.filter((row) => !row.spent).map(({ e_type, e_resource_id, e_resource_sequence, e_data, e_created_at, spent: _spent, ...row }) => ({
    ...row,
    lease_token: token,
    event: { id: row.event_id, type: e_type, resource_id: e_resource_id, resource_sequence: e_resource_sequence, data: e_data, created_at: e_created_at },
  }));
  return { claimed, exhausted: rows.filter((row) => row.spent).map((row) => row.id) };
}

export type AttemptOutcome = {
  id: string;
  leaseToken: string;
  status: 'succeeded' | 'failed' | 'exhausted';
  /** Seconds until the next attempt (status failed). */
  delayS: number;
  responseCode: number | null;
  snippet: string | null;
  error: string | null;
};

/**
 * Records a round's outcomes in one statement, each only if its lease is still ours; writes
 * exhausted ones to the dead-letter store, marks dead letters redelivered on success, and keeps
 * the endpoint's failure record: a success clears it, a round of failures starts it, and an
 * endpoint failing for `disableAfterS` is disabled with a reason. Returns the ids recorded.
 */
export async function recordOutcomes(q: Queryable, endpointId: string, outcomes: readonly AttemptOutcome[], disableAfterS: number): Promise<{ recorded: string[]; disabled: boolean }> {
  if (outcomes.length === 0) return { recorded: [], disabled: false };
  const anySuccess = outcomes.some((o) => o.status === 'succeeded');
  const lastError = outcomes.findLast((o) => o.status !== 'succeeded')?.error ?? null;
  // Storable whatever the caller passes (delivery-client.ts already cleans what it reads): one
  // receiver's NUL byte must not fail the statement that records a whole round.
  const snippets = outcomes.map((o) => (o.snippet === null ? null : storableText(o.snippet, webhookResponseSnippetCharsMax)));
  const errors = outcomes.map((o) => (o.error === null ? null : storableText(o.error, webhookErrorCharsMax)));
  const rows = await q<{ id: string | null; disabled: boolean }[]>`
    with r as (
      select * from unnest(${outcomes.map((o) => o.id)}::uuid[], ${outcomes.map((o) => o.leaseToken)}::uuid[],
        ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.delayS)}::int[],
        ${outcomes.map((o) => o.responseCode)}::int[], ${snippets}::text[],
        ${errors}::text[]) as r(id, token, status, delay_s, code, snippet, error)
    ),
    u as (
      update webhook_deliveries d set
        status = r.status, last_response_code = r.code, last_response_snippet = r.snippet, last_error = r.error,
        next_attempt_at = case when r.status = 'failed' then now() + make_interval(secs => r.delay_s) end,
        lease_token = null, lease_expires_at = null, updated_at = now()
      from r where d.id = r.id and d.lease_token = r.token
      returning d.*
    ),
    dead as (
      insert into webhook_dead_letters (delivery_id, merchant_id, endpoint_id, event_id, event_type, attempt_count, last_response_code, last_error)
      select id, merchant_id, endpoint_id, event_id, event_type, attempt_count, last_response_code, last_error from u where status = 'exhausted'
      on conflict (delivery_id) do update set attempt_count = excluded.attempt_count, last_response_code = excluded.last_response_code,
        last_error = excluded.last_error, exhausted_at = now(), redelivered_at = null
      returning 1
    ),
    redelivered as (
      update webhook_dead_letters set redelivered_at = now()
      where delivery_id in (select id from u where status = 'succeeded') and redelivered_at is null
      returning 1
    ),
    health as (
      update webhook_endpoints w set
        failing_since = case when ${anySuccess} then null else coalesce(w.failing_since, now()) end,
        active = case when not ${anySuccess} and w.failing_since <= now() - make_interval(secs => ${disableAfterS}) then false else w.active end,
        disabled_at = case when w.active and not ${anySuccess} and w.failing_since <= now() - make_interval(secs => ${disableAfterS}) then now() else w.disabled_at end,
        disabled_reason = case when w.active and not ${anySuccess} and w.failing_since <= now() - make_interval(secs => ${disableAfterS})
          then 'every delivery attempt failed since ' || to_char(w.failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
               || ' (disabled after ' || ${disableAfterS} || ' s of failures); last error: ' || coalesce(${lastError === null ? null : storableText(lastError, webhookErrorCharsMax)}::text, 'none')
          else w.disabled_reason end,
        updated_at = now()
      where w.id = ${endpointId}
      returning (not w.active) as disabled
    )
    select u.id, (select disabled from health) as disabled from u
    union all
    select null, (select disabled from health) where not exists (select 1 from u)`;
  return { recorded: rows.flatMap((row) => (row.id ? [row.id] : [])), disabled: rows[0]?.disabled ?? false };
}

/**
 * A manual redelivery: the delivery's next attempt, due now, whatever its status. Null when the
 * delivery is not the merchant's endpoint's.
 */
export async function scheduleManualRetry(q: Queryable, merchantId: string, endpointId: string, deliveryId: string): Promise<DeliveryRow | null> {
  const [row] = await q<DeliveryRow[]>`
    update webhook_deliveries set status = 'pending', next_attempt_at = now(), updated_at = now(),
      manual_attempt_limit = attempt_count + 1
    where id = ${deliveryId} and endpoint_id = ${endpointId} and merchant_id = ${merchantId}
    returning *`;
  return row ?? null;
}

/** Newest first, keyset-paginated (GET /webhooks/{id}/deliveries). */
export async function listDeliveries(q: Queryable, endpointId: string, status: DeliveryStatus | undefined, after: Keyset | null, take: number): Promise<DeliveryRow[]> {
  return await q<DeliveryRow[]>`
    select * from webhook_deliveries
    where endpoint_id = ${endpointId}
      and ${status ? q`status = ${status}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}

/** Endpoints with deliveries due now and not leased (the retry sweep wakes them). */
export async function endpointsWithDueDeliveries(q: Queryable, limit: number): Promise<string[]> {
  const rows = await q<{ endpoint_id: string }[]>`
    select w.id as endpoint_id from webhook_endpoints w
    where w.active and w.deleted_at is null
      and exists (select 1 from webhook_deliveries d
                  where d.endpoint_id = w.id and d.next_attempt_at <= now()
                    and (d.lease_expires_at is null or d.lease_expires_at < now()))
    limit ${limit}`;
  return rows.map((row) => row.endpoint_id);
}
