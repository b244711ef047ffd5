// Webhook endpoints and their delivery history (seed: POST/GET /webhooks, DELETE /webhooks/{id};
// additions: GET /webhooks/{id}, rotate-secret, enable, deliveries and manual retry).
// Thin: parse -> webhooks/ store -> envelope. The URL rules live in webhooks/ssrf-guard.ts.
import { principalOf } from '../auth/principal.ts';
import type { EventType } from '../domain/events.ts';
import { sendArray, sendList, sendOk } from '../http/envelope.ts';
import { ApiError, notFound, validationError } from '../http/errors.ts';
import { listDeliveries, scheduleManualRetry, toDeliveryResource, type DeliveryStatus } from './deliveries.ts';
import { optionalIdempotentRequestOf } from '../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../idempotency/keyed-transition.ts';
import {
  createdEndpointAnswer, deleteEndpoint, enableEndpoint, findEndpoint, insertEndpoint, listEndpoints, rotateSecret, toEndpointResource,
} from './endpoints.ts';
import { enqueueEndpointDeliveries } from './jobs.ts';
import { checkWebhookUrl } from './ssrf-guard.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

// Optional Idempotency-Key (keyed-transition.ts, decision 0422): a retry with the key after a lost
// answer gets the first answer (a created endpoint's or a rotated secret, which is shown only there).
const createOperation = transitionOperation('POST /webhooks');
const rotateSecretOperation = transitionOperation('POST /webhooks/{id}/rotate-secret');
const enableOperation = transitionOperation('POST /webhooks/{id}/enable');
const retryDeliveryOperation = transitionOperation('POST /webhooks/{id}/deliveries/{delivery_id}/retry');

export function webhookRoutes(ctx: RouteContext): RouteHandlers {
  const urlPolicy = { allowPrivate: ctx.config.webhooks.allowPrivateUrls, allowHttp: ctx.config.mode === 'development' };
  const endpointOf = async (merchantId: string, id: string) => {
    const row = await findEndpoint(ctx.sql, merchantId, id);
    if (!row) throw notFound('webhook endpoint');
    return row;
  };

  return {
    async 'POST /webhooks'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const body = req.body as { url: string; subscribed_events: EventType[] };
      const check = await checkWebhookUrl(body.url, urlPolicy);
      if (!check.ok) throw validationError([{ field: 'body.url', message: check.message }]);
      // With a key, the endpoint takes the key's pre-allocated id: a retry after a lost answer finds it.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: createOperation,
        change: async (id) => {
          const inserted = await insertEndpoint(ctx.sql, ctx.secretBox, { id, merchantId, url: body.url, subscribedEvents: body.subscribed_events });
          if (!inserted.ok) throw endpointLimitReached(inserted.limit);
          return { ...toEndpointResource(inserted.row, ctx.now()), signing_secret: inserted.secret };
        },
        reached: (id) => createdEndpointAnswer(ctx.sql, ctx.secretBox, merchantId, id, ctx.now()),
      }));
    },

    async 'GET /webhooks'(_req, res) {
      const rows = await listEndpoints(ctx.sql, principalOf(res).merchant.id);
      sendArray(res, rows.map((row) => toEndpointResource(row, ctx.now())));
    },

    async 'GET /webhooks/{id}'(req, res) {
      const row = await endpointOf(principalOf(res).merchant.id, String(req.params.id));
      sendOk(res, toEndpointResource(row, ctx.now()));
    },

    async 'DELETE /webhooks/{id}'(req, res) {
      if (!(await deleteEndpoint(ctx.sql, principalOf(res).merchant.id, String(req.params.id)))) throw notFound('webhook endpoint');
      sendOk(res, {});
    },

    async 'POST /webhooks/{id}/rotate-secret'(req, res) {
      sendOk(res, await runKeyedTransition(ctx, principalOf(res).merchant.id, optionalIdempotentRequestOf(req), {
        operation: rotateSecretOperation,
        change: async () => {
          const rotated = await rotateSecret(ctx.sql, ctx.secretBox, principalOf(res).merchant.id, String(req.params.id), ctx.config.webhooks.secretOverlapS);
          if (!rotated) throw notFound('webhook endpoint');
          return { ...toEndpointResource(rotated.row, ctx.now()), signing_secret: rotated.secret };
        },
      }));
    },

    async 'POST /webhooks/{id}/enable'(req, res) {
      // Enabling an enabled endpoint answers it as it is: no `reached` needed.
      sendOk(res, await runKeyedTransition(ctx, principalOf(res).merchant.id, optionalIdempotentRequestOf(req), {
        operation: enableOperation,
        change: async () => {
          const row = await enableEndpoint(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
          if (!row) throw notFound('webhook endpoint');
          // Its pending deliveries go at once (also in a process that runs no webhook worker itself).
          await enqueueEndpointDeliveries(ctx.sql, [row.id]);
          return toEndpointResource(row, ctx.now());
        },
      }));
    },

    async 'GET /webhooks/{id}/deliveries'(req, res) {
      const endpoint = await endpointOf(principalOf(res).merchant.id, String(req.params.id));
      const query = req.query as Record<string, string | undefined>;
      const page = await ctx.paginator.page(`webhook-deliveries:${endpoint.id}`, query, (after, take) =>
        listDeliveries(ctx.sql, endpoint.id, query.status as DeliveryStatus | undefined, after, take));
      sendList(res, { items: page.items.map(toDeliveryResource), next_cursor: page.next_cursor });
    },

    async 'POST /webhooks/{id}/deliveries/{delivery_id}/retry'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: retryDeliveryOperation,
        change: async () => {
          const endpoint = await endpointOf(merchantId, String(req.params.id));
          if (!endpoint.active) {
            throw validationError([{ field: 'path.id', message: 'the endpoint is disabled: re-enable it first (POST /webhooks/{id}/enable)' }]);
          }
          const row = await scheduleManualRetry(ctx.sql, merchantId, endpoint.id, String(req.params.delivery_id));
          if (!row) throw notFound('webhook delivery');
          await enqueueEndpointDeliveries(ctx.sql, [endpoint.id]);
          return toDeliveryResource(row);
        },
      }));
    },
  };
}

function endpointLimitReached(limit: number): ApiError {
  return new ApiError('WEBHOOK_ENDPOINT_LIMIT_REACHED',
    `The merchant already has ${limit} webhook endpoints; delete one before registering another.`, { details: { limit } });
}
