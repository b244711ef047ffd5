// Issue 24: "a production server refuses to start with a provider half-configured", and
// "credentials are never logged". Real processes (src/main.ts, src/worker.ts) on a real
// PostgreSQL: each of M-Pesa, MTN MoMo and Paystack half-configured stops the start with exit
// code 1, naming the missing settings and never a value (an optional setting set alone counts:
// decision 0773); with all three configured a production server starts, and nothing it writes,
// through its start and callbacks that reach each provider's handler, carries a credential, raw
// or in the Basic authorization it derives from it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/service.ts';
import { killWorkerProcesses, spawnApiProcess, startApiProcess, startWorkerProcess, type ProcessTarget, type WorkerProcess } from '../helpers/worker-process.ts';
import { makeCertificate } from '../connectors/mpesa/emulator.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let target: ProcessTarget;
beforeAll(async () => {
  db = await createTestDatabase();
  target = { databaseUrl: db.url, masterKeyHex: randomBytes(32).toString('hex') };
});
afterEach(() => killWorkerProcesses());
afterAll(async () => { await db?.drop(); });

/** Every credential below, each distinctive enough that finding it anywhere is a leak. */
const secrets = {
  MPESA_CONSUMER_KEY: `mpesa-consumer-key-${randomUUID()}`,
  MPESA_CONSUMER_SECRET: `mpesa-consumer-secret-${randomUUID()}`,
  MPESA_PASSKEY: `mpesa-passkey-${randomUUID()}`,
  MPESA_INITIATOR_PASSWORD: `mpesa-initiator-${randomUUID()}`,
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: `momo-col-sub-${randomUUID()}`,
  MTN_MOMO_COLLECTION_API_KEY: `momo-col-key-${randomUUID()}`,
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: `momo-dis-sub-${randomUUID()}`,
  MTN_MOMO_DISBURSEMENT_API_KEY: `momo-dis-key-${randomUUID()}`,
  PAYSTACK_SECRET_KEY: `sk_live_${randomBytes(20).toString('hex')}`,
};
const apiUsers = { collection: randomUUID(), disbursement: randomUUID() };

/** Nothing listens on port 1: a provider called at all is refused at once. */
const nowhere = 'http://127.0.0.1:1';
function mpesaSettings(): Record<string, string> {
  return {
    MPESA_BASE_URL: nowhere, MPESA_CONSUMER_KEY: secrets.MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET: secrets.MPESA_CONSUMER_SECRET,
    MPESA_SHORTCODE: '174379', MPESA_PASSKEY: secrets.MPESA_PASSKEY, MPESA_B2C_SHORTCODE: '600000', MPESA_INITIATOR_NAME: 'testapi',
    MPESA_INITIATOR_PASSWORD: secrets.MPESA_INITIATOR_PASSWORD, MPESA_CERTIFICATE_PATH: makeCertificate().certificatePath,
    MPESA_CALLBACK_URL_BASE: 'https://pay.example.com/provider-callbacks/mpesa',
  };
}
const momoSettings: Record<string, string> = {
  MTN_MOMO_BASE_URL: nowhere, MTN_MOMO_TARGET_ENVIRONMENT: 'mtnuganda',
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: secrets.MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY, MTN_MOMO_COLLECTION_API_USER: apiUsers.collection,
  MTN_MOMO_COLLECTION_API_KEY: secrets.MTN_MOMO_COLLECTION_API_KEY,
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: secrets.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY, MTN_MOMO_DISBURSEMENT_API_USER: apiUsers.disbursement,
  MTN_MOMO_DISBURSEMENT_API_KEY: secrets.MTN_MOMO_DISBURSEMENT_API_KEY, MTN_MOMO_CURRENCIES: 'UGX',
};
const paystackSettings: Record<string, string> = {
  PAYSTACK_SECRET_KEY: secrets.PAYSTACK_SECRET_KEY, PAYSTACK_CUSTOMER_EMAIL_DOMAIN: 'payments.example.com', PAYSTACK_BASE_URL: nowhere,
};
/** A production server (the test run's own development-only settings, if any, turned off). */
const production = { PAYAGG_ENV: 'production', LOG_LEVEL: 'debug', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' };

/** Each credential as written, and the Basic authorizations derived from them (Daraja's and MoMo's token requests). */
function leaksIn(output: string): string[] {
  const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');
  const forms = [
    ...Object.values(secrets),
    basic(secrets.MPESA_CONSUMER_KEY, secrets.MPESA_CONSUMER_SECRET),
    basic(apiUsers.collection, secrets.MTN_MOMO_COLLECTION_API_KEY),
    basic(apiUsers.disbursement, secrets.MTN_MOMO_DISBURSEMENT_API_KEY),
  ];
  return forms.filter((form) => output.includes(form));
}

function without(settings: Record<string, string>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).filter(([name]) => !names.includes(name)));
}

