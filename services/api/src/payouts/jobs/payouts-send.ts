// Sends payouts (payouts/payout-processing.ts sendPayouts): enqueued with the payouts at creation
// (due at scheduled_at for a scheduled one), and again after a transient failure (due after the
// retry schedule's wait). One job carries up to payoutSendJobChunkMax payouts (a batch's members
// in chunks). Exactly once per payout whatever runs it: the move queued -> processing happens
// under the payouts' row locks, and the rail call is idempotent on (payout, attempt).
import { sendPayouts } from '../payout-processing.ts';
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';

export type PayoutsSendPayload = JobPayloads['payouts.send'];

export const payoutsSendJob = defineJob<JobPayloads['payouts.send']>({
  attemptsMax: jobAttemptsMax['payouts.send'], // catalog.ts says why
  async run(payload, { deps }) {
    await sendPayouts({ sql: deps.sql, ledger: deps.ledger, payouts: deps.payouts, logger: deps.logger }, payload.payoutIds);
  },
});
