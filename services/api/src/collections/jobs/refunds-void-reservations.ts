// The refund-reservation sweeper (collections/refunds.ts voidPendingRefundReservations): voids the
// ledger reservations of refunds whose undo a crash interrupted after its database commit.
import { refundVoidSweepAgeMsDefault, voidPendingRefundReservations } from '../refunds.ts';
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';

export const refundVoidSweepIntervalMinutes = 1;
/** Recorded voids finished per pass at most. */
export const refundVoidSweepBatchMax = 1_000;

export const voidRefundReservationsJob = defineJob<JobPayloads['refunds.void_pending_reservations']>({
  attemptsMax: jobAttemptsMax['refunds.void_pending_reservations'], // catalog.ts says why
  recurring: { intervalMinutes: refundVoidSweepIntervalMinutes },
  async run(_payload, { deps }) {
    const { voided, failed } = await voidPendingRefundReservations(deps, {
      olderThanMs: refundVoidSweepAgeMsDefault, limit: refundVoidSweepBatchMax,
    });
    if (voided > 0) deps.logger.warn('voided refund reservations a crash had left held', { voided });
    if (failed.length > 0) deps.logger.error('could not void refund reservations; retrying next sweep', { refund_ids: failed });
  },
});
