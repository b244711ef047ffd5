// Request signatures (seed: "Authentication"; docs/decisions/0030-signature-version-2.md). Both
// versions are lowercase hex HMAC-SHA256 keyed with the API secret, with the timestamp in Unix
// seconds, within the same ±300 s window; the `X-Service-Signature-Version` header chooses one.
//
//   Version 1 (the seed's; no version header, or "1"):
//     timestamp + "." + raw_body
//   Version 2 ("2"):
//     timestamp + "." + METHOD + "." + path_with_query + "." + idempotency_key + "." + raw_body
//
// Version 1 binds a signature to the body only, so a captured request can be replayed within the
// window to any path with the same body (another collection's refunds, every GET), with another
// method or with a fresh Idempotency-Key (a second refund). Version 2 also binds the method (upper
// case), the request target exactly as sent (path and query, e.g. `/v1/transactions?limit=10`)
// and the Idempotency-Key header ("" when absent). The same version-1 scheme signs webhook
// deliveries. packages/sdk and clients/python implement the client side of both.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureVersions = [1, 2] as const;
export type SignatureVersion = (typeof signatureVersions)[number];

/** The header that chooses the version; absent means version 1 (clients built from the seed). */
export const signatureVersionHeader = 'x-service-signature-version';

const timestampPattern = /^\d{1,12}$/;
const signaturePattern = /^[0-9a-f]{64}$/;

/** What version 2 signs besides the timestamp and the body. */
export type SignedRequestLine = {
  /** The HTTP method; signed in upper case. */
  method: string;
  /** The request target exactly as sent: path and query string, e.g. `/v1/transactions?limit=10`. */
  pathWithQuery: string;
  /** The Idempotency-Key header, or "" when the request has none. */
  idempotencyKey: string;
};

/** Version 1: HMAC over `timestamp + "." + raw body bytes`. */
export function computeSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Version 2: HMAC over `timestamp.METHOD.path_with_query.idempotency_key.` + raw body bytes. */
export function computeSignatureV2(secret: string, timestamp: string, line: SignedRequestLine, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${line.method.toUpperCase()}.${line.pathWithQuery}.${line.idempotencyKey}.`, 'utf8')
    .update(rawBody)
    .digest('hex');
}

/**
 * The version a request asks for: absent or "1" is 1, "2" is 2; anything else (another number,
 * "v2", " 2", "02") is null, which authentication refuses rather than guess.
 */
export function signatureVersionFromHeader(header: string | undefined): SignatureVersion | null {
  if (header === undefined || header === '1') return 1;
  if (header === '2') return 2;
  return null;
}

/** Parses a Unix-seconds timestamp header; null when absent or not a plain decimal integer. */
export function parseTimestamp(header: string | undefined): number | null {
  if (header === undefined || !timestampPattern.test(header)) return null;
  return Number(header);
}

/** True when |now - timestamp| <= tolerance, in both directions (a future timestamp is refused too). */
export function timestampWithinTolerance(timestampS: number, nowMs: number, toleranceS: number): boolean {
  return Math.abs(Math.floor(nowMs / 1000) - timestampS) <= toleranceS;
}

/** Constant-time comparison; a header that is not 64 lowercase hex characters never matches. */
function hexEqual(expectedHex: string, given: string | undefined): boolean {
  if (given === undefined || !signaturePattern.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'utf8');
  const provided = Buffer.from(given, 'utf8');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

/** Version 1 check, constant time. */
export function signatureMatches(secret: string, timestamp: string, rawBody: Buffer, given: string | undefined): boolean {
  if (given === undefined || !signaturePattern.test(given)) return false;
  return hexEqual(computeSignature(secret, timestamp, rawBody), given);
}

/** Version 2 check, constant time. */
export function signatureMatchesV2(secret: string, timestamp: string, line: SignedRequestLine, rawBody: Buffer, given: string | undefined): boolean {
  if (given === undefined || !signaturePattern.test(given)) return false;
  return hexEqual(computeSignatureV2(secret, timestamp, line, rawBody), given);
}
