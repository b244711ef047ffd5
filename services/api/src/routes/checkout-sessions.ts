// Hosted checkout (seed: POST /checkout-sessions with a merchant key; GET /checkout-sessions/{id}
// and POST /checkout-sessions/{id}/pay with the session's client_token, never a merchant key).
import { assertMerchantActive, principalOf } from '../auth/principal.ts';
import {
  assertRailAllowed,
  assertSessionPayable,
  checkoutTokenOf,
  claimSessionForPay,
  completeSession,
  findSessionByToken,
  insertCheckoutSession,
  newClientToken,
  releaseSessionClaim,
  toCheckoutSessionPublic,
  toCheckoutSessionResource,
} from '../domain/checkout-sessions.ts';
import { assertCurrencySupported, checkCollectionRequest, initiateAndRecordCollection } from '../domain/collections.ts';
import { findMerchant } from '../domain/merchants.ts';
import type { PayerInput } from '../domain/payer-rules.ts';
import { findSubMerchant } from '../domain/sub-merchants.ts';
import { toTransactionResource } from '../domain/transactions.ts';
import { sendOk } from '../http/envelope.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { idempotencyScope, runIdempotent } from '../idempotency/idempotent.ts';
import type { Rail } from '../rails/types.ts';
import type { RouteContext, RouteHandlers } from './registry.ts';

type CheckoutSessionCreate = {
  amount: number;
  currency: string;
  reference?: string | null;
  sub_merchant_id?: string | null;
  allowed_rails?: Rail[];
};

export function checkoutSessionRoutes(ctx: RouteContext): RouteHandlers {
  const tokenOf = (req: Parameters<RouteHandlers[string]>[0]) =>
    checkoutTokenOf(req.get('x-checkout-token'), req.query.client_token);

  return {
    async 'POST /checkout-sessions'(req, res) {
      const merchantId = principalOf(res).merchant.id;
      const request = req.body as CheckoutSessionCreate;
      assertCurrencySupported(request.currency);
      if (request.sub_merchant_id && !(await findSubMerchant(ctx.sql, merchantId, request.sub_merchant_id))) {
        throw validationError([{ field: 'body.sub_merchant_id', message: 'is not a sub-merchant of this merchant' }]);
      }
      const scope = idempotencyScope(req, merchantId, 'POST /checkout-sessions');
      const resource = await runIdempotent(ctx.idempotency, scope, async (run) =>
        await ctx.sql.begin(async (tx) => {
          const clientToken = newClientToken();
          const row = await insertCheckoutSession(tx, {
            id: run.resourceId,
            merchantId,
            subMerchantId: request.sub_merchant_id ?? null,
            amount: request.amount,
            currency: request.currency,
            reference: request.reference ?? null,
            allowedRails: request.allowed_rails,
            clientToken,
            lifetimeMinutes: ctx.config.checkoutSessionLifetimeMinutes,
          });
          // The stored (encrypted) response is what a same-key replay returns, token included.
          const created = toCheckoutSessionResource(row, clientToken, new Date(ctx.now()));
          await run.complete(tx, created);
          return created;
        }));
      sendOk(res, resource);
    },

    async 'GET /checkout-sessions/{id}'(req, res) {
      const row = await findSessionByToken(ctx.sql, String(req.params.id), tokenOf(req));
      sendOk(res, toCheckoutSessionPublic(row, new Date(ctx.now())));
    },

    async 'POST /checkout-sessions/{id}/pay'(req, res) {
      const session = await findSessionByToken(ctx.sql, String(req.params.id), tokenOf(req));
      const body = req.body as PayerInput & { rail: Rail };
      assertRailAllowed(session, body.rail);
      const merchant = await findMerchant(ctx.sql, session.merchant_id);
      if (!merchant) throw new Error(`checkout session ${session.id} has no merchant`);
      assertMerchantActive(merchant);
      const request = {
        amount: Number(session.amount),
        currency: session.currency,
        rail: body.rail,
        payer_phone: body.payer_phone,
        payer_card_token: body.payer_card_token,
        payer_account_ref: body.payer_account_ref,
        sub_merchant_id: session.sub_merchant_id,
        reference: session.reference,
      };
      await checkCollectionRequest(ctx, session.merchant_id, request);
      const scope = idempotencyScope(req, session.merchant_id, 'POST /checkout-sessions/{id}/pay');
      const resource = await runIdempotent(ctx.idempotency, scope, async (run) => {
        // After the replay check: a same-key replay of a completed pay returns its result.
        assertSessionPayable(session, new Date(ctx.now()));
        if (!(await claimSessionForPay(ctx.sql, session.id, run.resourceId))) {
          throw validationError([{ field: 'session', message: 'the checkout session is no longer open or another payment is in progress' }],
            'The checkout session accepts no new payment.');
        }
        try {
          const row = await initiateAndRecordCollection(ctx, {
            transactionId: run.resourceId,
            merchantId: session.merchant_id,
            request,
            checkoutSessionId: session.id,
            onRailInitiated: () => run.setRecoveryPoint(ctx.sql, 'rail_initiated'),
            withinCommit: async (tx, created) => {
              await completeSession(tx, session.id, created.id);
              await run.complete(tx, toTransactionResource(created));
            },
          });
          return toTransactionResource(row);
        } catch (error) {
          if (error instanceof ApiError) await releaseSessionClaim(ctx.sql, session.id, run.resourceId);
          throw error;
        }
      });
      sendOk(res, resource);
    },
  };
}
