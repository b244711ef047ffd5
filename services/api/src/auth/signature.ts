// The request signature (seed: "Authentication"): lowercase hex HMAC-SHA256 keyed with the API
// secret over `timestamp + "." + raw body bytes`, timestamp in Unix seconds. The same scheme signs
// webhook deliveries. packages/sdk implements the client side of exactly this.
import { createHmac, timingSafeEqual } from 'node:crypto';

const timestampPattern = /^\d{1,12}$/;
const signaturePattern = /^[0-9a-f]{64}$/;

export function computeSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
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

/** Constant-time check; a header that is not 64 lowercase hex characters never matches. */
export function signatureMatches(secret: string, timestamp: string, rawBody: Buffer, given: string | undefined): boolean {
  if (given === undefined || !signaturePattern.test(given)) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'utf8');
  const provided = Buffer.from(given, 'utf8');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
