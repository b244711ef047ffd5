// The ops API's reconciliation routes (/ops/v1, spec/ops.yaml), authenticated by an operator key
// (auth/authenticate-operator.ts): parse -> flow or rule -> envelope.
import { operatorPrincipalOf } from '../auth/authenticate-operator.ts';
import { opsBodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';
import type { ReconClass } from './classify.ts';
import { resolveException } from './flows/resolve-exception.ts';
import { runReconciliation } from './flows/run-reconciliation.ts';
import { getItem, listItems, toItemResource } from './items.ts';
import { getRun, listRuns, type RunRow, toRunResource } from './runs.ts';
import type { ReconProvider } from './settings.ts';

type Query = Record<string, string | undefined>;

export function reconciliationRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /reconciliation/runs'(req, res) {
      const body = opsBodyOf(req, 'createReconciliationRun');
      const source = body.source.type === 'upload' ? { type: 'upload' as const, format: body.source.format, content: body.source.content } : { type: 'provider_api' as const };
      const run = await runReconciliation(ctx, {
        provider: body.provider, periodStart: new Date(body.period_start), periodEnd: new Date(body.period_end), source, operatorId: operatorPrincipalOf(res).operator.id,
      });
      sendOk(res, toRunResource(run));
    },

    async 'GET /reconciliation/runs'(req, res) {
      const query = req.query as Query;
      const filters = { provider: query.provider as ReconProvider | undefined, status: query.status as RunRow['status'] | undefined };
      const page = await ctx.paginator.page('recon_runs', query, (after, take) => listRuns(ctx.sql, filters, after, take));
      sendList(res, { items: page.items.map(toRunResource), next_cursor: page.next_cursor });
    },

    async 'GET /reconciliation/runs/{run_id}'(req, res) {
      sendOk(res, toRunResource(await getRun(ctx.sql, String(req.params.run_id))));
    },

    async 'GET /reconciliation/runs/{run_id}/items'(req, res) {
      const query = req.query as Query;
      const run = await getRun(ctx.sql, String(req.params.run_id));
      const filters = { class: query.class as ReconClass | undefined, exceptionsOnly: String(query.exceptions_only) === 'true', state: query.state as 'open' | 'resolved' | undefined };
      // Items are in their run's order: the cursor carries the last item's position (its seq) as
      // the keyset's time, under the run's id, so the signed cursor of one run fits no other.
      const list = `recon_items:${run.id}`;
      const request = ctx.paginator.parse(list, query);
      const afterSeq = request.after ? request.after.created_at.getTime() : 0;
      const rows = await listItems(ctx.sql, run.id, run.provider, filters, afterSeq, request.limit + 1);
      const items = rows.slice(0, request.limit);
      const last = items.at(-1);
      const nextCursor = rows.length > request.limit && last ? ctx.paginator.codec.encode(list, { created_at: new Date(Number(last.seq)), id: run.id }) : null;
      sendList(res, { items: items.map(toItemResource), next_cursor: nextCursor });
    },

    async 'GET /reconciliation/runs/{run_id}/items/{item_id}'(req, res) {
      const run = await getRun(ctx.sql, String(req.params.run_id));
      sendOk(res, toItemResource(await getItem(ctx.sql, run.id, run.provider, Number(req.params.item_id))));
    },

    async 'POST /reconciliation/runs/{run_id}/items/{item_id}/resolution'(req, res) {
      const body = opsBodyOf(req, 'resolveReconciliationException');
      const item = await resolveException(ctx, {
        runId: String(req.params.run_id), itemSeq: Number(req.params.item_id), operatorId: operatorPrincipalOf(res).operator.id,
        action: body.action, reason: body.reason,
        correction: body.correction ? { direction: body.correction.direction, amount: body.correction.amount, walletId: body.correction.wallet_id ?? null } : null,
      });
      sendOk(res, toItemResource(item));
    },
  };
}
