// Collections and refunds (seed: POST /collections, GET /collections/{id},
// POST /collections/{id}/refunds). Thin: parse -> flow or domain call -> envelope.
import { principalOf } from '../auth/principal.ts';
import { getCollection } from './collections.ts';
import { toTransactionResource } from './transactions.ts';
import { createCollection } from './flows/create-collection.ts';
import { refundCollection } from './flows/refund-collection.ts';
import { bodyOf } from '../http/contract.ts';
import { sendOk } from '../http/envelope.ts';
import { idempotentRequestOf } from '../http/idempotent-request.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

export function collectionRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /collections'(req, res) {
      const transaction = await createCollection(ctx, {
        merchant: principalOf(res).merchant,
        request: bodyOf(req, 'createCollection'),
        idempotent: idempotentRequestOf(req),
      });
      sendOk(res, transaction);
    },

    async 'GET /collections/{id}'(req, res) {
      const row = await getCollection(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      sendOk(res, toTransactionResource(row));
    },

    async 'POST /collections/{id}/refunds'(req, res) {
      const refund = await refundCollection(ctx, {
        merchant: principalOf(res).merchant,
        collectionId: String(req.params.id),
        request: bodyOf(req, 'createRefund') ?? {},
        idempotent: idempotentRequestOf(req),
      });
      sendOk(res, refund);
    },
  };
}
