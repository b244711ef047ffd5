// The payouts' apply job (decision 0610): the payout rails' outcomes the provider outcome
// ingress recorded (provider-outcomes/ingress.ts), applied in batches of up to applyChunkMax, each
// in one transaction (payout-rail-outcomes.ts: payouts, or partner withdrawals sent on the same
// rails). A batch that fails is retried; after the last attempt its outcomes stay in the queue as
// a failed job (the dead letter) and are marked given up in the inbox.
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';
import { applyInboxBatch } from '../../provider-outcomes/apply.ts';
import { applyPayoutRailOutcomes } from '../payout-rail-outcomes.ts';

export const payoutsApplyProviderOutcomesJob = defineJob<JobPayloads['payouts.apply_provider_outcomes']>({
  attemptsMax: jobAttemptsMax['payouts.apply_provider_outcomes'], // catalog.ts says why
  async run(payload, context) {
    const { deps } = context;
    return await applyInboxBatch<'payout'>(deps.sql, payload, context, async (outcomes) => {
      // One transaction for the batch: it applies entirely or not at all.
      await applyPayoutRailOutcomes({ sql: deps.sql, ledger: deps.ledger, payouts: deps.payouts, logger: deps.logger }, outcomes.map((o) => o.outcome));
      return outcomes.map(() => null);
    });
  },
});
