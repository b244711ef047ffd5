// The event outbox (seed: Events). Every status change writes its event here inside the same
// database transaction as the change itself, so an event exists if and only if the change does.
// `sequence` orders events globally; `resource_sequence` numbers one resource's events 1, 2, 3...
// (delivered as `data.sequence`, so a receiver can drop an older event that arrives late). It is
// computed inside the INSERT (one more than the resource's last), adding no round trip: writers of
// a status change hold the resource's row lock, and a unique index makes any race an error rather
// than a duplicate number. The relay (src/webhooks/relay.ts) fans events out to webhook endpoints.
import { randomUUID } from 'node:crypto';
import type { PendingQuery, Queryable } from '../db/index.ts';

export const eventTypes = [
  'transaction.pending', 'transaction.success', 'transaction.failed', 'transaction.reversed',
  'payout.queued', 'payout.processing', 'payout.success', 'payout.failed',
  'escrow.held', 'escrow.released', 'escrow.returned',
  'dispute.opened', 'dispute.resolved',
  'kyc.verified', 'kyc.rejected',
] as const;
export type EventType = (typeof eventTypes)[number];

export type OutboxEvent = {
  id: string;
  sequence: bigint;
  resource_sequence: bigint;
  merchant_id: string;
  type: EventType;
  resource_type: string;
  resource_id: string;
  data: Record<string, unknown>;
  created_at: Date;
};

export type NewEvent = {
  merchantId: string;
  type: EventType;
  resourceType: 'transaction' | 'payout' | 'escrow' | 'dispute' | 'sub_merchant';
  resourceId: string;
  data: Record<string, unknown>;
};

export async function appendEvent(q: Queryable, event: NewEvent): Promise<string> {
  const id = randomUUID();
  await eventInsert(q, id, event);
  return id;
}

/** Many events in one statement, in the order given (their `sequence` follows it). */
export async function appendEvents(q: Queryable, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q`
    insert into events (id, merchant_id, type, resource_type, resource_id, data, resource_sequence)
    select id, merchant_id, type, resource_type, resource_id, data::jsonb,
      coalesce((select max(x.resource_sequence) from events x where x.resource_id = e.resource_id), 0)
        + row_number() over (partition by e.resource_id order by e.position)
    from unnest(${events.map(() => randomUUID())}::uuid[], ${events.map((e) => e.merchantId)}::uuid[],
                ${events.map((e) => e.type)}::text[], ${events.map((e) => e.resourceType)}::text[],
                ${events.map((e) => e.resourceId)}::uuid[], ${events.map((e) => JSON.stringify(e.data))}::text[])
      with ordinality as e(id, merchant_id, type, resource_type, resource_id, data, position)
    order by position`;
}

/** The INSERT of an event, unsent (`returning 1`), for a one-statement commit. */
export function eventInsert(q: Queryable, id: string, event: NewEvent): PendingQuery {
  return q`insert into events (id, merchant_id, type, resource_type, resource_id, data, resource_sequence)
           values (${id}, ${event.merchantId}, ${event.type}, ${event.resourceType}, ${event.resourceId},
                   ${q.json(event.data as never)},
                   (select coalesce(max(resource_sequence), 0) + 1 from events where resource_id = ${event.resourceId}))
           returning 1`;
}

/** The events of one resource in the order they happened (tests and support tooling). */
export async function eventsOf(q: Queryable, resourceId: string): Promise<OutboxEvent[]> {
  return await q<OutboxEvent[]>`
    select id, sequence, resource_sequence, merchant_id, type, resource_type, resource_id, data, created_at
    from events where resource_id = ${resourceId} order by resource_sequence`;
}
