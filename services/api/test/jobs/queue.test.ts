// The job queue (src/jobs/) on a real PostgreSQL with graphile-worker's schema: a job enqueued
// inside a transaction exists only if that transaction commits; a runner runs a registered job
// end to end; a failed attempt is retried; several runners take each job exactly once; the
// recurring jobs are registered with the scheduler under their own names.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Sql } from '../../src/db/index.ts';
import { defineJob, type JobDefinition } from '../../src/jobs/job.ts';
import { enqueueJob } from '../../src/jobs/queue.ts';
import { jobDefinitions } from '../../src/jobs/registry.ts';
import { type JobRunner, recurringItems, startJobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
const logger = createLogger('silent');
beforeAll(async () => {
  service = await startTestService();
  await service.sql`create table job_probe_runs (job_id text not null, runner text not null, attempt int not null, n int not null)`;
});
afterAll(async () => { await service?.close(); });

type JobRow = { id: string; task_identifier: string; payload: unknown; key: string | null; max_attempts: number; attempts: number; run_at: Date; last_error: string | null; queue_name: string | null };
// The library's tables (its `jobs` view leaves the payload out).
const jobsNamed = (sql: Sql, name: string) => sql<JobRow[]>`
  select j.id::text, t.identifier as task_identifier, j.payload, j.key, j.max_attempts, j.attempts, j.run_at, j.last_error, q.queue_name
  from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
  left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
  where t.identifier = ${name} order by j.id`;

/** Probe jobs for these tests: each run is recorded in job_probe_runs. */
function probeJobs(runner: string, options: { failFirstAttempt?: boolean; workMs?: number } = {}): Record<string, JobDefinition<never>> {
  return {
    'test.probe': defineJob<{ n: number }>({
      attemptsMax: 3,
      async run(payload, { job }) {
        if (options.workMs) await new Promise((resolve) => setTimeout(resolve, options.workMs));
        await service.sql`insert into job_probe_runs values (${job.id}, ${runner}, ${job.attempt}, ${payload.n})`;
        if (options.failFirstAttempt && job.attempt === 1) throw new Error('probe fails its first attempt');
      },
    }) as JobDefinition<never>,
  };
}

async function startRunner(name: string, options: Parameters<typeof probeJobs>[1] = {}, concurrency = 1): Promise<JobRunner> {
  return await startJobRunner({
    databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, concurrency, poolConnectionsMax: 2,
    pollIntervalMs: 50, logger, jobs: { ...jobDefinitions, ...probeJobs(name, options) },
  });
}

async function waitFor<T>(probe: () => Promise<T | null>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const addProbe = (sql: Sql, n: number) => sql`select graphile_worker.add_job('test.probe', ${sql.json({ n })}::json, max_attempts => 3)`;

describe('enqueueJob', () => {
  it('commits a job with the transaction that enqueues it, and only then', async () => {
    await expect(service.sql.begin(async (tx) => {
      await enqueueJob(tx, 'idempotency.purge_expired', {});
      throw new Error('the state change fails');
    })).rejects.toThrow('the state change fails');
    expect(await jobsNamed(service.sql, 'idempotency.purge_expired')).toEqual([]);

    const runAt = new Date(Date.now() + 3_600_000);
    const enqueued = await service.sql.begin(async (tx) => await enqueueJob(tx, 'idempotency.purge_expired', { _cron: { ts: 'x' } }, { runAt }));
    const [row] = await jobsNamed(service.sql, 'idempotency.purge_expired');
    expect(row).toMatchObject({ id: enqueued.id, payload: { _cron: { ts: 'x' } }, max_attempts: jobDefinitions['idempotency.purge_expired'].attemptsMax, attempts: 0, key: null });
    expect(row!.run_at.getTime()).toBe(runAt.getTime());
    await service.sql`delete from graphile_worker._private_jobs`;
  });

  it('keeps one waiting job per job key', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueueJob(service.sql, 'refunds.void_pending_reservations', {}, { jobKey: 'sweep', runAt: later, attemptsMax: 5 });
    const second = await enqueueJob(service.sql, 'refunds.void_pending_reservations', {}, { jobKey: 'sweep', runAt: later, attemptsMax: 7 });
    const rows = await jobsNamed(service.sql, 'refunds.void_pending_reservations');
    expect(rows).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(rows[0]).toMatchObject({ key: 'sweep', max_attempts: 7 });
    await service.sql`delete from graphile_worker._private_jobs`;
  });
});

describe('a runner', () => {
  it('runs a registered job end to end: the idempotency purge deletes expired records', async () => {
    await service.sql`
      insert into idempotency_keys (merchant_id, key, operation, request_sha256, resource_id, expires_at)
      values (${service.merchantId}, ${'expired-' + randomUUID()}, 'POST /collections ', 'x', ${randomUUID()}, now() - interval '1 minute'),
             (${service.merchantId}, ${'live-' + randomUUID()}, 'POST /collections ', 'x', ${randomUUID()}, now() + interval '1 hour')`;
    const runner = await startRunner('a');
    try {
      await enqueueJob(service.sql, 'idempotency.purge_expired', {});
      await waitFor(async () => ((await jobsNamed(service.sql, 'idempotency.purge_expired')).length === 0 ? true : null), 'the purge job to finish');
      const keys = await service.sql<{ key: string }[]>`select key from idempotency_keys where key like 'expired-%' or key like 'live-%'`;
      expect(keys.map((k) => k.key.split('-')[0])).toEqual(['live']);
    } finally {
      await runner.stop();
    }
  });

  it('retries a failed attempt, keeping its error, and finishes the job on the next', async () => {
    await service.sql`delete from job_probe_runs`;
    const runner = await startRunner('a', { failFirstAttempt: true });
    try {
      await addProbe(service.sql, 1);
      const [failed] = await waitFor(async () => {
        const rows = await jobsNamed(service.sql, 'test.probe');
        return rows.length === 1 && rows[0]!.last_error !== null ? rows : null;
      }, 'the first attempt to fail');
      expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('probe fails its first attempt') });
      // The library's backoff (exp(1) s) moved run_at forward; bring it due now instead of waiting.
      expect(failed!.run_at.getTime()).toBeGreaterThan(Date.now());
      await service.sql`update graphile_worker._private_jobs set run_at = now()`;
      await waitFor(async () => ((await jobsNamed(service.sql, 'test.probe')).length === 0 ? true : null), 'the retry to finish the job');
      const runs = await service.sql<{ attempt: number }[]>`select attempt from job_probe_runs order by attempt`;
      expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    } finally {
      await runner.stop();
    }
  });

  it('with several runners on separate pools, runs each job exactly once', async () => {
    await service.sql`delete from job_probe_runs`;
    const jobs_count = 40;
    const runners = [await startRunner('a', { workMs: 10 }, 2), await startRunner('b', { workMs: 10 }, 2)];
    try {
      const other = createPool(service.databaseUrl, 2);
      try {
        await Promise.all(Array.from({ length: jobs_count }, (_, n) => addProbe(n % 2 === 0 ? service.sql : other, n)));
      } finally {
        await other.end();
      }
      await waitFor(async () => ((await jobsNamed(service.sql, 'test.probe')).length === 0 ? true : null), 'every probe job to finish');
      const runs = await service.sql<{ n: number; runner: string }[]>`select n, runner from job_probe_runs`;
      expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: jobs_count }, (_, n) => n));
      expect(new Set(runs.map((r) => r.runner))).toEqual(new Set(['a', 'b']));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });

  it('registers every recurring job with the scheduler under its own name', async () => {
    await service.sql`delete from graphile_worker._private_known_crontabs`;
    const runner = await startRunner('a');
    try {
      const recurring = Object.entries(jobDefinitions).filter(([, d]) => 'recurring' in d && d.recurring !== undefined).map(([name]) => name).sort();
      expect(recurring).toEqual(['collection_rails.sandbox_sweep_outcomes', 'escrow.auto_release', 'holds.void_abandoned', 'idempotency.finish_unfinished', 'idempotency.purge_expired', 'ledger.verify', 'mpesa.sweep_status_records', 'payout_rails.sandbox_sweep_outcomes', 'providers.poll_statuses', 'refunds.void_pending_reservations']);
      // The scheduler records them just after the runner starts.
      const registered = await waitFor(async () => {
        const rows = await service.sql<{ identifier: string }[]>`select identifier from graphile_worker._private_known_crontabs order by identifier`;
        return rows.length === recurring.length ? rows.map((r) => r.identifier) : null;
      }, 'the recurring jobs to be registered');
      expect(registered).toEqual(recurring);
    } finally {
      await runner.stop();
    }
  });
});

