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

export type Outcome = CollectionOutcome | CheckoutSessionOutcome | RefundOutcome | TransactionOutcome | IdempotencyOutcome
  | SubMerchantOutcome | PayoutPartyOutcome | WalletOutcome | SplitRuleOutcome | EscrowOutcome;

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
