// Request bodies. Signatures cover the exact bytes sent, so the body is first read raw (any content
// type, up to BODY_LIMIT_BYTES) and kept on `req.rawBody`; authentication runs on those bytes; only
// then is JSON parsed (parseJsonBody). Parsing after authentication means an unauthenticated caller
// gets 401 whatever it sends, never a parse error.
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError, validationError } from './errors.ts';

export type RequestWithRawBody = Request & { rawBody?: Buffer };

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json$/i;

export function readRawBody(limitBytes: number) {
  const raw = express.raw({ type: () => true, limit: limitBytes });
  return function keepRawBody(req: Request, res: Response, next: NextFunction): void {
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      const r = req as RequestWithRawBody;
      r.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.body = undefined;
      next();
    });
  };
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return jsonMediaType.test((header.split(';')[0] ?? '').trim());
}

export function parseJsonBody(req: Request, _res: Response, next: NextFunction): void {
  const raw = (req as RequestWithRawBody).rawBody;
  if (!raw || raw.length === 0 || !isJsonContentType(req.get('content-type'))) return next();
  try {
    req.body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    return next(validationError([{ field: 'body', message: `malformed JSON: ${(error as Error).message}` }], 'The request body is not valid JSON.'));
  }
  // PostgreSQL text cannot hold U+0000: such a string would fail at the database as a 500. No
  // field of the API can carry it (the spec's free-text fields say so); refuse it here, for every
  // operation, with the field it is in. JSON can only carry a NUL as the escape `\u0000`, so the
  // walk runs only for bodies that contain that escape.
  if (raw.includes(jsonNulEscape)) {
    const at = pathOfNul(req.body, 'body');
    if (at) return next(validationError([{ field: at, message: 'must not contain the NUL character (U+0000)' }]));
  }
  next();
}

const jsonNulEscape = Buffer.from('\\u0000');
const nul = String.fromCharCode(0);

/** The field path (`body.reference`, `body.metadata.note`) of the first string or key holding a NUL. */
function pathOfNul(value: unknown, at: string): string | null {
  if (typeof value === 'string') return value.includes(nul) ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = pathOfNul(value[i], `${at}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(nul)) return at;
      const found = pathOfNul(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Maps body-parser failures (oversized, unreadable) to API errors. */
export function bodyParserError(error: unknown): ApiError | null {
  const e = error as { type?: string; status?: number };
  if (e.type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported.');
  if (e.type === 'request.aborted' || e.type === 'request.size.invalid' || e.type === 'stream.encoding.set') {
    return validationError([{ field: 'body', message: 'the request body could not be read' }]);
  }
  return null;
}
