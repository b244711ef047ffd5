// Events (additions: GET /events, GET /events/{id}): the outbox as receivers see it, so one that
// missed deliveries can catch up. Same shape as a webhook body (webhooks/event-body.ts).
import { principalOf } from '../auth/principal.ts';
import type { EventType } from '../domain/events.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { findEvent, listEvents, toEventResource } from './event-body.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

export function eventRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /events'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters = { type: query.type as EventType | undefined, resourceId: query.resource_id };
      const page = await ctx.paginator.page('events', query, (after, take) => listEvents(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toEventResource), next_cursor: page.next_cursor });
    },

    async 'GET /events/{id}'(req, res) {
      const row = await findEvent(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      if (!row) throw notFound('event');
      sendOk(res, toEventResource(row));
    },
  };
}
