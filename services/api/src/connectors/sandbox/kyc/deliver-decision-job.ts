// The sandbox KYC provider's "webhook": delivers its decision on a case once SANDBOX_KYC_DELAY_MS
// has passed (the provider enqueued this job, due then, with its record of the submission). The
// decision goes to the provider outcome ingress (provider-outcomes/ingress.ts), as a real
// provider's webhook would; the sub-merchants' apply job applies it (decision 0610). Idempotent:
// a decision already recorded is not recorded again.
import { recordProviderOutcomes } from '../../../provider-outcomes/ingress.ts';
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
      await recordProviderOutcomes(deps.sql, [{ kind: 'kyc_decision', provider: sandbox.provider, outcome: decision }]);
    });
    if (outcome === 'unknown_case') deps.logger.warn('sandbox KYC decision job for an unknown case', { kyc_case_id: payload.caseId });
  },
});
