// MTN MoMo's settings (docs/providers/mtn-momo.md). MoMo gives each product (Collection,
// Disbursement) its own subscription key and its own API user and key
// (https://momodeveloper.mtn.com/api-documentation/api-description: "API user and API key are
// created per product subscription"), so each product has its own three credentials. They are
// secrets: read from the environment once, never logged, never returned.

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

const envNames = {
  baseUrl: 'MTN_MOMO_BASE_URL',
  targetEnvironment: 'MTN_MOMO_TARGET_ENVIRONMENT',
  collectionSubscriptionKey: 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
  collectionApiUser: 'MTN_MOMO_COLLECTION_API_USER',
  collectionApiKey: 'MTN_MOMO_COLLECTION_API_KEY',
  disbursementSubscriptionKey: 'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
  disbursementApiUser: 'MTN_MOMO_DISBURSEMENT_API_USER',
  disbursementApiKey: 'MTN_MOMO_DISBURSEMENT_API_KEY',
  currencies: 'MTN_MOMO_CURRENCIES',
} as const;

/**
 * The MoMo settings from the environment: null when none of MTN_MOMO_* is set (MoMo is not used),
 * an Error naming the missing variables when only some are (a half-configured provider must stop
 * the server from starting), the settings otherwise. MTN_MOMO_CALLBACK_URL_BASE,
 * MTN_MOMO_FRACTION_DIGITS_MAX and MTN_MOMO_REQUEST_TIMEOUT_MS are optional.
 */
export function mtnMomoConfigFromEnv(env: Record<string, string | undefined>): MtnMomoConfig | null {
  const values = Object.fromEntries(Object.entries(envNames).map(([key, name]) => [key, env[name]?.trim() ?? ''])) as Record<keyof typeof envNames, string>;
  const missing = Object.entries(envNames).filter(([key]) => values[key as keyof typeof envNames] === '').map(([, name]) => name);
  if (missing.length === Object.keys(envNames).length) return null;
  if (missing.length > 0) throw new Error(`MTN MoMo is half-configured: set ${missing.join(', ')} (or none of MTN_MOMO_*)`);
  return {
    baseUrl: values.baseUrl.replace(/\/+$/, ''),
    targetEnvironment: values.targetEnvironment,
    collection: { subscriptionKey: values.collectionSubscriptionKey, apiUser: values.collectionApiUser, apiKey: values.collectionApiKey },
    disbursement: { subscriptionKey: values.disbursementSubscriptionKey, apiUser: values.disbursementApiUser, apiKey: values.disbursementApiKey },
    callbackUrlBase: env.MTN_MOMO_CALLBACK_URL_BASE?.trim().replace(/\/+$/, '') || null,
    currencies: values.currencies.split(',').map((code) => code.trim().toUpperCase()).filter((code) => code !== ''),
    fractionDigitsMax: nonNegativeInteger(env.MTN_MOMO_FRACTION_DIGITS_MAX, 0, 'MTN_MOMO_FRACTION_DIGITS_MAX'),
    requestTimeoutMs: nonNegativeInteger(env.MTN_MOMO_REQUEST_TIMEOUT_MS, mtnMomoRequestTimeoutMsDefault, 'MTN_MOMO_REQUEST_TIMEOUT_MS'),
  };
}

function nonNegativeInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw.trim());
}
