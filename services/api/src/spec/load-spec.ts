// Loads an OpenAPI document from spec/ and lists its operations. The service derives its routes
// from this list (src/routes/index.ts), so an operation in the spec can never lack a route.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type SpecOperation = {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to the base path, as written in the spec: `/collections/{id}`. */
  path: string;
  /** `GET /collections/{id}`: the key the route and capability tables use (mirrors the seed). */
  routeKey: string;
};

export type LoadedSpec = {
  /** The parsed document with `servers` replaced by the single base path we mount it at. */
  document: Record<string, unknown>;
  basePath: string;
  /** Which operation a request is, is decided by src/http/route-match.ts alone. */
  operations: SpecOperation[];
};

export function routeKeyOf(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * Where a spec's parsed document is kept, by the YAML text's digest: beside the installed
 * dependencies (`node_modules/.cache/`, the usual home of tools' caches), never in `spec/`.
 */
export function specCacheFile(file: string, text: string): string {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 32);
  return path.join(path.dirname(path.resolve(file)), '..', 'node_modules', '.cache', 'payagg-spec', `${path.basename(file, path.extname(file))}-${digest}.json`);
}

/**
 * The spec file's document. Parsing the three specs' YAML took 400-500 ms of CPU at every service
 * start (profiled 2026-11-28; about 300 starts in `make test`), JSON.parse of the same documents
 * 3 ms: the document is kept as JSON under the YAML's digest, so an edited spec is parsed afresh
 * and a stale one is never read. Written to a temporary name and renamed, so processes starting at
 * once never read half a file; a cache that cannot be written (a read-only install) or read (a
 * damaged file) only costs the parse.
 */
export function readSpecDocument(file: string): Record<string, unknown> {
  const text = fs.readFileSync(file, 'utf8');
  const cacheFile = specCacheFile(file, text);
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // Not kept yet, or unreadable: parsed below.
  }
  const document = parse(text) as Record<string, unknown>;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(document));
    fs.renameSync(partial, cacheFile);
  } catch {
    // Not writable here: every start parses, as before.
  }
  return document;
}

export function loadSpec(file: string, basePath: string): LoadedSpec {
  const document = readSpecDocument(file);
  // Both spec'd servers (production and sandbox) end in the same path; the validator only needs
  // that path, and a relative server keeps it from depending on host names.
  document.servers = [{ url: basePath }];
  const paths = (document.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of httpMethods) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${file}: ${method.toUpperCase()} ${path} has no operationId`);
      operations.push({
        operationId: op.operationId,
        method,
        path,
        routeKey: routeKeyOf(method, path),
      });
    }
  }
  // Literal segments before parameters so `/payouts/batches/{id}` is tried before `/payouts/{id}`.
  operations.sort((a, b) => (a.path.includes('{') ? 1 : 0) - (b.path.includes('{') ? 1 : 0));
  return { document, basePath, operations };
}
