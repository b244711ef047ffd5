// Request signing, as the API verifies it. Both versions are lowercase hex HMAC-SHA256 keyed with
// the API secret, the timestamp in Unix seconds, raw_body the exact bytes sent ("" without one):
//
//   version 1 (the seed's; no X-Service-Signature-Version header):
//     timestamp + "." + raw_body
//   version 2 (X-Service-Signature-Version: 2; the client's default):
//     timestamp + "." + METHOD + "." + path_with_query + "." + idempotency_key + "." + raw_body
//
// Version 1 signs the body only: a captured request can be replayed for 300 s to another path,
// with another method or with a fresh Idempotency-Key (a second refund). Version 2 binds all of
// them; path_with_query is the request target exactly as sent (`/v1/transactions?limit=10`),
// idempotency_key the Idempotency-Key header or "". Webhook deliveries are signed with version 1
// and the endpoint's signing secret.
import { createHmac } from 'node:crypto';

export const headerServiceKey = 'X-Service-Key';
export const headerServiceTimestamp = 'X-Service-Timestamp';
export const headerServiceSignature = 'X-Service-Signature';
export const headerServiceSignatureVersion = 'X-Service-Signature-Version';

export const signatureVersions = [1, 2] as const;
export type SignatureVersion = (typeof signatureVersions)[number];
/** What createClient signs with unless told otherwise. */
export const signatureVersionDefault: SignatureVersion = 2;

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

/** Version 1: the lowercase hex HMAC-SHA256 of `timestamp + "." + body`. */
export function signRequest(input: SignRequestInput): string {
  const hmac = createHmac('sha256', input.secret);
  hmac.update(`${timestampText(input.timestamp)}.`, 'utf8');
  return digestWithBody(hmac, input.body);
}

export interface SignRequestV2Input extends SignRequestInput {
  /** HTTP method; signed in upper case. */
  method: string;
  /** The request target exactly as sent: path and query, e.g. `/v1/transactions?limit=10`. */
  pathWithQuery: string;
  /** The Idempotency-Key header sent; omit, null or "" for a request without one. */
  idempotencyKey?: string | null | undefined;
}

/** Version 2: the lowercase hex HMAC-SHA256 of `timestamp.METHOD.path_with_query.idempotency_key.body`. */
export function signRequestV2(input: SignRequestV2Input): string {
  if (!input.pathWithQuery.startsWith('/')) {
    throw new TypeError(`pathWithQuery must be the request target as sent, starting with "/", got "${input.pathWithQuery}"`);
  }
  const hmac = createHmac('sha256', input.secret);
  const line = [timestampText(input.timestamp), input.method.toUpperCase(), input.pathWithQuery, input.idempotencyKey ?? ''];
  hmac.update(`${line.join('.')}.`, 'utf8');
  return digestWithBody(hmac, input.body);
}

/** The request target fetch sends for `url`: its path and query string (no fragment). */
export function pathWithQueryOf(url: string | URL): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  return `${parsed.pathname}${parsed.search}`;
}

function timestampText(timestamp: number | string): string {
  return typeof timestamp === 'number' ? formatUnixSeconds(timestamp) : timestamp;
}

function digestWithBody(hmac: ReturnType<typeof createHmac>, body: RawBody | null | undefined): string {
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
export function unixSecondsOf(epochMs: number): string {
  if (!Number.isSafeInteger(Math.trunc(epochMs)) || epochMs < 0) {
    throw new RangeError(`clock returned ${epochMs}; expected milliseconds since the Unix epoch`);
  }
  return formatUnixSeconds(Math.floor(epochMs / 1000));
}

function formatUnixSeconds(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(`timestamp ${seconds} is not a non-negative whole number of Unix seconds`);
  }
  return String(seconds);
}

export interface SignedHeaders {
  'X-Service-Key': string;
  'X-Service-Timestamp': string;
  'X-Service-Signature': string;
  /** "2" for version 2; absent for version 1 (which servers built from the seed expect). */
  'X-Service-Signature-Version'?: '2';
}

interface SignedHeadersCommon {
  apiKey: string;
  apiSecret: string;
  body?: RawBody | null | undefined;
  now?: () => number;
}

/** Version 2 (the default) needs the request line; version 1 only the body. */
export type SignedHeadersInput =
  | (SignedHeadersCommon & {
      signatureVersion?: 2;
      method: string;
      pathWithQuery: string;
      idempotencyKey?: string | null | undefined;
    })
  | (SignedHeadersCommon & { signatureVersion: 1 });

/** The authentication headers for this request, signed now. */
export function signedHeaders(input: SignedHeadersInput): SignedHeaders {
  const timestamp = unixSecondsOf((input.now ?? Date.now)());
  if (input.signatureVersion === 1) {
    return {
      [headerServiceKey]: input.apiKey,
      [headerServiceTimestamp]: timestamp,
      [headerServiceSignature]: signRequest({ secret: input.apiSecret, timestamp, body: input.body }),
    };
  }
  const signature = signRequestV2({
    secret: input.apiSecret,
    timestamp,
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    idempotencyKey: input.idempotencyKey,
    body: input.body,
  });
  return {
    [headerServiceKey]: input.apiKey,
    [headerServiceTimestamp]: timestamp,
    [headerServiceSignature]: signature,
    [headerServiceSignatureVersion]: '2',
  };
}
