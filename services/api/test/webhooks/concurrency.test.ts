// Deliveries under concurrency, with real receivers: a hanging endpoint does not delay the others
// (no head-of-line blocking); two workers on one database never send a delivery twice; a worker
// PROCESS killed in the middle of an attempt leaves it to be retried, and the event still arrives.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { createPool } from '../../src/db/index.ts';
import { createLogger } from '../../src/log.ts';
import { createDeliveryClient } from '../../src/webhooks/delivery-client.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import type { TestService } from '../helpers/service.ts';
import { deliveriesOf, emitMany, startReceiver, startWebhookService, verified, waitFor, type Receiver } from './helpers.ts';

// These tests wait on real time (receivers, retries, leases); on a loaded shared machine a
// delivery can take far longer than usual, so each test gets a minute before it is called hung.
vi.setConfig({ testTimeout: 60_000 });

const worker_file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/worker.ts');

async function endpointFor(merchant: { client: TestService['client'] }, url: string) {
  const { data } = await merchant.client.POST('/webhooks', { body: { url, subscribed_events: ['kyc.verified'] } });
  return data!.data;
}

describe('no head-of-line blocking', () => {
  let service: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    [service, receiver] = await Promise.all([startWebhookService({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000' }), startReceiver()]);
  });
  // The receiver first: it drops the held requests, so the service's senders stop at once.
  afterAll(async () => { await receiver?.close(); await service?.close(); });

  it('delivers to a healthy endpoint while another of the same merchant hangs for the whole timeout', { timeout: 30_000 }, async () => {
    receiver.behave('/hangs', { hang: true });
    const merchant = await service.createMerchant();
    await endpointFor(merchant, receiver.url('/hangs'));
    const hanging = (await service.sql<{ id: string }[]>`select id from webhook_endpoints where url = ${receiver.url('/hangs')}`)[0]!;
    const fast = await endpointFor(merchant, receiver.url('/fast'));
    const ids = await emitMany(service, merchant.merchantId, 30);
    await waitFor('30 deliveries to the healthy endpoint', () => receiver.at('/fast').length >= 30, 9_000);
    // The hanging endpoint's first attempt may leave after the healthy one's 30 (the senders are
    // independent: that is the point); it is held by the receiver from then on.
    await waitFor('the hanging endpoint to be sent its first attempt', () => receiver.at('/hangs').length > 0, 5_000);
    // All of the healthy endpoint's arrived while the hanging endpoint's attempts were still
    // waiting for an answer (none of its outcomes recorded yet: the 10 s timeout has not run out).
    const hangingNow = await deliveriesOf(service, hanging.id);
    expect(hangingNow.filter((d) => d.status !== 'pending')).toEqual([]);
    expect(new Set(receiver.at('/fast').map((d) => verified(d, fast.signing_secret).id))).toEqual(new Set(ids));
  });
});

describe('two workers on one database', () => {
  let service: TestService;
  let receiver: Receiver;
  // The seed's 10 s per attempt: on a loaded machine a 1 s timeout would turn slow answers into
  // (legitimate) retries, and this test is about two workers, not about timeouts.
  beforeAll(async () => { [service, receiver] = await Promise.all([startWebhookService({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000' }), startReceiver()]); });
  afterAll(async () => { await service?.close(); await receiver?.close(); });

  it('send every delivery exactly once, sharing the work', async () => {
    const sql = createPool(service.databaseUrl, 4, 'second-webhook-worker');
    const client = createDeliveryClient({ allowPrivate: true, timeoutMs: service.config.webhooks.attemptTimeoutMs });
    let secondAttempts = 0;
    const second = createWebhookWorker({
      sql, databaseUrl: service.databaseUrl, jobDeps: service.runtime.jobDeps, box: createSecretBox(Buffer.from(service.masterKeyHex, 'hex')), config: service.config.webhooks, logger: createLogger('silent'),
      // The real client, counting this worker's attempts.
      client: { attempt: async (request) => { secondAttempts += 1; return await client.attempt(request); }, close: () => client.close() },
    });
    await second.start();
    try {
      const merchant = await service.createMerchant();
      const endpoints = await Promise.all(Array.from({ length: 4 }, (_, i) => endpointFor(merchant, receiver.url(`/shared-${i}`))));
      const ids: string[] = [];
      for (let round = 0; round < 6; round += 1) {
        ids.push(...await emitMany(service, merchant.merchantId, 20));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const expected = ids.length * endpoints.length;
      await waitFor(`${expected} deliveries`, () => receiver.received.filter((d) => d.path.startsWith('/shared-')).length >= expected, 60_000);
      await service.runtime.webhooks.idle();
      await second.idle();
      for (const [i, endpoint] of endpoints.entries()) {
        const got = receiver.at(`/shared-${i}`).map((d) => verified(d, endpoint.signing_secret).id);
        expect(got.length, `endpoint ${i}`).toBe(ids.length);
        expect(new Set(got)).toEqual(new Set(ids));
        const records = await deliveriesOf(service, endpoint.id);
        expect(records.filter((d) => d.status !== 'succeeded' || d.attempt_count !== 1), `endpoint ${i}`).toEqual([]);
      }
      // Both took part (the second worker's client counted its own attempts).
      expect(secondAttempts).toBeGreaterThan(0);
      expect(secondAttempts).toBeLessThan(expected);
    } finally {
      await second.stop();
      client.close();
      await sql.end({ timeout: 5 });
    }
  }, 90_000);
});

describe('a worker process killed in the middle of an attempt', () => {
  let service: TestService;
  let receiver: Receiver;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // This service's own webhook worker is NOT started: only the worker processes deliver.
    const { startTestService } = await import('../helpers/service.ts');
    [service, receiver] = await Promise.all([startTestService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } }), startReceiver()]);
  });
  afterEach(() => { for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL'); });
  afterAll(async () => { await service?.close(); await receiver?.close(); });

  const startWorkerProcess = () => {
    const child = spawn(process.execPath, [worker_file], {
      env: {
        ...process.env, DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, LOG_LEVEL: 'info',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000', WEBHOOK_RELAY_POLL_MS: '50',
        WEBHOOK_SWEEP_INTERVAL_MS: '100', WEBHOOK_RETRY_SCHEDULE_S: '1,1,1,1,1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    return { child, output: () => output, exited };
  };

  it('leaves the attempt to be retried by another process once its lease expires; the event arrives', { timeout: 90_000 }, async () => {
    // The first request is held open: the worker is killed while it waits for the answer.
    receiver.behave('/killed', (n) => (n === 1 ? { hang: true } : { status: 200, body: 'got it' }));
    const merchant = await service.createMerchant();
    const endpoint = await endpointFor(merchant, receiver.url('/killed'));
    const first = startWorkerProcess();
    const [eventId] = await emitMany(service, merchant.merchantId, 1);
    await waitFor('the first attempt to arrive', () => receiver.at('/killed').length === 1, 40_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${first.output()}`);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const [inFlight] = await deliveriesOf(service, endpoint.id);
    expect(inFlight).toMatchObject({ status: 'pending', attempt_count: 1, last_response_code: null });
    const [lease] = await service.sql<{ lease_expires_at: Date | null }[]>`select lease_expires_at from webhook_deliveries where id = ${inFlight!.id}`;
    expect(lease!.lease_expires_at).toBeInstanceOf(Date);

    const second = startWorkerProcess();
    const done = await waitFor('the retry by the second process', async () => {
      const [row] = await deliveriesOf(service, endpoint.id);
      return row?.status === 'succeeded' ? row : null;
    }, 40_000).catch((error: Error) => { throw new Error(`${error.message}\n${second.output()}`); });
    expect(done).toMatchObject({ attempt_count: 2, last_response_code: 200, last_response_snippet: 'got it' });
    const arrivals = receiver.at('/killed');
    expect(arrivals).toHaveLength(2);
    expect(arrivals.map((d) => verified(d, endpoint.signing_secret).id)).toEqual([eventId, eventId]);
    // Not before the killed attempt's lease ran out (timeout 1 s: lease 3 s).
    expect(arrivals[1]!.receivedAtMs - arrivals[0]!.receivedAtMs).toBeGreaterThanOrEqual(2_500);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
