// The emulator's records and the answers it builds from them, shaped as Paystack's description
// requires (openapi.yaml ChargeCreateResponse, VerifyResponse, RefundCreateResponse,
// RefundFetchResponse, RefundListResponseArray, TransferRecipientCreateResponse,
// TransferCreateResponse, TransferVerifyResponse). Every answer passes the emulator's response
// validator, so a field the description requires is never missing here.

export type Charge = {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  channel: string;
  /** Paystack's transaction status: pending, send_otp, pay_offline, success, failed, abandoned, reversed. */
  status: string;
  gatewayResponse: string;
  email: string;
  metadata: Record<string, unknown>;
  authorizationCode: string | null;
  createdAt: string;
  paidAt: string | null;
  fees: number;
  /** What the payer does next (open_url: url; pay_offline: ussd_code or display_text). */
  next: Record<string, string>;
};

export type Refund = {
  id: number;
  transactionId: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processing' | 'processed' | 'failed';
  merchantNote: string;
  createdAt: string;
};

export type Recipient = {
  id: number; code: string; type: string; name: string; accountNumber: string; bankCode: string; currency: string; createdAt: string;
};

export type Transfer = {
  id: number; code: string; reference: string; amount: number; currency: string; reason: string;
  status: string; gatewayResponse: string | null; recipient: Recipient; createdAt: string; updatedAt: string;
};

/** Everything the emulated integration holds. */
export type EmulatorState = {
  charges: Map<string, Charge>;
  refunds: Refund[];
  recipients: Map<string, Recipient>;
  transfers: Map<string, Transfer>;
  settlements: Settlement[];
  /** The integration's transfer balance, Paystack's subunits. */
  balance: number;
  nextId: number;
};

export type Settlement = { id: number; status: string; currency: string; settlementDate: string; chargeReferences: string[] };

export const integrationId = 100032;
const domain = 'test';

function customerOf(charge: Charge) {
  return {
    id: charge.id + 1_000_000, first_name: '', last_name: '', email: charge.email, customer_code: `CUS_${charge.id}`,
    phone: '', metadata: {}, risk_action: 'default', international_format_phone: '',
  };
}

function authorizationOf(charge: Charge) {
  return {
    authorization_code: charge.authorizationCode ?? `AUTH_${charge.id}`, bin: '408408', last4: '4081', exp_month: '12', exp_year: '2030',
    channel: charge.channel, card_type: charge.channel === 'card' ? 'visa' : '', bank: 'TEST BANK', country_code: 'NG', brand: charge.channel === 'card' ? 'visa' : '',
    reusable: charge.channel === 'card', signature: `SIG_${charge.id}`, account_name: null, receiver_bank_account_number: null, receiver_bank: null,
  };
}

/** A transaction as /charge, /transaction/verify and charge.* webhooks describe it. */
export function transactionData(charge: Charge) {
  return {
    id: charge.id, domain, status: charge.status, reference: charge.reference, receipt_number: null, amount: charge.amount,
    message: null, gateway_response: charge.gatewayResponse, paid_at: charge.paidAt ?? '', created_at: charge.createdAt,
    channel: charge.channel, currency: charge.currency, ip_address: '127.0.0.1', metadata: { ...charge.metadata, custom_fields: [] },
    log: null, fees: charge.fees, fees_split: null, authorization: authorizationOf(charge), customer: customerOf(charge),
    plan: null, split: {}, order_id: null, paidAt: charge.paidAt ?? '', createdAt: charge.createdAt, requested_amount: charge.amount,
    pos_transaction_data: null, source: null, fees_breakdown: null, connect: null, transaction_date: charge.createdAt,
    plan_object: {}, subaccount: {}, ...charge.next,
  };
}

