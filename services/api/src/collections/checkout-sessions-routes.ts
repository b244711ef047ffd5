// Hosted checkout (seed: POST /checkout-sessions with a merchant key; GET /checkout-sessions/{id}
// and POST /checkout-sessions/{id}/pay with the session's client_token, never a merchant key).
// Thin: parse -> flow or domain call -> envelope.
import { principalOf } from '../auth/principal.ts';
import { findPublicSessionByToken, toCheckoutSessionPublic } from './checkout-sessions.ts';
import { createCheckoutSession } from './flows/create-checkout-session.ts';
import { payCheckoutSession } from './flows/pay-checkout-session.ts';
import { publicBaseUrlFor } from '../http/checkout-page.ts';
import { checkoutTokenOf } from '../http/checkout-token.ts';
import { bodyOf } from '../http/contract.ts';
import { sendOk } from '../http/envelope.ts';
import { idempotentRequestOf } from '../http/idempotent-request.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

export function checkoutSessionRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'POST /checkout-sessions'(req, res) {
      const session = await createCheckoutSession(ctx, {
        merchant: principalOf(res).merchant,
        request: bodyOf(req, 'createCheckoutSession'),
        idempotent: idempotentRequestOf(req),
        publicBaseUrl: publicBaseUrlFor(req, ctx.config),
      });
      sendOk(res, session);
    },

    async 'GET /checkout-sessions/{id}'(req, res) {
      const row = await findPublicSessionByToken(ctx.sql, String(req.params.id), checkoutTokenOf(req));
      sendOk(res, toCheckoutSessionPublic(row, new Date(ctx.now())));
    },

    async 'POST /checkout-sessions/{id}/pay'(req, res) {
      const transaction = await payCheckoutSession(ctx, {
        sessionId: String(req.params.id),
        token: checkoutTokenOf(req),
        request: bodyOf(req, 'payCheckoutSession'),
        idempotent: idempotentRequestOf(req),
      });
      sendOk(res, transaction);
    },
  };
}
