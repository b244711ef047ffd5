// A job runner whose worker pool exits by itself is replaced (jobs/runner.ts watchRunner).
// graphile-worker 0.18's runner ends its promise *without* an error when its worker pool exits,
// even on an error ("Runner stopping (reason: worker pool exited with error ...)"). Our watcher
// used to restart only on a rejected promise, so after such an exit (seen under a database
// restart, test/db-restart-process.test.ts) the process ran no jobs until it was restarted.
// Here the pool is shut down under the runner's feet, as that path does, and a job queued
// afterwards must still run, on a new pool.
import { EventEmitter } from 'node:events';
import type { WorkerEvents, WorkerPool } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRunner, type JobRunner } from '../../src/jobs/runner.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let runner: JobRunner | null = null;
const events = new EventEmitter() as WorkerEvents;
const pools: WorkerPool[] = [];
const succeeded: string[] = [];
events.on('pool:create', ({ workerPool }) => { pools.push(workerPool); });
events.on('job:success', ({ job }) => { succeeded.push(job.task_identifier); });

beforeAll(async () => {
  service = await startTestService(); // its own runner is off (RUN_WORKERS=false): this one is alone
  runner = await startJobRunner({
    databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, concurrency: 1, poolConnectionsMax: 3,
    pollIntervalMs: 200, logger: service.runtime.jobDeps.logger, events,
  });
});
afterAll(async () => {
  await runner?.stop();
  await service?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a job runner whose worker pool exits by itself', () => {
  it('is replaced by a new runner, which runs the jobs queued after the exit', async () => {
    expect(pools).toHaveLength(1);
    const first = runner!.workerId();
    await pools[0]!.gracefulShutdown('test: the worker pool exits by itself');
    for (let i = 0; i < 150 && pools.length < 2; i += 1) await sleep(100);
    expect(pools).toHaveLength(2);
    expect(runner!.workerId()).not.toBe(first);
    expect(service.logs.some((line) => line.msg === 'job runner stopped on an error; starting a new one')).toBe(true);

    await service.sql`select graphile_worker.add_job('idempotency.purge_expired', '{}'::json)`;
    for (let i = 0; i < 150 && !succeeded.includes('idempotency.purge_expired'); i += 1) await sleep(100);
    expect(succeeded).toContain('idempotency.purge_expired');
  });
});
