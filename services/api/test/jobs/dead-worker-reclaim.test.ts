// Issue 26, "no work held hostage by a dead process": a worker process is SIGKILLed while it runs a
// bulk payout's sends (a payouts.send job locked by it, members already sent and others not). The
// job runners' heartbeat (decision 0511) frees the dead runner's locks once it has not been heard
// from for runnerHeartbeatTimeoutMs, and a second worker process finishes the batch: every member
// final, each sent to the rail exactly once, within the documented bound. Before: graphile-worker
// freed a dead runner's locks only after 4 hours, and the batch's money stayed reserved.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runnerHeartbeatIntervalMs, runnerHeartbeatTimeoutMs } from '../../src/jobs/runner.ts';
import type { TestService } from '../helpers/service.ts';
import { killWorkerProcesses, startWorkerProcess, waitForValue, workerReadyLine } from '../helpers/worker-process.ts';
import { createBatch, destinationRef, fundedWallet, startPayoutService } from '../payouts/helpers.ts';

/** Members of the batch: several send jobs (payoutSendJobChunkMax each), so a kill lands in one. */
const membersCount = 600;
/** How long a worker process may take to start on a shared machine. */
const startWaitMs = 60_000;
/**
 * The documented bound (docs/operations.md "A worker died"): the heartbeat timeout, one heartbeat
 * interval, and slack for the second worker's poll and the sends themselves on a shared machine.
 */
const reclaimBoundMs = runnerHeartbeatTimeoutMs + runnerHeartbeatIntervalMs + 20_000;
const testTimeoutMs = 240_000;
const workerEnv = { LOG_LEVEL: 'warn', JOB_CONCURRENCY: '1', SANDBOX_PAYOUT_DELAY_MS: '0', SANDBOX_PAYOUT_SLOW_DELAY_MS: '0', PAYOUT_RETRY_SCHEDULE_MS: '0,0,0' };

let service: TestService;
beforeAll(async () => { service = await startPayoutService(); }, startWaitMs);
afterEach(() => killWorkerProcesses());
afterAll(async () => { await service?.close(); });

describe('a worker killed in the middle of a bulk payout', () => {
  it('its jobs run again within the bound: every member final and sent exactly once', async () => {
    const walletId = await fundedWallet(service, service.client, membersCount * 10);
    const ref = await destinationRef(service.client);
    const first = startWorkerProcess(service, workerEnv);
    await waitForValue(() => (workerReadyLine.test(first.output()) ? true : null), () => `the first worker to start:\n${first.output()}`, startWaitMs);

    const created = await createBatch(service.client, {
      wallet_id: walletId,
      payouts: Array.from({ length: membersCount }, () => ({ destination_type: 'mobile_money' as const, destination_ref: ref, amount: 10, currency: 'KES' })),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const batchId = created.data!.data.id;

    // Kill it while it holds a send job and has sent part of the batch.
    const sent = async () => Number((await service.sql<{ n: number }[]>`
      select count(*)::int as n from sandbox_payout_sends s join payouts p on p.id = s.payout_id where p.batch_id = ${batchId}`)[0]!.n);
    await waitForValue(async () => {
      const [locked] = await service.sql<{ n: number }[]>`
        select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'payouts.send' and j.locked_by is not null`;
      const n = await sent();
      return locked!.n > 0 && n > 0 && n < membersCount ? true : null;
    }, () => 'the first worker to be in the middle of the sends', startWaitMs);
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    const sentAtKill = await sent();
    const [held] = await service.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null`;
    expect(held!.n, 'the killed worker left jobs locked').toBeGreaterThan(0);
    expect(sentAtKill).toBeLessThan(membersCount);

    const second = startWorkerProcess(service, workerEnv);
    await waitForValue(async () => {
      const [row] = await service.sql<{ n: number }[]>`
        select count(*)::int as n from payouts where batch_id = ${batchId} and status in ('success', 'failed')`;
      return row!.n === membersCount ? true : null;
    }, () => `every member final within ${reclaimBoundMs} ms of the kill (second worker:\n${second.output()})`, reclaimBoundMs);
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThanOrEqual(reclaimBoundMs);

    const members = await service.sql<{ status: string; sends: number }[]>`
      select p.status, (select count(*)::int from sandbox_payout_sends s where s.payout_id = p.id) as sends
      from payouts p where p.batch_id = ${batchId}`;
    expect(members.length).toBe(membersCount);
    expect(members.filter((m) => m.status !== 'success')).toEqual([]);
    expect(members.filter((m) => m.sends !== 1)).toEqual([]);
    expect(second.output()).not.toMatch(/Error|error/);
  }, testTimeoutMs);
});
