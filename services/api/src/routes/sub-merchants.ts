// Sub-merchants (seed: POST /sub-merchants, GET /sub-merchants with kyc_status, cursor, limit;
// GET /sub-merchants/{id}) and the additive KYC case read, suspend and reactivate. Thin: parse ->
// domain -> envelope.
import { principalOf } from '../auth/principal.ts';
import { findKycCaseOfSubMerchant, toKycCaseResource } from '../domain/kyc-cases.ts';
import {
  checkSubMerchantPayload, findSubMerchant, listSubMerchants, setSubMerchantStatus, toSubMerchantResource,
  type SubMerchantCreateRequest, type SubMerchantFilters, type SubMerchantStatus,
} from '../domain/sub-merchants.ts';
import { createSubMerchant } from '../flows/create-sub-merchant.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { idempotencyScope, runIdempotent } from '../idempotency/idempotent.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

export function subMerchantRoutes(ctx: RouteContext): RouteHandlers {
  const changeStatus = (status: SubMerchantStatus): RouteHandlers[string] => async (req, res) => {
    const principal = principalOf(res);
    const body = (req.body ?? {}) as { reason?: string | null };
    const changed = await setSubMerchantStatus(ctx.sql, {
      merchantId: principal.merchant.id, subMerchantId: String(req.params.id), status,
      reason: body.reason ?? null, actor: `api_key:${principal.apiKey.id}`,
    });
    if (!changed) throw notFound('sub-merchant');
    sendOk(res, toSubMerchantResource(changed.row));
  };

  return {
    async 'POST /sub-merchants'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const request = req.body as SubMerchantCreateRequest;
      checkSubMerchantPayload(request);
      const scope = idempotencyScope(req, merchantId, 'POST /sub-merchants');
      const resource = await runIdempotent(ctx.idempotency, scope, (run) => createSubMerchant(ctx, { run, merchantId, request }));
      sendOk(res, resource);
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
      const row = await findSubMerchant(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      if (!row) throw notFound('sub-merchant');
      sendOk(res, toSubMerchantResource(row));
    },

    async 'GET /sub-merchants/{id}/kyc'(req, res) {
      const row = await findKycCaseOfSubMerchant(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      if (!row) throw notFound('sub-merchant');
      sendOk(res, toKycCaseResource(row));
    },

    'POST /sub-merchants/{id}/suspend': changeStatus('suspended'),
    'POST /sub-merchants/{id}/reactivate': changeStatus('active'),
  };
}
