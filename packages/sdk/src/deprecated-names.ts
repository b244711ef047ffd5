// The SDK's exported constants under their names before decision 0062 (camelCase in code;
// lower_snake only on the wire). Kept so that existing users do not break; each is the same value
// as its camelCase name (test/deprecated-names.test.ts) and goes in the next major version.
import { partnerOperationsRequiringIdempotencyKey } from './partner-client.ts';
import { headerServiceKey, headerServiceTimestamp, headerServiceSignature, headerServiceSignatureVersion, signatureVersions, signatureVersionDefault } from './signing.ts';
import { headerIdempotencyKey, operationsRequiringIdempotencyKey } from './idempotency.ts';
import { listAllItemsMax } from './pagination.ts';
import { webhookToleranceDefaultSeconds, webhookSignaturesMax, webhookSignatureSeparator } from './webhooks.ts';
import { retriesMax, retryInitialDelayDefaultMs, retryDelayMaxDefaultMs, retryAfterMaxDefaultMs } from './retry.ts';

/** @deprecated Use `partnerOperationsRequiringIdempotencyKey`. */
export const partner_operations_requiring_idempotency_key = partnerOperationsRequiringIdempotencyKey;
/** @deprecated Use `headerServiceKey`. */
export const header_service_key = headerServiceKey;
/** @deprecated Use `headerServiceTimestamp`. */
export const header_service_timestamp = headerServiceTimestamp;
/** @deprecated Use `headerServiceSignature`. */
export const header_service_signature = headerServiceSignature;
/** @deprecated Use `headerServiceSignatureVersion`. */
export const header_service_signature_version = headerServiceSignatureVersion;
/** @deprecated Use `signatureVersions`. */
export const signature_versions = signatureVersions;
/** @deprecated Use `signatureVersionDefault`. */
export const signature_version_default = signatureVersionDefault;
/** @deprecated Use `headerIdempotencyKey`. */
export const header_idempotency_key = headerIdempotencyKey;
/** @deprecated Use `operationsRequiringIdempotencyKey`. */
export const operations_requiring_idempotency_key = operationsRequiringIdempotencyKey;
/** @deprecated Use `listAllItemsMax`. */
export const list_all_items_max = listAllItemsMax;
/** @deprecated Use `webhookToleranceDefaultSeconds`. */
export const webhook_tolerance_default_seconds = webhookToleranceDefaultSeconds;
/** @deprecated Use `webhookSignaturesMax`. */
export const webhook_signatures_max = webhookSignaturesMax;
/** @deprecated Use `webhookSignatureSeparator`. */
export const webhook_signature_separator = webhookSignatureSeparator;
/** @deprecated Use `retriesMax`. */
export const retries_max = retriesMax;
/** @deprecated Use `retryInitialDelayDefaultMs`. */
export const retry_initial_delay_default_ms = retryInitialDelayDefaultMs;
/** @deprecated Use `retryDelayMaxDefaultMs`. */
export const retry_delay_max_default_ms = retryDelayMaxDefaultMs;
/** @deprecated Use `retryAfterMaxDefaultMs`. */
export const retry_after_max_default_ms = retryAfterMaxDefaultMs;
