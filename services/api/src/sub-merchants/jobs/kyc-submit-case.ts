// Submits a new sub-merchant's KYC case to the provider (enqueued by POST /sub-merchants in the
// transaction that creates the case). The provider call runs here, after the request's commit and
// outside any database transaction. A provider outage throws, and the queue retries with its
// backoff (3 s, 7 s, 20 s, 55 s, ... about three days in all); the provider answers a repeated
// submission of the same case with its original reference, so a retry never opens a second check.
import { submitKycCase } from '../kyc-cases.ts';
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';

export const kycSubmitCaseJob = defineJob<JobPayloads['kyc.submit_case']>({
  attemptsMax: jobAttemptsMax['kyc.submit_case'], // catalog.ts says why
  async run(payload, { deps }) {
    await submitKycCase({ sql: deps.sql, kyc: deps.kyc, logger: deps.logger }, payload.caseId);
  },
});
