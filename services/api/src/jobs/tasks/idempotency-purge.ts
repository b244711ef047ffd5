// Deletes idempotency records past their retention (IDEMPOTENCY_RETENTION_HOURS). An expired
// record is already ignored by every request; this only gives the space back.
import { defineJob } from '../job.ts';
import { jobAttemptsMax, type JobPayloads } from '../catalog.ts';

export const idempotencyPurgeIntervalMinutes = 1;
/** Records deleted per pass at most; a larger backlog takes several passes. */
export const idempotencyPurgeBatchMax = 10_000;

export const idempotencyPurgeJob = defineJob<JobPayloads['idempotency.purge_expired']>({
  attemptsMax: jobAttemptsMax['idempotency.purge_expired'], // catalog.ts says why
  recurring: { intervalMinutes: idempotencyPurgeIntervalMinutes },
  async run(_payload, { deps }) {
    const purged = await deps.idempotency.purgeExpired(idempotencyPurgeBatchMax);
    if (purged > 0) deps.logger.debug('purged expired idempotency records', { purged });
  },
});
