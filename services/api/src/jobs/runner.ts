// The job runner: graphile-worker's runner with our task list and our recurring jobs, in the API
// process (RUN_WORKERS=true, the default) or in worker processes (src/worker.ts). Any number of
// runners may share one database: a job is taken by one of them (FOR UPDATE SKIP LOCKED), and a
// recurring job's pass is added once per interval whichever runners are up (the library records
// each pass it schedules, known_crontabs).
//
// Connections: its own node-postgres pool of `poolConnectionsMax` (one held for LISTEN, the
// others for taking and finishing jobs); tasks run their own queries on JobDeps.sql.
import { EventEmitter } from 'node:events';
import { type CronItem, type JobHelpers, parseCronItems, run, runOnce, type Runner, type RunnerOptions, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../log.ts';
import { graphileLogger } from './graphile-logger.ts';
import type { JobContext, JobDeps, JobDefinition } from './job.ts';
import { jobDefinitions, mainRunnerJobDefinitions, type JobName } from './registry.ts';
import { freeDeadRunnersJobs, freeJobsOf } from './dead-runners.ts';
import { createJobQueuePool, jobQueueSchema } from './schema.ts';

/** How long a stopping runner lets running jobs finish before their AbortSignal fires. */
export const jobShutdownAbortMs = 5_000;

export type JobRunner = {
  /** The library's events (job:start, job:success, job:failed, ...), for tests and metrics. */
  events: WorkerEvents;
  /**
   * The id its jobs are locked under (graphile_worker's `locked_by`, the heartbeat row's
   * `worker_id`): which process holds a job. Changes when the runner is started again.
   */
  workerId(): string | null;
  /** Stops taking jobs and waits for the running ones (aborted after jobShutdownAbortMs). */
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  databaseUrl: string;
  deps: JobDeps;
  /** Jobs run at once in this runner. */
  concurrency: number;
  /** The runner's own connections (at least 2: LISTEN holds one). */
  poolConnectionsMax: number;
  /**
   * How often an idle runner looks for jobs that became due (runAt, retries) without being told.
   * A job due now is announced at once (LISTEN/NOTIFY); this bounds the delay of a job whose
   * runAt arrives, and of a retry (config.ts job_poll_interval_ms_default).
   */
  pollIntervalMs: number;
  logger: Logger;
  /** The application name of its connections (pg_stat_activity); default jobs/schema.ts jobQueuePoolName. */
  applicationName?: string;
  /** graphile-worker's events, for a caller that must hear them from the runner's start (a test). */
  events?: WorkerEvents;
  /** The jobs this runner runs: the main runner's from the registry (default); tests and the bench add or replace them. */
  jobs?: Record<string, JobDefinition<never>>;
};

/** How often a runner refreshes its heartbeat and looks for dead runners' locks to free. */
export const runnerHeartbeatIntervalMs = 5_000;
/**
 * A runner not heard from for this long is dead: its job locks are freed and its jobs run again
 * (decision 0511). Six missed heartbeats: far above a stall of a busy process or a GC, and it
 * bounds how long a killed worker's jobs wait: at most this + one interval + the poll interval
 * (about 36 s with the defaults; docs/operations.md "A worker died").
 */
export const runnerHeartbeatTimeoutMs = 30_000;

/** The first wait before a runner that stopped on an error is started again; doubled up to the next. */
export const runnerRestartDelayMs = 500;
/** The longest wait between restarts while the database stays away: a few seconds after it is back, the runner is too. */
export const runnerRestartDelayMaxMs = 5_000;

/**
 * What a job runner's pieces share: its pool, the way to start a graphile-worker runner on it,
 * and what the heartbeat, the restart after an error and stop() read and change.
 */
type RunnerState = {
  pool: pg.Pool;
  logger: Logger;
  /** Starts one graphile-worker runner with our tasks and recurring jobs (graphileRunOptions). */
  startRunner: () => Promise<Runner>;
  /**
   * The worker pool id of the current runner: a runner that died on an error leaves its jobs
   * locked under its id, and graphile-worker frees such locks only after 4 hours (decision 0511).
   */
  poolId: string | null;
  stopping: boolean;
  runner: Runner | null;
  /** The restart under way after the runner stopped on an error (restartRunner). */
  restarting: Promise<void> | null;
  /** Ends the restart's current wait at once (stop() calls it). */
  wake: (() => void) | null;
};

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const definitions: Record<string, JobDefinition<never>> = options.jobs ?? mainRunnerJobDefinitions;
  const taskList: TaskList = {};
  for (const [name, definition] of Object.entries(definitions)) taskList[name] = asTask(definition, options.deps);
  const pool = createJobQueuePool(options.databaseUrl, options.poolConnectionsMax, options.applicationName);
  const events: WorkerEvents = options.events ?? (new EventEmitter() as WorkerEvents);
  const state: RunnerState = {
    pool,
    logger: options.logger,
    startRunner: () => run(graphileRunOptions(options, { pool, taskList, definitions, events })),
    poolId: null,
    stopping: false,
    runner: null,
    restarting: null,
    wake: null,
  };
  events.on('pool:create', ({ workerPool }) => { state.poolId = workerPool.id; });
  const heartbeatTimer = setInterval(() => void beatHeart(state), runnerHeartbeatIntervalMs);
  heartbeatTimer.unref();

  try {
    state.runner = await state.startRunner();
  } catch (error) {
    clearInterval(heartbeatTimer);
    await pool.end();
    throw error;
  }
  watchRunner(state, state.runner);
  void beatHeart(state);
  return {
    events,
    workerId: () => state.poolId,
    stop: () => stopJobRunner(state, heartbeatTimer),
  };
}

