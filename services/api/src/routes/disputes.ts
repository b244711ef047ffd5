// Disputes (issue 15; docs/disputes.md): GET /disputes (status, transaction_id, cursor, limit),
// GET /disputes/{id}, and the sandbox test helpers POST /sandbox/disputes and
// POST /sandbox/disputes/{id}/resolve (sandbox keys only). Thin: parse -> domain call -> envelope.
import { randomUUID } from 'node:crypto';
import { principalOf } from '../auth/principal.ts';
import {
  assertSandboxKey, type DisputeFilters, getDispute, listDisputes, openDispute, resolveDispute, toDisputeResource,
} from '../domain/disputes.ts';
import { bodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

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
      const dispute = await openDispute(ctx, {
        disputeId: randomUUID(), merchantId: principal.merchant.id, request: bodyOf(req, 'createSandboxDispute'),
      });
      sendOk(res, toDisputeResource(dispute));
    },

    async 'POST /sandbox/disputes/{id}/resolve'(req, res) {
      const principal = principalOf(res);
      assertSandboxKey(principal.mode);
      const dispute = await resolveDispute(ctx, {
        merchantId: principal.merchant.id, disputeId: String(req.params.id), outcome: bodyOf(req, 'resolveSandboxDispute').outcome,
      });
      sendOk(res, toDisputeResource(dispute));
    },
  };
}
