// A request body sent to an operation that takes none (no `requestBody` in spec/) is a 422
// naming `body` (issue 22 item 5; docs/decisions/0452-a-body-where-none-is-taken-is-422.md):
// `POST /escrow-holds/{id}/release {"amount":1}` used to release the whole hold, the body ignored,
// while an unknown query parameter was already 422. Every body-less operation of both specs gets
// the rule from the spec, with no code per route.
//
// Lenient for an empty body: no bytes (no body, `Content-Length: 0`), only whitespace, or exactly
// an empty JSON object (`{}`, which many HTTP clients send on every POST) carry nothing that
// could be ignored, so they pass. Anything else, whatever its content type, is refused.
//
// It runs after authentication (an unauthenticated caller gets 401 whatever it sends) and before
// JSON parsing: an empty body is dropped here, so whitespace is not "malformed JSON" either.
import type { NextFunction, Request, Response } from 'express';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import type { RequestWithRawBody } from './body.ts';
import { validationError } from './errors.ts';
import { routeOf } from './route-match.ts';

function bodylessOperations(specs: readonly LoadedSpec[]): Set<SpecOperation> {
  const bodyless = new Set<SpecOperation>();
  for (const spec of specs) {
    const paths = spec.document.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    for (const operation of spec.operations) {
      if (paths[operation.path]?.[operation.method]?.requestBody === undefined) bodyless.add(operation);
    }
  }
  return bodyless;
}

/** True for bytes that carry nothing: empty, whitespace, or `{}` (JSON whitespace allowed). */
function carriesNothing(raw: Buffer): boolean {
  const text = raw.toString('latin1').replace(/[ \t\r\n]/g, '');
  return text === '' || text === '{}';
}

export function refuseUnexpectedBody(specs: readonly LoadedSpec[]) {
  const bodyless = bodylessOperations(specs);
  return function unexpectedBody(req: Request, res: Response, next: NextFunction): void {
    const raw = (req as RequestWithRawBody).rawBody;
    if (!raw || raw.length === 0 || !bodyless.has(routeOf(res).operation)) return next();
    if (carriesNothing(raw)) {
      // Authentication has read the bytes (the signature covers them); nothing else may.
      (req as RequestWithRawBody).rawBody = Buffer.alloc(0);
      return next();
    }
    next(validationError([{ field: 'body', message: 'this operation takes no request body; send none' }],
      'This operation takes no request body.'));
  };
}
