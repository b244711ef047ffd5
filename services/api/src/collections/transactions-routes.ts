// Transactions (seed: GET /transactions with status, rail, date_from, date_to, cursor, limit;
// GET /transactions/{id}): collections and refunds alike, newest first.
import { principalOf } from '../auth/principal.ts';
import { getTransaction, listTransactions, toTransactionResource, transactionFiltersOf } from './transactions.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

export function transactionRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /transactions'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters = transactionFiltersOf(query);
      const page = await ctx.paginator.page('transactions', query, (after, take) =>
        listTransactions(ctx.sql, merchantId, filters, after, take));
      sendList(res, { items: page.items.map(toTransactionResource), next_cursor: page.next_cursor });
    },

    async 'GET /transactions/{id}'(req, res) {
      const row = await getTransaction(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      sendOk(res, toTransactionResource(row));
    },
  };
}
