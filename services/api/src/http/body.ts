// Request bodies. Signatures cover the exact bytes sent, so the body is first read raw (any content
// type, up to BODY_LIMIT_BYTES) and kept on `req.rawBody`; authentication runs on those bytes; only
// then is JSON parsed (parseJsonBody). Parsing after authentication means an unauthenticated caller
// gets 401 whatever it sends, never a parse error.
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError, validationError } from './errors.ts';

export type RequestWithRawBody = Request & { rawBody?: Buffer };

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json$/i;

export function readRawBody(limitBytes: number) {
  // inflate: false: a body with any Content-Encoding but identity is refused (415) unread
  // (decision 0025). The signature covers the bytes sent, and a decoded body is other bytes;
  // decoding would also spend CPU on a caller not yet authenticated (a decompression bomb).
  const raw = express.raw({ type: () => true, limit: limitBytes, inflate: false });
  return function keepRawBody(req: Request, res: Response, next: NextFunction): void {
    raw(req, res, (error?: unknown) => {
      if (error) return next(bodyParserError(error) ?? error);
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
  // JSON text is UTF-8 (RFC 8259). Decoding anything else would silently put U+FFFD in place of
  // the bad bytes, and the value stored would not be the value sent (and signed).
  if (!isUtf8(raw)) return next(validationError([{ field: 'body', message: 'is not valid UTF-8' }], 'The request body is not valid UTF-8.'));
  try {
    req.body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    return next(malformedJson(error));
  }
  // Strings no column can hold (decision 0021): JSON can spell them only as `\u` escapes (a raw
  // NUL byte is not valid JSON, and valid UTF-8 cannot encode a surrogate), so the walk runs
  // only for bodies that contain one. It runs for every operation, before validation, so before
  // any idempotency record, database write or rail call.
  if (raw.includes(jsonUnicodeEscape)) {
    const found = firstUnstorableString(req.body);
    if (found) return next(validationError([found]));
  }
  next();
}

/**
 * The 422 for a body that is not JSON. Its message never quotes the body (V8's parse errors do:
 * `Unexpected token 'x', "{"secret": x..." is not valid JSON`), since bodies hold secrets; it
 * keeps only the position, when the parser gave one.
 */
function malformedJson(error: unknown): ApiError {
  const text = (error as Error).message;
  const position = /\bposition (\d+)/.exec(text)?.[1];
  const where = position !== undefined ? `unexpected input at character ${position}`
    : /end of JSON input/.test(text) ? 'the body ends before the JSON value does' : 'unexpected token';
  return validationError([{ field: 'body', message: `malformed JSON: ${where}` }], 'The request body is not valid JSON.');
}

const jsonUnicodeEscape = Buffer.from('\\u');
const nul = String.fromCharCode(0);
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Why `text` cannot be stored, or null. */
function unstorable(text: string): string | null {
  if (text.includes(nul)) return 'the NUL character (U+0000)';
  if (!isWellFormed(text)) return 'a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff without its pair), which is not text';
  return null;
}

/**
 * The first string or key (in document order) holding a NUL or a lone surrogate, as a field:
 * `body.reference`, `body.metadata.note`; a bad key is reported on its object. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function firstUnstorableString(body: unknown): { field: string; message: string } | null {
  const stack: { value: unknown; at: string }[] = [{ value: body, at: 'body' }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    if (typeof value === 'string') {
      const why = unstorable(value);
      if (why) return { field: at, message: `must not contain ${why}` };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], at: `${at}.${i}` });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const why = unstorable(key);
        if (why) return { field: at, message: `must not have a key that contains ${why}` };
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], at: `${at}.${entries[i]![0]}` });
    }
  }
  return null;
}

/**
 * Maps body-parser failures to API errors: oversized 413, encoded 415, and any other failure
 * to read the body that is the client's (a 4xx from body-parser: aborted, wrong length) 422 on
 * `body`. Never a 500 for bytes a client sent.
 */
export function bodyParserError(error: unknown): ApiError | null {
  const e = error as { type?: string; status?: number };
  if (e.type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (e.type === 'encoding.unsupported') {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body has a Content-Encoding; send it unencoded (identity), as the signature covers the bytes sent.');
  }
  if (e.type === 'charset.unsupported') return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body charset is not supported; send UTF-8.');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && typeof e.type === 'string') {
    return validationError([{ field: 'body', message: 'the request body could not be read' }]);
  }
  return null;
}
