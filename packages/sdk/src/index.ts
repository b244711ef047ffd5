// @payagg/sdk: the typed TypeScript client of the payment aggregation API.
export { createClient, type CreateClientOptions, type MerchantClient, type MerchantPaths, type FetchFunction } from './merchant-client.ts';
export {
  createCheckoutClient,
  header_checkout_token,
  type CheckoutClient,
  type CheckoutPaths,
  type CheckoutPath,
  type CreateCheckoutClientOptions,
} from './checkout-client.ts';
export {
  createPartnerClient,
  partnerRequiresIdempotencyKey,
  partner_operations_requiring_idempotency_key,
  type CreatePartnerClientOptions,
  type PartnerClient,
  type PartnerPaths,
} from './partner-client.ts';
export {
  signRequest,
  signRequestV2,
  signedHeaders,
  pathWithQueryOf,
  header_service_key,
  header_service_timestamp,
  header_service_signature,
  header_service_signature_version,
  signature_versions,
  signature_version_default,
  type RawBody,
  type SignatureVersion,
  type SignRequestInput,
  type SignRequestV2Input,
  type SignedHeaders,
  type SignedHeadersInput,
} from './signing.ts';
export {
  header_idempotency_key,
  idempotencyMiddleware,
  operations_requiring_idempotency_key,
  requiresIdempotencyKey,
} from './idempotency.ts';
export { paginate, listAll, list_all_items_max, type PageItem, type PaginatedPath, type PaginateInit } from './pagination.ts';
export {
  verifyWebhookSignature,
  parseWebhookEvent,
  WebhookSignatureError,
  webhook_tolerance_default_seconds,
  webhook_signatures_max,
  webhook_signature_separator,
  type VerifyWebhookSignatureInput,
  type WebhookSignatureFailure,
  type WebhookEvent,
} from './webhooks.ts';
export { ApiError, unwrap, type ErrorEnvelope } from './api-error.ts';
export {
  retries_max,
  retry_initial_delay_default_ms,
  retry_delay_max_default_ms,
  retry_after_max_default_ms,
  type RetryOptions,
} from './retry.ts';
export type { WithSdkManagedHeaders, SdkManagedHeader } from './managed-headers.ts';
export type { ApiErrorCode, paths, components, operations, Schema } from '@payagg/contract';
