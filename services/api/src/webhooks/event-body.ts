// The event as receivers see it, in a webhook body and in GET /events alike (spec: WebhookEvent):
// `{id, type, created_at, data}`, where data is what the domain wrote plus `sequence`, the
// event's place among its resource's events. The same event always renders to the same bytes.
import type { Queryable } from '../db/index.ts';
import type { EventType } from '../domain/events.ts';
import { keysetCondition, type Keyset } from '../http/pagination.ts';

export type EventRow = {
  id: string;
  type: EventType;
  resource_id: string;
  resource_sequence: bigint;
  data: Record<string, unknown>;
  created_at: Date;
};

export function toEventResource(row: EventRow) {
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    data: { ...row.data, sequence: Number(row.resource_sequence) },
  };
}

export function eventBody(row: EventRow): string {
  return JSON.stringify(toEventResource(row));
}

export async function findEvent(q: Queryable, merchantId: string, id: string): Promise<EventRow | null> {
  const [row] = await q<EventRow[]>`
    select id, type, resource_id, resource_sequence, data, created_at
    from events where id = ${id} and merchant_id = ${merchantId}`;
  return row ?? null;
}

export type EventFilters = { type?: EventType; resourceId?: string };

/** Newest first, keyset-paginated (GET /events). */
export async function listEvents(q: Queryable, merchantId: string, filters: EventFilters, after: Keyset | null, take: number): Promise<EventRow[]> {
  return await q<EventRow[]>`
    select id, type, resource_id, resource_sequence, data, created_at
    from events
    where merchant_id = ${merchantId}
      and ${filters.type ? q`type = ${filters.type}` : q`true`}
      and ${filters.resourceId ? q`resource_id = ${filters.resourceId}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}
