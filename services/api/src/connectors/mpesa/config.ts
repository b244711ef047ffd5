// M-Pesa (Safaricom Daraja) settings (docs/providers/mpesa.md). Every credential is a secret:
// read from the environment once, never logged, never returned. The initiator password is
// only ever sent encrypted (security-credential.ts).

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

const required = {
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
} as const;

/**
 * The M-Pesa settings from the environment: null when none of the required MPESA_* is set, an
 * Error naming the missing ones when only some are (a half-configured provider stops the server),
 * the settings otherwise. MPESA_TRANSACTION_TYPE (default CustomerPayBillOnline), MPESA_PARTY_B
 * (default the shortcode) and MPESA_REQUEST_TIMEOUT_MS are optional.
 */
export function mpesaConfigFromEnv(env: Record<string, string | undefined>): MpesaConfig | null {
  const values = Object.fromEntries(Object.entries(required).map(([key, name]) => [key, env[name]?.trim() ?? ''])) as Record<keyof typeof required, string>;
  const missing = Object.entries(required).filter(([key]) => values[key as keyof typeof required] === '').map(([, name]) => name);
  if (missing.length === Object.keys(required).length) return null;
  if (missing.length > 0) throw new Error(`M-Pesa is half-configured: set ${missing.join(', ')} (or none of MPESA_*)`);
  const transactionType = env.MPESA_TRANSACTION_TYPE?.trim() || 'CustomerPayBillOnline';
  if (transactionType !== 'CustomerPayBillOnline' && transactionType !== 'CustomerBuyGoodsOnline') {
    throw new Error(`MPESA_TRANSACTION_TYPE must be CustomerPayBillOnline or CustomerBuyGoodsOnline, got "${transactionType}"`);
  }
  const timeout = env.MPESA_REQUEST_TIMEOUT_MS?.trim() ?? '';
  if (timeout !== '' && !/^\d+$/.test(timeout)) throw new Error(`MPESA_REQUEST_TIMEOUT_MS must be a whole number of milliseconds, got "${timeout}"`);
  return {
    ...values,
    baseUrl: values.baseUrl.replace(/\/+$/, ''),
    callbackUrlBase: values.callbackUrlBase.replace(/\/+$/, ''),
    transactionType,
    partyB: env.MPESA_PARTY_B?.trim() || values.shortcode,
    requestTimeoutMs: timeout === '' ? mpesaRequestTimeoutMsDefault : Number(timeout),
  };
}
