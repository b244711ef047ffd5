// Providers that never call back (decision 0645; docs/providers.md "Silent providers"): a
// transaction, payout attempt or partner withdrawal attempt still pending PROVIDER_STATUS_POLL_FIRST_S after it was
// accepted, at a provider whose connector has a status query, is polled with backoff (the wait
// doubles from PROVIDER_STATUS_POLL_FIRST_S up to PROVIDER_STATUS_POLL_INTERVAL_S_MAX) until the
// provider says it is final; that final status is handed to the outcome ingress, the same door
// as a callback (so a callback and a poll that both arrive change it once). The money movement is
// never retried here: only asked about.
//
// A pass (job providers.poll_statuses): add what became due to provider_status_polls; take the
// due rows with a lease (FOR UPDATE SKIP LOCKED, then next_poll_at moved past the pass), so two
// workers never ask about the same one; ask each provider outside any database transaction.
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { PayoutRailRegistry } from '../payout-rails/registry.ts';
import type { PayoutDestinationType } from '../payout-rails/types.ts';
import type { ProviderOutcome, ProviderOutcomeIngress } from '../provider-outcomes/types.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { Rail } from '../rails/types.ts';
import { mapWithConcurrency } from '../map-with-concurrency.ts';

/** Rows taken per pass: a pass every minute asks about at most this many. */
export const providerStatusPollBatchMax = 100;
/** Status queries in flight at once in a pass (each a provider's HTTP call). */
export const providerStatusPollConcurrency = 4;
/** A taken row is not taken again for this long, even if its pass died. */
const pollLeaseS = 300;
/** Stored error texts are cut to this length. */
const errorLengthMax = 300;

export type StatusPollDeps = {
  sql: Sql;
  rails: RailRegistry;
  payouts: { rails: PayoutRailRegistry };
  providerOutcomes?: ProviderOutcomeIngress;
  logger: Logger;
  config: { providers: { statusPollFirstS: number; statusPollIntervalSMax: number } };
};

type PollRow = {
  kind: 'collection' | 'refund' | 'payout'; resource_id: string; attempt: number; provider: string; polls: number;
  /** From the transaction or payout, at the time of the pass. */
  method: string | null; open: boolean | null;
};

export type StatusPollSummary = { added: number; polled: number; final: number; failed: number };

export async function pollProviderStatuses(deps: StatusPollDeps): Promise<StatusPollSummary> {
  const ingress = deps.providerOutcomes;
  if (!ingress) return { added: 0, polled: 0, final: 0, failed: 0 };
  const added = await addDuePolls(deps);
  const rows = await takeDuePolls(deps.sql);
  const summary: StatusPollSummary = { added, polled: rows.length, final: 0, failed: 0 };
  await mapWithConcurrency(rows, providerStatusPollConcurrency, async (row) => {
    try {
      const outcome = row.open ? await askProvider(deps, row) : null;
      if (row.open && outcome === null) return await pollAgain(deps, row, null);
      if (outcome) await ingress.record([outcome]);
      await deps.sql`update provider_status_polls set finished_at = now(), polls = polls + 1, last_error = null
        where kind = ${row.kind} and resource_id = ${row.resource_id} and attempt = ${row.attempt}`;
      if (outcome) summary.final += 1;
    } catch (error) {
      summary.failed += 1;
      await pollAgain(deps, row, (error as Error).message);
    }
  });
  if (summary.polled > 0) deps.logger.info('provider status polls', summary);
  return summary;
}

