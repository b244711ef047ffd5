// Freeing the jobs of job runners that stopped heartbeating (decision 0511), in one transaction:
// their heartbeat rows go, and graphile-worker's force_unlock_workers frees their locks.
//
// A job its dead runner held on its last attempt (attempts = max_attempts: a webhooks.sweep pass,
// whose max is 1, or a job add_job superseded while it was locked, which the library marks so)
// would be freed as given up, never to run again and never deleted: the sweep's chain of passes
// broke, and such rows read as failed jobs that no error explains (issue 26's soak). The attempt
// the dead runner took is handed back first (attempts = max_attempts - 1): every job is
// idempotent, so the one more run is harmless, and a superseded one does again what its
// successor does (decision 0572).
import type pg from 'pg';
import { jobQueueSchema } from './schema.ts';

export async function freeDeadRunnersJobs(pool: pg.Pool, timeoutMs: number): Promise<{ workers: string[]; jobsGivenBackAnAttempt: number }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const dead = await client.query<{ worker_id: string }>(`
      delete from job_runner_heartbeats where last_seen_at < now() - make_interval(secs => $1) returning worker_id`, [timeoutMs / 1000]);
    const workers = dead.rows.map((row) => row.worker_id);
    let jobsGivenBackAnAttempt = 0;
    if (workers.length > 0) jobsGivenBackAnAttempt = await freeJobsOf(client, workers);
    await client.query('commit');
    return { workers, jobsGivenBackAnAttempt };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Frees the locks of these runners' jobs (they are known dead, or stopped), each job given back
 * the attempt its runner took when that was its last. Returns how many were. Run it in a
 * transaction, or alone: either statement without the other changes nothing harmful.
 */
export async function freeJobsOf(q: pg.Pool | pg.PoolClient, workerIds: readonly string[]): Promise<number> {
  const lastAttempts = await q.query(`
    update ${jobQueueSchema}._private_jobs set attempts = max_attempts - 1
    where locked_by = any($1::text[]) and attempts >= max_attempts`, [workerIds]);
  await q.query(`select ${jobQueueSchema}.force_unlock_workers($1::text[])`, [workerIds]);
  return lastAttempts.rowCount ?? 0;
}
