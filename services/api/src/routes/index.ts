// All resource route tables in one list. A new resource module is added here once.
import type { RouteContext, RouteHandlers } from './registry.ts';
import { checkoutSessionRoutes } from './checkout-sessions.ts';
import { collectionRoutes } from './collections.ts';
import { eventRoutes } from './events.ts';
import { subMerchantRoutes } from './sub-merchants.ts';
import { transactionRoutes } from './transactions.ts';
import { userRoutes } from './users.ts';
import { walletRoutes } from './wallets.ts';
import { webhookRoutes } from './webhooks.ts';
import { splitRuleRoutes } from './split-rules.ts';

export function merchantRouteHandlers(ctx: RouteContext): RouteHandlers {
  return {
    ...userRoutes(ctx),
    ...collectionRoutes(ctx),
    ...checkoutSessionRoutes(ctx),
    ...transactionRoutes(ctx),
    ...subMerchantRoutes(ctx),
    ...walletRoutes(ctx),
    ...webhookRoutes(ctx),
    ...eventRoutes(ctx),
    ...splitRuleRoutes(ctx),
  };
}

/** The partner wallet family (/api/v1/partner): every operation answers 501 until its issue lands. */
export function partnerRouteHandlers(_ctx: RouteContext): RouteHandlers {
  return {};
}
