// The rail connector contract: what the collections flow sees of a payment rail.
//
// A connector is the seam where a real provider integration (an M-Pesa STK push API, a card
// acquirer, a bank's open-banking API, a USSD aggregator, a QR scheme) plugs in. The sandbox
// connectors in ./sandbox/ implement the same contract against PostgreSQL so that the whole
// collections flow can be exercised end to end without a provider.

export const allRails = ['mobile_money', 'card', 'bank', 'ussd', 'qr'] as const;
export type Rail = (typeof allRails)[number];

export function isRail(value: unknown): value is Rail {
  return typeof value === 'string' && (allRails as readonly string[]).includes(value);
}

/** Payer identification; which field a rail needs is fixed per rail (see docs/sandbox-rails.md). */
export interface RailPayer {
  /** mobile_money and ussd: the payer's phone number (E.164 recommended). */
  phone?: string | null;
  /** card: a tokenized card reference, never a raw card number. */
  cardToken?: string | null;
  /** bank: a tokenized bank account reference. */
  accountRef?: string | null;
}

export interface CollectionInitiation {
  /**
   * Our transaction id (uuid). It is the idempotency key towards the provider: initiating again
   * with the same transactionId (and the same request) returns the original answer and schedules
   * nothing new. The collections flow relies on it to recover from a crash between the rail call
   * and its own database write.
   */
  transactionId: string;
  merchantId: string;
  /** Integer minor units, >= 1. */
  amount: number;
  /** ISO 4217, 3 upper-case letters. */
  currency: string;
  payer: RailPayer;
  /** Merchant order string; the qr sandbox reads its magic values from it. */
  reference?: string | null;
}

export interface RefundInitiation {
  /** Our refund transaction id (uuid); the idempotency key, as for collections. */
  transactionId: string;
  /** The provider_reference the rail gave the collection being refunded. */
  parentProviderReference: string;
  /** Integer minor units, >= 1. */
  amount: number;
  currency: string;
}

/** A void or reversal of a whole collection (RailConnector.reverseCollection). */
export interface CollectionReversal {
  /** Our transaction id the collection was initiated under; also the reversal's idempotency key. */
  transactionId: string;
  /** Why, for the provider's records (no payer data): e.g. "could not be recorded". */
  reason: string;
}

/** The rail's record of a reversal. */
export interface RailReversalResult {
  /** The rail's own reference for the reversal (not the collection's). */
  providerReference: string;
  /** The reversed collection's provider reference. */
  collectionProviderReference: string;
  /** Integer minor units returned to the payer: the whole collection. */
  amount: number;
  currency: string;
}

/**
 * The synchronous answer of a rail. It never carries the final outcome: that always arrives
 * later, asynchronously, as a RailOutcome.
 */
export interface RailInitiationResult {
  /** The rail's own reference, stored as the transaction's provider_reference. */
  providerReference: string;
  /** Where the payer must go (card 3-D Secure challenge, bank authorization, QR code), if anywhere. */
  actionUrl: string | null;
  /** Dial string the payer must complete (USSD rail, mobile-money USSD fallback), if any. */
  ussdCode: string | null;
}

/**
 * A provider's answer to "what became of the initiation under this transaction id"
 * (RailConnector.queryOutcome): still pending, final (with the outcome, as its callback would have
 * said it), or unknown (the provider holds nothing under that id).
 */
export type RailStatusAnswer =
  | { state: 'pending' }
  | { state: 'final'; outcome: RailOutcome }
  | { state: 'unknown' };

