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
export function signedHeaders(key: { api_key: string; api_secret: string }, body: string | Buffer = '', options: { timestamp?: number | string; secret?: string } = {}): Record<string, string> {
  const timestamp = String(options.timestamp ?? nowSeconds());
  return {
    'X-Service-Key': key.api_key,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': signRequest({ secret: options.secret ?? key.api_secret, timestamp, body }),
  };
}

/**
 * A request whose target goes on the wire exactly as given: fetch (WHATWG URL) would normalise
 * `/v1/./users`, `/v1/../v1/users` and some percent-escapes before sending, hiding the very
 * spellings a hostile client sends.
 */
export async function rawTargetRequest(origin: string, target: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  const http = await import('node:http');
  const url = new URL(origin);
  return await new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method: init.method ?? 'GET', path: target, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: response.statusCode ?? 0, headers, body, text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
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

/**
 * Writes `bytes` on a fresh TCP connection as they are (no HTTP client in between, so requests no
 * client would send reach the server's parser) and reads the answer until the server closes
 * (send `Connection: close` on a request the server will answer normally).
 */
export async function rawSocketExchange(origin: string, bytes: string | Buffer): Promise<RawResponse & { raw: string }> {
  const net = await import('node:net');
  const url = new URL(origin);
  return await new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? raw : raw.slice(0, split);
      const text = split < 0 ? '' : raw.slice(split + 4);
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0), headers, body, text, raw });
    });
  });
}
