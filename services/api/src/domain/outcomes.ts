// Every way a domain operation refuses a request, as closed unions of codes named as sentences
// (TigerBeetle's result enums: `exceeds_credits`, `exists_with_different_amount`). Domain, flow
// and idempotency code throw a Refusal carrying one of these codes and a message for people; they
// never know HTTP. ONE table, src/http/outcomes.ts, gives each code its status and `error.code`,
// exhaustive by type: a code added here without its line there fails `pnpm -s typecheck`
// (test/unit/outcomes.test.ts proves it with a `@ts-expect-error`).
//
// Within a union, codes are listed in the order their checks run: the first that applies is the
// answer. A code's meaning never changes; new ones are added. A failed internal assertion is not
// an outcome: it is a plain Error, a 500.

/** Rules every money-moving operation applies to the parties it moves money for. */
export type PartyOutcome =
  /** The merchant is suspended or frozen: it still reads, but moves no money. */
  | 'merchant_not_active'
  /** Not one of the merchant's sub-merchants (another merchant's reads as unknown). */
  | 'sub_merchant_not_found'
  /** The sub-merchant is suspended: it cannot receive money (nor be paid out). */
  | 'sub_merchant_suspended'
  /** The amount is more than one collection for the sub-merchant may be under its KYC tier (kyc-tiers.ts). */
  | 'sub_merchant_over_collection_limit'
  /** The collection would take the sub-merchant's wallet past the balance its KYC tier allows. */
  | 'sub_merchant_over_balance_limit';

/** Sub-merchants' own operations (create, read, suspend, reactivate, KYC case read), in check order. */
export type SubMerchantOutcome =
  /** A blank display name, or a country code that is not an assigned ISO 3166-1 alpha-2 code. */
  | 'sub_merchant_request_invalid'
  /** The sub-merchant named in the path is not one of the merchant's (404; a body attribution is sub_merchant_not_found). */
  | 'no_such_sub_merchant';

/** Paying out of a wallet, as far as its owner goes (sub-merchants.ts assertOwnerMayBePaidOut). */
export type PayoutPartyOutcome =
  | 'sub_merchant_suspended'
  /** A sub-merchant is paid out only once its KYC is verified. */
  | 'sub_merchant_kyc_not_verified';

/** Wallet reads. */
export type WalletOutcome =
  /** The wallet named in the path is not the merchant's nor one of its sub-merchants'. */
  | 'no_such_wallet';

/**
 * A rail call that failed synchronously. rails/errors.ts (railFailureOf) is the one place that
 * tells them apart; these are the same three, in the domain's words.
 */
export type RailCallOutcome =
  /** The provider is down or its breaker is open: it did not accept the call. Nothing was created. */
  | 'rail_unavailable'
  /** No answer in time: the provider may have accepted it. A retry with the same key completes it. */
  | 'rail_timed_out'
  /** The provider rejected the request as invalid. Nothing was created. */
  | 'rail_declined_request';

/** POST /collections (and the collection a checkout pay makes), in check order. */
export type CollectionOutcome =
  | 'payer_does_not_fit_rail'
  | 'currency_not_supported'
  | PartyOutcome
  | RailCallOutcome
  | 'collection_not_found';

/** Checkout sessions: creation, the payer's read and pay, in check order. */
export type CheckoutSessionOutcome =
  | 'checkout_session_not_found'
  | 'rail_not_allowed_by_session'
  /** The session is completed, expired or cancelled. */
  | 'checkout_session_not_open'
  /** Another pay of this session holds it (it may have reached the rail). */
  | 'checkout_session_payment_in_progress';

/** POST /collections/{id}/refunds, in check order. */
export type RefundOutcome =
  | 'collection_not_found'
  | 'merchant_not_active'
  | 'collection_fully_refunded'
  | 'collection_not_successful'
  | 'nothing_left_to_refund'
  | 'refund_exceeds_remaining_amount'
  | 'refund_exceeds_wallet_balance'
  | RailCallOutcome;

export type TransactionOutcome =
  | 'transaction_not_found'
  /** A GET /transactions date filter that is not an instant, or date_from after date_to. */
  | 'transaction_filter_invalid';

/** The idempotency claim (seed: Idempotency). */
export type IdempotencyOutcome =
  /** The key was used with another payload or another operation. */
  | 'idempotency_key_reused_with_different_request'
  /** A request with this key is still running after the wait (idempotency-store.ts concurrentWaitMsMax). */
  | 'idempotency_key_in_use';