async function refusedStart(started: WorkerProcess): Promise<string> {
  expect(await started.exited).toBe(1);
  const output = started.output();
  expect(output).not.toMatch(/"msg":"listening"|payagg worker running/);
  expect(leaksIn(output)).toEqual([]);
  return output;
}

describe('a provider half-configured', () => {
  it.each([
    ['M-Pesa without its consumer key', () => without(mpesaSettings(), 'MPESA_CONSUMER_KEY'), /M-Pesa is half-configured: set MPESA_CONSUMER_KEY \(or none of MPESA_\*\)/],
    ['M-Pesa with only its optional party B', () => ({ MPESA_PARTY_B: '600111' }), /M-Pesa is half-configured: set MPESA_BASE_URL, .*MPESA_PARTY_B is set but MPESA_BASE_URL is not/],
    ['MTN MoMo without its Disbursement API key', () => without(momoSettings, 'MTN_MOMO_DISBURSEMENT_API_KEY'), /MTN MoMo is half-configured: set MTN_MOMO_DISBURSEMENT_API_KEY \(/],
    ['MTN MoMo with only its callback URL', () => ({ MTN_MOMO_CALLBACK_URL_BASE: 'https://pay.example.com/provider-callbacks/mtn_momo' }), /MTN MoMo is half-configured: set MTN_MOMO_BASE_URL/],
    ['Paystack without its customer email domain', () => without(paystackSettings, 'PAYSTACK_CUSTOMER_EMAIL_DOMAIN'), /Paystack is half-configured: set PAYSTACK_CUSTOMER_EMAIL_DOMAIN/],
    ['Paystack without its secret key', () => without(paystackSettings, 'PAYSTACK_SECRET_KEY'), /Paystack is half-configured: set PAYSTACK_SECRET_KEY/],
  ])('stops a production server from starting: %s', async (_case, settings, message) => {
    const output = await refusedStart(spawnApiProcess(target, { ...production, ...settings() }));
    expect(output).toMatch(/"msg":"failed to start"/);
    expect(output).toMatch(message);
  }, 90_000);

  it('stops the worker from starting too', async () => {
    const output = await refusedStart(startWorkerProcess(target, { ...production, ...without(mpesaSettings(), 'MPESA_PASSKEY') }));
    expect(output).toMatch(/payagg worker: M-Pesa is half-configured: set MPESA_PASSKEY/);
  }, 90_000);
});

it('with all three configured, a production server starts and writes no credential, through callbacks that reach each handler', async () => {
  const api = await startApiProcess(target, { ...production, ...mpesaSettings(), ...momoSettings, ...paystackSettings }, 90_000);
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${api.origin}/provider-callbacks/${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
    await answer.arrayBuffer();
    return answer.status;
  };
  // A forged Paystack webhook (its HMAC is checked with the secret key); an M-Pesa STK callback for
  // a push never made; a MoMo callback whose status read asks MoMo for a token, which is refused.
  expect(await post('paystack', { event: 'charge.success', data: { reference: randomUUID() } }, { 'x-paystack-signature': 'ab'.repeat(64) })).toBe(401);
  expect(await post(`mpesa/stk/${randomUUID()}`, { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'ws_CO_1', ResultCode: 0, ResultDesc: 'ok' } } })).toBe(200);
  expect(await post(`mtn_momo/requesttopay/${randomUUID()}`, { status: 'SUCCESSFUL' })).toBe(503);
  api.child.kill('SIGTERM');
  await api.exited;
  const output = api.output();
  expect(output).toMatch(/"msg":"provider callback"/);
  expect(leaksIn(output)).toEqual([]);
}, 120_000);
