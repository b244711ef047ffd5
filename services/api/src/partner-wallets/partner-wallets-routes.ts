// The partner wallet family (/api/v1/partner, spec/partner.yaml), authenticated by X-API-Key
// (auth/authenticate-partner.ts). Thin: parse -> flow or domain call -> envelope. Every wallet is
// looked up within the calling partner: another partner's reads as 404.
import { partnerPrincipalOf } from '../auth/authenticate-partner.ts';
import {
  getPartnerWallet, partnerWalletTransactionsPage, readPartnerWallet, readPartnerWalletBalance,
} from './partner-wallets.ts';
import { createPartnerDeposit } from './flows/create-partner-deposit.ts';
import { createPartnerTransfer } from './flows/create-partner-transfer.ts';
import { createPartnerWallet } from './flows/create-partner-wallet.ts';
import { createPartnerRateLock } from './partner-fx.ts';
import { createFxRateSource } from '../fx-rates/registry.ts';
import { createPartnerWithdrawal } from './flows/create-partner-withdrawal.ts';
import { getPartnerWithdrawal, toWithdrawalResource, tokenizePartnerDestination } from './partner-withdrawals.ts';
import { partnerBodyOf } from '../http/contract.ts';
import { sendList, sendOk } from '../http/envelope.ts';
import { optionalPartnerIdempotentRequestOf, partnerIdempotentRequestOf } from '../http/idempotent-request.ts';
import { runKeyedTransition, transitionOperation } from '../idempotency/keyed-transition.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

// Optional X-Idempotency-Key (keyed-transition.ts): a lost answer's retry with the key gets the
// first answer. A destination is found again by its details anyway; a lock would be a second one.
const createDestinationOperation = transitionOperation('partner POST /payout-destinations');
const createRateLockOperation = transitionOperation('partner POST /fx/rate-locks');

export function partnerWalletRoutes(ctx: RouteContext): RouteHandlers {
  const fxSource = createFxRateSource(ctx.config.fx);
  return {
    async 'POST /wallets'(req, res) {
      sendOk(res, await createPartnerWallet(ctx, {
        partnerId: partnerPrincipalOf(res).partner.id,
        request: partnerBodyOf(req, 'createPartnerWallet'),
        idempotent: partnerIdempotentRequestOf(req),
      }));
    },

    async 'GET /wallets/{walletId}'(req, res) {
      const wallet = await getPartnerWallet(ctx.sql, partnerPrincipalOf(res).partner.id, String(req.params.walletId));
      sendOk(res, await readPartnerWallet(ctx.ledger, wallet));
    },

    async 'GET /wallets/{walletId}/balance'(req, res) {
      const wallet = await getPartnerWallet(ctx.sql, partnerPrincipalOf(res).partner.id, String(req.params.walletId));
      sendOk(res, await readPartnerWalletBalance(ctx.ledger, wallet));
    },

    async 'GET /wallets/{walletId}/transactions'(req, res) {
      const wallet = await getPartnerWallet(ctx.sql, partnerPrincipalOf(res).partner.id, String(req.params.walletId));
      const query = req.query as Record<string, string | undefined>;
      // A cursor belongs to one wallet's list: another wallet's is refused (422), not misread.
      const list = `partner_wallet_transactions:${wallet.id}`;
      const { limit } = ctx.paginator.parse(list, { limit: query.limit });
      const before = query.cursor ? ctx.paginator.codec.decodePosition(list, query.cursor) : null;
      const page = await partnerWalletTransactionsPage(ctx, wallet, { before, limit });
      sendList(res, { items: page.items, next_cursor: page.next === null ? null : ctx.paginator.codec.encodePosition(list, page.next) });
    },

    async 'POST /wallets/{walletId}/deposits'(req, res) {
      sendOk(res, await createPartnerDeposit(ctx, {
        partnerId: partnerPrincipalOf(res).partner.id,
        mode: partnerPrincipalOf(res).mode,
        walletId: String(req.params.walletId),
        request: partnerBodyOf(req, 'createPartnerDeposit'),
        idempotent: partnerIdempotentRequestOf(req),
      }));
    },

    async 'POST /payout-destinations'(req, res) {
      const partnerId = partnerPrincipalOf(res).partner.id;
      const request = partnerBodyOf(req, 'createPartnerPayoutDestination');
      sendOk(res, await runKeyedTransition(ctx, partnerId, optionalPartnerIdempotentRequestOf(req), {
        operation: createDestinationOperation,
        change: () => tokenizePartnerDestination({ sql: ctx.sql, groupCommit: ctx.groupCommit, vault: ctx.payouts.vault }, partnerId, request),
      }));
    },

    async 'POST /wallets/{walletId}/withdrawals'(req, res) {
      sendOk(res, await createPartnerWithdrawal(ctx, {
        partnerId: partnerPrincipalOf(res).partner.id,
        walletId: String(req.params.walletId),
        request: partnerBodyOf(req, 'createPartnerWithdrawal'),
        idempotent: partnerIdempotentRequestOf(req),
      }));
    },

    async 'GET /withdrawals/{withdrawalId}'(req, res) {
      sendOk(res, toWithdrawalResource(await getPartnerWithdrawal(ctx.sql, partnerPrincipalOf(res).partner.id, String(req.params.withdrawalId))));
    },

    async 'POST /fx/rate-locks'(req, res) {
      const partnerId = partnerPrincipalOf(res).partner.id;
      const request = partnerBodyOf(req, 'createPartnerFxRateLock');
      sendOk(res, await runKeyedTransition(ctx, partnerId, optionalPartnerIdempotentRequestOf(req), {
        operation: createRateLockOperation,
        change: () => createPartnerRateLock(ctx.sql, fxSource, {
          partnerId, request, marginBps: ctx.config.fx.marginBpsDefault, nowMs: ctx.now(), lifetimeS: ctx.config.fx.rateLockLifetimeS,
        }),
      }));
    },

    async 'POST /transfers'(req, res) {
      sendOk(res, await createPartnerTransfer(ctx, {
        partnerId: partnerPrincipalOf(res).partner.id,
        request: partnerBodyOf(req, 'createPartnerTransfer'),
        idempotent: partnerIdempotentRequestOf(req),
      }));
    },
  };
}