// ----- Disputes (issue 15; disputes/disputes.ts, docs/disputes.md) -----
/** POST /sandbox/disputes, POST /sandbox/disputes/{id}/resolve and the dispute reads, in check order. */
export type DisputeOutcome =
  /** A live key called a sandbox test helper (they play what only rails report in production). */
  | 'sandbox_helper_needs_sandbox_key'
  /** The collection named in the body is not the merchant's (or not a collection). */
  | 'transaction_not_found'
  /** Only a successful collection can be disputed (pending or failed: no money was collected). */
  | 'dispute_transaction_not_successful'
  /** The collection already has an open dispute (one at a time). */
  | 'dispute_already_open'
  /** Refunds and earlier disputes cover the whole amount. */
  | 'nothing_left_to_dispute'
  /** More than the collected amount minus refunds and earlier disputes. */
  | 'dispute_exceeds_disputable_amount'
  /** The merchant wallet's available balance cannot cover the hold (wallets never go below zero). */
  | 'dispute_exceeds_wallet_balance'
  /** The dispute named in the path is not the merchant's. */
  | 'dispute_not_found'
  /** The dispute is won or lost already: nothing moves. */
  | 'dispute_already_resolved'
  /** A refund of a collection whose dispute is open (Stripe: charge_disputed). */
  | 'transaction_disputed';
// ----- end of Disputes -----

/** FX rates, rate locks and conversions (fx/fx-rates.ts, fx/fx-conversions.ts), in check order. */
export type FxOutcome =
  /** A currency the rate source does not quote (or the ledger does not know): names its field. */
  | 'fx_currency_not_supported'
  /** base_currency and quote_currency are the same (field quote_currency). */
  | 'fx_same_currency'
  /** The lock named is not the merchant's (or does not exist). */
  | 'fx_rate_lock_not_found'
  /** The lock converts another pair than the one needed (base = source currency, quote = target). */
  | 'fx_rate_lock_currency_mismatch'
  /** The lock was already used by another payout or transfer. */
  | 'fx_rate_lock_used'
  /** The lock's expires_at has passed. */
  | 'fx_rate_lock_expired'
  /** The amount converts to less than one minor unit of the target currency. */
  | 'fx_conversion_amount_too_small'
  /** The source wallet cannot cover the converted amount: nothing moved. */
  | 'fx_conversion_exceeds_wallet_balance';

/** The partner wallet API (/api/v1/partner: partner-wallets/partner-wallets.ts, partner-movements.ts), in check order. */
export type PartnerWalletOutcome =
  /** The request breaks a rule its schema cannot state (a side named twice or not at all, a bad check digit, one wallet on both sides). */
  | 'partner_request_invalid'
  /** The wallet named in the path is not one of the partner's (another partner's reads as absent). */
  | 'no_such_partner_wallet'
  /** A wallet named in the body (id or account number) is not one of the partner's. */
  | 'partner_wallet_not_found'
  /** The partner already has a wallet for this externalUserId in this currency. */
  | 'partner_wallet_exists'
  /** The two wallets of a transfer hold different currencies (and no FX lock converts between them). */
  | 'partner_wallet_currency_mismatch'
  /** The paying wallet's available balance does not cover the amount; nothing moved. */
  | 'partner_wallet_insufficient_funds'
  /** The withdrawal named in the path is not one of the partner's. */
  | 'no_such_partner_withdrawal';

/** Payout destinations (additive POST and GET /payout-destinations). */
export type PayoutDestinationOutcome =
  /** The destination named in the path is not the merchant's. */
  | 'no_such_payout_destination';

/** POST /payouts and POST /payouts/bulk, in check order (payouts/payouts.ts). */
export type PayoutOutcome =
  /** scheduled_at not in the future; a payout currency other than the wallet's (no conversion). */
  | 'payout_request_invalid'
  /** body.wallet_id is not a wallet of the merchant or of one of its sub-merchants. */
  | 'payout_wallet_not_found'
  /** A destination_ref that is a raw phone, account or card number: tokenize it first. */
  | 'destination_ref_is_raw_details'
  /** A destination_ref the merchant does not own, or whose type or currency differ from the payout's. */
  | 'payout_destination_not_usable'
  | 'merchant_not_active'
  | PayoutPartyOutcome
  /** The wallet's available balance cannot cover the payout (or the batch's total): nothing was created. */
  | 'payout_exceeds_wallet_balance';