/** Pending work at providers that can be asked, past its first wait and not yet polled. */
async function addDuePolls(deps: StatusPollDeps): Promise<number> {
  const firstS = deps.config.providers.statusPollFirstS;
  const railProviders = deps.rails.providersWithStatusQuery();
  const payoutProviders = deps.payouts.rails.providersWithStatusQuery();
  let added = 0;
  if (railProviders.length > 0) {
    added += (await deps.sql`
      insert into provider_status_polls (kind, resource_id, attempt, provider, next_poll_at)
      select t.type, t.id, 0, t.provider, now() from transactions t
      where t.status = 'pending' and t.type in ('collection', 'refund') and t.provider = any(${railProviders})
        and t.provider_reference is not null and t.created_at < now() - make_interval(secs => ${firstS})
        and not exists (select 1 from provider_status_polls p where p.kind = t.type and p.resource_id = t.id and p.attempt = 0)
      order by t.created_at limit ${providerStatusPollBatchMax}
      on conflict do nothing`).count;
  }
  if (payoutProviders.length > 0) {
    added += (await deps.sql`
      insert into provider_status_polls (kind, resource_id, attempt, provider, next_poll_at)
      select 'payout', o.id, o.retry_count, o.provider, now() from payouts o
      where o.status = 'processing' and o.provider = any(${payoutProviders})
        and o.provider_reference is not null and o.updated_at < now() - make_interval(secs => ${firstS})
        and not exists (select 1 from provider_status_polls p where p.kind = 'payout' and p.resource_id = o.id and p.attempt = o.retry_count)
      order by o.updated_at limit ${providerStatusPollBatchMax}
      on conflict do nothing`).count;
    // Partner withdrawals go out on the same payout rails (decision 0762): polled as payouts.
    added += (await deps.sql`
      insert into provider_status_polls (kind, resource_id, attempt, provider, next_poll_at)
      select 'payout', w.id, w.attempt, w.provider, now() from partner_movements w
      where w.kind = 'withdrawal' and w.status = 'pending' and w.provider = any(${payoutProviders})
        and w.provider_reference is not null and w.updated_at < now() - make_interval(secs => ${firstS})
        and not exists (select 1 from provider_status_polls p where p.kind = 'payout' and p.resource_id = w.id and p.attempt = w.attempt)
      order by w.updated_at limit ${providerStatusPollBatchMax}
      on conflict do nothing`).count;
  }
  return added;
}

/** The due rows, each leased to this pass, with what they poll about (its rail or type, and whether it is still open). */
async function takeDuePolls(sql: Sql): Promise<PollRow[]> {
  return await sql<PollRow[]>`
    with due as (
      select kind, resource_id, attempt from provider_status_polls
      where finished_at is null and next_poll_at <= now()
      order by next_poll_at limit ${providerStatusPollBatchMax} for update skip locked
    ), taken as (
      update provider_status_polls p set next_poll_at = now() + make_interval(secs => ${pollLeaseS})
      from due where p.kind = due.kind and p.resource_id = due.resource_id and p.attempt = due.attempt
      returning p.kind, p.resource_id, p.attempt, p.provider, p.polls
    )
    select taken.*,
      coalesce(t.rail, o.destination_type, w.destination_type) as method,
      case when taken.kind <> 'payout' then t.status = 'pending' and t.provider = taken.provider
           when o.id is not null then o.status = 'processing' and o.retry_count = taken.attempt and o.provider = taken.provider
           else w.status = 'pending' and w.attempt = taken.attempt and w.provider = taken.provider end as open
    from taken
    left join transactions t on taken.kind <> 'payout' and t.id = taken.resource_id
    left join payouts o on taken.kind = 'payout' and o.id = taken.resource_id
    left join partner_movements w on taken.kind = 'payout' and o.id is null and w.id = taken.resource_id and w.kind = 'withdrawal'`;
}

/** The provider's final outcome, or null while it is not final. */
async function askProvider(deps: StatusPollDeps, row: PollRow): Promise<ProviderOutcome | null> {
  if (row.kind === 'payout') {
    const connector = deps.payouts.rails.connectorFor(row.method as PayoutDestinationType, row.provider);
    const answer = await connector.queryPayout!({ payoutId: row.resource_id, attempt: row.attempt });
    return answer.state === 'final' ? { kind: 'payout', provider: row.provider, outcome: answer.outcome } : null;
  }
  const connector = deps.rails.connectorFor(row.method as Rail, row.provider);
  const answer = await connector.queryOutcome!({ kind: row.kind, transactionId: row.resource_id });
  if (answer.state === 'unknown') {
    deps.logger.warn('provider holds no record of a transaction it accepted; polling again', { kind: row.kind, transaction_id: row.resource_id, provider: row.provider });
  }
  return answer.state === 'final' ? { kind: row.kind, provider: row.provider, outcome: answer.outcome } : null;
}

async function pollAgain(deps: StatusPollDeps, row: PollRow, error: string | null): Promise<void> {
  const { statusPollFirstS, statusPollIntervalSMax } = deps.config.providers;
  const waitS = Math.min(statusPollFirstS * 2 ** Math.min(row.polls, 20), statusPollIntervalSMax);
  await deps.sql`update provider_status_polls set polls = polls + 1, next_poll_at = now() + make_interval(secs => ${waitS}),
      last_error = ${error === null ? null : error.slice(0, errorLengthMax)}
    where kind = ${row.kind} and resource_id = ${row.resource_id} and attempt = ${row.attempt}`;
}
