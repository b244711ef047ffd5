// Sends payouts (domain/payout-processing.ts sendPayouts): enqueued with the payouts at creation
// (due at scheduled_at for a scheduled one), and again after a transient failure (due after the
// retry schedule's wait). One job carries up to payoutSendJobChunkMax payouts (a batch's members
// in chunks). Exactly once per payout whatever runs it: the move queued -> processing happens
// under the payouts' row locks, and the rail call is idempotent on (payout, attempt).
import { sendPayouts } from '../../domain/payout-processing.ts';
import { defineJob } from '../job.ts';

export type PayoutsSendPayload = { payoutIds: string[] };

export const payoutsSendJob = defineJob<PayoutsSendPayload>({
  // A rail outage is retried with the library's backoff (3 s, 7 s, 20 s, ... about 2 days in all);
  // payouts already sent answer as before (same attempt), final ones are skipped.
  attemptsMax: 25,
  async run(payload, { deps }) {
    await sendPayouts({ sql: deps.sql, ledger: deps.ledger, payouts: deps.payouts, logger: deps.logger }, payload.payoutIds);
  },
});
