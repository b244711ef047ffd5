// The payout rail connector contract: what the payouts domain sees of a rail that sends money OUT
// (a mobile-money B2C API such as M-Pesa B2C or MTN MoMo disbursements, a bank transfer API
// (NIP, PesaLink, EFT), a card push-to-card API (Visa Direct, Mastercard Send)). One connector
// per destination type; the sandbox connectors in ./sandbox/ implement the same contract against
// PostgreSQL and the job queue, so the whole payout lifecycle runs end to end without a provider.
//
// The shape is the providers': a send is answered at once with the provider's reference (the
// transfer is accepted, not done), and the final outcome arrives LATER, asynchronously (the
// provider's callback), as a PayoutRailOutcome. Nothing here waits for an outcome, and nothing
// calls a provider inside a database transaction.
import type { DestinationDetails } from '../crypto/destination-vault.ts';

export const payoutDestinationTypes = ['mobile_money', 'bank', 'card'] as const;
export type PayoutDestinationType = (typeof payoutDestinationTypes)[number];

export interface PayoutSend {
  /**
   * Our payout id and attempt: together the idempotency key towards the provider. Sending again
   * with the same (payoutId, attempt) and the same request returns the original answer and sends
   * nothing new, so a send job that died after the call may simply call again. A retry after a
   * transient failure is a new attempt (attempt = the payout's retry_count).
   */
  payoutId: string;
  attempt: number;
  merchantId: string;
  /** Integer minor units, >= 1. */
  amount: number;
  /** ISO 4217, the destination's currency. */
  currency: string;
  /** The destination's details, opened from the vault for this call only (never logged). */
  destination: DestinationDetails;
}

/** The provider accepted the send. Never the outcome. */
export interface PayoutSendReceipt {
  providerReference: string;
}

export const payoutRailOutcomeStatuses = ['success', 'failed', 'transient_failure'] as const;
export type PayoutRailOutcomeStatus = (typeof payoutRailOutcomeStatuses)[number];

/**
 * Why a rail reported a payout failed. A closed set: stored as the payout's failure_reason (and
 * shown to merchants). Permanent ones end the payout; a transient one is retried.
 */
export const payoutFailureReasons = [
  // Permanent.
  'invalid_account',
  'account_closed',
  'destination_limit_exceeded',
  // Transient: the rail or the receiving institution could not take it now.
  'rail_temporarily_unavailable',
] as const;
export type PayoutFailureReason = (typeof payoutFailureReasons)[number];

/** The final, asynchronous outcome of one send attempt, as delivered to the outcome handler. */
export interface PayoutRailOutcome {
  payoutId: string;
  attempt: number;
  providerReference: string;
  /** transient_failure: this attempt failed for a reason that may pass; the payout may be retried. */
  status: PayoutRailOutcomeStatus;
  /** Set exactly when status is not 'success'. */
  failureReason: PayoutFailureReason | null;
}

/** Supplied by the payouts domain. Must be idempotent: an outcome may be delivered more than once. */
export type PayoutRailOutcomeHandler = (outcome: PayoutRailOutcome) => Promise<void>;

/** A provider's answer to "what became of this send" (PayoutRailConnector.queryPayout). */
export type PayoutStatusAnswer =
  | { state: 'pending' }
  | { state: 'final'; outcome: PayoutRailOutcome }
  | { state: 'unknown' };

/** Why a provider cannot write an amount: the field it cannot take and a sentence for the client. */
export type PayoutAmountRefusal = { field: 'amount' | 'currency'; message: string };

export interface PayoutRailConnector {
  readonly destinationType: PayoutDestinationType;
  /** The provider's name in the routing table and on the payouts it served ('sandbox' for ours; decision 0640). */
  readonly provider?: string;
  /**
   * Whether the provider can write `amount` minor units of `currency` (M-Pesa: whole shillings;
   * MoMo: its fraction digits; Paystack: its subunits), asked without calling the provider: the
   * very check sendPayout declines with, so POST /payouts, bulk items and partner withdrawals
   * refuse at request time what the routed provider would decline at send (decision 0760).
   * Optional: without it every amount is representable (the sandbox).
   */
  amountRefusal?(amount: number, currency: string): PayoutAmountRefusal | null;
  /**
   * Sends a payout. Throws PayoutRailOutageError when the provider is down or does not answer
   * (the send job retries later with the same attempt), PayoutSendDeclinedError when the
   * provider refuses the request itself (it will never accept it: the payout fails).
   */
  sendPayout(request: PayoutSend): Promise<PayoutSendReceipt>;
  /**
   * The provider's status query for the send (payoutId, attempt) (M-Pesa's transaction status,
   * MTN MoMo's GET transfer/{referenceId}, Paystack's GET transfer/verify/:reference): 'unknown'
   * when the provider holds no such send, which is what lets a send that timed out go to the next
   * provider (payout-rails/routed-sends.ts), and what a silent provider is polled with
   * (provider-routing/status-polls.ts). Optional: without it, a send that timed out stays with its
   * provider and is retried there, as before. Throws PayoutRailOutageError when the provider is down.
   */
  queryPayout?(query: { payoutId: string; attempt: number }): Promise<PayoutStatusAnswer>;
}

/** The provider is down or did not answer in time: nothing was accepted; retry with the same attempt. */
export class PayoutRailOutageError extends Error {
  readonly destinationType: PayoutDestinationType;

  /** timeout: the provider MAY have accepted the send (decision 0641); provider_down: it did not. */
  readonly outageCause: 'provider_down' | 'timeout';

  constructor(destinationType: PayoutDestinationType, cause: 'provider_down' | 'timeout', options?: ErrorOptions) {
    super(`payout rail ${destinationType} is unavailable (${cause})`, options);
    this.name = 'PayoutRailOutageError';
    this.destinationType = destinationType;
    this.outageCause = cause;
  }
}

/** The provider refused the send as invalid: it never will accept it. `reason` becomes failure_reason. */
export class PayoutSendDeclinedError extends Error {
  readonly destinationType: PayoutDestinationType;
  readonly reason: PayoutFailureReason | 'send_declined';

  constructor(destinationType: PayoutDestinationType, reason: PayoutFailureReason | 'send_declined', detail: string, options?: ErrorOptions) {
    super(`payout rail ${destinationType} declined the send: ${detail}`, options);
    this.name = 'PayoutSendDeclinedError';
    this.destinationType = destinationType;
    this.reason = reason;
  }
}
