// Wallets (seed: GET /wallets with owner_id, cursor, limit; GET /wallets/{id}/balance) and the
// additive statement, GET /wallets/{id}/entries. Balances come from the ledger at request time.
import { principalOf } from '../auth/principal.ts';
import { getWallet, listWallets, toWalletResources, walletEntriesPage } from './wallets.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';
import { balanceInstant, sendBalanceAt, statementRoutes } from './statement-routes.ts';

export function walletRoutes(ctx: RouteContext): RouteHandlers {
  return {
    ...statementRoutes(ctx),
    async 'GET /wallets'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as Record<string, string | undefined>;
      const page = await ctx.paginator.page('wallets', query, (after, take) =>
        listWallets(ctx.sql, merchantId, { ownerId: query.owner_id }, after, take));
      sendList(res, { items: await toWalletResources(ctx.ledger, page.items), next_cursor: page.next_cursor });
    },

    async 'GET /wallets/{id}/balance'(req, res) {
      const atMs = balanceInstant(req.query as Record<string, unknown>, ctx.now());
      if (atMs !== null) return await sendBalanceAt(ctx, res, String(req.params.id), atMs);
      const wallet = await getWallet(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      const [resource] = await toWalletResources(ctx.ledger, [wallet]);
      sendOk(res, resource);
    },

    async 'GET /wallets/{id}/entries'(req, res) {
      const wallet = await getWallet(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      const query = req.query as Record<string, string | undefined>;
      // A cursor belongs to one wallet's statement: another wallet's is refused (422), not misread.
      const list = `wallet_entries:${wallet.id}`;
      const { limit } = ctx.paginator.parse(list, { limit: query.limit });
      const before = query.cursor ? ctx.paginator.codec.decodePosition(list, query.cursor) : null;
      const page = await walletEntriesPage(ctx.ledger, wallet, { before, limit });
      sendList(res, { items: page.entries, next_cursor: page.next === null ? null : ctx.paginator.codec.encodePosition(list, page.next) });
    },
  };
}
