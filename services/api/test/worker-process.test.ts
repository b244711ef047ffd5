// The background work in its own process (src/worker.ts, `./payagg-worker`) beside an
// API that runs none (RUN_WORKERS=false, as the test service does): its job runner registers the
// recurring jobs; a collection made through the API settles through the ledger in the worker process; SIGTERM stops it cleanly; a wrong
// MASTER_KEY is refused at start.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { collect, eventTypes, expectLedgerInvariants, succeeding_payer, walletBalance } from './collections/helpers.ts';
import { startTestService, type TestService } from './helpers/service.ts';
import { killWorkerProcesses, startWorkerProcess, waitForValue, workerReadyLine } from './helpers/worker-process.ts';

const ready_line = workerReadyLine;
const settle_timeout_ms = 20_000;

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterEach(killWorkerProcesses);
afterAll(async () => { await service?.close(); });

function startWorker(env: Record<string, string>) {
  return startWorkerProcess(service, { JOB_POLL_INTERVAL_MS: '20', ...env });
}

function waitFor<T>(probe: () => Promise<T | null> | T | null, what: () => string, timeoutMs = settle_timeout_ms): Promise<T> {
  return waitForValue(probe, what, timeoutMs);
}

it('settles what the API created, in its own process, and stops cleanly on SIGTERM', async () => {
  const before = await walletBalance(service, service.merchantId, 'KES');
  const created = await collect(service.client, { amount: 4_321, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
  expect(created.response.status).toBe(200);
  const id = created.data!.data.id;
  // The API runs no worker: without the worker process the collection would stay pending.
  expect(created.data!.data.status).toBe('pending');

  const worker = startWorker({});
  await waitFor(() => (ready_line.test(worker.output()) ? true : null), () => `the worker to start:\n${worker.output()}`);
  // Its start says which ledger engine it runs on, like the API's (docs/operations.md "Logs").
  const engineLine = await waitFor(() => worker.output().split('\n').find((line) => line.includes('"msg":"ledger engine"')) ?? null, () => `the ledger engine line:\n${worker.output()}`);
  expect(JSON.parse(engineLine)).toMatchObject({ level: 'info', engine: process.env.TB_ADDRESSES ? 'tigerbeetle' : 'postgres' });
  // Its job runner is up: the recurring jobs are registered with the queue's scheduler.
  const recurringJobs = ['collection_rails.sandbox_sweep_outcomes', 'escrow.auto_release', 'holds.void_abandoned', 'idempotency.finish_unfinished', 'idempotency.purge_expired', 'ledger.verify', 'mpesa.sweep_status_records', 'payout_rails.sandbox_sweep_outcomes', 'providers.poll_statuses', 'refunds.void_pending_reservations'];
  const recurring = await waitFor(async () => {
    const rows = await service.sql<{ identifier: string }[]>`select identifier from graphile_worker._private_known_crontabs order by identifier`;
    return rows.length === recurringJobs.length ? rows.map((r) => r.identifier) : null;
  }, () => `the recurring jobs to be registered:\n${worker.output()}`);
  expect(recurring).toEqual(recurringJobs);
  const settled = await waitFor(async () => {
    const { data } = await service.client.GET('/collections/{id}', { params: { path: { id } } });
    return data?.data.status === 'success' ? data.data : null;
  }, () => `collection ${id} to settle:\n${worker.output()}`);
  expect(settled.status).toBe('success');
  expect(await eventTypes(service.sql, id)).toEqual(['transaction.pending', 'transaction.success']);
  const after = await walletBalance(service, service.merchantId, 'KES');
  expect(after.available - before.available).toBe(4_321n);
  await expectLedgerInvariants(service);

  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
  expect(worker.output()).toMatch(/"stopped"/);
  expect(worker.output()).not.toMatch(/"level":"error"/);
});

it('refuses to start with a MASTER_KEY other than the database was set up with', async () => {
  const worker = startWorker({ MASTER_KEY: randomBytes(32).toString('hex') });
  expect(await worker.exited).toBe(1);
  expect(worker.output()).toMatch(/MASTER_KEY differs from the key this database was set up with/);
  expect(worker.output()).not.toMatch(ready_line);
});
