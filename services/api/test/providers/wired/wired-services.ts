// A test service wired to one emulated provider (issue 24's wired tests and the Paystack pull):
// the emulator started, the service built from that provider's real settings (providersFromEnv,
// the way a deployment configures it) on a known port, so the provider's callbacks reach it.
// `env` adds the file's own settings (its PROVIDER_ROUTES first).
import { freePort, startTestService, type TestService } from '../../helpers/service.ts';
import { startMpesaEmulator, type MpesaEmulator } from '../../connectors/mpesa/emulator.ts';
import { startMomoEmulator, type MomoEmulator } from '../../connectors/mtn-momo/emulator.ts';
import { findPaystackOpenApi, loadPaystackContract } from '../../support/paystack-emulator/contract.ts';
import { type PaystackEmulator, startPaystackEmulator } from '../../support/paystack-emulator/emulator.ts';
import { testSecretKey } from '../../support/paystack-emulator/fixture.ts';

type Env = Record<string, string>;

export async function startMpesaWired(env: Env): Promise<{ service: TestService; emulator: MpesaEmulator }> {
  const emulator = await startMpesaEmulator({ now: Date.now, finalDelayMs: 30 });
  const port = await freePort();
  const service = await startTestService({
    port,
    providersFromEnv: true,
    env: {
      MPESA_BASE_URL: emulator.url, MPESA_CONSUMER_KEY: emulator.consumerKey, MPESA_CONSUMER_SECRET: emulator.consumerSecret,
      MPESA_SHORTCODE: emulator.shortcode, MPESA_PASSKEY: emulator.passkey, MPESA_B2C_SHORTCODE: '600000',
      MPESA_INITIATOR_NAME: emulator.initiatorName, MPESA_INITIATOR_PASSWORD: emulator.initiatorPassword,
      MPESA_CERTIFICATE_PATH: emulator.certificatePath, MPESA_CALLBACK_URL_BASE: `http://127.0.0.1:${port}/provider-callbacks/mpesa`,
      MPESA_REQUEST_TIMEOUT_MS: '3000',
      ...env,
    },
  });
  return { service, emulator };
}

export async function startMomoWired(env: Env): Promise<{ service: TestService; emulator: MomoEmulator }> {
  const emulator = await startMomoEmulator({ now: Date.now, finalDelayMs: 30 });
  const port = await freePort();
  const { collection, disbursement } = emulator.credentials;
  const service = await startTestService({
    port,
    providersFromEnv: true,
    env: {
      MTN_MOMO_BASE_URL: emulator.url, MTN_MOMO_TARGET_ENVIRONMENT: emulator.targetEnvironment,
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: collection.subscriptionKey, MTN_MOMO_COLLECTION_API_USER: collection.apiUser, MTN_MOMO_COLLECTION_API_KEY: collection.apiKey,
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: disbursement.subscriptionKey, MTN_MOMO_DISBURSEMENT_API_USER: disbursement.apiUser, MTN_MOMO_DISBURSEMENT_API_KEY: disbursement.apiKey,
      MTN_MOMO_CURRENCIES: 'UGX', MTN_MOMO_CALLBACK_URL_BASE: `http://127.0.0.1:${port}/provider-callbacks/mtn_momo`,
      ...env,
    },
  });
  return { service, emulator };
}

/** Needs Paystack's OpenAPI description (the caller skips with paystackSkipReason when it is absent). */
export async function startPaystackWired(env: Env): Promise<{ service: TestService; emulator: PaystackEmulator }> {
  const found = findPaystackOpenApi();
  if ('skipReason' in found) throw new Error(found.skipReason);
  const emulator = await startPaystackEmulator({ contract: loadPaystackContract(found.file), secretKey: testSecretKey });
  const port = await freePort();
  emulator.setCallbackUrl(`http://127.0.0.1:${port}/provider-callbacks/paystack/`);
  const service = await startTestService({
    port,
    providersFromEnv: true,
    env: {
      PAYSTACK_SECRET_KEY: testSecretKey, PAYSTACK_BASE_URL: emulator.url, PAYSTACK_CUSTOMER_EMAIL_DOMAIN: 'payments.payagg.test',
      PAYSTACK_TIMEOUT_MS: '5000',
      ...env,
    },
  });
  return { service, emulator };
}
