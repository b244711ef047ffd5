// All resource route tables in one list. A new resource module is added here once.
import type { RouteContext, RouteHandlers } from './registry.ts';
import { checkoutSessionRoutes } from '../collections/checkout-sessions-routes.ts';
import { collectionRoutes } from '../collections/collections-routes.ts';
import { disputeRoutes } from '../collections/disputes/disputes-routes.ts';
import { eventRoutes } from '../webhooks/events-routes.ts';
import { fxRoutes } from '../fx/fx-routes.ts';
import { payoutRoutes } from '../payouts/payouts-routes.ts';
import { subMerchantRoutes } from '../sub-merchants/sub-merchants-routes.ts';
import { transactionRoutes } from '../collections/transactions-routes.ts';
import { userRoutes } from '../accounts/users-routes.ts';
import { walletRoutes } from '../wallets/wallets-routes.ts';
import { partnerWalletRoutes } from '../partner-wallets/partner-wallets-routes.ts';
import { webhookRoutes } from '../webhooks/webhooks-routes.ts';
import { splitRuleRoutes } from '../collections/splits/split-rules-routes.ts';
import { reconciliationRoutes } from '../reconciliation/reconciliation-routes.ts';

/** Providers' callbacks, outside the spec like /healthz (provider-routing/callback-intake.ts). */
export { providerCallbackIntake } from '../provider-routing/callback-intake.ts';

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

/** The operators' family (/ops/v1, spec/ops.yaml): reconciliation. */
export function opsRouteHandlers(ctx: RouteContext): RouteHandlers {
  return {
    ...reconciliationRoutes(ctx),
  };
}
