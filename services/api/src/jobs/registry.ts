// Every job the service runs, by name, with the task that runs it. Adding a job: its name,
// payload and attempts in catalog.ts, a file under jobs/tasks/ (or beside its domain) exporting a
// defineJob(...) definition, and one line here; the type checker refuses a name missing from
// either side or a task whose payload is not the catalog's (docs/jobs.md).
import type { JobName, JobPayloads } from './catalog.ts';
import type { JobDefinition } from './job.ts';
import { idempotencyPurgeJob } from './tasks/idempotency-purge.ts';
import { finishUnfinishedRunsJob } from './tasks/idempotency-finish-unfinished.ts';
import { kycSandboxDeliverDecisionJob } from '../connectors/sandbox/kyc/deliver-decision-job.ts';
import { kycSubmitCaseJob } from '../sub-merchants/jobs/kyc-submit-case.ts';
import { voidRefundReservationsJob } from '../collections/jobs/refunds-void-reservations.ts';
import { voidAbandonedHoldsJob } from './tasks/holds-void-abandoned.ts';
import { payoutRailsSandboxDeliverOutcomeJob } from '../connectors/sandbox/payout-rails/deliver-outcome-job.ts';
import { payoutRailsSandboxDeliverDueOutcomesJob, payoutRailsSandboxSweepOutcomesJob } from '../connectors/sandbox/payout-rails/deliver-due-outcomes-job.ts';
import { payoutsSendJob } from '../payouts/jobs/payouts-send.ts';
import { deliverEndpointJob, sweepJob } from '../webhooks/jobs.ts';
import { partnerWithdrawalsSendJob } from '../partner-wallets/jobs/partner-withdrawals-send.ts';
import { escrowAutoReleaseJob } from '../collections/splits/jobs/escrow-auto-release.ts';
import { collectionsApplyProviderOutcomesJob } from '../collections/jobs/apply-provider-outcomes.ts';
import { payoutsApplyProviderOutcomesJob } from '../payouts/jobs/apply-provider-outcomes.ts';
import { subMerchantsApplyKycDecisionsJob } from '../sub-merchants/jobs/apply-kyc-decisions.ts';
import { collectionRailsSandboxDeliverDueOutcomesJob, collectionRailsSandboxSweepOutcomesJob } from '../connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts';
import { providersPollStatusesJob } from '../provider-routing/jobs/poll-statuses.ts';
import { mpesaSweepStatusRecordsJob } from '../connectors/mpesa/jobs/sweep-status-records.ts';
import { ledgerVerifyJob } from '../ledger-verification/jobs/verify-ledger.ts';

export const jobDefinitions = {
  'idempotency.purge_expired': idempotencyPurgeJob,
  'idempotency.finish_unfinished': finishUnfinishedRunsJob,
  'refunds.void_pending_reservations': voidRefundReservationsJob,
  'holds.void_abandoned': voidAbandonedHoldsJob,
  'kyc.submit_case': kycSubmitCaseJob,
  'kyc.sandbox_deliver_decision': kycSandboxDeliverDecisionJob,
  'collections.apply_provider_outcomes': collectionsApplyProviderOutcomesJob,
  'payouts.apply_provider_outcomes': payoutsApplyProviderOutcomesJob,
  'sub_merchants.apply_kyc_decisions': subMerchantsApplyKycDecisionsJob,
  'collection_rails.sandbox_deliver_due_outcomes': collectionRailsSandboxDeliverDueOutcomesJob,
  'collection_rails.sandbox_sweep_outcomes': collectionRailsSandboxSweepOutcomesJob,
  'payouts.send': payoutsSendJob,
  'payout_rails.sandbox_deliver_outcome': payoutRailsSandboxDeliverOutcomeJob,
  'payout_rails.sandbox_deliver_due_outcomes': payoutRailsSandboxDeliverDueOutcomesJob,
  'payout_rails.sandbox_sweep_outcomes': payoutRailsSandboxSweepOutcomesJob,
  'partner_withdrawals.send': partnerWithdrawalsSendJob,
  'escrow.auto_release': escrowAutoReleaseJob,
  'providers.poll_statuses': providersPollStatusesJob,
  'mpesa.sweep_status_records': mpesaSweepStatusRecordsJob,
  'ledger.verify': ledgerVerifyJob,
  // Run by the webhook runner (webhooks/worker.ts), never by the main one: see below.
  'webhooks.deliver_endpoint': deliverEndpointJob,
  'webhooks.sweep': sweepJob,
} as const satisfies { [Name in JobName]: JobDefinition<JobPayloads[Name]> };

export type { JobName, JobPayloads } from './catalog.ts';

/**
 * Jobs with a runner of their own: a webhook sender may wait the whole attempt timeout on a
 * receiver, so the webhook jobs run in the webhook runner with its own concurrency
 * (WEBHOOK_WORKER_CONCURRENCY), where they can never hold the slots of the jobs above.
 */
export const jobsWithOwnRunner: readonly JobName[] = ['webhooks.deliver_endpoint', 'webhooks.sweep'];

/** What the main runner runs (its default): every job but those with a runner of their own. */
export const mainRunnerJobDefinitions: Record<string, JobDefinition<never>> = Object.fromEntries(
  Object.entries(jobDefinitions).filter(([name]) => !jobsWithOwnRunner.includes(name as JobName)));
