// The partner wallet client (`/api/v1/partner`): authenticated by X-API-Key, with
// X-Idempotency-Key on wallet creation and every money movement. A separate path family with its own contract.
import createFetchClient, { type Client } from 'openapi-fetch';
import type { PartnerPaths as GeneratedPartnerPaths } from '@payagg/contract';
import { idempotencyMiddleware } from './idempotency.ts';
import { retryingTransport, type RetryOptions } from './retry.ts';
import type { WithSdkManagedHeaders } from './managed-headers.ts';

export const headerPartnerApiKey = 'X-API-Key';
export const headerPartnerIdempotencyKey = 'X-Idempotency-Key';

export type PartnerPaths = WithSdkManagedHeaders<GeneratedPartnerPaths>;
export type PartnerClient = Client<PartnerPaths, `${string}/${string}`>;

export interface CreatePartnerClientOptions {
  /** The partner base, ending in `/api/v1/partner`. */
  baseUrl: string;
  apiKey: string;
  fetch?: (request: Request) => Promise<Response>;
  idempotencyKey?: () => string;
  /** Opt-in retries of retry-safe requests (see retry.ts); default: none. */
  retry?: RetryOptions;
}

/** Partner operations that take X-Idempotency-Key: wallet creation and every money movement. */
export const partnerOperationsRequiringIdempotencyKey: readonly string[] = [
  'POST /wallets',
  'POST /wallets/{walletId}/deposits',
  'POST /transfers',
  'POST /wallets/{walletId}/withdrawals',
];

export function partnerRequiresIdempotencyKey(method: string, schemaPath: string): boolean {
  return partnerOperationsRequiringIdempotencyKey.includes(`${method.toUpperCase()} ${schemaPath}`);
}

export function createPartnerClient(options: CreatePartnerClientOptions): PartnerClient {
  for (const name of ['baseUrl', 'apiKey'] as const) {
    if (typeof options[name] !== 'string' || options[name].length === 0) {
      throw new TypeError(`${name} is required (a non-empty string)`);
    }
  }
  const client = createFetchClient<PartnerPaths>({
    baseUrl: options.baseUrl,
    headers: { [headerPartnerApiKey]: options.apiKey },
    fetch: retryingTransport(options.fetch, options.retry),
  });
  client.use(
    idempotencyMiddleware({
      generate: options.idempotencyKey,
      header: headerPartnerIdempotencyKey,
      requires: partnerRequiresIdempotencyKey,
    }),
  );
  return client;
}
