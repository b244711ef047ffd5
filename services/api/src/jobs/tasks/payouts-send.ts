// Sends payouts (domain/payout-processing.ts sendPayout): enqueued with the payouts at creation
// (due at scheduled_at for a scheduled one), and again after a transient failure (due after the
// retry schedule's wait). One job carries up to payoutSendJobChunkMax payouts (a batch's members
// in chunks). Exactly once per payout whatever runs it: the move queued -> processing happens
// under the payout's row lock, and the rail call is idempotent on (payout, attempt).
import { sendPayout } from '../../domain/payout-processing.ts';
import { mapWithConcurrency } from '../../map-with-concurrency.ts';
import { defineJob } from '../job.ts';

export type PayoutsSendPayload = { payoutIds: string[] };

/** Rail calls one job makes at once: overlaps the sandbox's round trips without taking the worker pool. */
export const payoutSendConcurrency = 4;

export const payoutsSendJob = defineJob<PayoutsSendPayload>({
  // A rail outage is retried with the library's backoff (3 s, 7 s, 20 s, ... about 2 days in all).
  attemptsMax: 25,
  async run(payload, { deps }) {
    const failures: unknown[] = [];
    await mapWithConcurrency(payload.payoutIds, payoutSendConcurrency, async (payoutId) => {
      try {
        await sendPayout({ sql: deps.sql, ledger: deps.ledger, payouts: deps.payouts, logger: deps.logger }, payoutId);
      } catch (error) {
        failures.push(error);
      }
    });
    // The whole job is retried: payouts already sent answer as before (same attempt), final ones are skipped.
    if (failures.length > 0) throw failures[0];
  },
});
