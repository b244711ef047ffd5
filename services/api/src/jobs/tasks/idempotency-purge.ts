// Deletes idempotency records past their retention (IDEMPOTENCY_RETENTION_HOURS). An expired
// record is already ignored by every request; this only gives the space back.
import { defineJob, type RecurringPayload } from '../job.ts';

export const idempotency_purge_interval_minutes = 1;
/** Records deleted per pass at most; a larger backlog takes several passes. */
export const idempotency_purge_batch_max = 10_000;

export const idempotencyPurgeJob = defineJob<RecurringPayload>({
  attemptsMax: 1, // the next pass is the retry
  recurring: { intervalMinutes: idempotency_purge_interval_minutes },
  async run(_payload, { deps }) {
    const purged = await deps.idempotency.purgeExpired(idempotency_purge_batch_max);
    if (purged > 0) deps.logger.debug('purged expired idempotency records', { purged });
  },
});
