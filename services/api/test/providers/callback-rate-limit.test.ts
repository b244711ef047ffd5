// The provider callbacks' rate limit (provider-routing/callback-intake.ts, decision 0770) over real
// HTTP from several local source addresses, on a real PostgreSQL: each (provider, source address)
// has PROVIDER_CALLBACK_RATE_LIMIT_BURST callbacks per window, counted in the shared rate_limits
// table; past it a callback is answered 429 RATE_LIMITED with Retry-After before its body is read
// or its handler runs; another provider or address keeps its own budget. A refused callback is
// not lost: a silent provider's outcome is found by the status poll, and a provider that sends it
// again after the window (Paystack's retries) gets it recorded, once.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import { processRegistry } from '../../src/metrics/registry.ts';
import { pollProviderStatuses } from '../../src/provider-routing/status-polls.ts';
import { collect, expectLedgerInvariants, succeeding_payer, walletBalance } from '../collections/helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitForValue } from '../helpers/worker-process.ts';
import { emulatedCallbackHandler, emulatedRailConnector } from './emulated-connectors.ts';
import { emulatedProviderHooks, startEmulatedProvider, type EmulatedProvider } from './emulated-provider.ts';

/** The budget: 10 callbacks per 10 s window (BURST / PER_SECOND), long enough for a loaded machine. */
const burst = 10;
let service: TestService;
let a: EmulatedProvider;
let b: EmulatedProvider;
/** How many callbacks testpay_a's handler was given. */
let handledByA = 0;

beforeAll(async () => {
  a = await startEmulatedProvider('testpay_a');
  b = await startEmulatedProvider('testpay_b');
  const handlerA = emulatedCallbackHandler(a, () => 'mobile_money');
  service = await startTestService({
    env: {
      PROVIDER_ROUTES: 'collection mobile_money KES * = testpay_a',
      PROVIDER_CALLBACK_RATE_LIMIT_PER_SECOND: '1',
      PROVIDER_CALLBACK_RATE_LIMIT_BURST: String(burst),
    },
    providers: {
      rails: [emulatedRailConnector(a, 'mobile_money')],
      callbackHandlers: [{ ...handlerA, handle: (request) => { handledByA += 1; return handlerA.handle(request); } }, emulatedCallbackHandler(b, () => 'mobile_money')],
    },
  });
}, 60_000);
emulatedProviderHooks(() => ({ service, providers: [a, b] }));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** POSTs a callback from `localAddress` (any 127.0.0.0/8 address reaches the service on 127.0.0.1). */
function post(path: string, body: string, localAddress: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(`/provider-callbacks/${path}`, service.origin);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Spends testpay_a's whole budget at `address` with unsigned callbacks (its handler answers each 401). */
async function spendBudget(address: string): Promise<void> {
  for (let i = 0; i < burst; i += 1) expect((await post('testpay_a/charge', '{}', address)).status).toBe(401);
}

async function count(provider: string, result: string): Promise<number> {
  const counted = await processRegistry.getSingleMetric('payagg_provider_callbacks_total')!.get();
  return counted.values.find((v) => v.labels.provider === provider && v.labels.result === result)?.value ?? 0;
}

it('refuses a provider\'s callbacks from one address past its budget, 429 with Retry-After, before its handler runs', async () => {
  const refusedBefore = await count('testpay_a', 'rate_limited');
  const first = await post('testpay_a/charge', '{}', '127.0.0.2');
  expect(first.status).toBe(401); // the handler's own answer: unsigned
  expect(first.headers).toMatchObject({ 'ratelimit-limit': String(burst), 'ratelimit-remaining': String(burst - 1) });
  for (let i = 1; i < burst; i += 1) expect((await post('testpay_a/charge', '{}', '127.0.0.2')).status).toBe(401);
  const handled = handledByA;
  const refused = await post('testpay_a/charge', '{}', '127.0.0.2');
  expect(refused.status).toBe(429);
  const retryAfterS = Number(refused.headers['retry-after']);
  expect(Number.isInteger(retryAfterS) && retryAfterS >= 1 && retryAfterS <= burst).toBe(true);
  expect(refused.headers['ratelimit-remaining']).toBe('0');
  expect(JSON.parse(refused.body)).toMatchObject({ data: null, error: { code: 'RATE_LIMITED' } });
  expect(handledByA).toBe(handled);
  expect(await count('testpay_a', 'rate_limited')).toBe(refusedBefore + 1);
  // Counted in the one table every API process shares (decision 0520), by provider and address.
  const keys = await service.sql<{ key: string }[]>`select key from rate_limits where key like 'provider_callback:%'`;
  expect(keys.map((row) => row.key)).toContain('provider_callback:testpay_a:127.0.0.2');
  // Another provider at that address, and that provider at another address, keep their budgets.
  expect((await post('testpay_b/charge', '{}', '127.0.0.2')).status).toBe(401);
  expect((await post('testpay_a/charge', '{}', '127.0.0.3')).status).toBe(401);
  expect(handledByA).toBe(handled + 1);
  const lines = service.logs.filter((line) => line.msg === 'provider callback' && line.result === 'rate_limited');
  expect(lines.at(-1)).toMatchObject({ level: 'warn', provider: 'testpay_a', retry_after_s: retryAfterS });
});

it('loses no outcome: a silent provider\'s is found by the status poll, a resent one is recorded once the window ends', async () => {
  const address = '127.0.0.4';
  a.silent = true;
  const before = await walletBalance(service, service.merchantId, 'KES');
  const ids: string[] = [];
  for (const amount of [3_000, 4_000]) {
    // On a loaded machine the emulated provider may answer past our 400 ms deadline (503
    // RAIL_UNAVAILABLE, the key kept): the client retries with the same key, as a client would.
    const key = randomUUID();
    const created = await waitForValue(async () => {
      const attempt = await collect(service.client, { amount, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money }, key);
      return attempt.response.status === 200 ? attempt : null;
    }, () => 'the collection to be taken', 30_000);
    ids.push(created.data!.data.id);
    await a.settle(created.data!.data.id, 'success'); // final at the provider; no callback (silent)
  }
  await spendBudget(address);
  const callbacks = ids.map((id) => a.signedCallback(a.charges.get(id)!));
  for (const { body, signature } of callbacks) {
    expect((await post('testpay_a/charge', body, address, { 'x-emulated-signature': signature })).status).toBe(429);
  }
  const statusOf = async (id: string) => (await service.client.GET('/collections/{id}', { params: { path: { id } } })).data!.data.status;
  expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['pending', 'pending']);
  // An unsigned provider (M-Pesa, MoMo) does not resend: its status query finds the outcome.
  await service.sql`update transactions set created_at = created_at - interval '1 hour' where id = ${ids[0]!}`;
  expect((await pollProviderStatuses(service.runtime.jobDeps)).final).toBeGreaterThanOrEqual(1);
  await service.runtime.deliverRailOutcomes();
  expect(await statusOf(ids[0]!)).toBe('success');
  // A provider that resends (Paystack) gets through once the window ends; sent twice, applied once.
  const { body, signature } = callbacks[1]!;
  await waitForValue(async () => ((await post('testpay_a/charge', body, address, { 'x-emulated-signature': signature })).status === 200 ? true : null),
    () => 'the resent callback to be taken after the window', 60_000);
  expect((await post('testpay_a/charge', body, address, { 'x-emulated-signature': signature })).status).toBe(200);
  await service.runtime.deliverRailOutcomes();
  expect(await statusOf(ids[1]!)).toBe('success');
  expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(7_000n);
  await expectLedgerInvariants(service);
}, 90_000);