function graphileRunOptions(options: JobRunnerOptions, parts: {
  pool: pg.Pool; taskList: TaskList; definitions: Record<string, JobDefinition<never>>; events: WorkerEvents;
}): RunnerOptions {
  return {
    pgPool: parts.pool,
    schema: jobQueueSchema,
    taskList: parts.taskList,
    parsedCronItems: parseCronItems(recurringItems(parts.definitions)),
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs,
    gracefulShutdownAbortTimeout: jobShutdownAbortMs,
    // The process owns SIGINT/SIGTERM (main.ts, worker.ts) and stops us in order.
    noHandleSignals: true,
    logger: graphileLogger(options.logger),
    events: parts.events,
    // Marking a job done or failed goes through the library's batcher (delay 0: no waiting), whose
    // failure is reported (pool:fatalError) and stops the runner. Without it (the default, -1) the
    // library fires those statements and forgets them: when the database went away after a job
    // ran, the rejection was unhandled and took the whole process down (issue 26, decision 0510).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  };
}

/**
 * The heartbeat: this runner's row refreshed, and dead runners' locks freed (decision 0511). A
 * tick while the database is away fails and is tried again at the next.
 */
async function beatHeart(state: RunnerState): Promise<void> {
  const id = state.poolId;
  if (id === null) return;
  try {
    await state.pool.query(`insert into job_runner_heartbeats (worker_id) values ($1)
      on conflict (worker_id) do update set last_seen_at = now()`, [id]);
    const freed = await freeDeadRunnersJobs(state.pool, runnerHeartbeatTimeoutMs);
    if (freed.workers.length > 0) {
      state.logger.warn('freed the jobs of job runners not heard from', { ...freed, timeout_ms: runnerHeartbeatTimeoutMs });
    }
  } catch (error) {
    state.logger.warn('job runner heartbeat failed', { error: (error as Error)?.message ?? String(error) });
  }
}

/**
 * A runner stops itself on an error it cannot go on after (the database went away while it
 * marked a job done, its LISTEN connection broke for good). Not a reason for the process to die,
 * nor to run no jobs until someone restarts it: the error is logged, and a new runner is started
 * once the database answers again; it frees the old runner's locks, so its jobs run again at once.
 */
function watchRunner(state: RunnerState, current: Runner): void {
  // Ending without an error counts too: graphile-worker 0.18's runner swallows a worker pool's
  // error in its own stop() ("Runner stopping (reason: worker pool exited with error ...)") and
  // then resolves its promise, so a runner that ends while we are not stopping it ended on an error.
  const ended = (error: unknown) => {
    if (state.stopping || state.runner !== current) return;
    state.logger.error('job runner stopped on an error; starting a new one', {
      error: error === undefined ? 'the runner ended by itself (its worker pool exited)' : (error as Error)?.message ?? String(error),
    });
    state.runner = null;
    state.restarting = restartRunner(state);
  };
  current.promise.then(() => ended(undefined), ended);
}

async function restartRunner(state: RunnerState): Promise<void> {
  const deadPoolId = state.poolId;
  for (let delayMs = runnerRestartDelayMs; !state.stopping; delayMs = Math.min(delayMs * 2, runnerRestartDelayMaxMs)) {
    await new Promise<void>((resolve) => { const timer = setTimeout(resolve, delayMs); state.wake = () => { clearTimeout(timer); resolve(); }; });
    state.wake = null;
    if (state.stopping) return;
    try {
      if (deadPoolId !== null) {
        await freeJobsOf(state.pool, [deadPoolId]);
        await state.pool.query('delete from job_runner_heartbeats where worker_id = $1', [deadPoolId]);
      }
      const next = await state.startRunner();
      if (state.stopping) { await next.stop(); return; }
      state.runner = next;
      watchRunner(state, next);
      state.logger.info('job runner started again', { freed_worker: deadPoolId, worker_id: state.poolId });
      return;
    } catch (error) {
      state.logger.warn('job runner not started yet', { error: (error as Error)?.message ?? String(error), retry_in_ms: Math.min(delayMs * 2, runnerRestartDelayMaxMs) });
    }
  }
}

async function stopJobRunner(state: RunnerState, heartbeatTimer: NodeJS.Timeout): Promise<void> {
  state.stopping = true;
  clearInterval(heartbeatTimer);
  state.wake?.();
  await state.restarting;
  await state.runner?.stop().catch((error: unknown) => {
    // A runner that already stopped on an error (its error was logged when it did).
    if (!/already stopped/.test((error as Error)?.message ?? '')) throw error;
  });
  // Stopped cleanly: its jobs are released; the row goes so nobody frees anything in its name.
  if (state.poolId !== null) await state.pool.query('delete from job_runner_heartbeats where worker_id = $1', [state.poolId]).catch(() => {});
  await state.pool.end();
}

/**
 * Runs every job that is due now, until none is left (graphile-worker's runOnce), then returns:
 * what a runner would do, without one waiting for more. Tests drive the queue with it (a job a
 * task enqueues for now runs in the same call; one due later does not). No recurring jobs.
 */
export async function runDueJobs(options: Pick<JobRunnerOptions, 'databaseUrl' | 'deps' | 'logger'> & {
  /** Only these jobs (default: every job); the others stay queued. */
  only?: readonly JobName[];
}): Promise<void> {
  const taskList: TaskList = {};
  for (const [name, definition] of Object.entries(jobDefinitions)) {
    if (options.only !== undefined && !options.only.includes(name as JobName)) continue;
    taskList[name] = asTask(definition as JobDefinition<never>, options.deps);
  }
  const pool = createJobQueuePool(options.databaseUrl, 2);
  try {
    await runOnce({ pgPool: pool, schema: jobQueueSchema, taskList, concurrency: 1, noHandleSignals: true, logger: graphileLogger(options.logger) });
  } finally {
    await pool.end();
  }
}

function asTask(definition: JobDefinition<never>, deps: JobDeps): Task {
  return async (payload: unknown, helpers: JobHelpers) => {
    const context: JobContext = {
      deps,
      job: { id: helpers.job.id, attempt: helpers.job.attempts, attemptsMax: helpers.job.max_attempts },
      signal: helpers.abortSignal,
    };
    // A batch job's per-item answer goes back to the library as it is (it retries the failed items).
    return await definition.run(payload as never, context);
  };
}

/** One crontab item per recurring job: due when the minutes since UTC midnight divide by its interval. */
export function recurringItems(definitions: Record<string, JobDefinition<never>>): CronItem[] {
  return Object.entries(definitions).flatMap(([name, definition]) => {
    if (definition.recurring === undefined) return [];
    const { intervalMinutes } = definition.recurring;
    return [{
      task: name,
      identifier: name,
      match: (at) => (at.hour * 60 + at.min) % intervalMinutes === 0,
      options: {
        // A pass missed while no runner was up is not made up for: the next one does its work.
        backfillPeriod: 0,
        maxAttempts: definition.attemptsMax,
        queueName: name,
        jobKey: name,
        jobKeyMode: 'replace',
      },
    }];
  });
}
