// Split rules (seed: POST/GET /split-rules, GET /split-rules/{id}), the additive deactivation,
// and escrow holds (additive: GET /escrow-holds, GET /escrow-holds/{id}, release, return,
// POST /collections/{id}/delivery-confirmation). Thin: parse -> domain call -> envelope.
import { principalOf } from '../auth/principal.ts';
import { confirmDelivery, endEscrowHold, type EscrowHoldStatus, getEscrowHold, listEscrowHolds, toEscrowHoldResource } from '../domain/escrow-holds.ts';
import { returnEscrowHold } from '../domain/escrow-returns.ts';
import { createSplitRule, deactivateSplitRule, getSplitRule, listSplitRules, toSplitRuleResource } from '../domain/split-rules.ts';
import { bodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

export function splitRuleRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /split-rules'(req, res) {
      sendOk(res, toSplitRuleResource(await createSplitRule(ctx, principalOf(res).merchant.id, bodyOf(req, 'createSplitRule'))));
    },

    async 'GET /split-rules'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | boolean | undefined>;
      // The validator coerces `active` to a boolean (spec: type boolean).
      const active = query.active === undefined ? undefined : query.active === true || query.active === 'true';
      const page = await ctx.paginator.page('split_rules', query, (after, take) => listSplitRules(ctx.sql, merchantId, { active }, after, take));
      sendList(res, { items: page.items.map(toSplitRuleResource), next_cursor: page.next_cursor });
    },

    async 'GET /split-rules/{id}'(req, res) {
      sendOk(res, toSplitRuleResource(await getSplitRule(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'POST /split-rules/{id}/deactivate'(req, res) {
      sendOk(res, toSplitRuleResource(await deactivateSplitRule(ctx, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'GET /escrow-holds'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters = { transactionId: query.transaction_id, status: query.status as EscrowHoldStatus | undefined };
      const page = await ctx.paginator.page('escrow_holds', query, (after, take) => listEscrowHolds(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toEscrowHoldResource), next_cursor: page.next_cursor });
    },

    async 'GET /escrow-holds/{id}'(req, res) {
      sendOk(res, toEscrowHoldResource(await getEscrowHold(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'POST /escrow-holds/{id}/release'(req, res) {
      sendOk(res, toEscrowHoldResource(await endEscrowHold(ctx, principalOf(res).merchant.id, String(req.params.id), 'release')));
    },

    async 'POST /escrow-holds/{id}/return'(req, res) {
      // A return is a refund of the hold's leg (domain/escrow-returns.ts).
      sendOk(res, toEscrowHoldResource(await returnEscrowHold(ctx, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'POST /collections/{id}/delivery-confirmation'(req, res) {
      const holds = await confirmDelivery(ctx, principalOf(res).merchant.id, String(req.params.id));
      sendList(res, { items: holds.map(toEscrowHoldResource), next_cursor: null });
    },
  };
}
