// Plain HTTP for the cases the SDK is built to prevent (bad signatures, stale timestamps, raw
// bodies), and the envelope assertions every test shares.
import { pathWithQueryOf, signRequest, signRequestV2 } from '@payagg/sdk';
import { expect, inject } from 'vitest';
import { componentValidator, describeErrors, responseValidator, type SpecOperation } from './spec.ts';

export type Credentials = { apiKey: string; apiSecret: string };

export type RawRequest = {
  method: string;
  /** Path below the base URL (which ends in /v1), with its query string. */
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
  /** Whose key signs the request; null sends no signing headers at all. Default: the suite merchant. */
  credentials?: Credentials | null;
  /** Overrides the timestamp (Unix seconds as sent) or the bytes the signature covers. */
  timestamp?: string;
  signedBody?: string | Uint8Array;
  /** 1 (default here: the seed's scheme, no version header) or 2 (X-Service-Signature-Version: 2). */
  signatureVersion?: 1 | 2;
  /** Under version 2, sign this request target (`/v1/...?...`) instead of the one sent. */
  signedPathWithQuery?: string;
};

export type RawResponse = { status: number; headers: Headers; text: string; body: unknown };

export function suiteCredentials(): Credentials {
  const server = inject('server');
  return { apiKey: server.apiKey, apiSecret: server.apiSecret };
}

export function unixSeconds(offset_s = 0): string {
  return String(Math.floor(Date.now() / 1000) + offset_s);
}

export async function send(request: RawRequest, baseUrl = inject('server').baseUrl): Promise<RawResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
  const credentials = request.credentials === undefined ? suiteCredentials() : request.credentials;
  if (credentials) {
    const timestamp = request.timestamp ?? unixSeconds();
    headers['X-Service-Key'] = credentials.apiKey;
    headers['X-Service-Timestamp'] = timestamp;
    const body = request.signedBody ?? request.body;
    if (request.signatureVersion === 2) {
      headers['X-Service-Signature-Version'] = '2';
      headers['X-Service-Signature'] = signRequestV2({
        secret: credentials.apiSecret,
        timestamp,
        method: request.method,
        pathWithQuery: request.signedPathWithQuery ?? pathWithQueryOf(`${baseUrl}${request.path}`),
        idempotencyKey: headers['Idempotency-Key'] ?? '',
        body,
      });
    } else {
      headers['X-Service-Signature'] = signRequest({ secret: credentials.apiSecret, timestamp, body });
    }
  }
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers, body: request.body });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // Left undefined: expectEnvelope reports a body that is not JSON.
  }
  return { status: response.status, headers: response.headers, text, body };
}

type Envelope = { data: unknown; error: { code: string; message: string; details?: Record<string, unknown> } | null; meta: Record<string, unknown> };

/**
 * Every response is a JSON envelope {data, error, meta} with meta.request_id equal to the
 * X-Request-Id header. With `op`, the status must be one `op` documents and the body must match
 * the spec's schema for it; without (unknown routes), a failure must match ErrorEnvelope.
 */
export function expectEnvelope(
  response: Pick<RawResponse, 'status' | 'headers' | 'text' | 'body'>,
  op?: SpecOperation,
  options: { requestIdHeader?: boolean } = {},
): Envelope {
  expect(response.headers.get('content-type') ?? '', `content type of ${response.text.slice(0, 200)}`).toMatch(/^application\/json\b/);
  expect(response.body, `body is JSON: ${response.text.slice(0, 200)}`).toBeTypeOf('object');
  const envelope = response.body as Envelope;
  expect(Object.keys(envelope).sort()).toEqual(['data', 'error', 'meta']);
  expect(typeof envelope.meta.request_id).toBe('string');
  // The Prism mock answers the header with a placeholder, so the mock parity test turns this off.
  if (options.requestIdHeader ?? true) expect(response.headers.get('x-request-id')).toBe(envelope.meta.request_id);
  const validate = op ? responseValidator(op, response.status) : response.status >= 400 ? componentValidator('ErrorEnvelope') : null;
  if (op) expect(validate, `${op.operationId} documents status ${response.status}`).not.toBeNull();
  if (validate && !validate(envelope)) {
    expect.fail(`response ${response.status} does not match the spec:\n${describeErrors(validate)}\n${response.text.slice(0, 1000)}`);
  }
  return envelope;
}

/** A failure envelope with this status and error.code. */
export function expectError(response: RawResponse, status: number, code: string, op?: SpecOperation): Envelope {
  expect(response.status, response.text.slice(0, 500)).toBe(status);
  const envelope = expectEnvelope(response, op);
  expect(envelope.data).toBeNull();
  expect(envelope.error?.code).toBe(code);
  return envelope;
}
