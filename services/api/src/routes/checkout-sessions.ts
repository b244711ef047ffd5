// Hosted checkout (seed: POST /checkout-sessions with a merchant key; GET /checkout-sessions/{id}
// and POST /checkout-sessions/{id}/pay with the session's client_token, never a merchant key).
import { principalOf } from '../auth/principal.ts';
import {
  type CheckoutSessionCreate,
  type CheckoutSessionPay,
  checkCreateRequest,
  checkoutTokenOf,
  checkPayRequest,
  createCheckoutSession,
  findPublicSessionByToken,
  findSessionByToken,
  payClaimedSession,
  toCheckoutSessionPublic,
} from '../domain/checkout-sessions.ts';
import { publicBaseUrlFor } from '../http/checkout-page.ts';
import { sendOk } from '../http/envelope.ts';
import { idempotencyScope, runIdempotent } from '../idempotency/idempotent.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

export function checkoutSessionRoutes(ctx: RouteContext): RouteHandlers {
  const tokenOf = (req: Parameters<RouteHandlers[string]>[0]) =>
    checkoutTokenOf(req.get('x-checkout-token'), req.query.client_token);

  return {
    async 'POST /checkout-sessions'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const request = req.body as CheckoutSessionCreate;
      await checkCreateRequest(ctx.sql, merchantId, request);
      const scope = idempotencyScope(req, merchantId, 'POST /checkout-sessions');
      const publicBaseUrl = publicBaseUrlFor(req, ctx.config);
      const session = await runIdempotent(ctx.idempotency, scope, (run) => createCheckoutSession(ctx.sql, run, {
        merchantId, request, lifetimeMinutes: ctx.config.checkoutSessionLifetimeMinutes, now: new Date(ctx.now()), publicBaseUrl,
      }));
      sendOk(res, session);
    },

    async 'GET /checkout-sessions/{id}'(req, res) {
      const row = await findPublicSessionByToken(ctx.sql, String(req.params.id), tokenOf(req));
      sendOk(res, toCheckoutSessionPublic(row, new Date(ctx.now())));
    },

    async 'POST /checkout-sessions/{id}/pay'(req, res) {
      const session = await findSessionByToken(ctx.sql, String(req.params.id), tokenOf(req));
      const scope = idempotencyScope(req, session.merchant_id, 'POST /checkout-sessions/{id}/pay', { keepRequest: true });
      // The checks run inside runIdempotent: a same-key replay answers the stored result whatever
      // has changed since (session completed, merchant suspended); a refusal releases the key.
      const transaction = await runIdempotent(ctx.idempotency, scope, async (run) => {
        const request = await checkPayRequest(ctx, session, req.body as CheckoutSessionPay);
        return await payClaimedSession(ctx, run, { session, request, now: new Date(ctx.now()) });
      });
      sendOk(res, transaction);
    },
  };
}
