// What an idempotent operation needs from the HTTP request: its Idempotency-Key, its path and its
// body (idempotency/idempotent.ts IdempotentRequest), so flows never see Express.
import type { Request } from 'express';
import type { IdempotentRequest } from '../idempotency/idempotent.ts';

export const idempotencyKeyHeader = 'idempotency-key';

export function idempotentRequestOf(req: Request): IdempotentRequest {
  // Presence and length are enforced by the OpenAPI validator (422 when missing).
  return { key: req.get(idempotencyKeyHeader) ?? '', path: req.path, body: req.body as unknown };
}

/** The partner family names its key X-Idempotency-Key (spec/partner.yaml); the contract is the same. */
export const partnerIdempotencyKeyHeader = 'x-idempotency-key';

export function partnerIdempotentRequestOf(req: Request): IdempotentRequest {
  return { key: req.get(partnerIdempotencyKeyHeader) ?? '', path: req.path, body: req.body as unknown };
}

/**
 * The optional Idempotency-Key of a state change (idempotency/keyed-transition.ts; decision 0422):
 * null when the client sent none. Its length is the OpenAPI validator's (OptionalIdempotencyKey).
 */
export function optionalIdempotentRequestOf(req: Request): IdempotentRequest | null {
  const key = req.get(idempotencyKeyHeader);
  return key === undefined ? null : { key, path: req.path, body: req.body as unknown };
}

/** The partner family's optional X-Idempotency-Key (spec/partner.yaml OptionalIdempotencyKey). */
export function optionalPartnerIdempotentRequestOf(req: Request): IdempotentRequest | null {
  const key = req.get(partnerIdempotencyKeyHeader);
  return key === undefined ? null : { key, path: req.path, body: req.body as unknown };
}
