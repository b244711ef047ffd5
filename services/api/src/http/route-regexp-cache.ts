// express-openapi-validator (5.6) finds the operation of every request by compiling a regular
// expression for each spec path, on every request (middlewares/openapi.metadata.js, lookupRoute).
// With ~30 paths that was the largest single cost of a request in the benchmark. The compiled
// result depends only on (path, options), so we memoize path-to-regexp's `pathToRegexp` on the
// module instance the validator uses; the returned RegExps carry no `g` flag, so sharing them is
// safe. Express's own router compiles its routes once and is unaffected.
import { createRequire } from 'node:module';

// Spec paths are a fixed, small set; anything beyond this is compiled without caching.
const cached_patterns_max = 1000;

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => unknown;

let installed = false;

export function installRouteRegexpCache(): void {
  if (installed) return;
  installed = true;
  const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const original = module.pathToRegexp;
  const cache = new Map<string, unknown>();
  module.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return original(path, options);
    // Cheap key (this runs ~30 times per request): the options path-to-regexp reads.
    const o = options ?? {};
    const key = `${path}\u0000${o.sensitive}\u0000${o.strict}\u0000${o.end}\u0000${o.trailing}\u0000${o.delimiter}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const compiled = original(path, options);
    if (cache.size < cached_patterns_max) cache.set(key, compiled);
    return compiled;
  };
}
