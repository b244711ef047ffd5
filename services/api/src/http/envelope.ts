// The response envelope `{data, error, meta}` that every response uses (seed: "Response envelope").
import type { Response } from 'express';
import type { ApiError, ErrorDetails } from './errors.ts';
import { clipText, errorFieldLengthMax, errorFieldsMax, errorMessageLengthMax } from './response-limits.ts';

export type Meta = { request_id: string; next_cursor?: string | null };

export function requestIdOf(res: Response): string {
  return res.locals.requestId as string;
}

/** Success with a single resource (or `{}` for a delete). */
export function sendOk(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ data, error: null, meta: { request_id: requestIdOf(res) } });
}

/** Success with an unpaginated array (e.g. GET /users): no next_cursor in meta. */
export function sendArray(res: Response, items: unknown[]): void {
  res.status(200).json({ data: items, error: null, meta: { request_id: requestIdOf(res) } });
}

/** A page of a cursor-paginated list: `meta.next_cursor` is null on the last page. */
export function sendList(res: Response, page: { items: unknown[]; next_cursor: string | null }): void {
  res.status(200).json({ data: page.items, error: null, meta: { request_id: requestIdOf(res), next_cursor: page.next_cursor } });
}

export function sendError(res: Response, error: ApiError): void {
  if (error.headers) res.set(error.headers);
  const body: { code: string; message: string; details?: unknown } = { code: error.code, message: clipText(error.message, errorMessageLengthMax) };
  if (error.details) body.details = withinLimits(error.details);
  res.status(error.status).json({ data: null, error: body, meta: { request_id: requestIdOf(res) } });
}

/** The details with `fields` inside the spec's limits (response-limits.ts): at most errorFieldsMax entries, each clipped. */
function withinLimits(details: ErrorDetails): ErrorDetails {
  if (!Array.isArray(details.fields)) return details;
  return {
    ...details,
    fields: details.fields.slice(0, errorFieldsMax).map((f) => ({
      field: clipText(f.field, errorFieldLengthMax),
      message: clipText(f.message, errorMessageLengthMax),
    })),
  };
}
