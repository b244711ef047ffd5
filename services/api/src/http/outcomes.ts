// THE table from domain outcomes (src/domain/outcomes.ts) to HTTP: each code's status and
// `error.code`, and the Retry-After a client gets with it. Exhaustive by type: an outcome added
// to the domain without its line here fails `pnpm -s typecheck`; a status that does not match
// its error code (errors.ts) fails it too. The error handler (error-handler.ts) answers every
// Refusal through apiErrorOf.
import type { Outcome, Refusal } from '../domain/outcomes.ts';
import { ApiError, type ErrorCode, errorStatusByCode } from './errors.ts';

/**
 * Seconds a client should wait before retrying a request a rail could not take (503
 * RAIL_UNAVAILABLE, `Retry-After`; spec: components/responses/RailUnavailable). About the time a
 * rail breaker stays open before its probe (rails/circuit-breaker.ts, 30 s by default).
 */
export const railRetryAfterS = 30;

/**
 * Seconds a client should wait before retrying a request whose Idempotency-Key is still held by a
 * running request (409 IDEMPOTENCY_CONFLICT, `details.reason: in_progress`). The refused request
 * already waited `concurrentWaitMsMax` (15 s) for it; a retry waits again, server-side, and then
 * answers the first request's result or takes over a run whose lock lapsed. So: retry soon.
 */
export const idempotencyInProgressRetryAfterS = 1;

/**
 * One outcome's HTTP answer; the status must be its error code's (errors.ts). `reason`, when
 * given, is `details.reason`: it tells apart outcomes that share one `error.code`, so a client
 * never parses the message (decision 0420).
 */
export type OutcomeHttp = {
  [Code in ErrorCode]: { status: (typeof errorStatusByCode)[Code]; code: Code; retryAfterS?: number; reason?: string };
}[ErrorCode];

/** A table that answers every outcome of `O`: a missing one is a type error. */
export type OutcomeTable<O extends string> = { readonly [Key in O]: OutcomeHttp };

