// Our requests as MoMo's bodies, and MoMo's status reads as our closed outcomes
// (https://momodeveloper.mtn.com/api-documentation: Collection "RequesttoPay" and
// "RequesttoPayTransactionStatus", Disbursement "Transfer", "GetTransferStatus", "Refund";
// field names as in MTN's published SDKs, e.g. sparkplug/momoapi-node src/collections.ts and the
// `mtnmomo` crate's requests/request_to_pay.rs). The failure-reason tables are docs/providers/mtn-momo.md's.
import { fieldOf, stringFieldOf } from '../../rails/provider-http.ts';
import type { PayoutFailureReason, PayoutRailOutcomeStatus } from '../../payout-rails/types.ts';
import type { RailFailureReason, RailOutcomeStatus } from '../../rails/types.ts';

/** MoMo's `payer`/`payee`: MSISDN is the phone in international form without the `+`. */
export function msisdnParty(phone: string): { partyIdType: 'MSISDN'; partyId: string } {
  return { partyIdType: 'MSISDN', partyId: phone.replace(/^\+/, '') };
}

/** A phone MoMo takes as an MSISDN: ITU-T E.164, 8 to 15 digits, an optional leading `+`. */
export const msisdnPattern = /^\+?[1-9]\d{7,14}$/;

/** POST /collection/v1_0/requesttopay. externalId is our transaction id (reconciliation reports show it). */
export function requestToPayBody(input: { amount: string; currency: string; transactionId: string; phone: string }) {
  return {
    amount: input.amount,
    currency: input.currency,
    externalId: input.transactionId,
    payer: msisdnParty(input.phone),
    // Shown to the payer in the approval prompt and their history; no merchant data beyond it.
    payerMessage: 'Payment',
    payeeNote: input.transactionId,
  };
}

/** POST /disbursement/v1_0/transfer. externalId carries (payoutId, attempt): `<payoutId>:<attempt>`. */
export function transferBody(input: { amount: string; currency: string; payoutId: string; attempt: number; phone: string }) {
  return {
    amount: input.amount,
    currency: input.currency,
    externalId: `${input.payoutId}:${input.attempt}`,
    payee: msisdnParty(input.phone),
    payerMessage: 'Payout',
    payeeNote: input.payoutId,
  };
}

/** POST /disbursement/v1_0/refund: the refund of a request to pay, by its X-Reference-Id. */
export function refundBody(input: { amount: string; currency: string; transactionId: string; referenceIdToRefund: string }) {
  return {
    amount: input.amount,
    currency: input.currency,
    externalId: input.transactionId,
    payerMessage: 'Refund',
    payeeNote: input.transactionId,
    referenceIdToRefund: input.referenceIdToRefund,
  };
}

/** A status read (GET .../requesttopay/{id}, .../transfer/{id}, .../refund/{id}) as MoMo answers it. */
export interface MtnMomoStatus {
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED' | string;
  /** Set on FAILED: why (PAYER_NOT_FOUND, NOT_ENOUGH_FUNDS...). MoMo writes it as a string or as { code, message }. */
  reason: string | null;
  amount: string | null;
  currency: string | null;
  externalId: string | null;
  financialTransactionId: string | null;
}

export function statusOf(json: unknown): MtnMomoStatus | null {
  const status = stringFieldOf(json, 'status');
  if (status === null) return null;
  const reason = fieldOf(json, 'reason');
  return {
    status,
    reason: typeof reason === 'string' ? reason : stringFieldOf(reason, 'code'),
    amount: stringFieldOf(json, 'amount'),
    currency: stringFieldOf(json, 'currency'),
    externalId: stringFieldOf(json, 'externalId'),
    financialTransactionId: stringFieldOf(json, 'financialTransactionId'),
  };
}

/**
 * Why a request to pay failed, as our closed reasons (rails/types.ts railFailureReasons).
 * Unknown subscriber reads as account_closed (there is no account to pay from); the payer's own
 * refusals, limits and the approval window running out read as payer_declined; MoMo's own
 * failures after accepting (INTERNAL_PROCESSING_ERROR, SERVICE_UNAVAILABLE) also end the
 * collection as payer_declined, the closest reason the set has (decision 0668).
 */
export const collectionFailureReasons: Readonly<Record<string, RailFailureReason>> = {
  PAYER_NOT_FOUND: 'account_closed',
  NOT_ENOUGH_FUNDS: 'insufficient_funds',
  PAYER_LIMIT_REACHED: 'payer_declined',
  APPROVAL_REJECTED: 'payer_declined',
  EXPIRED: 'payer_declined',
  TRANSACTION_CANCELED: 'payer_declined',
  NOT_ALLOWED: 'payer_declined',
  INTERNAL_PROCESSING_ERROR: 'payer_declined',
  SERVICE_UNAVAILABLE: 'payer_declined',
  COULD_NOT_PERFORM_TRANSACTION: 'payer_declined',
};

/**
 * Why a transfer failed, as our closed payout reasons (payout-rails/types.ts). Unknown or
 * unusable payee: permanent (invalid_account, destination_limit_exceeded). Anything on MoMo's or
 * our disbursement account's side (our float empty, MoMo down, expired): transient, retried as a
 * new attempt. An unknown reason is transient: nothing moved, so a retry is safe.
 */
export const payoutFailureReasons: Readonly<Record<string, { status: Exclude<PayoutRailOutcomeStatus, 'success'>; reason: PayoutFailureReason }>> = {
  PAYEE_NOT_FOUND: { status: 'failed', reason: 'invalid_account' },
  PAYER_NOT_FOUND: { status: 'failed', reason: 'invalid_account' },
  NOT_ALLOWED: { status: 'failed', reason: 'invalid_account' },
  PAYEE_NOT_ALLOWED_TO_RECEIVE: { status: 'failed', reason: 'destination_limit_exceeded' },
  PAYER_LIMIT_REACHED: { status: 'failed', reason: 'destination_limit_exceeded' },
  NOT_ENOUGH_FUNDS: { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  EXPIRED: { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  INTERNAL_PROCESSING_ERROR: { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  SERVICE_UNAVAILABLE: { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
  COULD_NOT_PERFORM_TRANSACTION: { status: 'transient_failure', reason: 'rail_temporarily_unavailable' },
};

/** A final collection status as (status, failureReason); null while PENDING (or an unknown status). */
export function collectionResultOf(status: MtnMomoStatus): { status: RailOutcomeStatus; failureReason: RailFailureReason | null } | null {
  if (status.status === 'SUCCESSFUL') return { status: 'success', failureReason: null };
  if (status.status === 'FAILED' || status.status === 'REJECTED' || status.status === 'TIMEOUT') {
    return { status: 'failed', failureReason: collectionFailureReasons[status.reason ?? ''] ?? 'payer_declined' };
  }
  return null;
}

export function payoutResultOf(status: MtnMomoStatus): { status: PayoutRailOutcomeStatus; failureReason: PayoutFailureReason | null } | null {
  if (status.status === 'SUCCESSFUL') return { status: 'success', failureReason: null };
  if (status.status === 'FAILED' || status.status === 'REJECTED' || status.status === 'TIMEOUT') {
    const mapped = payoutFailureReasons[status.reason ?? ''] ?? { status: 'transient_failure', reason: 'rail_temporarily_unavailable' };
    return { status: mapped.status, failureReason: mapped.reason };
  }
  return null;
}