export interface RailConnector {
  readonly rail: Rail;
  /**
   * The provider's name in the routing table and on the rows it served (provider-routing/
   * routing-table.ts; decision 0640): 'sandbox' for ours, `mpesa`, `mtn_momo`, `paystack`...
   * Optional for connectors made before routing; a connector registered beside the sandbox must set it.
   */
  readonly provider?: string;
  /**
   * Throws RailDeclinedError when the rail rejects the request synchronously (malformed input),
   * RailOutageError when the rail is down or times out, and RailUnavailableError (breaker-wrapped
   * connectors only) when the rail's circuit breaker is open.
   */
  initiateCollection(request: CollectionInitiation): Promise<RailInitiationResult>;
  initiateRefund(request: RefundInitiation): Promise<RailInitiationResult>;
  /**
   * The provider's status query by our reference (M-Pesa's transaction status, a card
   * acquirer's lookup by merchant reference): the answer the rail gave the collection initiated
   * under `transactionId`, or null when it holds none. Used only when resuming a run that died
   * without a trace of how far it got. Throws like initiateCollection when the rail is down.
   */
  findCollection(transactionId: string): Promise<RailInitiationResult | null>;
  /**
   * The provider's "resend notification" call (Flutterwave's resend-hook, a PSP's notification
   * replay): sends the final outcome of the initiation under `transactionId` again if it was
   * sent already. True when it is on its way again; false when there was nothing to resend (not
   * sent yet, reversed, or unknown). Used when a late retry records a collection whose outcome
   * arrived before any row existed: the ingress queues its application again (decision 0610).
   * Throws like initiateCollection when the rail is down.
   */
  redeliverOutcome(transactionId: string): Promise<boolean>;
  /**
   * The provider's void / reversal (a card authorization void, M-Pesa's Reversal API, a PSP's
   * cancel): the whole collection initiated under `transactionId` goes back to the payer. A
   * collection whose outcome is not yet final is voided, and its outcome is never sent; a
   * successful one is reversed in full. Idempotent on transactionId: reversing again answers the
   * first reversal; initiating the collection again afterwards is declined (`collection_reversed`),
   * while findCollection still reports it (the rail holds it, reversed). Used by the completer for
   * a payment the rail holds but the service cannot record (collection-completer.ts). Throws
   * RailDeclinedError when the rail holds no collection
   * under that id or it has been refunded (a reversal is of the whole payment), and like
   * initiateCollection when the rail is down.
   */
  reverseCollection(request: CollectionReversal): Promise<RailReversalResult>;
  /**
   * The provider's status query for a collection or a refund (M-Pesa's STK query, MTN MoMo's GET
   * requesttopay/{referenceId}, Paystack's verify): used to poll a provider that has not called
   * back (provider-routing/status-polls.ts). Optional: a connector without it is never polled (the
   * sandbox delivers every outcome itself). Throws like initiateCollection when the rail is down.
   */
  queryOutcome?(query: { kind: RailOutcomeKind; transactionId: string }): Promise<RailStatusAnswer>;
}

export const railOutcomeKinds = ['collection', 'refund'] as const;
export type RailOutcomeKind = (typeof railOutcomeKinds)[number];

export const railOutcomeStatuses = ['success', 'failed'] as const;
export type RailOutcomeStatus = (typeof railOutcomeStatuses)[number];

/**
 * Why a rail reported failure. A closed set: the collections flow may store it as the
 * transaction's failure reason and expose it to merchants.
 */
export const railFailureReasons = [
  'insufficient_funds',
  'payer_declined',
  'card_declined',
  'authentication_failed',
  'account_closed',
  'refund_rejected',
] as const;
export type RailFailureReason = (typeof railFailureReasons)[number];

/** The final, asynchronous outcome of one initiation, as delivered to the outcome handler. */
export interface RailOutcome {
  providerReference: string;
  rail: Rail;
  kind: RailOutcomeKind;
  status: RailOutcomeStatus;
  /** Set exactly when status is 'failed'. */
  failureReason: RailFailureReason | null;
  /** Our transaction id the initiation carried (echoed back, as real providers echo your reference). */
  transactionId: string;
}

/** Supplied by the collections domain. Must be idempotent: an outcome may be delivered more than once. */
export type RailOutcomeHandler = (outcome: RailOutcome) => Promise<void>;

/** Minimal structured logger; the service passes its own, tests may pass a silent one. */
export interface RailLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function writeLogLine(level: string, message: string, fields: Record<string, unknown> | undefined): void {
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields })}\n`);
}

/** One JSON line per entry on stderr. */
export const jsonLineRailLogger: RailLogger = {
  info: (message, fields) => writeLogLine('info', message, fields),
  warn: (message, fields) => writeLogLine('warn', message, fields),
  error: (message, fields) => writeLogLine('error', message, fields),
};

export const silentRailLogger: RailLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
