// The provider outcome ingress (types.ts ProviderOutcomeIngress; decision 0610): records each
// outcome in the inbox (provider_outcomes), deduplicated by (provider, kind, providerReference),
// and in the same transaction queues the apply job of the capability that owns it:
//   collection, refund -> collections.apply_provider_outcomes (collections/jobs/)
//   payout             -> payouts.apply_provider_outcomes      (payouts/jobs/)
//   kyc_decision       -> sub_merchants.apply_kyc_decisions    (sub-merchants/jobs/)
// The job's payload is the array of inbox ids. Outcomes recorded within the same 100 ms window
// share one job (graphile-worker's batch jobs: a job key per capability and window in
// 'preserve_run_at' mode appends the ids to the waiting job's array), due at the window's end: a
// burst of callbacks is applied in a few batches, each in one transaction and one ledger batch,
// which is what decision 0081 measured the poll loop for.
//
// A second delivery of an outcome already applied changes nothing. One not applied yet (its
// application is failing, or was given up: a dead letter) is queued again: a provider resending
// an outcome is how a dead letter comes back (collections' askForOutcomeAgain, decision 0182).
import type { Queryable, Sql } from '../db/index.ts';
import { jobAttemptsMax, type JobName } from '../jobs/catalog.ts';
import type { ProviderOutcome, ProviderOutcomeIngress, ProviderOutcomeKind } from './types.ts';

/** Outcomes recorded within this window share one apply job, due at its end. */
export const applyWindowMs = 100;

/** The apply job of each kind: the job of the capability that owns it. */
export const applyJobOf = {
  collection: 'collections.apply_provider_outcomes',
  refund: 'collections.apply_provider_outcomes',
  payout: 'payouts.apply_provider_outcomes',
  kyc_decision: 'sub_merchants.apply_kyc_decisions',
} as const satisfies Record<ProviderOutcomeKind, JobName>;

/** The provider's reference of this answer: what a second delivery of it repeats. */
export function dedupeReferenceOf(outcome: ProviderOutcome): string {
  // A KYC case may be decided more than once (needs_review, then verified): each is an answer.
  if (outcome.kind === 'kyc_decision') return `${outcome.outcome.providerReference}:${outcome.outcome.status}`;
  return outcome.outcome.providerReference;
}

/**
 * Records the outcomes and queues their application, on `q` (a transaction of the caller's, so
 * that whatever it marks delivered commits with the record, or the pool: one transaction here).
 */
export async function recordProviderOutcomes(q: Queryable, outcomes: readonly ProviderOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  if ('begin' in q) {
    await q.begin((tx) => recordIn(tx, outcomes));
    return;
  }
  await recordIn(q, outcomes);
}

async function recordIn(tx: Queryable, outcomes: readonly ProviderOutcome[]): Promise<void> {
  // Sorted by key, so two deliveries of overlapping batches take the unique index's locks in one order.
  const rows = outcomes
    .map((outcome) => ({ provider: outcome.provider, kind: outcome.kind, reference: dedupeReferenceOf(outcome), body: JSON.stringify(outcome.outcome) }))
    .sort((a, b) => compare(`${a.provider}\n${a.kind}\n${a.reference}`, `${b.provider}\n${b.kind}\n${b.reference}`));
  // Inserted, or already there and not applied yet (queued again); an applied one is left alone.
  const queued = await tx<{ id: string; kind: ProviderOutcomeKind }[]>`
    with given (provider, kind, provider_reference, body) as (
      select * from unnest(${rows.map((r) => r.provider)}::text[], ${rows.map((r) => r.kind)}::text[],
                           ${rows.map((r) => r.reference)}::text[], ${rows.map((r) => r.body)}::text[])
    ), inserted as (
      insert into provider_outcomes (provider, kind, provider_reference, body)
      select distinct on (provider, kind, provider_reference) provider, kind, provider_reference, body::jsonb from given
      on conflict (provider, kind, provider_reference) do nothing
      returning id, kind
    ), again as (
      update provider_outcomes o set given_up_at = null
      from given g
      where o.provider = g.provider and o.kind = g.kind and o.provider_reference = g.provider_reference
        and o.applied_at is null
      returning o.id, o.kind
    )
    select id::text as id, kind from inserted
    union
    select id::text as id, kind from again`;
  const idsByJob = new Map<JobName, string[]>();
  for (const row of queued) {
    const job = applyJobOf[row.kind];
    idsByJob.set(job, [...(idsByJob.get(job) ?? []), row.id]);
  }
  for (const [job, ids] of idsByJob) await queueApply(tx, job, ids);
}

/**
 * Appends the ids to the capability's apply job of the current window. The window is read from
 * the database's clock in the same statement as the add: a job is taken no earlier than its
 * window's end, so an add that still computes its window never finds that job running (which
 * would make graphile-worker mark the running job spent); an add that lost the race anyway (the
 * job was taken meanwhile) gets no row back and goes to the next window.
 */
async function queueApply(tx: Queryable, job: JobName, ids: readonly string[]): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const [row] = await tx<{ id: string | null }[]>`
      select (graphile_worker.add_job(
        identifier => ${job},
        payload => ${tx.json([...ids])}::json,
        run_at => to_timestamp(((w.n + 1) * ${applyWindowMs})::double precision / 1000),
        max_attempts => ${jobAttemptsMax[job]}::int,
        job_key => ${job} || ':' || w.n,
        job_key_mode => 'preserve_run_at'
      )).id::text as id
      from (select floor(extract(epoch from clock_timestamp()) * 1000 / ${applyWindowMs})::bigint as n) as w`;
    if (row?.id !== null && row?.id !== undefined) return;
  }
  throw new Error(`could not queue ${job}: its window's job was taken five times in a row`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The ingress on a pool: each record() is one transaction. */
export function createProviderOutcomeIngress(sql: Sql): ProviderOutcomeIngress {
  return { record: (outcomes) => recordProviderOutcomes(sql, outcomes) };
}
