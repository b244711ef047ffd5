// Sends a partner withdrawal's current attempt through its payout rail (partner-wallets/partner-withdrawals.ts
// sendPartnerWithdrawal): enqueued with the withdrawal's reservation, and again, as the next
// attempt, after a transient failure. Exactly once per attempt whatever runs it: the rail call is
// idempotent on (withdrawal, attempt), and a final withdrawal is skipped.
import { sendPartnerWithdrawal } from '../partner-withdrawals.ts';
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';

export type PartnerWithdrawalsSendPayload = JobPayloads['partner_withdrawals.send'];

export const partnerWithdrawalsSendJob = defineJob<JobPayloads['partner_withdrawals.send']>({
  attemptsMax: jobAttemptsMax['partner_withdrawals.send'], // catalog.ts says why
  async run(payload, { deps }) {
    await sendPartnerWithdrawal({ sql: deps.sql, ledger: deps.ledger, payouts: deps.payouts, logger: deps.logger }, payload.withdrawalId);
  },
});
