// The webhook worker of one process: the relay (outbox -> deliveries), and the webhook jobs
// (jobs.ts: a sender turn per endpoint, the retry sweep) in a job runner of their own.
//
// Work is per endpoint: a sender turn (sender-turn.ts) claims up to
// `attemptsInFlightPerEndpointMax` due deliveries of ONE endpoint, sends them at once, records the
// outcomes, and goes on while that endpoint has due work (a bounded number of rounds, then it
// queues itself again behind the others). The webhook runner runs `workerConcurrency` turns at
// once, so an endpoint that hangs for the whole timeout holds only its own turn: deliveries to
// every other endpoint go on (no head-of-line blocking), and the service's other jobs run in their
// own runner. Claims are leases in the database (deliveries.ts), so any number of processes can run
// this side by side without sending a delivery twice at once.
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { WebhookConfig } from './settings.ts';
import type { JobDefinition, JobDeps } from '../jobs/job.ts';
import { type JobRunner, startJobRunner } from '../jobs/runner.ts';
import type { Logger } from '../log.ts';
import { attemptsMaxOf, endpointsWithDueDeliveries } from './deliveries.ts';
import { createDeliveryClient, type DeliveryClient } from './delivery-client.ts';
import { deliverEndpointJobName, deliverEndpointJob, enqueueEndpointDeliveries, scheduleSweep, sweepJobName, sweepJob, type WebhookTaskDeps } from './jobs.ts';
import { relayBatchEventsMax, relayEvents } from './relay.ts';
import { endpointSender } from './sender-turn.ts';
import { countRelayedEvents } from '../metrics/outbox-counters.ts';

/** Endpoints the sweep wakes per pass at most (the next pass takes the rest). */
export const sweepEndpointsMax = 10_000;
/** The webhook runner's own job-queue connections (one held for LISTEN). */
export const webhookRunnerPoolConnectionsMax = 2;
export const webhookRunnerPoolName = 'payagg-webhook-jobs';
/** How often the webhook runner looks for jobs whose time has come (the sweep's next pass). */
export const webhookRunnerPollIntervalMs = 100;

/** The attempt's lease: the timeout, then as long again (and a second) to record the outcome. */
export function attemptLeaseMs(attemptTimeoutMs: number): number {
  return attemptTimeoutMs * 2 + 1_000;
}

export type WebhookWorker = {
  /** Starts the relay and the webhook job runner (RUN_WORKERS; tests start it themselves). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One relay pass until the outbox is drained (its jobs wake the senders); events relayed. */
  relayOnce(): Promise<number>;
  /** One sweep pass: wakes the senders of endpoints with due deliveries; how many. */
  sweepOnce(): Promise<number>;
  /** One sender turn of an endpoint, here and now (the deliver job's body). */
  serveEndpoint(endpointId: string): Promise<boolean>;
  /** Resolves when no sender turn is queued or running (tests). */
  idle(timeoutMs?: number): Promise<void>;
};

/** Resolves once no endpoint sender job is queued or running (tests and benches wait on it). */
async function sendersIdle(sql: Sql, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = ${deliverEndpointJobName}`;
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`webhook senders still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One relay pass until the outbox is drained (its jobs wake the senders); events relayed. */
async function relayAll(sql: Sql): Promise<number> {
  let events = 0;
  for (;;) {
    const round = await relayEvents(sql, relayBatchEventsMax);
    countRelayedEvents(round.byType);
    events += round.events;
    if (round.events < relayBatchEventsMax) return events;
  }
}

/** One sweep pass: wakes the senders of endpoints with due deliveries; how many. */
async function sweepDueEndpoints(sql: Sql): Promise<number> {
  const ids = await endpointsWithDueDeliveries(sql, sweepEndpointsMax);
  await enqueueEndpointDeliveries(sql, ids);
  return ids.length;
}

const webhookJobs: Record<string, JobDefinition<never>> = {
  [deliverEndpointJobName]: deliverEndpointJob as JobDefinition<never>,
  [sweepJobName]: sweepJob as JobDefinition<never>,
};

export function createWebhookWorker(deps: {
  sql: Sql; databaseUrl: string; jobDeps: JobDeps; box: SecretBox; config: WebhookConfig; logger: Logger; client?: DeliveryClient;
}): WebhookWorker {
  const { sql, box, config, logger } = deps;
  const client = deps.client ?? createDeliveryClient({ allowPrivate: config.allowPrivateUrls, timeoutMs: config.attemptTimeoutMs });
  let runner: JobRunner | null = null;
  let relayTimer: NodeJS.Timeout | null = null;
  let relaying: Promise<unknown> = Promise.resolve();
  let stopped = true;
  /** Set by stop(): a round's record stops waiting for a failing database (outcome-recording.ts). */
  let stopRequested = false;

  const serveEndpoint = endpointSender({
    sql, box, client, config, logger, leaseMs: attemptLeaseMs(config.attemptTimeoutMs), attemptsMax: attemptsMaxOf(config.retryScheduleS),
    stopping: () => stopRequested,
  });
  const relayOnce = () => relayAll(sql);
  const sweepOnce = () => sweepDueEndpoints(sql);
  const taskDeps: WebhookTaskDeps = { serveEndpoint, sweep: sweepOnce, sweepIntervalMs: config.sweepIntervalMs };

  const relayLoop = () => {
    if (stopped) return;
    relaying = relayOnce().catch((error: Error) => logger.error('webhook relay pass failed', { error: error.message })).finally(() => {
      if (stopped) return;
      relayTimer = setTimeout(relayLoop, config.relayPollMs);
      relayTimer.unref();
    });
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      stopRequested = false;
      runner = await startJobRunner({
        databaseUrl: deps.databaseUrl, deps: { ...deps.jobDeps, sql, webhooks: taskDeps },
        concurrency: config.workerConcurrency, poolConnectionsMax: webhookRunnerPoolConnectionsMax,
        pollIntervalMs: webhookRunnerPollIntervalMs, logger, jobs: webhookJobs, applicationName: webhookRunnerPoolName,
      });
      // The sweep's chain of passes (jobs.ts): started by every runner, kept to one by its key.
      await scheduleSweep(sql, 0, 'preserve_run_at');
      relayLoop();
    },
    async stop() {
      stopped = true;
      stopRequested = true;
      if (relayTimer) clearTimeout(relayTimer);
      await relaying;
      // Turns in flight finish (bounded by the attempt timeout) and record their outcomes.
      await runner?.stop();
      runner = null;
      if (!deps.client) client.close();
    },
    relayOnce,
    sweepOnce,
    serveEndpoint,
    idle: (timeoutMs = 30_000) => sendersIdle(sql, timeoutMs),
  };
}
