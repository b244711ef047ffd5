// Split rules (seed: POST/GET /split-rules, GET /split-rules/{id}), the additive deactivation,
// and escrow holds (additive: GET /escrow-holds, GET /escrow-holds/{id}, release, return,
// POST /collections/{id}/delivery-confirmation). Thin: parse -> domain call -> envelope.
import { principalOf } from '../../auth/principal.ts';
import { confirmDelivery, endEscrowHold, type EscrowHoldStatus, getEscrowHold, listEscrowHolds, toEscrowHoldResource } from './escrow-holds.ts';
import { returnEscrowHold } from './escrow-returns.ts';
import { createSplitRule, deactivateSplitRule, getSplitRule, listSplitRules, toSplitRuleResource } from './split-rules.ts';
import { bodyOf } from '../../http/contract.ts';
import { sendList, sendOk } from '../../http/envelope.ts';
import { optionalIdempotentRequestOf } from '../../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandlers } from '../../routes/registry.ts';

// The state changes that take an optional Idempotency-Key (decision 0422).
const createOperation = transitionOperation('POST /split-rules');
const deactivateOperation = transitionOperation('POST /split-rules/{id}/deactivate');
const releaseOperation = transitionOperation('POST /escrow-holds/{id}/release');
const returnOperation = transitionOperation('POST /escrow-holds/{id}/return');
const confirmDeliveryOperation = transitionOperation('POST /collections/{id}/delivery-confirmation');

export function splitRuleRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /split-rules'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const request = bodyOf(req, 'createSplitRule');
      // With a key, the rule takes the key's pre-allocated id: a retry after a lost answer finds it.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: createOperation,
        change: async (id) => toSplitRuleResource(await createSplitRule(ctx, merchantId, request, id)),
        reached: async (id) => {
          const [created] = await ctx.sql<{ id: string }[]>`select id from split_rules where id = ${id} and merchant_id = ${merchantId}`;
          return created ? toSplitRuleResource(await getSplitRule(ctx.sql, merchantId, id)) : null;
        },
      }));
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
      const merchantId = principalOf(res).merchant.id;
      const id = String(req.params.id);
      // Deactivating an inactive rule answers it as it is: no `reached` needed.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: deactivateOperation,
        change: async () => toSplitRuleResource(await deactivateSplitRule(ctx, merchantId, id)),
      }));
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
      const merchantId = principalOf(res).merchant.id;
      const id = String(req.params.id);
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: releaseOperation,
        change: async () => toEscrowHoldResource(await endEscrowHold(ctx, merchantId, id, 'release')),
        reached: async () => heldEnded(await getEscrowHold(ctx.sql, merchantId, id), 'released'),
      }));
    },

    async 'POST /escrow-holds/{id}/return'(req, res) {
      // A return is a refund of the hold's leg (splits/escrow-returns.ts); a key makes a lost answer retryable.
      const merchantId = principalOf(res).merchant.id;
      const id = String(req.params.id);
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: returnOperation,
        change: async () => toEscrowHoldResource(await returnEscrowHold(ctx, merchantId, id)),
        reached: async () => heldEnded(await getEscrowHold(ctx.sql, merchantId, id), 'returned'),
      }));
    },

    async 'POST /collections/{id}/delivery-confirmation'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const id = String(req.params.id);
      // Confirming again releases nothing more and answers the holds as they are: no `reached`.
      const holds = await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: confirmDeliveryOperation,
        change: async () => (await confirmDelivery(ctx, merchantId, id)).map(toEscrowHoldResource),
      });
      sendList(res, { items: holds, next_cursor: null });
    },
  };
}

/** The hold's resource when it ended as `status` (a keyed retry's `reached`), else null. */
function heldEnded(hold: Parameters<typeof toEscrowHoldResource>[0], status: 'released' | 'returned') {
  return hold.status === status ? toEscrowHoldResource(hold) : null;
}
