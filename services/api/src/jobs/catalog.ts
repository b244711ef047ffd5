// What a job IS, apart from what it does: every job's name, its payload and its attempts. The
// queue (queue.ts) enqueues by this catalog alone, so a domain module that enqueues a job never
// imports the task that runs it, nor the registry that imports every task (which import the
// domain): the import cycle that held 33 modules together (issue 23, decision 0600). The registry
// (registry.ts) pairs each name with its task and the type checker keeps the two in step.
//
// A name is what the queue's rows carry: `<area>.<what it does>`, never renamed while jobs of that
// name may still be queued (docs/jobs.md).
import type { PayoutDestinationType } from '../payout-rails/types.ts';

/** The payload graphile-worker's scheduler gives a recurring job (when the pass was due). */
export type RecurringPayload = { _cron?: { ts: string; backfilled?: boolean } };

export type JobPayloads = {
  'idempotency.purge_expired': RecurringPayload;
  'idempotency.finish_unfinished': RecurringPayload;
  'refunds.void_pending_reservations': RecurringPayload;
  'holds.void_abandoned': RecurringPayload;
  'kyc.submit_case': { caseId: string };
  'kyc.sandbox_deliver_decision': { caseId: string };
  // The provider outcome inbox's apply jobs (provider-outcomes/): inbox ids, appended to by every
  // outcome recorded in the same window (graphile-worker's batch jobs).
  'collections.apply_provider_outcomes': string[];
  'payouts.apply_provider_outcomes': string[];
  'sub_merchants.apply_kyc_decisions': string[];
  'collection_rails.sandbox_deliver_due_outcomes': Record<string, never>;
  'collection_rails.sandbox_sweep_outcomes': RecurringPayload;
  'payouts.send': { payoutIds: string[] };
  'payout_rails.sandbox_deliver_outcome': { destinationType: PayoutDestinationType; payoutId: string; attempt: number };
  'payout_rails.sandbox_deliver_due_outcomes': { destinationType: PayoutDestinationType };
  'payout_rails.sandbox_sweep_outcomes': RecurringPayload;
  'partner_withdrawals.send': { withdrawalId: string };
  'escrow.auto_release': RecurringPayload;
  'providers.poll_statuses': RecurringPayload;
  'mpesa.sweep_status_records': RecurringPayload;
  'ledger.verify': RecurringPayload;
  'webhooks.deliver_endpoint': { endpoint_id: string };
  'webhooks.sweep': Record<string, never>;
};

export type JobName = keyof JobPayloads;

/**
 * Attempts before a job is left failed in the queue (graphile-worker's max_attempts, set when it
 * is enqueued). A failed attempt is retried after exp(min(attempt, 10)) seconds: 3 s, 7 s, 20 s,
 * 55 s, ... (the library's backoff); 25 attempts span about 2 days.
 */
export const jobAttemptsMax = {
  'idempotency.purge_expired': 1, // the next pass is the retry
  'idempotency.finish_unfinished': 1, // a run the pass could not finish is taken again by the next pass
  'refunds.void_pending_reservations': 1, // a void the ledger refused stays recorded for the next pass
  'holds.void_abandoned': 1, // an intent whose void failed stays abandoned and is taken again next pass
  'kyc.submit_case': 25,
  'kyc.sandbox_deliver_decision': 25,
  // One policy for every provider outcome, whatever its kind (decision 0610): a failed item is
  // retried with the library's backoff for about 2 days (a database or ledger outage, an outcome
  // that arrived before the row it settles), then left failed in the queue (the dead letter) and
  // marked given up in provider_outcomes; the provider resending it queues it again.
  'collections.apply_provider_outcomes': 25,
  'payouts.apply_provider_outcomes': 25,
  'sub_merchants.apply_kyc_decisions': 25,
  // The sandbox handing its due outcomes to the ingress; migration 0610's scheduler writes 25 too.
  'collection_rails.sandbox_deliver_due_outcomes': 25,
  'collection_rails.sandbox_sweep_outcomes': 1, // the next pass does what this one could not
  // A rail outage is retried with the library's backoff; payouts already sent answer as before
  // (same attempt), final ones are skipped.
  'payouts.send': 25,
  'payout_rails.sandbox_deliver_outcome': 25,
  'payout_rails.sandbox_deliver_due_outcomes': 25,
  'payout_rails.sandbox_sweep_outcomes': 1, // the next pass does what this one could not
  'partner_withdrawals.send': 25, // a rail outage is retried with the library's backoff, as payouts.send is
  'escrow.auto_release': 1, // a hold the pass could not release is still due: the next pass takes it
  'providers.poll_statuses': 1, // a poll that failed is due again after its backoff: a later pass takes it
  'mpesa.sweep_status_records': 1, // what a pass left is still expired: the next pass takes it
  'ledger.verify': 1, // a run that failed (the ledger away) is the next run's to do
  // A sender turn that throws (a database error) is retried by the queue; the sweep also re-wakes.
  'webhooks.deliver_endpoint': 5,
  'webhooks.sweep': 1, // the next pass is the retry
} as const satisfies { readonly [Name in JobName]: number };

