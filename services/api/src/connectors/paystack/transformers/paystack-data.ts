// Reading Paystack's `data` objects: the few fields we use, checked, never trusted blindly. The
// shapes are openapi.yaml's VerifyResponse, ChargeCreateResponse, RefundCreateResponse,
// RefundFetchResponse, TransferCreateResponse and TransferVerifyResponse.

export type Json = Record<string, unknown>;

export function objectOf(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function integerOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  // Webhook payloads sometimes carry amounts as strings of digits (refund events).
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** A transaction as Paystack's charge, verify and webhook `data` describe it. */
export type PaystackTransaction = {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  channel: string | null;
  gatewayResponse: string | null;
  metadata: Json | null;
  paidAt: string | null;
  createdAt: string | null;
};

export function transactionOf(data: unknown): PaystackTransaction | null {
  const o = objectOf(data);
  if (!o) return null;
  const reference = stringOf(o.reference);
  const status = stringOf(o.status);
  const amount = integerOf(o.amount);
  const currency = stringOf(o.currency);
  if (reference === null || status === null || amount === null || currency === null) return null;
  return {
    reference, status, amount, currency,
    channel: stringOf(o.channel),
    gatewayResponse: stringOf(o.gateway_response) ?? stringOf(o.message),
    metadata: objectOf(o.metadata),
    paidAt: stringOf(o.paid_at) ?? stringOf(o.paidAt),
    createdAt: stringOf(o.created_at) ?? stringOf(o.createdAt),
  };
}

/** A transfer as /transfer, /transfer/verify and transfer.* webhooks describe it. */
export type PaystackTransfer = {
  reference: string;
  transferCode: string;
  status: string;
  amount: number;
  currency: string;
  reason: string | null;
};

export function transferOf(data: unknown): PaystackTransfer | null {
  const o = objectOf(data);
  if (!o) return null;
  const reference = stringOf(o.reference);
  const transferCode = stringOf(o.transfer_code);
  const status = stringOf(o.status);
  const amount = integerOf(o.amount);
  const currency = stringOf(o.currency);
  if (reference === null || transferCode === null || status === null || amount === null || currency === null) return null;
  // A failure's words: `gateway_response` (TransferVerifyResponse) or `failures`/`reason`.
  const failures = objectOf(o.failures);
  const reason = stringOf(o.gateway_response) ?? stringOf(failures?.reason) ?? stringOf(o.reason);
  return { reference, transferCode, status, amount, currency, reason };
}

/** A refund as /refund, /refund/{id} and refund.* webhooks describe it. */
export type PaystackRefund = {
  id: number;
  status: string;
  amount: number;
  currency: string;
  merchantNote: string | null;
  transactionReference: string | null;
};

export function refundOf(data: unknown): PaystackRefund | null {
  const o = objectOf(data);
  if (!o) return null;
  const id = integerOf(o.id);
  const status = stringOf(o.status);
  const amount = integerOf(o.amount);
  const currency = stringOf(o.currency);
  if (id === null || status === null || amount === null || currency === null) return null;
  const transaction = objectOf(o.transaction);
  return {
    id, status, amount, currency,
    merchantNote: stringOf(o.merchant_note),
    transactionReference: stringOf(o.transaction_reference) ?? stringOf(transaction?.reference),
  };
}
