// The sandbox collection rails' outcomes delivered and applied now, without a job runner: what
// the runner would do once their windows end, for the tests (runtime.deliverRailOutcomes) and the
// crash and soak checks that play the rails' callbacks themselves. It runs the real path: the
// due sandbox outcomes go to the ingress (the inbox and the collections' apply job), then the
// collections' apply jobs not tried yet are made due and run by graphile-worker (runOnce, only
// that job). A retry waiting for its backoff is left to wait.
import type { Logger } from '../log.ts';
import type { JobDeps } from '../jobs/job.ts';
import { runDueJobs } from '../jobs/runner.ts';
import type { JobName } from '../jobs/catalog.ts';
import { deliverDueSandboxRailOutcomes } from '../connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts';
import { applyJobOf } from './ingress.ts';

export type RailOutcomesRound = {
  /** Sandbox outcomes handed to the ingress. */
  recorded: number;
  /** Collection and refund outcomes applied. */
  applied: number;
  /** Collection and refund outcomes whose apply failed (retried after the queue's backoff). */
  failed: number;
  /** Collection and refund outcomes whose apply failed on its last attempt (dead letters). */
  givenUp: number;
};

export async function deliverRailOutcomesNow(input: { databaseUrl: string; deps: JobDeps; logger: Logger }): Promise<RailOutcomesRound> {
  const { sql } = input.deps;
  const [start] = await sql<{ since: Date; failures_before: string }[]>`
    select clock_timestamp() as since, (select coalesce(sum(apply_failures), 0)::text from provider_outcomes where kind in ('collection', 'refund')) as failures_before`;
  const { since, failures_before } = start!;
  const recorded = await deliverDueSandboxRailOutcomes(sql);
  await applyQueuedOutcomesNow(input, [applyJobOf.collection]);
  const [counts] = await sql<{ applied: number; given_up: number; failures: string }[]>`
    select count(*) filter (where applied_at >= ${since})::int as applied,
           count(*) filter (where given_up_at >= ${since})::int as given_up,
           coalesce(sum(apply_failures), 0)::text as failures
    from provider_outcomes where kind in ('collection', 'refund')`;
  return { recorded, applied: counts!.applied, failed: Number(counts!.failures) - Number(failures_before), givenUp: counts!.given_up };
}

/**
 * Runs these apply jobs now, those not tried yet made due first (their window need not end); a
 * retry waiting for its backoff is left to wait.
 */
export async function applyQueuedOutcomesNow(input: { databaseUrl: string; deps: JobDeps; logger: Logger }, jobs: readonly JobName[]): Promise<void> {
  const [due] = await input.deps.sql<{ n: number }[]>`
    with made_due as (
      update graphile_worker._private_jobs set run_at = now()
      where task_id in (select id from graphile_worker._private_tasks where identifier = any(${[...jobs]}::text[]))
        and attempts = 0 and locked_at is null and run_at > now()
      returning id
    )
    select (select count(*) from made_due)::int + (
      select count(*) from graphile_worker._private_jobs
      where task_id in (select id from graphile_worker._private_tasks where identifier = any(${[...jobs]}::text[]))
        and locked_at is null and run_at <= now() and attempts < max_attempts)::int as n`;
  // Nothing to run: no runner started (it costs a pool and the library's start).
  if (due!.n > 0) await runDueJobs({ ...input, only: jobs });
}
