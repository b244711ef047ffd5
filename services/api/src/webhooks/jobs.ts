// The webhook jobs on the service's job queue (jobs/, graphile-worker):
//   webhooks.deliver_endpoint {endpoint_id}  one turn of an endpoint's sender (worker.ts): claim its
//       due deliveries, attempt them at once, record the outcomes; again while work is left. One
//       waiting job per endpoint (job key), enqueued by the relay in the same statement that makes
//       the deliveries, by the sweep for due retries, and by a manual retry or a re-enable.
//   webhooks.sweep  the retry sweep (seed: "about once a minute", WEBHOOK_SWEEP_INTERVAL_MS): each
//       pass first schedules the next one (one waiting pass, by job key), and every webhook runner
//       that starts schedules one, so the chain outlives any process. Not a crontab job in a named
//       queue: a worker killed during a pass would hold that queue's lock for the library's 4 hour
//       lock timeout and stop the sweep; a keyed job without a queue has no such lock.
// Both run in a runner of their own (worker.ts), so a hanging receiver can only ever hold a
// webhook sender, never the service's other background jobs.
import type { PendingQuery, Queryable } from '../db/index.ts';
import { jobAttemptsMax, type JobName, type JobPayloads } from '../jobs/catalog.ts';
import { defineJob, type JobDeps } from '../jobs/job.ts';
import type { WebhookTaskDeps } from './task-deps.ts';
import { enqueueJob } from '../jobs/queue.ts';

export const deliverEndpointJobName = 'webhooks.deliver_endpoint' satisfies JobName;
export const sweepJobName = 'webhooks.sweep' satisfies JobName;
export const webhookJobNames = [deliverEndpointJobName, sweepJobName] as const;

export type { WebhookTaskDeps } from './task-deps.ts';

function webhookDeps(deps: JobDeps): WebhookTaskDeps {
  const webhooks = deps.webhooks;
  if (!webhooks) throw new Error('webhook jobs run in the webhook runner (webhooks/worker.ts), which provides their deps');
  return webhooks;
}

export const deliverEndpointJob = defineJob<JobPayloads['webhooks.deliver_endpoint']>({
  attemptsMax: jobAttemptsMax[deliverEndpointJobName], // catalog.ts says why
  async run(payload, { deps }) {
    const more = await webhookDeps(deps).serveEndpoint(payload.endpoint_id);
    // Its turn is over; the rest of its work waits behind other endpoints' turns.
    if (more) await enqueueEndpointDeliveries(deps.sql, [payload.endpoint_id]);
  },
});

export const sweepJob = defineJob<JobPayloads['webhooks.sweep']>({
  attemptsMax: jobAttemptsMax[sweepJobName], // catalog.ts says why
  async run(_payload, { deps }) {
    const webhooks = webhookDeps(deps);
    // First, so a pass that fails or dies does not break the chain.
    await scheduleSweep(deps.sql, webhooks.sweepIntervalMs, 'replace');
    await webhooks.sweep();
  },
});

/**
 * The next sweep pass in `delayMs`: one waiting pass (job key). 'replace' moves a waiting pass
 * to the new time; 'preserve_run_at' (a runner starting) leaves an existing one as it is.
 */
export async function scheduleSweep(q: Queryable, delayMs: number, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  await enqueueJob(q, sweepJobName, {}, { runAt: new Date(Date.now() + delayMs), jobKey: sweepJobName, jobKeyMode: mode });
}

/**
 * Wakes the senders of these endpoints: one deliver job per endpoint, due now. A waiting job of
 * the endpoint is replaced (still one); a running one is not, so a second is added and picks up
 * what the running turn may already have passed by. One statement for any number of endpoints.
 */
export async function enqueueEndpointDeliveries(q: Queryable, endpointIds: readonly string[]): Promise<void> {
  if (endpointIds.length === 0) return;
  await q`select ${addDeliverJobs(q, q`select unnest(${endpointIds as string[]}::uuid[]) as endpoint_id`)} as added`;
}

/**
 * graphile_worker.add_job for every endpoint_id of `endpoints` (a subquery), as one SQL expression,
 * in endpoint id order: a replaced job's row is locked until the statement's transaction ends, so
 * two statements adding jobs for the same endpoints in different orders (the relay's fan-out and
 * the sweep, in two workers) deadlocked (issue 26's soak; decision 0570). The ORDER BY subquery is
 * never flattened, so the aggregate calls add_job in that order.
 */
export function addDeliverJobs(q: Queryable, endpoints: PendingQuery): PendingQuery {
  return q`(select count(graphile_worker.add_job(
      identifier => ${deliverEndpointJobName}::text,
      payload => json_build_object('endpoint_id', e.endpoint_id),
      max_attempts => ${jobAttemptsMax[deliverEndpointJobName]}::int,
      job_key => ${`${deliverEndpointJobName}:`}::text || e.endpoint_id::text,
      job_key_mode => 'replace'
    )) from (select distinct s.endpoint_id from (${endpoints}) s order by s.endpoint_id) e)`;
}