describe('job definitions', () => {
  it('refuse limits a runner could not honour', () => {
    const run = async () => {};
    expect(() => defineJob({ attemptsMax: 0, run })).toThrow(/attemptsMax/);
    expect(() => defineJob({ attemptsMax: 1, recurring: { intervalMinutes: 7 }, run })).toThrow(/divide a day/);
    expect(() => defineJob({ attemptsMax: 1, recurring: { intervalMinutes: 0 }, run })).toThrow(/divide a day/);
  });

  it('schedule a recurring job every intervalMinutes from UTC midnight, one pass at a time', () => {
    const run = async () => {};
    const items = recurringItems({
      'test.every_minute': defineJob({ attemptsMax: 1, recurring: { intervalMinutes: 1 }, run }) as JobDefinition<never>,
      'test.every_five': defineJob({ attemptsMax: 2, recurring: { intervalMinutes: 5 }, run }) as JobDefinition<never>,
      'test.on_demand': defineJob({ attemptsMax: 3, run }) as JobDefinition<never>,
    });
    expect(items.map((i) => i.identifier)).toEqual(['test.every_minute', 'test.every_five']);
    const at = (hour: number, min: number) => ({ hour, min, date: 1, month: 1, dow: 0 });
    const [everyMinute, everyFive] = items.map((i) => i.match as (digest: ReturnType<typeof at>) => boolean);
    expect([at(12, 7), at(12, 10), at(0, 0)].map(everyMinute!)).toEqual([true, true, true]);
    expect([at(12, 7), at(12, 10), at(0, 0), at(23, 59)].map(everyFive!)).toEqual([false, true, true, false]);
    expect(items[1]!.options).toMatchObject({ backfillPeriod: 0, maxAttempts: 2, queueName: 'test.every_five', jobKey: 'test.every_five', jobKeyMode: 'replace' });
  });
});
