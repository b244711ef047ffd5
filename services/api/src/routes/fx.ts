// FX (seed: GET /fx/rates, POST /fx/rate-locks). Thin: parse -> domain/fx-rates.ts -> envelope.
// Rates come from the configured rate source (fx/registry.ts; the sandbox by default) with the
// merchant's margin applied; both answers use the app clock (tests pin it). docs/fx.md.
import { principalOf } from '../auth/principal.ts';
import {
  createRateLock, merchantFxMarginBps, quoteFxRate, toFxRateLockResource, toFxRateResource,
} from '../domain/fx-rates.ts';
import { createFxRateSource } from '../fx/registry.ts';
import { bodyOf } from '../http/contract.ts';
import { sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

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
      const lock = await createRateLock(ctx.sql, source, {
        merchantId, pair: { base: body.base_currency, quote: body.quote_currency }, marginBps: await marginOf(merchantId),
        nowMs: ctx.now(), lifetimeS: ctx.config.fx.rateLockLifetimeS,
      });
      sendOk(res, toFxRateLockResource(lock));
    },
  };
}
