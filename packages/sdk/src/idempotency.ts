// Idempotency keys: the API requires `Idempotency-Key` on exactly seven operations and accepts it
// on no others, so the SDK adds one (a random UUID v4) to those seven when the caller did not,
// and never touches any other operation.
import type { Middleware } from 'openapi-fetch';

export const headerIdempotencyKey = 'Idempotency-Key';

/**
 * The seven operations, as "METHOD path" with path parameters written `{}` so the list does
 * not depend on what the spec calls a parameter (`{id}`, `{collection_id}`...).
 */
export const operationsRequiringIdempotencyKey: ReadonlySet<string> = new Set([
  'POST /collections',
  'POST /collections/{}/refunds',
  'POST /checkout-sessions',
  'POST /checkout-sessions/{}/pay',
  'POST /sub-merchants',
  'POST /payouts',
  'POST /payouts/bulk',
]);

/** "POST /collections/{id}/refunds" -> "POST /collections/{}/refunds". */
export function operationSignature(method: string, schemaPath: string): string {
  return `${method.toUpperCase()} ${schemaPath.replace(/\{[^}]*\}/g, '{}')}`;
}

export function requiresIdempotencyKey(method: string, schemaPath: string): boolean {
  return operationsRequiringIdempotencyKey.has(operationSignature(method, schemaPath));
}

/**
 * Middleware that sets `header` to a fresh key on the operations `requires` selects when the
 * caller gave none. A caller who retries a logical operation passes the same key each time.
 */
export function idempotencyMiddleware(options: {
  generate?: (() => string) | undefined;
  header?: string;
  requires?: (method: string, schemaPath: string) => boolean;
}): Middleware {
  const generate = options.generate ?? (() => crypto.randomUUID());
  const header = options.header ?? headerIdempotencyKey;
  const requires = options.requires ?? requiresIdempotencyKey;
  return {
    onRequest({ request, schemaPath }) {
      if (!requires(request.method, schemaPath)) return undefined;
      if (request.headers.has(header)) return undefined;
      const key = generate();
      if (typeof key !== 'string' || key.length === 0) {
        throw new TypeError('idempotencyKey() must return a non-empty string');
      }
      request.headers.set(header, key);
      return request;
    },
  };
}
