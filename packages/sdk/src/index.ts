// @payagg/sdk: the typed TypeScript client of the payment aggregation API.
export { createClient, type CreateClientOptions, type MerchantClient, type MerchantPaths, type FetchFunction } from './merchant-client.ts';
export {
  createCheckoutClient,
  headerCheckoutToken,
  header_checkout_token,
  type CheckoutClient,
  type CheckoutPaths,
  type CheckoutPath,
  type CreateCheckoutClientOptions,
} from './checkout-client.ts';
export {
  createPartnerClient,
  partnerRequiresIdempotencyKey,
  partnerOperationsRequiringIdempotencyKey,
  type CreatePartnerClientOptions,
  type PartnerClient,
  type PartnerPaths,
} from './partner-client.ts';
export {
  signRequest,
  signRequestV2,
  signedHeaders,
  pathWithQueryOf,
  headerServiceKey,
  headerServiceTimestamp,
  headerServiceSignature,
  headerServiceSignatureVersion,
  signatureVersions,
  signatureVersionDefault,
  type RawBody,
  type SignatureVersion,
  type SignRequestInput,
  type SignRequestV2Input,
  type SignedHeaders,
  type SignedHeadersInput,
} from './signing.ts';
export {
  headerIdempotencyKey,
  idempotencyMiddleware,
  operationsRequiringIdempotencyKey,
  requiresIdempotencyKey,
} from './idempotency.ts';
export { paginate, listAll, listAllItemsMax, type PageItem, type PaginatedPath, type PaginateInit } from './pagination.ts';
export {
  verifyWebhookSignature,
  parseWebhookEvent,
  WebhookSignatureError,
  webhookToleranceDefaultSeconds,
  webhookSignaturesMax,
  webhookSignatureSeparator,
  type VerifyWebhookSignatureInput,
  type WebhookSignatureFailure,
  type WebhookEvent,
} from './webhooks.ts';
export { ApiError, unwrap, type ErrorEnvelope } from './api-error.ts';
export {
  retriesMax,
  retryInitialDelayDefaultMs,
  retryDelayMaxDefaultMs,
  retryAfterMaxDefaultMs,
  type RetryOptions,
} from './retry.ts';
// Deprecated lower_snake aliases of the constants above (decision 0062).
export * from './deprecated-names.ts';
export type { WithSdkManagedHeaders, SdkManagedHeader } from './managed-headers.ts';
export type { ApiErrorCode, paths, components, operations, Schema } from '@payagg/contract';
