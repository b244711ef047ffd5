// Every failure the API reports: one closed set of codes and ONE table mapping each to its HTTP
// status. The HTTP layer (authentication, validation, pagination, protocol errors) throws
// `ApiError`; domain code throws a Refusal (domain/outcomes.ts), which outcomes.ts maps onto
// these codes. The error handler (error-handler.ts) turns both, and anything else, into the
// failure envelope.

export const errorStatusByCode = {
  // The seed's table.
  AUTH_INVALID_KEY: 401,
  AUTH_SIGNATURE_MISMATCH: 401,
  VALIDATION_ERROR: 422,
  IDEMPOTENCY_CONFLICT: 409,
  INSUFFICIENT_FUNDS: 402,
  RAIL_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  RESOURCE_NOT_FOUND: 404,
  COMPLIANCE_HOLD: 403,
  PERMISSION_DENIED: 403,
  INTERNAL_ERROR: 500,
  // Protocol-level additions (docs/decisions/0102-protocol-error-codes.md).
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_IMPLEMENTED: 501,
  // Disputes (issue 15; docs/disputes.md): conflicts with a dispute's state.
  DISPUTE_ALREADY_OPEN: 409,
  DISPUTE_ALREADY_RESOLVED: 409,
  TRANSACTION_DISPUTED: 409,
  // Split settlement (docs/split-settlement.md): release or return of a hold no longer held.
  ESCROW_HOLD_NOT_HELD: 409,
  // Partner wallets (docs/partner-wallets.md, decision 0293): a second wallet for one end user and currency.
  WALLET_EXISTS: 409,
  // GET /readyz (decision 0402): a database pool of this process does not answer in time.
  SERVICE_UNAVAILABLE: 503,
  // Requests the HTTP parser refuses before any route (http/client-error.ts, decision 0453).
  BAD_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  // Webhooks (decision 0540): a merchant holds at most webhookEndpointsPerMerchantMax endpoints.
  WEBHOOK_ENDPOINT_LIMIT_REACHED: 409,
  // Reconciliation (spec/ops.yaml): an exception already resolved; resolutions are never edited.
  EXCEPTION_ALREADY_RESOLVED: 409,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export type ValidationField = { field: string; message: string };

export type ErrorDetails = Record<string, unknown> & { fields?: ValidationField[] };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  /** Extra response headers, e.g. Retry-After on 429 or Allow on 405. */
  readonly headers: Record<string, string> | undefined;

  /** `cause`: the underlying failure (e.g. the rail error behind a 503), for callers that must tell them apart. */
  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetails; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = errorStatusByCode[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** 422 VALIDATION_ERROR naming the offending fields (`body.amount`, `query.limit`, `header.idempotency-key`). */
export function validationError(fields: ValidationField[], message = 'The request is not valid.'): ApiError {
  return new ApiError('VALIDATION_ERROR', message, { details: { fields } });
}

/** 404 RESOURCE_NOT_FOUND for a route's own lookup (domain code refuses with an outcome instead). */
export function notFound(what = 'resource'): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `The ${what} does not exist or is not accessible.`);
}
