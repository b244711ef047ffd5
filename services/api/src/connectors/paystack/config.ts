// Paystack's settings: where its API is, the secret key that authenticates us (and signs its
// webhooks), how long we wait, and the few values Paystack requires that our requests do not carry
// (docs/providers/paystack.md, decision 0650). Read from PAYSTACK_* environment variables.
import { ConfigError } from '../../config-readers.ts';
import { optionalWholeNumber, readProviderEnv } from '../../rails/provider-settings.ts';
import { defaultAmountExponents } from './amounts.ts';

export type PaystackConfig = {
  /** PAYSTACK_SECRET_KEY: `sk_test_...` or `sk_live_...`; the bearer token and the webhook HMAC key. Never logged. */
  secretKey: string;
  /** PAYSTACK_BASE_URL: https://api.paystack.co (servers[0] of Paystack's OpenAPI description). */
  baseUrl: string;
  /** PAYSTACK_TIMEOUT_MS: how long one request may take, connection to last byte. */
  timeoutMs: number;
  /**
   * PAYSTACK_CUSTOMER_EMAIL_DOMAIN: `/charge` requires the customer's email (ChargeCreate.required)
   * and our collections carry none, so each charge names `<transaction id>@<this domain>`, a
   * mailbox of the platform's own (decision 0652).
   */
  customerEmailDomain: string;
  /** PAYSTACK_USSD_TYPE: the bank USSD code charged for the ussd rail (USSD.type: 737, 919, 822, 966). */
  ussdType: '737' | '919' | '822' | '966';
  /** PAYSTACK_MOBILE_MONEY_PROVIDERS: the telco per currency (`GHS:mtn,KES:mpesa`), for charges and transfer recipients. */
  mobileMoneyProviders: Readonly<Record<string, string>>;
  /** PAYSTACK_AMOUNT_EXPONENTS: Paystack's subunit exponent per currency it serves (`NGN:2,GHS:2`): amounts.ts. */
  amountExponents: Readonly<Record<string, number>>;
};

/** Servers[0] of Paystack's OpenAPI description. */
export const paystackBaseUrlDefault = 'https://api.paystack.co';
/**
 * Paystack's docs advise waiting "10 seconds or more" before checking a pending charge
 * (`GET /charge/{reference}`); a call that takes longer than that is treated as an outage whose
 * result a status query settles. 15 s also stays under the payer-facing request's patience.
 */
export const paystackTimeoutMsDefault = 15_000;
/** A wait beyond two minutes holds a request thread for a provider that is not answering. */
export const paystackTimeoutMsMax = 120_000;
/** Paystack Ghana's largest telco and Kenya's M-Pesa (List Banks, `type=mobile_money`). */
export const mobileMoneyProvidersDefault: Readonly<Record<string, string>> = { GHS: 'mtn', KES: 'mpesa' };

export type Env = Readonly<Record<string, string | undefined>>;

const paystackEnv = {
  label: 'Paystack',
  prefix: 'PAYSTACK_',
  required: { secretKey: 'PAYSTACK_SECRET_KEY', customerEmailDomain: 'PAYSTACK_CUSTOMER_EMAIL_DOMAIN' },
  optional: ['PAYSTACK_BASE_URL', 'PAYSTACK_TIMEOUT_MS', 'PAYSTACK_USSD_TYPE', 'PAYSTACK_MOBILE_MONEY_PROVIDERS', 'PAYSTACK_AMOUNT_EXPONENTS'],
} as const;

/**
 * The Paystack settings of an environment: null when no PAYSTACK_* setting is set (Paystack off);
 * some set without the secret key and the email domain: half-configured, the server refuses to
 * start believing Paystack is on (rails/provider-settings.ts).
 */
export function paystackConfigFromEnv(env: Env): PaystackConfig | null {
  const values = readProviderEnv(env, paystackEnv);
  if (values === null) return null;
  const { secretKey, customerEmailDomain } = values;
  if (!/^sk_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) throw new ConfigError('PAYSTACK_SECRET_KEY: expected sk_test_... or sk_live_... (the value is not shown)');
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(customerEmailDomain)) {
    throw new ConfigError('PAYSTACK_CUSTOMER_EMAIL_DOMAIN: a domain the platform owns is required (charges name <transaction id>@<domain>)');
  }
  return resolvePaystackConfig({
    secretKey,
    baseUrl: env.PAYSTACK_BASE_URL?.trim() || paystackBaseUrlDefault,
    timeoutMs: optionalWholeNumber(env, 'PAYSTACK_TIMEOUT_MS', paystackTimeoutMsDefault, 1, paystackTimeoutMsMax),
    customerEmailDomain,
    ussdType: parseUssdType(env.PAYSTACK_USSD_TYPE),
    mobileMoneyProviders: parseCurrencyMap('PAYSTACK_MOBILE_MONEY_PROVIDERS', env.PAYSTACK_MOBILE_MONEY_PROVIDERS, (v) => v) ?? mobileMoneyProvidersDefault,
    amountExponents: parseCurrencyMap('PAYSTACK_AMOUNT_EXPONENTS', env.PAYSTACK_AMOUNT_EXPONENTS, parseExponent) ?? defaultAmountExponents,
  });
}

/** Fills the defaults of what a caller (a test, the wiring) left out and checks the rest. */
export function resolvePaystackConfig(partial: Partial<PaystackConfig> & Pick<PaystackConfig, 'secretKey' | 'customerEmailDomain'>): PaystackConfig {
  const baseUrl = new URL(partial.baseUrl ?? paystackBaseUrlDefault);
  if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') throw new Error('PAYSTACK_BASE_URL: an http(s) URL');
  const timeoutMs = partial.timeoutMs ?? paystackTimeoutMsDefault;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > paystackTimeoutMsMax) {
    throw new Error(`PAYSTACK_TIMEOUT_MS: an integer from 1 to ${paystackTimeoutMsMax}`);
  }
  return {
    secretKey: partial.secretKey,
    baseUrl: baseUrl.toString().replace(/\/$/, ''),
    timeoutMs,
    customerEmailDomain: partial.customerEmailDomain,
    ussdType: partial.ussdType ?? '737',
    mobileMoneyProviders: partial.mobileMoneyProviders ?? mobileMoneyProvidersDefault,
    amountExponents: partial.amountExponents ?? defaultAmountExponents,
  };
}

function parseUssdType(value: string | undefined): PaystackConfig['ussdType'] {
  const type = value?.trim() || '737';
  if (type !== '737' && type !== '919' && type !== '822' && type !== '966') throw new Error('PAYSTACK_USSD_TYPE: one of 737, 919, 822, 966');
  return type;
}

function parseExponent(value: string): number {
  if (!/^[0-4]$/.test(value)) throw new Error(`an exponent from 0 to 4, not "${value}"`);
  return Number(value);
}

/** `NGN:2,GHS:2` -> { NGN: 2, GHS: 2 }; blank -> null (the default). */
function parseCurrencyMap<T>(name: string, value: string | undefined, parse: (v: string) => T): Record<string, T> | null {
  if (value === undefined || value.trim() === '') return null;
  const map: Record<string, T> = {};
  for (const part of value.split(',')) {
    const [currency, raw] = part.split(':').map((s) => s.trim());
    if (!currency || !/^[A-Z]{3}$/.test(currency) || raw === undefined || raw === '') throw new Error(`${name}: CUR:value pairs separated by commas`);
    try {
      map[currency] = parse(raw);
    } catch (error) {
      throw new Error(`${name}: ${currency}: ${(error as Error).message}`);
    }
  }
  return map;
}
