// openapi-fetch returns HTTP failures as values ({ error, response }); that stays the normal way
// to branch on them. ApiError exists for the places that cannot return a value per request —
// the pagination iterator — and for callers who prefer to throw (see `unwrap`).
import type { ApiErrorCode } from '@payagg/contract';

export interface ErrorEnvelope {
  data: null;
  error: { code: ApiErrorCode | (string & {}); message: string; details?: Record<string, unknown> };
  meta: { request_id: string };
}

export class ApiError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** `error.code` of the envelope; `UNEXPECTED_RESPONSE` when the body was not an envelope. */
  readonly code: ApiErrorCode | 'UNEXPECTED_RESPONSE' | (string & {});
  /** `meta.request_id` (or the X-Request-Id header), for support. */
  readonly requestId: string | null;
  readonly details: Record<string, unknown> | undefined;

  constructor(input: {
    status: number;
    code: string;
    message: string;
    requestId: string | null;
    details?: Record<string, unknown> | undefined;
  }) {
    super(`${input.status} ${input.code}: ${input.message}${input.requestId ? ` (request ${input.requestId})` : ''}`);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.requestId = input.requestId;
    this.details = input.details;
  }

  /** Builds the error from an openapi-fetch failure: the parsed body and the Response. */
  static from(error: unknown, response: Response): ApiError {
    const header_request_id = response.headers.get('X-Request-Id');
    if (is_error_envelope(error)) {
      return new ApiError({
        status: response.status,
        code: error.error.code,
        message: error.error.message,
        requestId: error.meta?.request_id ?? header_request_id,
        details: error.error.details,
      });
    }
    return new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: 'the response body is not an error envelope',
      requestId: header_request_id,
    });
  }
}

function is_error_envelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Returns `data` of a successful openapi-fetch result, or throws its ApiError. */
export function unwrap<Data>(
  result: { data: Data; error?: never; response: Response } | { data?: never; error: unknown; response: Response },
): Data {
  if (result.response.ok && result.error === undefined) return result.data as Data;
  throw ApiError.from(result.error, result.response);
}
