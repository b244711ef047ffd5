// Synchronous rail failures, one class per way the collections flow must react.
//
// | Error                | Meaning                                   | Breaker      | Suggested HTTP          |
// |----------------------|-------------------------------------------|--------------|-------------------------|
// | RailOutageError      | provider down, or no answer in time       | counts       | 503 RAIL_UNAVAILABLE    |
// | RailUnavailableError | breaker open: the provider was not called | (fails fast) | 503 RAIL_UNAVAILABLE    |
// | RailDeclinedError    | provider rejected the request as invalid  | not counted  | 422 VALIDATION_ERROR    |
//
// In every case the rail has not accepted the initiation (an outage caused by a timeout is the
// one ambiguous case: see RailOutageError), so the collections flow creates nothing.

import type { Rail } from './types.ts';

export const railErrorCodes = ['rail_outage', 'rail_unavailable', 'rail_declined'] as const;
export type RailErrorCode = (typeof railErrorCodes)[number];

export abstract class RailError extends Error {
  abstract readonly code: RailErrorCode;
  readonly rail: Rail;

  constructor(rail: Rail, message: string, options?: ErrorOptions) {
    super(message, options);
    this.rail = rail;
  }
}

export const railOutageCauses = ['provider_down', 'rail_forced_down', 'timeout'] as const;
export type RailOutageCause = (typeof railOutageCauses)[number];

/**
 * The provider is down or did not answer within the breaker timeout. Counts as a failure for the
 * rail's circuit breaker.
 *
 * A timeout is ambiguous: the provider may have accepted the initiation after we stopped waiting
 * (the sandbox `slow` scenario does exactly that). Retrying with the same transactionId is safe
 * and returns the original answer; an outcome may also arrive for a transaction the collections
 * flow never created, which its outcome handler must ignore.
 */
export class RailOutageError extends RailError {
  readonly code = 'rail_outage';
  readonly outageCause: RailOutageCause;

  constructor(rail: Rail, outageCause: RailOutageCause, options?: ErrorOptions) {
    super(rail, `rail ${rail} is unavailable (${outageCause})`, options);
    this.name = 'RailOutageError';
    this.outageCause = outageCause;
  }
}

/** The rail's circuit breaker is open (or its half-open probe is in flight): failed fast, provider not called. */
export class RailUnavailableError extends RailError {
  readonly code = 'rail_unavailable';

  constructor(rail: Rail, options?: ErrorOptions) {
    super(rail, `rail ${rail} is temporarily unavailable (circuit breaker open)`, options);
    this.name = 'RailUnavailableError';
  }
}

/**
 * Why a rail rejects a request synchronously. The collections flow validates input before calling
 * the rail, so outside of bugs only the refund checks (which need the provider's view) occur.
 */
export const railDeclineCodes = [
  'invalid_transaction_id',
  'invalid_amount',
  'invalid_currency',
  'payer_phone_missing',
  'payer_phone_invalid',
  'payer_card_token_missing',
  'payer_card_token_invalid',
  'payer_account_ref_missing',
  'payer_account_ref_invalid',
  'parent_not_found',
  'parent_not_successful',
  'refund_currency_mismatch',
  'refund_exceeds_refundable_amount',
  'transaction_id_reused_with_different_request',
  // Refund of a collection reversed in full (reverseCollection).
  'parent_reversed',
  // reverseCollection: no collection under that transaction id; or refunds exist, so it cannot be reversed whole.
  'collection_not_found',
  'collection_refunded',
  // Initiating again under the transaction id of a collection reversed since.
  'collection_reversed',
  // A real provider refused the request for a reason of its own (its 4xx answer; the message
  // says which): connectors/mpesa, connectors/mtn-momo.
  'provider_refused_request',
] as const;
export type RailDeclineCode = (typeof railDeclineCodes)[number];

/** The rail rejected the request as invalid. Not a rail health problem: never counts toward the breaker. */
export class RailDeclinedError extends RailError {
  readonly code = 'rail_declined';
  readonly declineCode: RailDeclineCode;
  /**
   * The request field the provider refused, in the API's words (`amount`, `currency`,
   * `payer_phone`; KES 1,500.50 on M-Pesa, which takes whole shillings only), when the provider
   * says which; the refusal then names it instead of `body` (collections/rail-calls.ts).
   */
  readonly field: string | null;

  constructor(rail: Rail, declineCode: RailDeclineCode, options?: ErrorOptions & { field?: string; detail?: string }) {
    super(rail, `rail ${rail} declined the request (${declineCode}${options?.detail ? `: ${options.detail}` : ''})`, options);
    this.name = 'RailDeclinedError';
    this.declineCode = declineCode;
    this.field = options?.field ?? null;
  }
}

/**
 * What a failed rail call means, decided here and nowhere else:
 *   rail_unavailable       the provider is down (or forced down) or its breaker is open: it did
 *                          NOT accept the call (certain; counts toward the breaker, except the
 *                          breaker's own fast failure);
 *   rail_timed_out         no answer within the breaker's timeout: it MAY have accepted the call
 *                          (ambiguous: only a retry with the same transaction id may finish it);
 *   rail_declined_request  the provider rejected the request as invalid: it did NOT accept it
 *                          (certain; the provider working correctly, never counted by the breaker).
 * null for anything that is not a rail error (a bug, a database failure).
 */
export type RailFailure = 'rail_unavailable' | 'rail_timed_out' | 'rail_declined_request';

export function railFailureOf(error: unknown): RailFailure | null {
  if (error instanceof RailDeclinedError) return 'rail_declined_request';
  if (error instanceof RailUnavailableError) return 'rail_unavailable';
  if (error instanceof RailOutageError) return error.outageCause === 'timeout' ? 'rail_timed_out' : 'rail_unavailable';
  return null;
}

/** True when the rail certainly did not accept the call (so undoing what preceded it is safe). */
export function railRefusedForCertain(failure: RailFailure | null): boolean {
  return failure === 'rail_unavailable' || failure === 'rail_declined_request';
}
