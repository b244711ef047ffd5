// The sandbox KYC provider's "webhook": delivers its decision on a case once SANDBOX_KYC_DELAY_MS
// has passed (the provider enqueued this job, due then, with its record of the submission). The
// decision is applied by the same handler a real provider's webhook would reach
// (kyc-cases.ts applyProviderDecision): the case, the sub-merchant's kyc_status and the kyc.*
// event in one transaction. Idempotent: a decision already applied is not applied again.
import { applyProviderDecision } from '../../../sub-merchants/kyc-cases.ts';
import { defineJob } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../../jobs/catalog.ts';

export type KycSandboxDeliverDecisionPayload = JobPayloads['kyc.sandbox_deliver_decision'];

export const kycSandboxDeliverDecisionJob = defineJob<JobPayloads['kyc.sandbox_deliver_decision']>({
  attemptsMax: jobAttemptsMax['kyc.sandbox_deliver_decision'], // catalog.ts says why
  async run(payload, { deps }) {
    const sandbox = deps.kyc.sandbox;
    if (sandbox === null) {
      // Queued by a sandbox provider that a real one has since replaced: nothing will decide it here.
      deps.logger.warn('sandbox KYC decision job without a sandbox provider; dropped', { kyc_case_id: payload.caseId });
      return;
    }
    const outcome = await sandbox.deliverDecision(payload.caseId, async (decision) => {
      await applyProviderDecision({ sql: deps.sql, logger: deps.logger }, decision);
    });
    if (outcome === 'unknown_case') deps.logger.warn('sandbox KYC decision job for an unknown case', { kyc_case_id: payload.caseId });
  },
});
