// Decision 0572: freeing a dead job runner's jobs (the heartbeat, decision 0511) gives a job it held
// on its last attempt that attempt back, so the job runs again instead of sitting in the queue
// table as given up (never run, never deleted): a webhooks.sweep pass (1 attempt at most), a job
// add_job superseded while it was locked (marked attempts = max_attempts by the library). Found by
// the several-processes soak (test/soak/several-processes.test.ts); before, attempts stayed at the
// maximum after the unlock. Jobs of a runner still heartbeating are not touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDeadRunnersJobs } from '../../src/jobs/dead-runners.ts';
import { runnerHeartbeatTimeoutMs } from '../../src/jobs/runner.ts';
import { createJobQueuePool } from '../../src/jobs/schema.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

/** A job locked by `workerId` that has used `attempts` of `maxAttempts`. */
async function lockedJob(workerId: string, attempts: number, maxAttempts: number): Promise<string> {
  const [job] = await service.sql<{ id: string }[]>`
    select id::text from graphile_worker.add_job('test.noop', '{}'::json, max_attempts => ${maxAttempts})`;
  await service.sql`
    update graphile_worker._private_jobs set locked_by = ${workerId}, locked_at = now(), attempts = ${attempts} where id = ${job!.id}`;
  return job!.id;
}

describe('a dead runner\'s jobs freed', () => {
  it('hand back the attempt it took when that was the last, leave the others\' counts, and touch no live runner\'s jobs', async () => {
    await service.sql`
      insert into job_runner_heartbeats (worker_id, last_seen_at) values
        ('worker-dead', now() - interval '1 hour'), ('worker-live', now())`;
    const lastAttempt = await lockedJob('worker-dead', 1, 1);
    const superseded = await lockedJob('worker-dead', 5, 5);
    const midway = await lockedJob('worker-dead', 2, 5);
    const live = await lockedJob('worker-live', 1, 1);
    const pool = createJobQueuePool(service.databaseUrl, 2);
    try {
      expect(await freeDeadRunnersJobs(pool, runnerHeartbeatTimeoutMs)).toEqual({ workers: ['worker-dead'], jobsGivenBackAnAttempt: 2 });
    } finally {
      await pool.end();
    }
    const jobs = await service.sql<{ id: string; locked_by: string | null; attempts: number; is_available: boolean }[]>`
      select id::text, locked_by, attempts, is_available from graphile_worker._private_jobs`;
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get(lastAttempt)).toMatchObject({ locked_by: null, attempts: 0, is_available: true });
    expect(byId.get(superseded)).toMatchObject({ locked_by: null, attempts: 4, is_available: true });
    expect(byId.get(midway)).toMatchObject({ locked_by: null, attempts: 2, is_available: true });
    expect(byId.get(live)).toMatchObject({ locked_by: 'worker-live', attempts: 1 });
    const beats = await service.sql<{ worker_id: string }[]>`select worker_id from job_runner_heartbeats`;
    expect(beats.map((row) => row.worker_id)).toEqual(['worker-live']);
  });
});
