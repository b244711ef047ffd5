// The lower_snake names exported before decision 0062 stay as deprecated aliases of the camelCase
// ones: the same values, from the package's entry points, so existing imports keep working.
import { expect, it } from 'vitest';
import * as sdk from '../src/index.ts';
import * as checkout from '../src/checkout-client.ts';

const aliases = {
  header_checkout_token: 'headerCheckoutToken',
  partner_operations_requiring_idempotency_key: 'partnerOperationsRequiringIdempotencyKey',
  header_service_key: 'headerServiceKey',
  header_service_timestamp: 'headerServiceTimestamp',
  header_service_signature: 'headerServiceSignature',
  header_service_signature_version: 'headerServiceSignatureVersion',
  signature_versions: 'signatureVersions',
  signature_version_default: 'signatureVersionDefault',
  header_idempotency_key: 'headerIdempotencyKey',
  operations_requiring_idempotency_key: 'operationsRequiringIdempotencyKey',
  list_all_items_max: 'listAllItemsMax',
  webhook_tolerance_default_seconds: 'webhookToleranceDefaultSeconds',
  webhook_signatures_max: 'webhookSignaturesMax',
  webhook_signature_separator: 'webhookSignatureSeparator',
  retries_max: 'retriesMax',
  retry_initial_delay_default_ms: 'retryInitialDelayDefaultMs',
  retry_delay_max_default_ms: 'retryDelayMaxDefaultMs',
  retry_after_max_default_ms: 'retryAfterMaxDefaultMs',
} as const;

it('exports every former lower_snake name as the same value as its camelCase name', () => {
  const exported = sdk as unknown as Record<string, unknown>;
  for (const [old, current] of Object.entries(aliases)) {
    expect(exported[current], current).toBeDefined();
    expect(exported[old], old).toBe(exported[current]);
  }
  expect(checkout.header_checkout_token).toBe('X-Checkout-Token');
  expect(checkout.headerCheckoutToken).toBe('X-Checkout-Token');
});
