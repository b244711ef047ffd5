// All resource route tables in one list. A new resource module is added here once.
import type { RouteContext, RouteHandlers } from './registry.ts';
import { checkoutSessionRoutes } from './checkout-sessions.ts';
import { collectionRoutes } from './collections.ts';
import { disputeRoutes } from './disputes.ts';
import { eventRoutes } from './events.ts';
import { fxRoutes } from './fx.ts';
import { payoutRoutes } from './payouts.ts';
import { subMerchantRoutes } from './sub-merchants.ts';
import { transactionRoutes } from './transactions.ts';
import { userRoutes } from './users.ts';
import { walletRoutes } from './wallets.ts';
import { partnerWalletRoutes } from './partner-wallets.ts';
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
    ...disputeRoutes(ctx),
    ...fxRoutes(ctx),
    ...payoutRoutes(ctx),
    ...splitRuleRoutes(ctx),
  };
}

/** The partner wallet family (/api/v1/partner): an operation without a handler answers 501. */
export function partnerRouteHandlers(ctx: RouteContext): RouteHandlers {
  return {
    ...partnerWalletRoutes(ctx),
  };
}
