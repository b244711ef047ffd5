// The sub-merchants' apply job (decision 0610): the KYC decisions the provider outcome ingress
// recorded (provider-outcomes/ingress.ts), each applied in its own transaction (kyc-cases.ts
// applyProviderDecision: the case, the sub-merchant's kyc_status and the kyc.* event). Only the
// decisions that failed are retried; after the last attempt they stay in the queue as a failed job
// (the dead letter) and are marked given up in the inbox. A decision already applied is not
// applied again.
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';
import { applyInboxBatch } from '../../provider-outcomes/apply.ts';
import { applyProviderDecision } from '../kyc-cases.ts';

export const subMerchantsApplyKycDecisionsJob = defineJob<JobPayloads['sub_merchants.apply_kyc_decisions']>({
  attemptsMax: jobAttemptsMax['sub_merchants.apply_kyc_decisions'], // catalog.ts says why
  async run(payload, context) {
    const { deps } = context;
    return await applyInboxBatch<'kyc_decision'>(deps.sql, payload, context, async (decisions) => {
      const answers: (unknown | null)[] = [];
      for (const { outcome } of decisions) {
        answers.push(await applyProviderDecision({ sql: deps.sql, logger: deps.logger }, outcome).then(() => null, (error: unknown) => error ?? new Error('KYC decision failed')));
      }
      return answers;
    });
  },
});
