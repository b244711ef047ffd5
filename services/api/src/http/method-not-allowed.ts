// 405 METHOD_NOT_ALLOWED for a known path asked with a method the spec does not give it, answered
// BEFORE authentication. Which methods a path has is public (it is in the spec), and the answer
// must not depend on which credential the path happens to use: without this, a wrong method on a
// payer checkout path (authorised by a client_token, not a merchant key) fell through to merchant
// authentication and got 401 instead of 405 (a schemathesis `unsupported_method` finding).
import type { NextFunction, Request, Response } from 'express';
import type { LoadedSpec } from '../spec/load-spec.ts';
import { ApiError } from './errors.ts';

/** `Allow` value per spec path template: `GET, POST`. */
function allowedMethodsByPath(spec: LoadedSpec): Map<string, string> {
  const methods = new Map<string, string[]>();
  for (const op of spec.operations) methods.set(op.path, [...(methods.get(op.path) ?? []), op.method.toUpperCase()]);
  return new Map([...methods].map(([path, list]) => [path, list.join(', ')]));
}

export function methodNotAllowed(spec: LoadedSpec) {
  const allowByPath = allowedMethodsByPath(spec);
  return function rejectUnknownMethod(req: Request, _res: Response, next: NextFunction): void {
    // Express answers HEAD with the GET route; let it.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (spec.findOperation(method, req.path)) return next();
    // Operations are sorted literal paths first, so `/payouts/batches/{id}` wins over `/payouts/{id}`.
    const addressed = spec.operations.find((op) => op.pattern.test(req.path));
    if (!addressed) return next();
    next(new ApiError('METHOD_NOT_ALLOWED', 'This method is not allowed on this route.', { headers: { Allow: allowByPath.get(addressed.path)! } }));
  };
}
