// The collections' apply job (decision 0610): the collection and refund outcomes the provider
// outcome ingress recorded (provider-outcomes/ingress.ts), settled in batches of up to
// applyChunkMax, each in one transaction and one ledger batch (rail-outcomes.ts). Only the
// outcomes that failed are retried (graphile-worker's batch jobs); after the last attempt they
// stay in the queue as a failed job (the dead letter) and are marked given up in the inbox.
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';
import { applyInboxBatch } from '../../provider-outcomes/apply.ts';
import { applyRailOutcomes } from '../rail-outcomes.ts';

export const collectionsApplyProviderOutcomesJob = defineJob<JobPayloads['collections.apply_provider_outcomes']>({
  attemptsMax: jobAttemptsMax['collections.apply_provider_outcomes'], // catalog.ts says why
  async run(payload, context) {
    const { deps } = context;
    return await applyInboxBatch<'collection' | 'refund'>(deps.sql, payload, context, (outcomes) =>
      // One connection per refund outcome settling at once, as many as the worker pool has.
      applyRailOutcomes(deps, outcomes.map((o) => o.outcome), { refundOutcomesAtOnce: deps.config.workerPoolMax }));
  },
});
