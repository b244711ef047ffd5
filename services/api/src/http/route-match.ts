// Which spec operation a request is: ONE matcher, run first (src/http/app.ts), whose answer every
// later step uses: authentication reads the operation's capability from it, the OpenAPI
// validator runs for its spec, and dispatch calls its operation's handler with its parameters.
// No step matches the path again on its own, so no two steps can disagree about it. (Before,
// the router matched case-insensitively and allowed a trailing slash while the authenticator
// compared the path exactly: `/V1/users` reached the handler unauthenticated.)
//
// A path matches only if it is exactly a spec path: same case, no trailing slash, no empty or
// dot segments, no percent-escapes in literal segments. A path parameter is one non-empty
// segment of RFC 3986 path characters WITHOUT percent-escapes and is not `.` or `..`: every id
// of the API is a UUID, so no legitimate client needs an escape, and refusing them means an id
// cannot be spelled two ways (`%2F`, `%65`) that different components would decode differently.
// Anything else is 404 RESOURCE_NOT_FOUND, before authentication: which paths exist is public
// (the spec), as is which methods they take (405 is answered here too).
import type { NextFunction, Request, Response } from 'express';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import { ApiError } from './errors.ts';

export type RouteMatch = {
  spec: LoadedSpec;
  operation: SpecOperation;
  /** Path parameters by their spec name, exactly as sent (they hold no escapes to decode). */
  params: Record<string, string>;
};

export type RouteMatchResult =
  | { kind: 'operation'; route: RouteMatch }
  | { kind: 'method_not_allowed'; allow: string }
  | { kind: 'not_found' };

export type RouteMatcher = { match(method: string, path: string): RouteMatchResult };

/** One segment of a spec path: a literal, or (literal null) a parameter. One shape for both, so the hot loop stays monomorphic. */
type Segment = { literal: string | null; param: string | null };
type CompiledPath = { spec: LoadedSpec; segments: Segment[]; operations: Map<string, SpecOperation>; allow: string };

/** RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`. */
const paramSegment = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;

function compile(spec: LoadedSpec, excluded: ReadonlySet<SpecOperation>): CompiledPath[] {
  const byPath = new Map<string, CompiledPath>();
  // spec.operations lists literal paths before templated ones (`/payouts/bulk` before `/payouts/{id}`).
  for (const operation of spec.operations) {
    if (excluded.has(operation)) continue;
    let compiled = byPath.get(operation.path);
    if (!compiled) {
      const segments = operation.path.split('/').slice(1).map((part): Segment => {
        const param = /^\{([^}]+)\}$/.exec(part);
        return param ? { literal: null, param: param[1]! } : { literal: part, param: null };
      });
      compiled = { spec, segments, operations: new Map(), allow: '' };
      byPath.set(operation.path, compiled);
    }
    compiled.operations.set(operation.method.toUpperCase(), operation);
    compiled.allow = [...compiled.operations.keys()].join(', ');
  }
  // OpenAPI matches concrete paths before templated ones, segment by segment: `/payouts/bulk`
  // before `/payouts/{id}`. Sorted so, the first path that spells a request is the one it
  // addresses, and a method that path lacks is 405 (GET /payouts/bulk is not GET /payouts/{id}
  // with id "bulk"; schemathesis' ST204 expects the 405).
  const concreteness = (path: CompiledPath) => path.segments.map((segment) => (segment.literal === null ? '1' : '0')).join('');
  return [...byPath.values()].sort((a, b) => concreteness(a).localeCompare(concreteness(b)));
}

/** Whether `segments` (same count) spell `path` exactly. */
function matches(path: CompiledPath, segments: readonly string[]): boolean {
  for (let i = 0; i < segments.length; i += 1) {
    const expected = path.segments[i]!;
    const given = segments[i]!;
    if (expected.literal !== null) {
      if (given !== expected.literal) return false;
    } else if (given === '.' || given === '..' || !paramSegment.test(given)) {
      return false;
    }
  }
  return true;
}

function paramsOf(path: CompiledPath, segments: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const name = path.segments[i]!.param;
    if (name !== null) params[name] = segments[i]!;
  }
  return params;
}

/**
 * `excluded` operations do not exist for this server (the sandbox-only ones on a production
 * server, http/sandbox-only.ts): a request for one is answered as for any path not in the spec.
 */
export function createRouteMatcher(specs: readonly LoadedSpec[], excluded: ReadonlySet<SpecOperation> = new Set()): RouteMatcher {
  // Per family, its paths grouped by segment count (a path can only match paths of its length).
  const families = specs.map((spec) => {
    const byLength = new Map<number, CompiledPath[]>();
    for (const path of compile(spec, excluded)) byLength.set(path.segments.length, [...(byLength.get(path.segments.length) ?? []), path]);
    return { prefix: `${spec.basePath}/`, byLength };
  });
  return {
    match(method, path) {
      // Express answers HEAD with the GET handler (the body is dropped on the way out).
      const wanted = method === 'HEAD' ? 'GET' : method;
      for (const family of families) {
        if (!path.startsWith(family.prefix)) continue;
        const segments = path.slice(family.prefix.length).split('/');
        for (const candidate of family.byLength.get(segments.length) ?? []) {
          if (!matches(candidate, segments)) continue;
          // The most concrete path that spells the request addresses it (compile's order).
          const operation = candidate.operations.get(wanted);
          if (operation) return { kind: 'operation', route: { spec: candidate.spec, operation, params: paramsOf(candidate, segments) } };
          return { kind: 'method_not_allowed', allow: candidate.allow };
        }
      }
      return { kind: 'not_found' };
    },
  };
}

/** Express middleware: the request's route on res.locals, or 404 / 405 at once. */
export function matchRoute(matcher: RouteMatcher) {
  return function matchRequestRoute(req: Request, res: Response, next: NextFunction): void {
    const found = matcher.match(req.method, req.path);
    if (found.kind === 'operation') {
      res.locals.route = found.route;
      return next();
    }
    if (found.kind === 'method_not_allowed') {
      return next(new ApiError('METHOD_NOT_ALLOWED', 'This method is not allowed on this route.', { headers: { Allow: found.allow } }));
    }
    next(new ApiError('RESOURCE_NOT_FOUND', 'No such route.'));
  };
}

/** The matched route of a request that passed matchRoute. */
export function routeOf(res: Response): RouteMatch {
  const route = res.locals.route as RouteMatch | undefined;
  // Every step after matchRoute sees only matched requests; reaching here without one is a wiring bug.
  if (!route) throw new Error('routeOf: the request was not matched (matchRoute runs first)');
  return route;
}
