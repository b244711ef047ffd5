// Raw HTTP requests with hand-made headers, for the failure modes a correct SDK never produces
// (missing headers, tampered bodies, stale timestamps). Signing uses the SDK's signRequest so the
// tests also pin that the two sides agree.
import { signRequest, signRequestV2 } from '@payagg/sdk';

export type RawResponse = { status: number; headers: Headers; body: any; text: string };

export async function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body as BodyInit | undefined });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The three authentication headers for `body`, with overridable parts. */
export function signedHeaders(key: { api_key: string; api_secret: string }, body = '', options: { timestamp?: number | string; secret?: string } = {}): Record<string, string> {
  const timestamp = String(options.timestamp ?? nowSeconds());
  return {
    'X-Service-Key': key.api_key,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': signRequest({ secret: options.secret ?? key.api_secret, timestamp, body }),
  };
}

/**
 * The four authentication headers of signature version 2 for this request line and body.
 * `pathWithQuery` is the request target exactly as it will be sent (`/v1/...`).
 */
export function signedHeadersV2(
  key: { api_key: string; api_secret: string },
  line: { method: string; pathWithQuery: string; idempotencyKey?: string },
  body = '',
  options: { timestamp?: number | string; secret?: string } = {},
): Record<string, string> {
  const timestamp = String(options.timestamp ?? nowSeconds());
  return {
    'X-Service-Key': key.api_key,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature-Version': '2',
    'X-Service-Signature': signRequestV2({ secret: options.secret ?? key.api_secret, timestamp, ...line, body }),
    ...(line.idempotencyKey === undefined ? {} : { 'Idempotency-Key': line.idempotencyKey }),
  };
}