function refundBase(refund: Refund, charge: Charge) {
  return {
    integration: integrationId, transaction: refund.transactionId, dispute: null, settlement: null, id: refund.id, domain,
    currency: refund.currency, amount: refund.amount, status: refund.status, refunded_at: null, refunded_by: 'api@payagg.test',
    customer_note: '', merchant_note: refund.merchantNote, deducted_amount: refund.amount, fully_deducted: 1, createdAt: refund.createdAt,
    bank_reference: null, transaction_reference: refund.transactionReference, reason: refund.merchantNote,
    customer: { ...customerOf(charge), metadata: '' }, refund_type: refund.amount === charge.amount ? 'full' : 'partial',
    transaction_amount: charge.amount, initiated_by: 'api', refund_channel: charge.channel, session_id: null, collect_account_number: false,
  };
}

/** GET /refund/{id} and the items of GET /refund. */
export function refundData(refund: Refund, charge: Charge) {
  return refundBase(refund, charge);
}

/** POST /refund's `data` (RefundCreateResponse). */
export function refundCreatedData(refund: Refund, charge: Charge) {
  return {
    transaction: {
      id: charge.id, domain, reference: charge.reference, amount: charge.amount, paid_at: charge.paidAt ?? '', channel: charge.channel,
      currency: charge.currency, authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null }, plan: {}, subaccount: { currency: null }, split: {}, order_id: null,
      paidAt: charge.paidAt ?? '', pos_transaction_data: null, source: null, fees_breakdown: null,
    },
    integration: integrationId, deducted_amount: refund.amount, channel: null, merchant_note: refund.merchantNote, customer_note: '',
    status: refund.status, refunded_by: 'api@payagg.test', expected_at: refund.createdAt, currency: refund.currency, domain,
    amount: refund.amount, fully_deducted: true, id: refund.id, createdAt: refund.createdAt, updatedAt: refund.createdAt,
  };
}

/** refund.* webhooks' `data` (https://paystack.com/docs/payments/webhooks/: status, transaction_reference, amount, currency, id). */
export function refundEventData(refund: Refund) {
  return {
    id: refund.id, status: refund.status, transaction_reference: refund.transactionReference, refund_reference: null,
    amount: refund.amount, currency: refund.currency, processor: 'emulator', integration: integrationId, domain,
  };
}

export function recipientData(recipient: Recipient) {
  return {
    active: true, createdAt: recipient.createdAt, currency: recipient.currency, description: '', domain, email: '', id: recipient.id,
    integration: integrationId, metadata: null, name: recipient.name, recipient_code: recipient.code, type: recipient.type,
    updatedAt: recipient.createdAt, is_deleted: false, isDeleted: false,
    details: { authorization_code: null, account_number: recipient.accountNumber, account_name: recipient.name, bank_code: recipient.bankCode, bank_name: 'Test Bank' },
  };
}

/** POST /transfer's `data` (TransferCreateResponse). */
export function transferCreatedData(transfer: Transfer) {
  return {
    transfersessionid: [], transfertrials: [], domain, amount: transfer.amount, currency: transfer.currency, reference: transfer.reference,
    source: 'balance', source_details: null, reason: transfer.reason, status: transfer.status, failures: null,
    transfer_code: transfer.code, titan_code: null, transferred_at: null, id: transfer.id, integration: integrationId, request: transfer.id,
    recipient: transfer.recipient.id, createdAt: transfer.createdAt, updatedAt: transfer.updatedAt,
  };
}

/** GET /transfer/verify's `data` (TransferVerifyResponse), also transfer.* webhooks' `data`. */
export function transferData(transfer: Transfer) {
  const { isDeleted: _isDeleted, ...recipient } = recipientData(transfer.recipient);
  return {
    amount: transfer.amount, createdAt: transfer.createdAt, currency: transfer.currency, domain, failures: null, id: transfer.id,
    integration: integrationId, reason: transfer.reason, reference: transfer.reference, source: 'balance', source_details: null,
    status: transfer.status, titan_code: null, transfer_code: transfer.code, transferred_at: transfer.status === 'success' ? transfer.updatedAt : null,
    updatedAt: transfer.updatedAt, recipient: { ...recipient, details: { ...recipient.details, authorization_code: null } },
    session: { provider: null, id: null }, gateway_response: transfer.gatewayResponse,
  };
}
