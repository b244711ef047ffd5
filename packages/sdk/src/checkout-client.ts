// The payer-facing checkout client: reads a session and pays it with the session's client_token
// (sent as X-Checkout-Token). It carries no merchant credentials and does no signing, so this
// module imports nothing from Node and can run in a browser (import '@payagg/sdk/checkout').
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from '@payagg/contract';
import { idempotencyMiddleware } from './idempotency.ts';
import { retryingTransport, type RetryOptions } from './retry.ts';
import type { WithSdkManagedHeaders } from './managed-headers.ts';

export const headerCheckoutToken = 'X-Checkout-Token';
/** @deprecated Use `headerCheckoutToken` (decision 0062: camelCase in code); this name goes in the next major version. */
export const header_checkout_token = headerCheckoutToken;

/** The two payer-facing operations: GET /checkout-sessions/{id} and POST .../pay. */
export type CheckoutPaths = WithSdkManagedHeaders<Pick<paths, CheckoutPath>>;
export type CheckoutPath = '/checkout-sessions/{id}' | '/checkout-sessions/{id}/pay';
export type CheckoutClient = Client<CheckoutPaths, `${string}/${string}`>;

export interface CreateCheckoutClientOptions {
  /** The API base including `/v1`. */
  baseUrl: string;
  /** The session's client_token, returned once by POST /checkout-sessions. A bearer secret. */
  clientToken: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Source of idempotency keys for pay; defaults to crypto.randomUUID. */
  idempotencyKey?: () => string;
  /** Opt-in retries of retry-safe requests (see retry.ts); default: none. */
  retry?: RetryOptions;
}

export function createCheckoutClient(options: CreateCheckoutClientOptions): CheckoutClient {
  for (const name of ['baseUrl', 'clientToken'] as const) {
    if (typeof options[name] !== 'string' || options[name].length === 0) {
      throw new TypeError(`${name} is required (a non-empty string)`);
    }
  }
  const client = createFetchClient<CheckoutPaths>({
    baseUrl: options.baseUrl,
    headers: { [headerCheckoutToken]: options.clientToken },
    fetch: retryingTransport(options.fetch, options.retry),
  });
  client.use(idempotencyMiddleware({ generate: options.idempotencyKey }));
  return client;
}
