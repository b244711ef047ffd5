// Sub-merchants (seed: POST /sub-merchants, GET /sub-merchants with kyc_status, cursor, limit;
// GET /sub-merchants/{id}) and the additive KYC case read, suspend and reactivate. Thin: parse ->
// flow or domain call -> envelope.
import { principalOf } from '../auth/principal.ts';
import { getKycCaseOfSubMerchant, toKycCaseResource } from './kyc-cases.ts';
import {
  getSubMerchant, listSubMerchants, noSuchSubMerchant, setSubMerchantStatus, toSubMerchantResource,
  type SubMerchantFilters, type SubMerchantStatus,
} from './sub-merchants.ts';
import { createSubMerchant } from './flows/create-sub-merchant.ts';
import { bodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import { idempotentRequestOf, optionalIdempotentRequestOf } from '../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandler, RouteHandlers } from '../routes/registry.ts';

// Suspend and reactivate take an optional Idempotency-Key (decision 0422).
const statusOperations = {
  suspendSubMerchant: transitionOperation('POST /sub-merchants/{id}/suspend'),
  reactivateSubMerchant: transitionOperation('POST /sub-merchants/{id}/reactivate'),
};

export function subMerchantRoutes(ctx: RouteContext): RouteHandlers {
  const changeStatus = (status: SubMerchantStatus, operationId: 'suspendSubMerchant' | 'reactivateSubMerchant'): RouteHandler => async (req, res) => {
    const principal = principalOf(res);
    // Setting the status it already has answers the sub-merchant as it is: no `reached` needed.
    sendOk(res, await runKeyedTransition(ctx, principal.merchant.id, optionalIdempotentRequestOf(req), {
      operation: statusOperations[operationId],
      change: async () => {
        const changed = await setSubMerchantStatus(ctx, {
          merchantId: principal.merchant.id, subMerchantId: String(req.params.id), status,
          reason: bodyOf(req, operationId)?.reason ?? null, actor: `api_key:${principal.apiKey.id}`,
        });
        if (!changed) throw noSuchSubMerchant();
        return toSubMerchantResource(changed.row);
      },
    }));
  };

  return {
    async 'POST /sub-merchants'(req, res) {
      const subMerchant = await createSubMerchant(ctx, {
        merchant: principalOf(res).merchant,
        request: bodyOf(req, 'createSubMerchant'),
        idempotent: idempotentRequestOf(req),
      });
      sendOk(res, subMerchant);
    },

    async 'GET /sub-merchants'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters: SubMerchantFilters = { kycStatus: query.kyc_status as SubMerchantFilters['kycStatus'] };
      const page = await ctx.paginator.page('sub_merchants', query, (after, take) =>
        listSubMerchants(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toSubMerchantResource), next_cursor: page.next_cursor });
    },

    async 'GET /sub-merchants/{id}'(req, res) {
      sendOk(res, toSubMerchantResource(await getSubMerchant(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    async 'GET /sub-merchants/{id}/kyc'(req, res) {
      sendOk(res, toKycCaseResource(await getKycCaseOfSubMerchant(ctx.sql, principalOf(res).merchant.id, String(req.params.id))));
    },

    'POST /sub-merchants/{id}/suspend': changeStatus('suspended', 'suspendSubMerchant'),
    'POST /sub-merchants/{id}/reactivate': changeStatus('active', 'reactivateSubMerchant'),
  };
}
