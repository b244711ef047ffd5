// The sandbox collection rails' "callbacks" (decision 0610): the provider sends each final outcome
// once it falls due, to the provider outcome ingress (provider-outcomes/ingress.ts), the same way
// a real provider's verified callback reaches it. Migration 0610's scheduler queues this job at
// the end of the 100 ms window an outcome falls due in (one job per window: the initiations of a
// burst share it), and a recurring pass catches any outcome a window's job missed (its statement
// committed after the job's claim). The job claims the due outcomes in batches
// (FOR UPDATE SKIP LOCKED: runners running it at once take different ones), records each batch
// and marks it delivered in one transaction: recorded and delivered together, or neither.
import type { Sql } from '../../../db/index.ts';
import { defineJob } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobName, type JobPayloads } from '../../../jobs/catalog.ts';
import { removeWaitingJobsDueBy } from '../../../jobs/queue.ts';
import { recordProviderOutcomes } from '../../../provider-outcomes/ingress.ts';
import type { ProviderOutcome } from '../../../provider-outcomes/types.ts';
import type { Rail, RailFailureReason, RailOutcomeKind, RailOutcomeStatus } from '../../../rails/types.ts';

/** Outcomes handed to the ingress in one transaction. */
export const sandboxRailOutcomesPerDelivery = 500;
export const sandboxRailOutcomeSweepIntervalMinutes = 1;
/** This job's name in the queue: the scheduler (migrations 0610, 0770) keys its jobs `<name>:<window>`. */
const deliverJobName = 'collection_rails.sandbox_deliver_due_outcomes' satisfies JobName;
/** The provider name the sandbox collection rails report under (provider_outcomes.provider). */
export const sandboxRailsProvider = 'sandbox';

type DueRow = {
  id: string; provider_reference: string; rail: Rail; transaction_id: string;
  kind: RailOutcomeKind; outcome: RailOutcomeStatus; failure_reason: RailFailureReason | null;
};

/** Hands every due, undelivered outcome to the ingress, `limit` per transaction. Returns how many. */
export async function deliverDueSandboxRailOutcomes(sql: Sql, limit = sandboxRailOutcomesPerDelivery): Promise<number> {
  let delivered = 0;
  for (let batch = 0; ; batch += 1) {
    const n = await sql.begin(async (tx) => {
      // The waiting jobs of the windows already ended: this claim, a later snapshot in the same
      // transaction, delivers their outcomes (a job is queued in its outcome's transaction, so a
      // job seen has its outcome committed and due). One another runner holds is its to deliver;
      // should that fail, the sweep delivers it (decision 0635).
      if (batch === 0) await removeWaitingJobsDueBy(tx, deliverJobName, `${deliverJobName}:`);
      const due = await tx<DueRow[]>`
        select id::text as id, provider_reference, rail, transaction_id::text as transaction_id, kind, outcome, failure_reason
        from sandbox_rail_outcomes
        where delivered_at is null and abandoned_at is null and due_at <= now()
        order by due_at, id limit ${limit}
        for update skip locked`;
      if (due.length === 0) return 0;
      await recordProviderOutcomes(tx, due.map((row): ProviderOutcome => ({
        kind: row.kind,
        provider: sandboxRailsProvider,
        outcome: {
          providerReference: row.provider_reference, rail: row.rail, kind: row.kind, status: row.outcome,
          failureReason: row.failure_reason, transactionId: row.transaction_id,
        },
      })));
      await tx`update sandbox_rail_outcomes set delivered_at = now(), attempts = attempts + 1, last_error = null
               where id = any(${due.map((row) => row.id)}::bigint[])`;
      return due.length;
    });
    delivered += n;
    if (n < limit) return delivered;
  }
}

export const collectionRailsSandboxDeliverDueOutcomesJob = defineJob<JobPayloads['collection_rails.sandbox_deliver_due_outcomes']>({
  attemptsMax: jobAttemptsMax['collection_rails.sandbox_deliver_due_outcomes'], // catalog.ts says why
  async run(_payload, { deps }) {
    await deliverDueSandboxRailOutcomes(deps.sql);
  },
});

export const collectionRailsSandboxSweepOutcomesJob = defineJob<JobPayloads['collection_rails.sandbox_sweep_outcomes']>({
  attemptsMax: jobAttemptsMax['collection_rails.sandbox_sweep_outcomes'], // catalog.ts says why
  recurring: { intervalMinutes: sandboxRailOutcomeSweepIntervalMinutes },
  async run(_payload, { deps }) {
    const delivered = await deliverDueSandboxRailOutcomes(deps.sql);
    if (delivered > 0) deps.logger.info('sandbox rail outcomes delivered by the sweep', { delivered });
  },
});
