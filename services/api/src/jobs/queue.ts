// Enqueueing a job: one SQL call (graphile_worker.add_job) on whatever the caller holds, the
// pool or ITS OWN TRANSACTION. Inside a transaction the job commits with the state change that
// needs it, or not at all: a payout row and its "process payout" job, a webhook event and its
// deliveries. Nothing to reconcile after a crash between the two, and no outbox poller.
//
// A job due now wakes a waiting worker at once (the library's NOTIFY, sent at commit); a job with
// runAt waits for its time. Jobs are at-least-once: a task must be idempotent (a worker that dies
// mid-job leaves it locked until another runner frees it, about 36 s later: runner heartbeats,
// decision 0511; then it runs again).
import type postgres from 'postgres';
import type { Queryable } from '../db/index.ts';
import { jobAttemptsMax, type JobName, type JobPayloads } from './catalog.ts';

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job per key: enqueueing again with a key whose job has not started
   * replaces it (payload, runAt; jobKeyMode 'preserve_run_at' keeps its runAt; 'unsafe_dedupe'
   * keeps the existing job untouched). A job that is running is not replaced: a new one is added.
   */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  /** Default: the job's attempts in the catalog (catalog.ts). */
  attemptsMax?: number;
  /** Jobs of one queue run one at a time, in order. A few fixed names only (not per id). */
  queueName?: string;
  /** Lower runs first (default 0). */
  priority?: number;
};

// graphile_worker is jobQueueSchema (schema.ts), written out: the statement's text stays constant.
export type EnqueuedJob = { id: string };

export async function enqueueJob<Name extends JobName>(sql: Queryable, name: Name, payload: JobPayloads[Name],
  options: EnqueueOptions = {}): Promise<EnqueuedJob> {
  const attemptsMax = jobAttemptsMax[name];
  if (attemptsMax === undefined) throw new Error(`unknown job "${String(name)}"`);
  const [row] = await sql<{ id: string }[]>`
    select (graphile_worker.add_job(
      identifier => ${name},
      payload => ${sql.json(payload as postgres.JSONValue)}::json,
      queue_name => ${options.queueName ?? null}::text,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.attemptsMax ?? attemptsMax}::int,
      job_key => ${options.jobKey ?? null}::text,
      priority => ${options.priority ?? null}::int,
      job_key_mode => ${options.jobKeyMode ?? 'replace'}::text
    )).id::text as id`;
  return { id: row!.id };
}

/**
 * Takes out of the queue the waiting (not running) jobs keyed `keyPrefix...` whose time came by
 * the start of the caller's transaction (`now()`), and returns how many. For a job that is about to
 * do their work itself: a sandbox delivery whose claim, after this, takes every outcome due by
 * then, so the later windows' jobs would run for nothing (decision 0635). A job a runner took in
 * the meantime is not deleted: graphile-worker's remove_job lets it finish and only clears its key
 * and its retries, so the caller must cover what such a job would retry (the sandboxes' minute
 * sweeps do).
 */
export async function removeWaitingJobsDueBy(q: Queryable, name: JobName, keyPrefix: string): Promise<number> {
  const rows = await q`
    select graphile_worker.remove_job(j.key) from graphile_worker.jobs j
    where j.task_identifier = ${name} and left(j.key, ${keyPrefix.length}) = ${keyPrefix}
      and j.locked_at is null and j.run_at <= now()`;
  return rows.length;
}
