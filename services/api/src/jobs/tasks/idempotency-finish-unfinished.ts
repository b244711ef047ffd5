// The run finisher's pass (jobs/run-finisher.ts, decision 0470; it replaced
// collections.complete_abandoned, whose work it does for collections and checkout pays): every
// idempotency record whose run died and whose client never came back is finished or forgotten.
import { finisherBatchMax, finishUnfinishedRuns } from '../run-finisher.ts';
import { defineJob } from '../job.ts';
import { jobAttemptsMax, type JobPayloads } from '../catalog.ts';

/**
 * Every minute: a record is finished or forgotten at most lock (IDEMPOTENCY_LOCK_MS) +
 * finisherIdleMsDefault (5 min) + this interval after its last claim (docs/jobs.md).
 */
export const finisherIntervalMinutes = 1;

export const finishUnfinishedRunsJob = defineJob<JobPayloads['idempotency.finish_unfinished']>({
  attemptsMax: jobAttemptsMax['idempotency.finish_unfinished'], // catalog.ts says why
  recurring: { intervalMinutes: finisherIntervalMinutes },
  async run(_payload, { deps }) {
    const summary = await finishUnfinishedRuns(deps, { limit: finisherBatchMax });
    if (summary.failed > 0 || summary.unknown > 0) deps.logger.warn('run finisher left runs for the next pass', { ...summary });
  },
});
