// The one error handler: every failure leaves as the failure envelope with meta.request_id.
// Domain refusals answer through the outcome table (outcomes.ts). Unexpected errors become 500
// INTERNAL_ERROR carrying only the request id; the detail (stack, SQL error) is logged
// server-side, never sent.
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../log.ts';
import { databaseUnavailableRetryAfterS, isDatabaseUnavailable } from '../db/unavailable.ts';
import { bodyParserError } from './body.ts';
import { isLedgerUnavailable, ledgerUnavailableRetryAfterS } from './ledger-unavailable.ts';
import { sendError } from './envelope.ts';
import { Refusal } from '../domain/outcomes.ts';
import { ApiError, type ValidationField, validationError } from './errors.ts';
import { apiErrorOf } from './outcomes.ts';

type ValidatorError = { status: number; message?: string; errors: { path?: string; message: string }[]; headers?: { Allow?: string }; path?: string };

function isValidatorError(error: unknown): error is ValidatorError {
  const e = error as Partial<ValidatorError> | null;
  return !!e && typeof e === 'object' && typeof e.status === 'number' && Array.isArray(e.errors);
}

/**
 * Validator paths to the field names clients see (docs/decisions/0140-field-paths-in-errors.md):
 * `/body/amount`, `.query.limit`, `/headers/idempotency-key`, `/params/id` ->
 * `body.amount`, `query.limit`, `header.idempotency-key`, `path.id`.
 */
export function fieldPath(validatorPath: string | undefined): string {
  if (!validatorPath) return 'request';
  const parts = validatorPath.replace(/^[./]+/, '').split(/[./]/).filter(Boolean);
  if (parts[0] === 'headers') parts[0] = 'header';
  if (parts[0] === 'params') parts[0] = 'path';
  return parts.join('.') || 'request';
}

function fromValidator(error: ValidatorError): ApiError | null {
  switch (error.status) {
    case 400: {
      let fields: ValidationField[] = error.errors.map((item) => ({ field: fieldPath(item.path), message: item.message }));
      // An if/then rule reports the missing field and also a generic 'must match "then" schema'
      // on the whole body; the specific one is enough.
      const specific = fields.filter((f) => !/^must match "(then|else)" schema$/.test(f.message));
      if (specific.length > 0) fields = specific;
      // `type: integer, format: int64` reports 1.5 twice (not an integer; not an int64): the
      // format's line says nothing more, so it is dropped where the field has another.
      fields = fields.filter((f) => !/^must match format "/.test(f.message)
        || !fields.some((other) => other !== f && other.field === f.field && !/^must match format "/.test(other.message)));
      return validationError(fields.length > 0 ? fields : [{ field: 'request', message: error.message ?? 'invalid' }]);
    }
    case 404:
      return new ApiError('RESOURCE_NOT_FOUND', 'No such route.');
    case 405:
      return new ApiError('METHOD_NOT_ALLOWED', 'This method is not allowed on this route.', error.headers?.Allow ? { headers: { Allow: error.headers.Allow.toUpperCase() } } : {});
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 415:
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request content type is not supported; send application/json.');
    default:
      return null;
  }
}

export function errorHandler(logger: Logger) {
  return function handleError(error: unknown, req: Request, res: Response, _next: NextFunction): void {
    // A domain refusal through the one outcome table (outcomes.ts); protocol errors are ApiErrors.
    let apiError: ApiError | null = error instanceof Refusal ? apiErrorOf(error)
      : error instanceof ApiError ? error : bodyParserError(error);
    if (!apiError && isValidatorError(error)) apiError = fromValidator(error);
    if (!apiError && isDatabaseUnavailable(error)) {
      // The database is restarting or failing over (decision 0510): a retryable 503, not a 500.
      logger.warn('database unavailable', { request_id: res.locals.requestId, method: req.method, path: req.path, error: (error as Error)?.message });
      apiError = new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable for a moment; retry after the Retry-After seconds, with the same Idempotency-Key.', {
        headers: { 'Retry-After': String(databaseUnavailableRetryAfterS) },
      });
    }
    if (!apiError && isLedgerUnavailable(error)) {
      // The TigerBeetle cluster has no quorum for now (decision 0580): retryable, not a 500.
      logger.warn('ledger unavailable', { request_id: res.locals.requestId, method: req.method, path: req.path, error: (error as Error)?.message });
      apiError = new ApiError('SERVICE_UNAVAILABLE', 'The ledger is unavailable for a moment; retry after the Retry-After seconds, with the same Idempotency-Key.', {
        headers: { 'Retry-After': String(ledgerUnavailableRetryAfterS) },
      });
    }
    if (!apiError) {
      const e = error as Error;
      logger.error('unexpected error', {
        request_id: res.locals.requestId,
        method: req.method,
        path: req.path,
        error: e?.message,
        stack: e?.stack,
        // A response that does not match the spec shows up here in tests (VALIDATE_RESPONSES).
        validation: isValidatorError(error) ? error.errors : undefined,
      });
      apiError = new ApiError('INTERNAL_ERROR', 'An unexpected error occurred; quote the request_id to support.');
    }
    if (res.headersSent) {
      // Too late for an envelope; end the connection so the client sees a failure.
      res.destroy();
      return;
    }
    sendError(res, apiError);
  };
}
