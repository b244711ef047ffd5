// Collections and refunds (seed: POST /collections, GET /collections/{id},
// POST /collections/{id}/refunds). Thin: parse -> domain -> envelope.
import { assertMerchantCanTransact, principalOf } from '../auth/principal.ts';
import {
  checkCollectionParties, checkCollectionPayload, initiateAndRecordCollection, mustCheckParties, type CollectionRequest,
} from '../domain/collections.ts';
import { initiateRefund, reserveRefund, type RefundRequest } from '../domain/refunds.ts';
import { findTransaction, toTransactionResource } from '../domain/transactions.ts';
import { sendOk } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { idempotencyScope, runIdempotent } from '../idempotency/idempotent.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

export function collectionRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /collections'(req, res) {
      const principal = principalOf(res);
      const merchantId = principal.merchant.id;
      const request = req.body as CollectionRequest;
      checkCollectionPayload(request);
      const scope = idempotencyScope(req, merchantId, 'POST /collections', { keepRequest: true });
      const resource = await runIdempotent(ctx.idempotency, scope, async (run) => {
        // Inside the run: a replay answers the stored original even if the merchant or the
        // sub-merchant has been put on hold since; a resumed run finishes what the rail already
        // holds (docs/decisions/0171-collection-validation-order.md, 0177).
        if (await mustCheckParties(ctx, run, request.rail)) {
          assertMerchantCanTransact(principal);
          await checkCollectionParties(ctx, merchantId, request);
        }
        const row = await initiateAndRecordCollection(ctx, {
          transactionId: run.resourceId,
          merchantId,
          request,
          checkoutSessionId: null,
          createdAt: run.startedAt,
          resumed: run.resumed,
          onRailMayHoldIt: async () => {
            run.keepOnFailure();
            await run.setRecoveryPoint(ctx.sql, 'rail_initiated');
          },
          commitWrites: (created) => [
            { name: 'stored response', statement: run.completion(toTransactionResource(created)), expectOneRow: true },
          ],
        });
        return toTransactionResource(row);
      });
      sendOk(res, resource);
    },

    async 'GET /collections/{id}'(req, res) {
      const row = await findTransaction(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      if (!row || row.type !== 'collection') throw notFound('collection');
      sendOk(res, toTransactionResource(row));
    },

    async 'POST /collections/{id}/refunds'(req, res) {
      const principal = principalOf(res);
      const merchantId = principal.merchant.id;
      const collectionId = String(req.params.id);
      const collection = await findTransaction(ctx.sql, merchantId, collectionId);
      if (!collection || collection.type !== 'collection') throw notFound('collection');
      const request = (req.body ?? {}) as RefundRequest;
      const scope = idempotencyScope(req, merchantId, 'POST /collections/{id}/refunds');
      const resource = await runIdempotent(ctx.idempotency, scope, async (run) => {
        if (run.recoveryPoint === 'started') assertMerchantCanTransact(principal);
        const reserved = await reserveRefund(ctx, { refundId: run.resourceId, merchantId, collectionId, request });
        await run.setRecoveryPoint(ctx.sql, 'refund_reserved');
        const refund = await initiateRefund(ctx, reserved, (tx, row) => run.complete(tx, toTransactionResource(row)),
          { withinUndo: (tx) => run.restart(tx) });
        return toTransactionResource(refund);
      });
      sendOk(res, resource);
    },
  };
}
