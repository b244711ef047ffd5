// Payouts (seed: POST /payouts, GET /payouts with status, wallet_id, cursor, limit;
// GET /payouts/{id}; POST /payouts/bulk; GET /payouts/batches/{id}), the additive cancel of a
// queued payout, and payout destinations (additive POST /payout-destinations,
// GET /payout-destinations/{id}). Thin: parse -> flow or domain call -> envelope.
import { principalOf } from '../auth/principal.ts';
import { getPayoutDestination, toPayoutDestinationResource, tokenizeDestination } from './payout-destinations.ts';
import { cancelPayout } from './payout-processing.ts';
import { getPayout, getPayoutBatch, listPayouts, type PayoutFilters, toPayoutBatchResource, toPayoutResource } from './payouts.ts';
import { createPayout } from './flows/create-payout.ts';
import { createPayoutBatch } from './flows/create-payout-batch.ts';
import { bodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import { idempotentRequestOf, optionalIdempotentRequestOf } from '../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

/** Cancel takes an optional Idempotency-Key (decision 0422). */
const cancelOperation = transitionOperation('POST /payouts/{id}/cancel');
// The same details give the same destination again (fingerprint): a retry needs no `reached`.
const createDestinationOperation = transitionOperation('POST /payout-destinations');

export function payoutRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /payouts'(req, res) {
      sendOk(res, await createPayout(ctx, {
        merchant: principalOf(res).merchant, request: bodyOf(req, 'createPayout'), idempotent: idempotentRequestOf(req),
      }));
    },

    async 'GET /payouts'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters: PayoutFilters = { status: query.status as PayoutFilters['status'], walletId: query.wallet_id };
      const page = await ctx.paginator.page('payouts', query, (after, take) => listPayouts(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toPayoutResource), next_cursor: page.next_cursor });
    },

    async 'GET /payouts/{id}'(req, res) {
      sendOk(res, toPayoutResource(await getPayout(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'POST /payouts/{id}/cancel'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const id = String(req.params.id);
      // Cancelling a cancelled payout answers it as it is: no `reached` needed.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: cancelOperation,
        change: async () => toPayoutResource(await cancelPayout(ctx, merchantId, id)),
      }));
    },

    async 'POST /payouts/bulk'(req, res) {
      sendOk(res, await createPayoutBatch(ctx, {
        merchant: principalOf(res).merchant, request: bodyOf(req, 'createPayoutBatch'), idempotent: idempotentRequestOf(req),
      }));
    },

    async 'GET /payouts/batches/{id}'(req, res) {
      const { batch, members } = await getPayoutBatch(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      sendOk(res, toPayoutBatchResource(batch, members));
    },

    async 'POST /payout-destinations'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const request = bodyOf(req, 'createPayoutDestination');
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: createDestinationOperation,
        change: async () => toPayoutDestinationResource(await tokenizeDestination({ ...ctx, vault: ctx.payouts.vault }, merchantId, request)),
      }));
    },

    async 'GET /payout-destinations/{id}'(req, res) {
      sendOk(res, toPayoutDestinationResource(await getPayoutDestination(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },
  };
}
