// What a job is, for the task files under jobs/tasks/: a definition (its limits and, for a
// recurring job, its interval) and the function that runs it. The queue itself is
// graphile-worker (docs/jobs.md, decision 0080): a job is a row, taken by one worker with
// FOR UPDATE SKIP LOCKED, retried with backoff when it throws.
//
// Task files run no code at import time but their definitions: domain modules import
// jobs/queue.ts to enqueue (which knows jobs by catalog.ts alone), and the registry imports the
// task files, which import the domain.
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts';
import type { KycRegistry } from '../kyc/registry.ts';
import type { Logger } from '../log.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { PayoutsRuntime } from '../payouts/payout-processing.ts';
import type { WebhookTaskDeps } from '../webhooks/task-deps.ts';
import type { ProviderOutcomeIngress } from '../provider-outcomes/types.ts';

/** What every task may use. `sql` is the background pool (never the API's request pool). */
export type JobDeps = {
  sql: Sql;
  ledger: Ledger;
  rails: RailRegistry;
  idempotency: IdempotencyStore;
  /** The KYC provider (kyc/registry.ts): submissions, and the sandbox provider's decisions. */
  kyc: KycRegistry;
  logger: Logger;
  /** The payout rails, the destination vault and the retry schedule (payouts/payout-processing.ts). */
  payouts: PayoutsRuntime;
  /** The service's settings and the app clock: the run finisher resumes flows with them (jobs/run-finisher.ts). */
  config: Config;
  now: () => number;
  /** Opens what the service sealed (a keyed webhook creation's secret, for the run finisher). */
  secretBox: SecretBox;
  /** Where a provider's final status found by a poll is handed (provider-routing/status-polls.ts). */
  providerOutcomes?: ProviderOutcomeIngress;
  /** The webhook runner's tasks only (webhooks/worker.ts gives them their sender and sweep). */
  webhooks?: WebhookTaskDeps;
};

export type JobContext = {
  deps: JobDeps;
  job: {
    id: string;
    /** This attempt's number, from 1; equal to attemptsMax on the last one. */
    attempt: number;
    attemptsMax: number;
  };
  /** Fires when the runner shuts down: a long task stops early and lets a later attempt finish. */
  signal: AbortSignal;
};

export type { RecurringPayload } from './catalog.ts';

export type JobDefinition<Payload> = {
  /**
   * Attempts before the job is left failed in the queue (graphile-worker's max_attempts). A
   * failed attempt is retried after exp(min(attempt, 10)) seconds: 3 s, 7 s, 20 s, 55 s, ...
   * (the library's backoff); a job that needs its own schedule enqueues its next attempt itself.
   */
  attemptsMax: number;
  /**
   * A recurring job: the scheduler adds one every `intervalMinutes` (whole minutes that divide a
   * day: the schedule is graphile-worker's crontab, minute-grained, aligned to UTC midnight).
   * One pass at a time: a recurring job runs in a queue of its own name and, while one waits,
   * the next pass replaces it (job key) instead of piling up behind a stopped worker.
   */
  recurring?: { intervalMinutes: number };
  /**
   * A batch job (its payload an array, provider-outcomes/apply.ts) may answer one promise per
   * item: graphile-worker then retries only the items whose promise rejected (the job's payload
   * becomes those items), with the same attempts and backoff.
   */
  run(payload: Payload, context: JobContext): Promise<void | Promise<void>[]>;
};

/** Types a task file's definition by its payload. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  const { attemptsMax, recurring } = definition;
  if (!Number.isSafeInteger(attemptsMax) || attemptsMax < 1 || attemptsMax > 1_000) {
    throw new Error(`job attemptsMax must be an integer from 1 to 1000, got ${attemptsMax}`);
  }
  if (recurring !== undefined) {
    const { intervalMinutes } = recurring;
    if (!Number.isSafeInteger(intervalMinutes) || intervalMinutes < 1 || minutesPerDay % intervalMinutes !== 0) {
      throw new Error(`a recurring job's intervalMinutes must divide a day (1440), got ${intervalMinutes}`);
    }
  }
  return definition;
}

const minutesPerDay = 24 * 60;
