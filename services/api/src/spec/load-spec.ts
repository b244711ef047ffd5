// Loads an OpenAPI document from spec/ and lists its operations. The service derives its routes
// from this list (src/routes/index.ts), so an operation in the spec can never lack a route.
import fs from 'node:fs';
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

export function loadSpec(file: string, basePath: string): LoadedSpec {
  const document = parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
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
