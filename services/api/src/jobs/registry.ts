// Every job the service runs, by name. Adding a job: a file under jobs/tasks/ (or beside its
// domain) exporting a defineJob(...) definition, and one line here. The name is what
// enqueueJob takes and what the queue's rows carry: `<area>.<what it does>`, never renamed
// while jobs of that name may still be queued (docs/jobs.md).
import type { JobDefinition } from './job.ts';
import { completeAbandonedCollectionsJob } from './tasks/collections-complete-abandoned.ts';
import { idempotencyPurgeJob } from './tasks/idempotency-purge.ts';
import { kycSandboxDeliverDecisionJob } from './tasks/kyc-sandbox-deliver-decision.ts';
import { kycSubmitCaseJob } from './tasks/kyc-submit-case.ts';
import { voidRefundReservationsJob } from './tasks/refunds-void-reservations.ts';

export const jobDefinitions = {
  'idempotency.purge_expired': idempotencyPurgeJob,
  'collections.complete_abandoned': completeAbandonedCollectionsJob,
  'refunds.void_pending_reservations': voidRefundReservationsJob,
  'kyc.submit_case': kycSubmitCaseJob,
  'kyc.sandbox_deliver_decision': kycSandboxDeliverDecisionJob,
} as const satisfies Record<string, JobDefinition<never>>;

export type JobName = keyof typeof jobDefinitions;
/** Each job's payload type, from its definition: enqueueJob checks a payload against it. */
export type JobPayloads = { [Name in JobName]: (typeof jobDefinitions)[Name] extends JobDefinition<infer Payload> ? Payload : never };
