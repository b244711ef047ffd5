// The M-Pesa tests' world (mpesa.test.ts, status-records.test.ts): a real PostgreSQL with the
// connector's provider_references, the Daraja emulator (./emulator.ts) over real HTTP, a callback
// receiver handing each callback to the provider's handler, and a fresh provider per test on an
// app clock the tests move. After each test, no log line carries a secret.
//
// The `let` exports are live bindings: a test file reads the current test's values.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createMpesaProvider, type MpesaConfig } from '../../../src/connectors/mpesa/index.ts';
import type { ProviderOutcome } from '../../../src/provider-outcomes/types.ts';
import { providerReferencesMigrationUrl } from '../../../src/rails/provider-references.ts';
import { startTestDatabase, type TestDatabase } from '../../rails/helpers/postgres.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../callback-receiver.ts';
import { capturingLogger } from '../capturing-logger.ts';
import { startMpesaEmulator, type MpesaEmulator } from './emulator.ts';

let clockMs = Date.now();
export const now = () => clockMs;
export function advanceClock(ms: number): void {
  clockMs += ms;
}
export let db: TestDatabase;
export let emulator: MpesaEmulator;
export let receiver: CallbackReceiver;
export let logger: ReturnType<typeof capturingLogger>;
export let provider: ReturnType<typeof createMpesaProvider>;
export let config: MpesaConfig;

/** Registers the file's hooks: the world once, a provider per test, the secrets check after each. */
export function useMpesaFixture(): void {
  beforeAll(async () => {
    db = await startTestDatabase();
    await db.sql.unsafe(await readFile(providerReferencesMigrationUrl, 'utf8'));
    emulator = await startMpesaEmulator({ now, finalDelayMs: 30 });
    receiver = await startCallbackReceiver('mpesa', () => provider.callbackHandler);
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await emulator?.close();
    await db?.stop();
  });
  beforeEach(() => {
    config = {
      baseUrl: emulator.url, consumerKey: emulator.consumerKey, consumerSecret: emulator.consumerSecret,
      shortcode: emulator.shortcode, passkey: emulator.passkey, transactionType: 'CustomerPayBillOnline', partyB: emulator.shortcode,
      b2cShortcode: '600000', initiatorName: emulator.initiatorName, initiatorPassword: emulator.initiatorPassword,
      certificatePath: emulator.certificatePath, callbackUrlBase: receiver.base, requestTimeoutMs: 3_000,
    };
    logger = capturingLogger();
    provider = createMpesaProvider(config, { sql: db.sql, logger, now });
    Object.assign(emulator.failures, { down: false, timeoutAfterAcceptMs: null, neverCallBack: false, duplicateCallback: false, answerStatusFirst: false });
    emulator.stkScenarios.clear();
    emulator.b2cScenarios.clear();
  });
  afterEach(() => {
    const secrets = [config.consumerKey, config.consumerSecret, config.passkey, config.initiatorPassword];
    for (const line of logger.lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toMatch(/Bearer|Basic |SecurityCredential|Password/);
    }
  });
}

let phoneCounter = 0;
export const newPhone = () => `2547${String(10_000_000 + (phoneCounter += 1) * 7919).slice(-8)}`;

export function collect(amount: number, phone = newPhone(), transactionId = randomUUID()) {
  return { transactionId, phone, started: provider.railConnectors.mobile_money.initiateCollection({ transactionId, merchantId: randomUUID(), amount, currency: 'KES', payer: { phone: `+${phone}` } }) };
}

export function payout(amount: number, phone = newPhone(), payoutId = randomUUID()) {
  return { payoutId, phone, sent: provider.payoutConnectors.mobile_money.sendPayout({ payoutId, attempt: 0, merchantId: randomUUID(), amount, currency: 'KES', destination: { destination_type: 'mobile_money', phone: `+${phone}` } }) };
}

export async function outcomeWhere(test: (entry: ProviderOutcome) => boolean): Promise<ProviderOutcome> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = receiver.outcomes.find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such outcome');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
export const collectionOutcome = (transactionId: string) => outcomeWhere((entry) => entry.kind === 'collection' && entry.outcome.transactionId === transactionId);
export const payoutOutcome = (payoutId: string) => outcomeWhere((entry) => entry.kind === 'payout' && entry.outcome.payoutId === payoutId);

/** The ConversationIDs of the status queries asked about a B2C attempt (`<payoutId>:<attempt>`). */
export async function statusQueriesAbout(ourReference: string): Promise<string[]> {
  const rows = await db.sql<{ our_reference: string }[]>`
    select our_reference from provider_references where provider = 'mpesa' and kind = 'status_query' and details->>'ourReference' = ${ourReference}`;
  return rows.map((row) => row.our_reference);
}

/** Which of these ConversationIDs have a parked status answer (callbacks.ts). */
export async function parkedAnswers(conversationIds: string[]): Promise<string[]> {
  const rows = await db.sql<{ our_reference: string }[]>`
    select our_reference from provider_references where provider = 'mpesa' and kind = 'status_answer' and our_reference = any(${conversationIds})`;
  return rows.map((row) => row.our_reference);
}
