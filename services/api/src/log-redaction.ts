// What no log line may carry, as pino `redact` paths (src/log.ts): every secret the service knows,
// by the field names it goes by, censored at the top of a line's fields and up to two objects deep
// (`error.headers.authorization`, `job.payload.client_token`). A field of one of these names is
// replaced by "[redacted]" whatever logs it. Names, not values: a secret spelled inside a message
// string is not found here, which is why callers log ids and reasons, never bodies or headers.

/** Credentials and signatures of requests, keys and webhooks. */
const credentialNames = [
  // Merchant API keys (X-API-Key + secret, signed requests) and partner keys.
  'api_secret', 'apiSecret', 'secret', 'secrets', 'api_key', 'apiKey', 'x-api-key',
  'signature', 'x-service-signature', 'authorization', 'password',
  // Webhook signing secrets (whsec_...) and the master key that seals every stored secret.
  'signing_secret', 'signingSecret', 'previous_signing_secret', 'master_key', 'masterKey',
  // A database URL may hold its password; provider credentials are named so when rails get them.
  'database_url', 'databaseUrl', 'credentials', 'provider_credentials',
  // The real providers' credentials by the names their settings and wire formats give them
  // (connectors/<provider>/config.ts; decision 0773): Paystack's secret key and signature header,
  // Daraja's consumer secret, passkey, initiator password and SecurityCredential, MoMo's
  // subscription key, and the bearer tokens they issue.
  'secretKey', 'secret_key', 'x-paystack-signature', 'consumerSecret', 'consumer_secret', 'passkey',
  'initiatorPassword', 'initiator_password', 'securityCredential', 'SecurityCredential', 'Password',
  'subscriptionKey', 'subscription_key', 'ocp-apim-subscription-key', 'accessToken', 'access_token',
];

/** What a payer or a payout reaches money with. */
const payerDetailNames = [
  // Checkout client tokens (cs_tok_...) authorise paying a session.
  'client_token', 'clientToken', 'token', 'checkout_token', 'card_token',
  // Destination details: bank account and mobile-money numbers.
  'account_number', 'accountNumber', 'phone', 'phone_number', 'msisdn', 'destination', 'destination_details',
];

/** The job queue's payloads may carry any of the above; its lines never log them (jobs/graphile-logger.ts). */
const payloadNames = ['payload'];

const names = [...credentialNames, ...payerDetailNames, ...payloadNames];

/** `name`, or `["x-api-key"]` for a name that is not an identifier. */
function segment(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
}

function join(prefix: string, name: string): string {
  const part = segment(name);
  return part.startsWith('[') ? `${prefix}${part}` : `${prefix}.${part}`;
}

export const redactedPaths: string[] = names.flatMap((name) => [segment(name), join('*', name), join('*.*', name)]);

/** What a redacted value reads as. */
export const redactionCensor = '[redacted]';
