// One emulated Paystack, our Paystack provider pointed at it, and a callback receiver: a real
// HTTP server that hands each webhook's raw bytes to the provider's callback handler (as the
// service's callback route does) and keeps the outcomes it yields and the replies it gave.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createPaystackProvider, resolvePaystackConfig, type PaystackConfig } from '../../../src/connectors/paystack/index.ts';
import type { PaystackProvider } from '../../../src/connectors/paystack/index.ts';
import type { ProviderOutcome } from '../../../src/provider-outcomes/types.ts';
import type { RailLogger } from '../../../src/rails/types.ts';
import { findPaystackOpenApi, loadPaystackContract, type OpenApiDocument } from './contract.ts';
import { startPaystackEmulator, type PaystackEmulator } from './emulator.ts';

/**
 * The connector's deadline in tests: long enough for a loaded shared machine to answer, since a
 * late answer here would read as a timeout; the `late` fault holds its answer past any deadline.
 */
export const testTimeoutMs = 5_000;

export const testSecretKey = 'sk_test_0123456789abcdef0123456789abcdef01234567';

export type PaystackFixture = {
  emulator: PaystackEmulator;
  provider: PaystackProvider;
  config: PaystackConfig;
  /** Outcomes the callback handler yielded from verified webhooks, in order. */
  outcomes: ProviderOutcome[];
  replies: number[];
  /** Where the emulator sends webhooks: the receiver. */
  callbackUrl: string;
  /** Every log line the provider wrote, as JSON text. */
  logLines: string[];
  close(): Promise<void>;
};

const found = findPaystackOpenApi();
/** Null when Paystack's description is here; else why the tests that need it skip. */
export const paystackSkipReason = 'skipReason' in found ? found.skipReason : null;
let contract: OpenApiDocument | null = null;

export async function startPaystackFixture(overrides: Partial<PaystackConfig> = {}): Promise<PaystackFixture> {
  if ('skipReason' in found) throw new Error(found.skipReason);
  contract ??= loadPaystackContract(found.file);
  const emulator = await startPaystackEmulator({ contract: structuredClone(contract), secretKey: testSecretKey });
  const logLines: string[] = [];
  const logger: RailLogger = {
    info: (message, fields) => logLines.push(JSON.stringify({ message, ...fields })),
    warn: (message, fields) => logLines.push(JSON.stringify({ message, ...fields })),
    error: (message, fields) => logLines.push(JSON.stringify({ message, ...fields })),
  };
  const config = resolvePaystackConfig({
    secretKey: testSecretKey, baseUrl: emulator.url, customerEmailDomain: 'payments.payagg.test', timeoutMs: testTimeoutMs, ...overrides,
  });
  const provider = createPaystackProvider(config, { logger });
  const outcomes: ProviderOutcome[] = [];
  const replies: number[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
      provider.callbackHandler.handle({ path: '', rawBody: Buffer.concat(chunks), headers, remoteAddress: req.socket.remoteAddress ?? '' })
        .then((answer) => {
          outcomes.push(...answer.outcomes);
          replies.push(answer.reply.status);
          res.writeHead(answer.reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.reply.body));
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  receiver.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => receiver.once('listening', resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/provider-callbacks/paystack/`;
  emulator.setCallbackUrl(callbackUrl);
  return {
    emulator, provider, config, outcomes, replies, logLines, callbackUrl,
    async close() {
      await emulator.close();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/**
 * One fixture for a describe block: started before its tests, closed after them; after each test,
 * every webhook it caused has been sent and neither direction broke Paystack's description. The
 * object is filled in when the block starts (its fields are never replaced: tests read them then).
 */
export function usePaystackFixture(): PaystackFixture {
  const fixture = {} as PaystackFixture;
  beforeAll(async () => { Object.assign(fixture, await startPaystackFixture()); }, 60_000);
  afterEach(async () => {
    await fixture.emulator.webhooksSent();
    expect(fixture.emulator.violations).toEqual([]);
  });
  afterAll(async () => {
    await fixture.close?.();
  });
  return fixture;
}
