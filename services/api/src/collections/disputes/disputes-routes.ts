// Disputes (issue 15; docs/disputes.md): GET /disputes (status, transaction_id, cursor, limit),
// GET /disputes/{id}, and the sandbox test helpers POST /sandbox/disputes and
// POST /sandbox/disputes/{id}/resolve (sandbox keys only). Thin: parse -> domain call -> envelope.
import { principalOf } from '../../auth/principal.ts';
import {
  assertSandboxKey, type DisputeFilters, getDispute, listDisputes, openDispute, resolveDispute, toDisputeResource,
} from './disputes.ts';
import { bodyOf } from '../../http/contract.ts';
import { sendList, sendOk } from '../../http/envelope.ts';
import { optionalIdempotentRequestOf } from '../../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandlers } from '../../routes/registry.ts';

// The sandbox helpers take an optional Idempotency-Key (decision 0422).
const openOperation = transitionOperation('POST /sandbox/disputes');
const resolveOperation = transitionOperation('POST /sandbox/disputes/{id}/resolve');

export function disputeRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /disputes'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters: DisputeFilters = { status: query.status as DisputeFilters['status'], transactionId: query.transaction_id };
      const page = await ctx.paginator.page('disputes', query, (after, take) =>
        listDisputes(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toDisputeResource), next_cursor: page.next_cursor });
    },

    async 'GET /disputes/{id}'(req, res) {
      sendOk(res, toDisputeResource(await getDispute(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'POST /sandbox/disputes'(req, res) {
      const principal = principalOf(res);
      assertSandboxKey(principal.mode);
      const merchantId = principal.merchant.id;
      const request = bodyOf(req, 'createSandboxDispute');
      // With a key, the dispute's id is the key's pre-allocated one: a retry after a lost answer
      // finds the dispute its first run opened instead of opening a second.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: openOperation,
        // The hold intent names the key's record: a hold voided after a failure (or by the
        // sweeper) forgets it, so a retry with the key starts afresh under a new id.
        change: async (disputeId, idempotency) => toDisputeResource(await openDispute(ctx, { disputeId, merchantId, request, idempotency })),
        reached: async (disputeId) => {
          const [opened] = await ctx.sql<{ id: string }[]>`select id from disputes where id = ${disputeId} and merchant_id = ${merchantId}`;
          return opened ? toDisputeResource(await getDispute(ctx.sql, merchantId, disputeId)) : null;
        },
      }));
    },

    async 'POST /sandbox/disputes/{id}/resolve'(req, res) {
      const principal = principalOf(res);
      assertSandboxKey(principal.mode);
      const merchantId = principal.merchant.id;
      const disputeId = String(req.params.id);
      const { outcome } = bodyOf(req, 'resolveSandboxDispute');
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: resolveOperation,
        change: async () => toDisputeResource(await resolveDispute(ctx, { merchantId, disputeId, outcome })),
        reached: async () => {
          const dispute = await getDispute(ctx.sql, merchantId, disputeId);
          return dispute.status === outcome ? toDisputeResource(dispute) : null;
        },
      }));
    },
  };
}
