// The payload an Idempotency-Key is bound to: a canonical, key-sorted JSON of the request body,
// hashed with SHA-256. Two bodies that differ only in key order or whitespace are the same payload.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/**
 * SHA-256 (hex) of the canonical body. A missing body counts as `{}`: the only operation whose
 * body is optional is a refund, where no body and `{}` both mean "refund the remaining amount".
 */
export function requestSha256(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body ?? {})).digest('hex');
}
