// MTN MoMo's settings (docs/providers/mtn-momo.md). MoMo gives each product (Collection,
// Disbursement) its own subscription key and its own API user and key
// (https://momodeveloper.mtn.com/api-documentation/api-description: "API user and API key are
// created per product subscription"), so each product has its own three credentials. They are
// secrets: read from the environment once, never logged, never returned.
import type { Env } from '../../config-readers.ts';
import { baseUrlOf, optionalWholeNumber, readProviderEnv } from '../../rails/provider-settings.ts';

export interface MtnMomoProductCredentials {
  /** Ocp-Apim-Subscription-Key: the product's primary (or secondary) key. */
  subscriptionKey: string;
  /** The API user's id (a UUID, X-Reference-Id of its provisioning). */
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoConfig {
  /** https://sandbox.momodeveloper.mtn.com (sandbox) or the live proxy https://proxy.momoapi.mtn.com. */
  baseUrl: string;
  /** X-Target-Environment: `sandbox`, or the market's name (`mtnuganda`, `mtnghana`, `mtncameroon`...). */
  targetEnvironment: string;
  collection: MtnMomoProductCredentials;
  disbursement: MtnMomoProductCredentials;
  /**
   * Base of our callback URLs (`https://api.example.com/provider-callbacks/mtn_momo`); each request
   * names its own (`.../requesttopay/<referenceId>`). Null: no X-Callback-Url; outcomes are polled.
   */
  callbackUrlBase: string | null;
  /** The currencies this account's market takes (the sandbox takes EUR only). */
  currencies: readonly string[];
  /**
   * How many fraction digits MoMo takes in `amount` for this market: 0 (whole units) unless the
   * market's account is known to take more. Decision 0667.
   */
  fractionDigitsMax: number;
  /** One call's deadline; past it the call is ambiguous and resolved by the status read. */
  requestTimeoutMs: number;
}

/** A MoMo call answers in well under a second; 10 s leaves room for a slow mobile network core. */
export const mtnMomoRequestTimeoutMsDefault = 10_000;

/** A wait beyond two minutes holds a request for a provider that is not answering. */
export const mtnMomoRequestTimeoutMsMax = 120_000;
/** No currency MoMo serves has more than 3 fraction digits (ISO 4217); 4 leaves one spare. */
export const mtnMomoFractionDigitsMax = 4;

const mtnMomoEnv = {
  label: 'MTN MoMo',
  prefix: 'MTN_MOMO_',
  required: {
    baseUrl: 'MTN_MOMO_BASE_URL',
    targetEnvironment: 'MTN_MOMO_TARGET_ENVIRONMENT',
    collectionSubscriptionKey: 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
    collectionApiUser: 'MTN_MOMO_COLLECTION_API_USER',
    collectionApiKey: 'MTN_MOMO_COLLECTION_API_KEY',
    disbursementSubscriptionKey: 'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
    disbursementApiUser: 'MTN_MOMO_DISBURSEMENT_API_USER',
    disbursementApiKey: 'MTN_MOMO_DISBURSEMENT_API_KEY',
    currencies: 'MTN_MOMO_CURRENCIES',
  },
  optional: ['MTN_MOMO_CALLBACK_URL_BASE', 'MTN_MOMO_FRACTION_DIGITS_MAX', 'MTN_MOMO_REQUEST_TIMEOUT_MS'],
} as const;

/**
 * The MoMo settings from the environment: null when no MTN_MOMO_* setting is set (MoMo is not
 * used), a ConfigError naming the missing variables when only some are (a half-configured provider
 * must stop the server from starting: rails/provider-settings.ts), the settings otherwise.
 * MTN_MOMO_CALLBACK_URL_BASE, MTN_MOMO_FRACTION_DIGITS_MAX and MTN_MOMO_REQUEST_TIMEOUT_MS are optional.
 */
export function mtnMomoConfigFromEnv(env: Env): MtnMomoConfig | null {
  const values = readProviderEnv(env, mtnMomoEnv);
  if (values === null) return null;
  const callbackUrlBase = env.MTN_MOMO_CALLBACK_URL_BASE?.trim() ?? '';
  return {
    baseUrl: baseUrlOf(values.baseUrl),
    targetEnvironment: values.targetEnvironment,
    collection: { subscriptionKey: values.collectionSubscriptionKey, apiUser: values.collectionApiUser, apiKey: values.collectionApiKey },
    disbursement: { subscriptionKey: values.disbursementSubscriptionKey, apiUser: values.disbursementApiUser, apiKey: values.disbursementApiKey },
    callbackUrlBase: callbackUrlBase === '' ? null : baseUrlOf(callbackUrlBase),
    currencies: values.currencies.split(',').map((code) => code.trim().toUpperCase()).filter((code) => code !== ''),
    fractionDigitsMax: optionalWholeNumber(env, 'MTN_MOMO_FRACTION_DIGITS_MAX', 0, 0, mtnMomoFractionDigitsMax),
    requestTimeoutMs: optionalWholeNumber(env, 'MTN_MOMO_REQUEST_TIMEOUT_MS', mtnMomoRequestTimeoutMsDefault, 1, mtnMomoRequestTimeoutMsMax),
  };
}
