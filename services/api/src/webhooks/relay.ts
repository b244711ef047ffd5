// The outbox relay: fans each new event out to the endpoints subscribed to its type, one delivery
// per (endpoint, event), then marks the event dispatched, all in one statement. Events are taken
// with FOR UPDATE SKIP LOCKED, so relays in several processes share the work without taking an
// event twice; the (endpoint, event) unique key would absorb a repeat anyway. Only endpoints that
// are active and existed when the event was written receive it (seed: "to every active endpoint
// subscribed to the event's type"). Nothing here runs on the request path: writers only INSERT
// the event (domain/events.ts).
import type { Queryable } from '../db/index.ts';
import { addDeliverJobs } from './jobs.ts';

/** Events fanned out per statement. */
export const relayBatchEventsMax = 500;

/** `byType`: how many of the round's events were of each type (the status changes the metrics count). */
export type RelayRound = { events: number; deliveries: number; endpointIds: string[]; byType: Record<string, number> };

export async function relayEvents(q: Queryable, limit = relayBatchEventsMax): Promise<RelayRound> {
  const [row] = await q<{ events: number; deliveries: number; endpoint_ids: string[]; by_type: Record<string, number> }[]>`
    with batch as (
      select sequence, id, merchant_id, type, created_at from events
      where dispatched_at is null
      order by sequence
      limit ${limit}
      for update skip locked
    ),
    fanned as (
      insert into webhook_deliveries (id, merchant_id, endpoint_id, event_id, event_type, status, next_attempt_at)
      select gen_random_uuid(), b.merchant_id, w.id, b.id, b.type, 'pending', now()
      from batch b
      join webhook_endpoints w on w.merchant_id = b.merchant_id and w.active and w.deleted_at is null
        and b.type = any (w.subscribed_events) and w.created_at <= b.created_at
      order by b.sequence
      on conflict (endpoint_id, event_id) do nothing
      returning endpoint_id
    ),
    marked as (
      update events e set dispatched_at = now() from batch b where e.sequence = b.sequence returning 1
    )
    select (select count(*)::int from marked) as events, (select count(*)::int from fanned) as deliveries,
      array(select distinct endpoint_id from fanned)::text[] as endpoint_ids,
      (select coalesce(json_object_agg(type, n), '{}'::json) from (select type, count(*)::int as n from batch group by type) t) as by_type,
      ${addDeliverJobs(q, q`select distinct endpoint_id from fanned`)} as jobs`;
  return { events: row!.events, deliveries: row!.deliveries, endpointIds: row!.endpoint_ids, byType: row!.by_type };
}
