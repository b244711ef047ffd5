// The sandbox payout rails' "callback": delivers the outcome of one send attempt once
// SANDBOX_PAYOUT_DELAY_MS (or SANDBOX_PAYOUT_SLOW_DELAY_MS) has passed; the provider enqueued this
// job, due then, with its record of the send. The outcome goes to the provider outcome ingress
// (provider-outcomes/ingress.ts), as a real provider's callback would. Idempotent.
import { recordProviderOutcomes } from '../../../provider-outcomes/ingress.ts';
import { sandboxPayoutProvider } from './deliver-due-outcomes-job.ts';
import type { PayoutDestinationType } from '../../../payout-rails/types.ts';
import { defineJob } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../../jobs/catalog.ts';

export type PayoutRailsSandboxDeliverOutcomePayload = JobPayloads['payout_rails.sandbox_deliver_outcome'];

export const payoutRailsSandboxDeliverOutcomeJob = defineJob<JobPayloads['payout_rails.sandbox_deliver_outcome']>({
  attemptsMax: jobAttemptsMax['payout_rails.sandbox_deliver_outcome'], // catalog.ts says why
  async run(payload, { deps }) {
    const sandbox = deps.payouts.rails.sandboxFor(payload.destinationType);
    if (sandbox === null) {
      // Queued by a sandbox rail that a real connector has since replaced: nothing will answer it here.
      deps.logger.warn('sandbox payout outcome job without a sandbox rail; dropped', { payout_id: payload.payoutId });
      return;
    }
    const delivered = await sandbox.deliverOutcome(payload.payoutId, payload.attempt, async (outcome) => {
      await recordProviderOutcomes(deps.sql, [{ kind: 'payout', provider: sandboxPayoutProvider, outcome }]);
    });
    if (delivered === 'unknown_send') deps.logger.warn('sandbox payout outcome job for an unknown send', { payout_id: payload.payoutId });
  },
});