/** Payout reads and the additive cancel. */
export type PayoutReadOutcome =
  | 'no_such_payout'
  | 'no_such_payout_batch'
  /** Only a queued payout can be cancelled. */
  | 'payout_not_cancellable';


/** Split rules (POST/GET /split-rules, deactivate) and applying one to a payment, in check order. */
export type SplitRuleOutcome =
  /** A rule the schema cannot refuse: shares over 100 % or with more than 2 decimals, tiers out of order, an unknown sub-merchant. */
  | 'split_rule_invalid'
  | 'split_rule_not_found'
  /** A payment's split_rule_id names no rule of the merchant, or an inactive one. */
  | 'split_rule_not_usable'
  | 'split_rule_currency_differs'
  /** The rule pays "the payment's sub-merchant" and the payment names none. */
  | 'split_rule_needs_sub_merchant'
  | 'split_rule_flat_legs_exceed_amount';

/** Escrow holds: release, return, delivery confirmation. */
export type EscrowOutcome =
  | 'escrow_hold_not_found'
  /** Released, returned, or taken back whole by a refund: nothing moves (409 ESCROW_HOLD_NOT_HELD). */
  | 'escrow_hold_not_held';

/** Reconciliation (the ops API, docs/reconciliation.md), in check order. */
export type ReconciliationOutcome =
  /** A run the schema cannot refuse: a period too long or backwards, a format the provider does not export. */
  | 'recon_request_invalid'
  /** The provider has no report to pull from its API here (M-Pesa: upload the portal's statement). */
  | 'recon_report_unavailable'
  /** The provider's report API did not answer (or refused our key) for a pull: the run failed; try again later. */
  | 'recon_provider_unavailable'
  /** The uploaded or pulled report cannot be read: the message names its line and column. */
  | 'recon_report_invalid'
  | 'no_such_recon_run'
  | 'no_such_recon_item'
  /** A matched item is not an exception: there is nothing to resolve. */
  | 'recon_item_not_an_exception'
  /** The exception was resolved before (resolutions are never edited). */
  | 'recon_exception_already_resolved'
  /** A correction names no wallet, and the item's merchant has none in its currency. */
  | 'recon_correction_wallet_not_found'
  /** Debiting the wallet would take it below zero: nothing moved, nothing recorded. */
  | 'recon_correction_exceeds_wallet_balance';

export type Outcome =
  | ReconciliationOutcome
  | CollectionOutcome
  | CheckoutSessionOutcome
  | RefundOutcome
  | TransactionOutcome
  | IdempotencyOutcome
  | SubMerchantOutcome
  | PayoutPartyOutcome
  | WalletOutcome
  | DisputeOutcome
  | PayoutDestinationOutcome
  | PayoutOutcome
  | PayoutReadOutcome
  | FxOutcome
  | PartnerWalletOutcome
  | SplitRuleOutcome
  | EscrowOutcome;

/** A request field a refusal is about, as clients see it (`body.amount`, `path.id`, `session`). */
export type RefusalField = { field: string; message: string };

/** The message of a refusal that is about fields: the fields say what is wrong. */
export const fieldsRefusalMessage = 'The request is not valid.';

/**
 * A domain operation said no: nothing was written (the operation's checks all run before its
 * first effect, or its effect was undone). `cause` keeps the underlying failure (the rail error
 * behind a rail outcome) for logs and for callers that must tell them apart.
 */
export class Refusal extends Error {
  readonly outcome: Outcome;
  readonly fields: RefusalField[] | undefined;

  constructor(outcome: Outcome, message: string, options: { fields?: RefusalField[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'Refusal';
    this.outcome = outcome;
    this.fields = options.fields;
  }
}

/** A refusal about request fields, with the generic message unless another is given. */
export function fieldsRefusal(outcome: Outcome, fields: RefusalField[], message = fieldsRefusalMessage): Refusal {
  return new Refusal(outcome, message, { fields });
}

export function isRefusal(error: unknown, ...outcomes: Outcome[]): error is Refusal {
  return error instanceof Refusal && (outcomes.length === 0 || outcomes.includes(error.outcome));
}