export const outcomeHttp: OutcomeTable<Outcome> = {
  // Parties.
  merchant_not_active: { status: 403, code: 'COMPLIANCE_HOLD' },
  sub_merchant_not_found: { status: 422, code: 'VALIDATION_ERROR' },
  sub_merchant_suspended: { status: 403, code: 'COMPLIANCE_HOLD' },
  sub_merchant_over_collection_limit: { status: 403, code: 'COMPLIANCE_HOLD' },
  sub_merchant_over_balance_limit: { status: 403, code: 'COMPLIANCE_HOLD' },
  sub_merchant_kyc_not_verified: { status: 403, code: 'COMPLIANCE_HOLD' },
  // Sub-merchants.
  sub_merchant_request_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  no_such_sub_merchant: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  // Wallets.
  no_such_wallet: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  // Rails.
  rail_unavailable: { status: 503, code: 'RAIL_UNAVAILABLE', retryAfterS: railRetryAfterS },
  rail_timed_out: { status: 503, code: 'RAIL_UNAVAILABLE', retryAfterS: railRetryAfterS },
  rail_declined_request: { status: 422, code: 'VALIDATION_ERROR' },
  // Collections.
  payer_does_not_fit_rail: { status: 422, code: 'VALIDATION_ERROR' },
  currency_not_supported: { status: 422, code: 'VALIDATION_ERROR' },
  collection_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  // Checkout sessions.
  checkout_session_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  rail_not_allowed_by_session: { status: 422, code: 'VALIDATION_ERROR' },
  checkout_session_not_open: { status: 422, code: 'VALIDATION_ERROR' },
  checkout_session_payment_in_progress: { status: 422, code: 'VALIDATION_ERROR' },
  // Refunds.
  collection_fully_refunded: { status: 422, code: 'VALIDATION_ERROR' },
  collection_not_successful: { status: 422, code: 'VALIDATION_ERROR' },
  nothing_left_to_refund: { status: 422, code: 'VALIDATION_ERROR' },
  refund_exceeds_remaining_amount: { status: 422, code: 'VALIDATION_ERROR' },
  refund_exceeds_wallet_balance: { status: 402, code: 'INSUFFICIENT_FUNDS' },
  // Transactions.
  transaction_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  transaction_filter_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  // Payouts and payout destinations.
  no_such_payout_destination: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  payout_request_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  payout_wallet_not_found: { status: 422, code: 'VALIDATION_ERROR' },
  destination_ref_is_raw_details: { status: 422, code: 'VALIDATION_ERROR' },
  payout_destination_not_usable: { status: 422, code: 'VALIDATION_ERROR' },
  payout_exceeds_wallet_balance: { status: 402, code: 'INSUFFICIENT_FUNDS' },
  no_such_payout: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  no_such_payout_batch: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  payout_not_cancellable: { status: 422, code: 'VALIDATION_ERROR' },
  // Idempotency.
  idempotency_key_reused_with_different_request: { status: 409, code: 'IDEMPOTENCY_CONFLICT', reason: 'payload_mismatch' },
  idempotency_key_in_use: { status: 409, code: 'IDEMPOTENCY_CONFLICT', reason: 'in_progress', retryAfterS: idempotencyInProgressRetryAfterS },
  // Disputes (issue 15; docs/disputes.md).
  sandbox_helper_needs_sandbox_key: { status: 403, code: 'PERMISSION_DENIED' },
  dispute_transaction_not_successful: { status: 422, code: 'VALIDATION_ERROR' },
  dispute_already_open: { status: 409, code: 'DISPUTE_ALREADY_OPEN' },
  nothing_left_to_dispute: { status: 422, code: 'VALIDATION_ERROR' },
  dispute_exceeds_disputable_amount: { status: 422, code: 'VALIDATION_ERROR' },
  dispute_exceeds_wallet_balance: { status: 402, code: 'INSUFFICIENT_FUNDS' },
  dispute_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  dispute_already_resolved: { status: 409, code: 'DISPUTE_ALREADY_RESOLVED' },
  transaction_disputed: { status: 409, code: 'TRANSACTION_DISPUTED' },
  // FX (docs/fx.md).
  fx_currency_not_supported: { status: 422, code: 'VALIDATION_ERROR' },
  fx_same_currency: { status: 422, code: 'VALIDATION_ERROR' },
  fx_rate_lock_not_found: { status: 422, code: 'VALIDATION_ERROR' },
  fx_rate_lock_currency_mismatch: { status: 422, code: 'VALIDATION_ERROR' },
  fx_rate_lock_used: { status: 422, code: 'VALIDATION_ERROR' },
  fx_rate_lock_expired: { status: 422, code: 'VALIDATION_ERROR' },
  fx_conversion_amount_too_small: { status: 422, code: 'VALIDATION_ERROR' },
  fx_conversion_exceeds_wallet_balance: { status: 402, code: 'INSUFFICIENT_FUNDS' },
  // Partner wallets.
  partner_request_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  no_such_partner_wallet: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  partner_wallet_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  partner_wallet_exists: { status: 409, code: 'WALLET_EXISTS' },
  partner_wallet_currency_mismatch: { status: 422, code: 'VALIDATION_ERROR' },
  partner_wallet_insufficient_funds: { status: 402, code: 'INSUFFICIENT_FUNDS' },
  no_such_partner_withdrawal: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  // Split rules and escrow (docs/split-settlement.md).
  split_rule_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  split_rule_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  split_rule_not_usable: { status: 422, code: 'VALIDATION_ERROR' },
  split_rule_currency_differs: { status: 422, code: 'VALIDATION_ERROR' },
  split_rule_needs_sub_merchant: { status: 422, code: 'VALIDATION_ERROR' },
  split_rule_flat_legs_exceed_amount: { status: 422, code: 'VALIDATION_ERROR' },
  escrow_hold_not_found: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  escrow_hold_not_held: { status: 409, code: 'ESCROW_HOLD_NOT_HELD' },
  // Reconciliation (the ops API, docs/reconciliation.md).
  recon_request_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  recon_report_unavailable: { status: 422, code: 'VALIDATION_ERROR' },
  recon_provider_unavailable: { status: 503, code: 'RAIL_UNAVAILABLE', retryAfterS: railRetryAfterS },
  recon_report_invalid: { status: 422, code: 'VALIDATION_ERROR' },
  no_such_recon_run: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  no_such_recon_item: { status: 404, code: 'RESOURCE_NOT_FOUND' },
  recon_item_not_an_exception: { status: 422, code: 'VALIDATION_ERROR' },
  recon_exception_already_resolved: { status: 409, code: 'EXCEPTION_ALREADY_RESOLVED' },
  recon_correction_wallet_not_found: { status: 422, code: 'VALIDATION_ERROR' },
  recon_correction_exceeds_wallet_balance: { status: 402, code: 'INSUFFICIENT_FUNDS' },
};

/** The failure envelope's error for a refusal: its message, its fields, its Retry-After. */
export function apiErrorOf(refusal: Refusal): ApiError {
  const http = outcomeHttp[refusal.outcome];
  return new ApiError(http.code, refusal.message, {
    ...(refusal.fields || http.reason ? {
      details: { ...(http.reason === undefined ? {} : { reason: http.reason }), ...(refusal.fields ? { fields: refusal.fields } : {}) },
    } : {}),
    ...(http.retryAfterS === undefined ? {} : { headers: { 'Retry-After': String(http.retryAfterS) } }),
    cause: refusal,
  });
}
