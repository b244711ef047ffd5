// Our ids in Paystack's references, and back (decision 0653).
//
// - A charge's `reference` is our transaction id (a uuid: "Only -, ., = and alphanumeric
//   characters allowed", openapi.yaml ChargeCreate.reference). Paystack refuses a second charge
//   under a reference it holds ("Duplicate Transaction Reference", `duplicate_reference`), which
//   is what makes a retry safe: it can never charge twice; the retry reads the first charge back
//   with GET /transaction/verify/{reference}.
// - A transfer's `reference` is `<payout id>_<attempt>` ("a lowercase alphanumeric string with
//   only -,_ symbols allowed", TransferBase.reference; "To ensure idempotency").
// - A refund has no reference of ours in Paystack's contract (RefundCreate has none), so its
//   `merchant_note` carries `payagg refund <refund transaction id>` (or `payagg reversal <collection
//   transaction id>`); a retry finds it among the collection's refunds before creating another.
import { uuidPattern } from '../../ids.ts';

export function chargeReferenceOf(transactionId: string): string {
  return transactionId.toLowerCase();
}

/** Our transaction id from a charge reference; null when the charge is not one of ours. */
export function transactionIdOfChargeReference(reference: unknown): string | null {
  return typeof reference === 'string' && uuidPattern.test(reference) ? reference.toLowerCase() : null;
}

export function transferReferenceOf(payoutId: string, attempt: number): string {
  return `${payoutId.toLowerCase()}_${attempt}`;
}

export function payoutAttemptOfTransferReference(reference: unknown): { payoutId: string; attempt: number } | null {
  if (typeof reference !== 'string') return null;
  const match = /^([0-9a-f-]{36})_(\d{1,9})$/.exec(reference);
  if (!match || !uuidPattern.test(match[1]!)) return null;
  return { payoutId: match[1]!, attempt: Number(match[2]) };
}

export type RefundNoteKind = 'refund' | 'reversal';

export function refundNoteOf(kind: RefundNoteKind, transactionId: string): string {
  return `payagg ${kind} ${transactionId.toLowerCase()}`;
}

export function refundOfNote(note: unknown): { kind: RefundNoteKind; transactionId: string } | null {
  if (typeof note !== 'string') return null;
  const match = /^payagg (refund|reversal) ([0-9a-f-]{36})$/.exec(note);
  if (!match || !uuidPattern.test(match[2]!)) return null;
  return { kind: match[1] as RefundNoteKind, transactionId: match[2]! };
}
