// Transactions (seed: GET /transactions with status, rail, date_from, date_to, cursor, limit;
// GET /transactions/{id}): collections and refunds alike, newest first.
import { principalOf } from '../auth/principal.ts';
import { getTransaction, listTransactions, toTransactionResource, type TransactionFilters } from '../domain/transactions.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

export function transactionRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /transactions'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const filters: TransactionFilters = {
        status: query.status as TransactionFilters['status'],
        rail: query.rail as TransactionFilters['rail'],
        dateFrom: query.date_from ? new Date(query.date_from) : undefined,
        dateTo: query.date_to ? new Date(query.date_to) : undefined,
      };
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
