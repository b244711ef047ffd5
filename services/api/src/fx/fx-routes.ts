// FX (seed: GET /fx/rates, POST /fx/rate-locks). Thin: parse -> fx/fx-rates.ts -> envelope.
// Rates come from the configured rate source (fx-rates/registry.ts; the sandbox by default) with the
// merchant's margin applied; both answers use the app clock (tests pin it). docs/fx.md.
import { principalOf } from '../auth/principal.ts';
import {
  createRateLock, merchantFxMarginBps, quoteFxRate, toFxRateLockResource, toFxRateResource,
} from './fx-rates.ts';
import { createFxRateSource } from '../fx-rates/registry.ts';
import { bodyOf } from '../http/contract.ts';
import { sendOk } from '../http/envelope.ts';
import { optionalIdempotentRequestOf } from '../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

// A lost answer's retry without the key makes another lock (harmless: it expires unused); with it, the same.
const createRateLockOperation = transitionOperation('POST /fx/rate-locks');

export function fxRoutes(ctx: RouteContext): RouteHandlers {
  const source = createFxRateSource(ctx.config.fx);
  const marginOf = (merchantId: string) => merchantFxMarginBps(ctx.sql, merchantId, ctx.config.fx.marginBpsDefault);

  return {
    async 'GET /fx/rates'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const query = req.query as { base_currency: string; quote_currency: string };
      const quote = await quoteFxRate(source, {
        pair: { base: query.base_currency, quote: query.quote_currency }, marginBps: await marginOf(merchantId),
        atMs: ctx.now(), fieldPrefix: 'query',
      });
      sendOk(res, toFxRateResource(quote));
    },

    async 'POST /fx/rate-locks'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const body = bodyOf(req, 'createFxRateLock');
      // With a key, a retry after a lost answer gets the same lock, not a second one.
      sendOk(res, await runKeyedTransition(ctx, merchantId, optionalIdempotentRequestOf(req), {
        operation: createRateLockOperation,
        change: async () => toFxRateLockResource(await createRateLock(ctx.sql, source, {
          merchantId, pair: { base: body.base_currency, quote: body.quote_currency }, marginBps: await marginOf(merchantId),
          nowMs: ctx.now(), lifetimeS: ctx.config.fx.rateLockLifetimeS,
        })),
      }));
    },
  };
}
