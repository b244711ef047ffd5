// The refund-reservation sweeper (domain/refunds.ts voidPendingRefundReservations): voids the
// ledger reservations of refunds whose undo a crash interrupted after its database commit.
import { refund_void_sweep_age_ms_default, voidPendingRefundReservations } from '../../domain/refunds.ts';
import { defineJob, type RecurringPayload } from '../job.ts';

export const refund_void_sweep_interval_minutes = 1;
/** Recorded voids finished per pass at most. */
export const refund_void_sweep_batch_max = 1_000;

export const voidRefundReservationsJob = defineJob<RecurringPayload>({
  attemptsMax: 1, // a void the ledger refused stays recorded for the next pass
  recurring: { intervalMinutes: refund_void_sweep_interval_minutes },
  async run(_payload, { deps }) {
    const { voided, failed } = await voidPendingRefundReservations(deps, {
      olderThanMs: refund_void_sweep_age_ms_default, limit: refund_void_sweep_batch_max,
    });
    if (voided > 0) deps.logger.warn('voided refund reservations a crash had left held', { voided });
    if (failed.length > 0) deps.logger.error('could not void refund reservations; retrying next sweep', { refund_ids: failed });
  },
});
