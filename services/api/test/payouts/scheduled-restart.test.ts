// A scheduled payout across a restart, and exactly once across workers: the API (which runs no
// background work, as in production with separate workers) creates a payout scheduled a few
// seconds ahead; a worker process is started and stopped (SIGTERM) before that time; then two
// worker processes start together. The payout is sent once (one send at the rail, one
// payout.processing), at or after its time, and succeeds. Real processes (src/worker.ts), real
// job queue, real ledger.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestService } from '../helpers/service.ts';
import { killWorkerProcesses, startWorkerProcess, waitForValue, workerReadyLine } from '../helpers/worker-process.ts';
import { eventTypes } from '../collections/helpers.ts';
import { available, createPayout, destinationRef, expectLedgerInvariants, fundedWallet, payoutOf, startPayoutService } from './helpers.ts';

const readyLine = workerReadyLine;

let service: TestService;
beforeAll(async () => { service = await startPayoutService(); });
afterEach(killWorkerProcesses);
afterAll(async () => { await service?.close(); });

function startWorker() {
  return startWorkerProcess(service, { JOB_POLL_INTERVAL_MS: '50', SANDBOX_PAYOUT_DELAY_MS: '200', PAYOUT_RETRY_SCHEDULE_MS: '0,0,0' });
}

function waitFor<T>(probe: () => Promise<T | null> | T | null, what: () => string, timeoutMs = 60_000): Promise<T> {
  return waitForValue(probe, what, timeoutMs);
}

it('is reserved at once, survives a worker restart, and is sent exactly once at its time by one of two workers', async () => {
  const walletId = await fundedWallet(service, service.client, 50_000);
  const ref = await destinationRef(service.client);
  // Far enough ahead that a worker can start and stop first on a loaded machine.
  const scheduledAt = new Date(Date.now() + 20_000);
  const created = await createPayout(service.client, {
    wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 6_000, currency: 'KES', scheduled_at: scheduledAt.toISOString(),
  });
  expect(created.response.status).toBe(200);
  const id = created.data!.data.id;
  expect(await available(service.client, walletId)).toBe(44_000);

  // A worker comes up and goes down again before the payout's time: nothing is sent.
  const first = startWorker();
  await waitFor(() => (readyLine.test(first.output()) ? true : null), () => `the first worker to start:\n${first.output()}`);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(Date.now()).toBeLessThan(scheduledAt.getTime());
  expect(await payoutOf(service.client, id)).toMatchObject({ status: 'queued' });

  // Two workers after the restart: one of them sends it, once.
  const workers = [startWorker(), startWorker()];
  const done = await waitFor(async () => {
    const payout = await payoutOf(service.client, id);
    return payout.status === 'success' ? payout : null;
  }, () => `payout ${id} to succeed:\n${workers.map((w) => w.output()).join('\n---\n')}`);
  expect(done).toMatchObject({ status: 'success', retry_count: 0 });
  const sends = await service.sql<{ attempt: number; created_at: Date }[]>`select attempt, created_at from sandbox_payout_sends where payout_id = ${id}`;
  expect(sends).toHaveLength(1);
  expect(sends[0]!.created_at.getTime()).toBeGreaterThanOrEqual(scheduledAt.getTime() - 1);
  expect(await eventTypes(service.sql, id)).toEqual(['payout.queued', 'payout.processing', 'payout.success']);
  expect(await available(service.client, walletId)).toBe(44_000);
  for (const worker of workers) worker.child.kill('SIGTERM');
  for (const worker of workers) expect(await worker.exited).toBe(0);
  await expectLedgerInvariants(service);
}, 120_000);
