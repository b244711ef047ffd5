// The sandbox payout rails' batch "callback": delivers every outcome of one rail that is due and
// not yet delivered, up to sandboxOutcomesPerDelivery at a time, until none is left. A send
// schedules it at the end of the 100 ms window its outcome falls due in (one job per window and
// rail: the sends of a burst share it), and a recurring pass catches any outcome whose job ran
// before the send that needed it committed. The outcomes go to the provider outcome ingress
// (provider-outcomes/ingress.ts), as a real provider's batch callback would, which records them
// and queues the payouts' apply job (decision 0610). Several runners may run it at once: each
// claims different sends (FOR UPDATE SKIP LOCKED).
import { recordProviderOutcomes } from '../../../provider-outcomes/ingress.ts';
import { payoutDestinationTypes, type PayoutDestinationType } from '../../../payout-rails/types.ts';
import { defineJob, type JobDeps } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobName, type JobPayloads } from '../../../jobs/catalog.ts';
import { removeWaitingJobsDueBy } from '../../../jobs/queue.ts';

export type PayoutRailsSandboxDeliverDueOutcomesPayload = JobPayloads['payout_rails.sandbox_deliver_due_outcomes'];

const deliverJobName = 'payout_rails.sandbox_deliver_due_outcomes' satisfies JobName;
/** The key of a rail's delivery jobs (runtime.ts adds the window: one job per rail and window). */
export const sandboxDeliveryJobKeyPrefix = (destinationType: PayoutDestinationType): string => `${deliverJobName}:${destinationType}:`;
/** Outcomes recorded in one transaction: large enough to amortize the commit, small enough to keep locks short. */
export const sandboxOutcomesPerDelivery = 200;
/** The window sends share one delivery job in. */
export const sandboxOutcomeWindowMs = 100;
export const sandboxOutcomeSweepIntervalMinutes = 1;
/** The provider name the sandbox payout rails report under (provider_outcomes.provider). */
export const sandboxPayoutProvider = 'sandbox';

/** Hands every due, undelivered outcome of this rail to the ingress, in batches. Returns how many. */
export async function deliverDueSandboxPayoutOutcomes(deps: JobDeps, destinationType: PayoutDestinationType): Promise<number> {
  const sandbox = deps.payouts.rails.sandboxFor(destinationType);
  if (sandbox === null) return 0; // a real connector replaced the sandbox: nothing of its will answer here
  // The waiting jobs of this rail's windows already ended: the claims below, each a later
  // statement, take their outcomes (a send and its job commit together), so those jobs would run
  // for nothing. Sends another runner leased are its to deliver (decision 0635).
  await removeWaitingJobsDueBy(deps.sql, deliverJobName, sandboxDeliveryJobKeyPrefix(destinationType));
  let delivered = 0;
  for (;;) {
    const n = await sandbox.deliverDueOutcomes(async (outcomes) => {
      await recordProviderOutcomes(deps.sql, outcomes.map((outcome) => ({ kind: 'payout' as const, provider: sandboxPayoutProvider, outcome })));
    }, sandboxOutcomesPerDelivery);
    delivered += n;
    if (n < sandboxOutcomesPerDelivery) return delivered;
  }
}

export const payoutRailsSandboxDeliverDueOutcomesJob = defineJob<JobPayloads['payout_rails.sandbox_deliver_due_outcomes']>({
  attemptsMax: jobAttemptsMax['payout_rails.sandbox_deliver_due_outcomes'], // catalog.ts says why
  async run(payload, { deps }) {
    await deliverDueSandboxPayoutOutcomes(deps, payload.destinationType);
  },
});

export const payoutRailsSandboxSweepOutcomesJob = defineJob<JobPayloads['payout_rails.sandbox_sweep_outcomes']>({
  attemptsMax: jobAttemptsMax['payout_rails.sandbox_sweep_outcomes'], // catalog.ts says why
  recurring: { intervalMinutes: sandboxOutcomeSweepIntervalMinutes },
  async run(_payload, { deps }) {
    for (const type of payoutDestinationTypes) {
      const delivered = await deliverDueSandboxPayoutOutcomes(deps, type);
      if (delivered > 0) deps.logger.info('sandbox payout outcomes delivered by the sweep', { destination_type: type, delivered });
    }
  },
});
