// express-openapi-validator (5.6) finds the operation of every request by compiling a regular
// expression for each spec path, on every request (middlewares/openapi.metadata.js, lookupRoute:
// `pathToRegexp(expressRoute, pathOpts)` inside its loop over the routes). The compiled result
// depends only on (path, options), so we memoize path-to-regexp's `pathToRegexp` on the module
// instance the validator uses; the returned RegExps carry no `g` flag, so sharing them is safe.
// Express's own router compiles its routes once and is unaffected.
//
// Kept because it is measured (issue 13, 2026-11-23): scanning the 23 merchant routes costs
// 251 us per request uncompiled against 47 us cached (a focused micro-bench of lookupRoute's loop
// on the 2-core bench VM under load; a bare Express hello-world costs about 35 us of CPU per
// request). At stop 7 this compile was the largest single cost of a request in `make bench`.
// Decision 0634 (2026-11-28, quiet machine): removed by 0632 because collections/s could not
// resolve it, it came back on CPU per collection, which can. A V8 profile of the service at 300
// collections/s without it put 650 ms of path-to-regexp compiles under lookupRoute in 7,200 requests
// (90 us each); `make bench-cost`, same run, the three pieces of 0634 restored together: Node CPU
// per collection 2,567-2,677 us against 2,737-2,933 without them.
// test/http/route-regexp-cache.test.ts fails when the validator stops calling the patched
// function on each request (an upgrade that caches by itself, or stops using path-to-regexp):
// then delete this file. It also pins the version patched (services/api/package.json holds it
// exactly): an upgrade fails the test until this patch is checked against the new internals.
import { createRequire } from 'node:module';

/** The express-openapi-validator release whose internals (lookupRoute) this patch was written for. */
export const patchedValidatorVersion = '5.6.2';

// Spec paths are a fixed, small set; anything beyond this is compiled without caching.
const cachedPatternsMax = 1000;

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => unknown;

let installed = false;
const stats = { hits: 0, misses: 0 };

/** Lookups served from the cache and compiled, since start (the test proves the patch is used). */
export function routeRegexpCacheStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** The path-to-regexp module instance express-openapi-validator requires. */
export function validatorPathToRegexpModule(): { pathToRegexp: PathToRegexp } {
  const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  return requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
}

export function installRouteRegexpCache(): void {
  if (installed) return;
  installed = true;
  const module = validatorPathToRegexpModule();
  const original = module.pathToRegexp;
  const cache = new Map<string, unknown>();
  module.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return original(path, options);
    // Cheap key (this runs ~25 times per request): the options path-to-regexp reads.
    const o = options ?? {};
    const key = `${path}\u0000${o.sensitive}\u0000${o.strict}\u0000${o.end}\u0000${o.trailing}\u0000${o.delimiter}`;
    const hit = cache.get(key);
    if (hit !== undefined) {
      stats.hits += 1;
      return hit;
    }
    stats.misses += 1;
    const compiled = original(path, options);
    if (cache.size < cachedPatternsMax) cache.set(key, compiled);
    return compiled;
  };
}
