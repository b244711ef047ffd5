// The merchant API client: openapi-fetch typed by the generated contract, plus
//   - signing of every request over the exact bytes sent (X-Service-Key/-Timestamp/-Signature),
//     with signature version 2 by default (method, request target and Idempotency-Key signed too;
//     src/signing.ts), or version 1 for servers built from the seed,
//   - an Idempotency-Key on the seven operations that require one.
import createFetchClient, { type Client, type HeadersOptions } from 'openapi-fetch';
import type { paths } from '@payagg/contract';
import { idempotencyMiddleware } from './idempotency.ts';
import type { WithSdkManagedHeaders } from './managed-headers.ts';
import { retryPolicyOf, sendWithRetries, type RetryOptions } from './retry.ts';
import { pathWithQueryOf, type SignatureVersion, signatureVersionDefault, signatureVersions, signedHeaders } from './signing.ts';
import { headerIdempotencyKey } from './idempotency.ts';

export type MerchantPaths = WithSdkManagedHeaders<paths>;
export type MerchantClient = Client<MerchantPaths, `${string}/${string}`>;

export type FetchFunction = (request: Request) => Promise<Response>;

export interface CreateClientOptions {
  /** The API base including `/v1`, e.g. `https://api.example.com/v1` or the sandbox base. */
  baseUrl: string;
  /** The merchant API key, sent as X-Service-Key. */
  apiKey: string;
  /** The secret of that key; signs requests, never sent. */
  apiSecret: string;
  /** Transport; defaults to the global fetch. Receives the final, signed Request. */
  fetch?: FetchFunction;
  /** Clock in milliseconds since the Unix epoch; defaults to Date.now. */
  now?: () => number;
  /** Source of idempotency keys; defaults to crypto.randomUUID. */
  idempotencyKey?: () => string;
  /**
   * Request-signature version. 2 (default) also signs the method, the path and query and the
   * Idempotency-Key, so a captured request cannot be replayed elsewhere; 1 signs the body only,
   * for servers that predate version 2 (they answer a version-2 signature with 401).
   */
  signatureVersion?: SignatureVersion;
  /** Extra headers sent on every request (not signed, except Idempotency-Key under version 2). */
  headers?: HeadersOptions;
  /** Opt-in retries of retry-safe requests (see retry.ts); default: none. */
  retry?: RetryOptions;
}

export function createClient(options: CreateClientOptions): MerchantClient {
  requireText(options.baseUrl, 'baseUrl');
  requireText(options.apiKey, 'apiKey');
  requireText(options.apiSecret, 'apiSecret');
  const transport: FetchFunction = options.fetch ?? ((request) => globalThis.fetch(request));
  const { apiKey, apiSecret, now } = options;
  const signatureVersion = options.signatureVersion ?? signatureVersionDefault;
  if (!(signatureVersions as readonly number[]).includes(signatureVersion)) {
    throw new RangeError(`signatureVersion must be one of ${signatureVersions.join(', ')}, got ${String(signatureVersion)}`);
  }
  const retryPolicy = retryPolicyOf(options.retry);

  // Signing happens in the transport rather than in a middleware: the transport sees the Request
  // exactly as it goes to the network, after every middleware (the caller's included) has run, so
  // the signature always covers the bytes actually sent. Each attempt of a retried request is
  // signed afresh (new timestamp, same bytes). Under version 2 the request line signed is the
  // final one too: fetch sends the URL's path and query as the request target, and the
  // Idempotency-Key header as it is by then.
  const signingFetch: FetchFunction = async (request) => {
    const body = request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer());
    const sign = (attempt: Request): Request => {
      const clock = now ? { now } : {};
      const headers =
        signatureVersion === 1
          ? signedHeaders({ signatureVersion: 1, apiKey, apiSecret, body, ...clock })
          : signedHeaders({
              apiKey,
              apiSecret,
              body,
              method: attempt.method,
              pathWithQuery: pathWithQueryOf(attempt.url),
              idempotencyKey: attempt.headers.get(headerIdempotencyKey),
              ...clock,
            });
      for (const [name, value] of Object.entries(headers)) attempt.headers.set(name, value);
      return attempt;
    };
    return sendWithRetries(request, retryPolicy, sign, transport);
  };

  const client = createFetchClient<MerchantPaths>({
    baseUrl: options.baseUrl,
    fetch: signingFetch,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  client.use(idempotencyMiddleware({ generate: options.idempotencyKey }));
  return client;
}

export function requireText(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new TypeError(`${name} is required (a non-empty string)`);
  }
}
