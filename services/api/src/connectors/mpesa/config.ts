// M-Pesa (Safaricom Daraja) settings (docs/providers/mpesa.md). Every credential is a secret:
// read from the environment once, never logged, never returned. The initiator password is
// only ever sent encrypted (security-credential.ts).
import { ConfigError, type Env } from '../../config-readers.ts';
import { baseUrlOf, optionalWholeNumber, readProviderEnv } from '../../rails/provider-settings.ts';

export interface MpesaConfig {
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke. */
  baseUrl: string;
  /** The Daraja app's consumer key and secret (OAuth client credentials). */
  consumerKey: string;
  consumerSecret: string;
  /** Lipa Na M-Pesa Online: the BusinessShortCode (paybill or head office of a till) and its passkey. */
  shortcode: string;
  passkey: string;
  /** CustomerPayBillOnline (a paybill) or CustomerBuyGoodsOnline (a till: then partyB is the till number). */
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  partyB: string;
  /** B2C, reversal and transaction status: the shortcode they run on, and its API operator. */
  b2cShortcode: string;
  initiatorName: string;
  initiatorPassword: string;
  /** Path of Safaricom's public certificate (PEM) the initiator password is encrypted with. */
  certificatePath: string;
  /** Base of our callback URLs (`https://api.example.com/provider-callbacks/mpesa`): Daraja requires one. */
  callbackUrlBase: string;
  /** One call's deadline; past it the call is ambiguous (never sent again: resolved by a status query). */
  requestTimeoutMs: number;
}

/** Daraja answers an STK push in about a second; 15 s is its gateway's own patience plus margin. */
export const mpesaRequestTimeoutMsDefault = 15_000;

/** A wait beyond two minutes holds a request for a provider that is not answering. */
export const mpesaRequestTimeoutMsMax = 120_000;

const mpesaEnv = {
  label: 'M-Pesa',
  prefix: 'MPESA_',
  required: {
    baseUrl: 'MPESA_BASE_URL',
    consumerKey: 'MPESA_CONSUMER_KEY',
    consumerSecret: 'MPESA_CONSUMER_SECRET',
    shortcode: 'MPESA_SHORTCODE',
    passkey: 'MPESA_PASSKEY',
    b2cShortcode: 'MPESA_B2C_SHORTCODE',
    initiatorName: 'MPESA_INITIATOR_NAME',
    initiatorPassword: 'MPESA_INITIATOR_PASSWORD',
    certificatePath: 'MPESA_CERTIFICATE_PATH',
    callbackUrlBase: 'MPESA_CALLBACK_URL_BASE',
  },
  optional: ['MPESA_TRANSACTION_TYPE', 'MPESA_PARTY_B', 'MPESA_REQUEST_TIMEOUT_MS'],
} as const;

/**
 * The M-Pesa settings from the environment: null when no MPESA_* setting is set, a ConfigError
 * naming the missing ones when only some are (a half-configured provider stops the server:
 * rails/provider-settings.ts), the settings otherwise. MPESA_TRANSACTION_TYPE (default
 * CustomerPayBillOnline), MPESA_PARTY_B (default the shortcode) and MPESA_REQUEST_TIMEOUT_MS are optional.
 */
export function mpesaConfigFromEnv(env: Env): MpesaConfig | null {
  const values = readProviderEnv(env, mpesaEnv);
  if (values === null) return null;
  const transactionType = env.MPESA_TRANSACTION_TYPE?.trim() || 'CustomerPayBillOnline';
  if (transactionType !== 'CustomerPayBillOnline' && transactionType !== 'CustomerBuyGoodsOnline') {
    throw new ConfigError(`MPESA_TRANSACTION_TYPE must be CustomerPayBillOnline or CustomerBuyGoodsOnline, got "${transactionType}"`);
  }
  return {
    ...values,
    baseUrl: baseUrlOf(values.baseUrl),
    callbackUrlBase: baseUrlOf(values.callbackUrlBase),
    transactionType,
    partyB: env.MPESA_PARTY_B?.trim() || values.shortcode,
    requestTimeoutMs: optionalWholeNumber(env, 'MPESA_REQUEST_TIMEOUT_MS', mpesaRequestTimeoutMsDefault, 1, mpesaRequestTimeoutMsMax),
  };
}
