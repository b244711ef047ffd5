// Request signing, as the API verifies it:
//   X-Service-Signature = lowercase hex HMAC-SHA256(api_secret, timestamp + "." + raw_body)
// with the timestamp in Unix seconds and raw_body the exact bytes sent ("" when there is none).
// Webhook deliveries are signed the same way with the endpoint's signing secret.
import { createHmac } from 'node:crypto';

export const header_service_key = 'X-Service-Key';
export const header_service_timestamp = 'X-Service-Timestamp';
export const header_service_signature = 'X-Service-Signature';

/** Bytes (or text, taken as UTF-8) that were or will be sent as the body. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export interface SignRequestInput {
  /** API secret (requests) or endpoint signing secret (webhooks). */
  secret: string;
  /** Unix seconds, as a number or as the decimal string sent in the header. */
  timestamp: number | string;
  /** The exact body bytes; omit, undefined or "" for a request without a body. */
  body?: RawBody | null | undefined;
}

/** Returns the lowercase hex HMAC-SHA256 of `timestamp + "." + body`. */
export function signRequest(input: SignRequestInput): string {
  const timestamp = typeof input.timestamp === 'number' ? format_unix_seconds(input.timestamp) : input.timestamp;
  const hmac = createHmac('sha256', input.secret);
  hmac.update(`${timestamp}.`, 'utf8');
  const body = input.body;
  if (body === undefined || body === null) {
    // An absent body signs as the empty string.
  } else if (typeof body === 'string') {
    hmac.update(body, 'utf8');
  } else if (body instanceof ArrayBuffer) {
    hmac.update(new Uint8Array(body));
  } else {
    hmac.update(body);
  }
  return hmac.digest('hex');
}

/** Unix seconds of a millisecond clock reading, floored, as the header's decimal string. */
export function unix_seconds_of(epoch_ms: number): string {
  if (!Number.isSafeInteger(Math.trunc(epoch_ms)) || epoch_ms < 0) {
    throw new RangeError(`clock returned ${epoch_ms}; expected milliseconds since the Unix epoch`);
  }
  return format_unix_seconds(Math.floor(epoch_ms / 1000));
}

function format_unix_seconds(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(`timestamp ${seconds} is not a non-negative whole number of Unix seconds`);
  }
  return String(seconds);
}

export interface SignedHeaders {
  'X-Service-Key': string;
  'X-Service-Timestamp': string;
  'X-Service-Signature': string;
}

/** The three authentication headers for a request with this body, signed now. */
export function signedHeaders(input: {
  apiKey: string;
  apiSecret: string;
  body?: RawBody | null | undefined;
  now?: () => number;
}): SignedHeaders {
  const timestamp = unix_seconds_of((input.now ?? Date.now)());
  return {
    [header_service_key]: input.apiKey,
    [header_service_timestamp]: timestamp,
    [header_service_signature]: signRequest({ secret: input.apiSecret, timestamp, body: input.body }),
  };
}
