// Reconciliation runs as rows (recon_runs): creation, completion, reads and the comparison of a
// re-run with the run before it (docs/reconciliation.md "Runs and re-runs").
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import { Refusal } from '../domain/outcomes.ts';
import { emptyCounts, type ReconCounts } from './classify.ts';
import type { ReconProvider, ReportFormat } from './settings.ts';

export type RunSource = 'provider_api' | 'upload';
export type RunChanges = { previous_run_id: string; new_items: number; gone_items: number; class_changed: number; unchanged: number };

export type RunRow = {
  id: string; provider: ReconProvider; period_start: Date; period_end: Date; source: RunSource; report_format: ReportFormat;
  status: 'running' | 'completed' | 'failed'; previous_run_id: string | null; operator_id: string | null;
  provider_records: string; our_records: string; counts: Partial<ReconCounts>; changes: RunChanges | null; failure: string | null;
  created_at: Date; completed_at: Date | null;
};

export type RunInput = { provider: ReconProvider; periodStart: Date; periodEnd: Date; source: RunSource; format: ReportFormat; operatorId: string | null };

/** The run's row, with the last completed run of the same provider and period as its predecessor. */
export async function insertRun(q: Queryable, input: RunInput): Promise<RunRow> {
  const [row] = await q<RunRow[]>`
    insert into recon_runs (id, provider, period_start, period_end, source, report_format, status, previous_run_id, operator_id)
    values (${randomUUID()}, ${input.provider}, ${input.periodStart}, ${input.periodEnd}, ${input.source}, ${input.format}, 'running',
      (select id from recon_runs where provider = ${input.provider} and period_start = ${input.periodStart}
         and period_end = ${input.periodEnd} and status = 'completed' order by created_at desc, id desc limit 1),
      ${input.operatorId})
    returning *`;
  return row!;
}

export async function completeRun(q: Queryable, runId: string, result: { providerRecords: number; ourRecords: number; counts: ReconCounts; changes: RunChanges | null }): Promise<RunRow> {
  const [row] = await q<RunRow[]>`
    update recon_runs set status = 'completed', provider_records = ${result.providerRecords}, our_records = ${result.ourRecords},
      counts = ${q.json(result.counts)}, changes = ${result.changes === null ? null : q.json(result.changes)}, completed_at = now()
    where id = ${runId} returning *`;
  return row!;
}

/** The failure is a sentence for the operator (a parse error names its line and column). */
export async function failRun(q: Queryable, runId: string, failure: string): Promise<void> {
  await q`delete from recon_items where run_id = ${runId}`;
  await q`update recon_runs set status = 'failed', failure = ${failure.slice(0, 1000)}, completed_at = now() where id = ${runId}`;
}

export async function deleteReportRecords(q: Queryable, runId: string): Promise<void> {
  await q`delete from recon_report_records where run_id = ${runId}`;
}

/** How this run's items differ from the previous run's, by item key: new, gone, another class, same. */
export async function changesSince(q: Queryable, runId: string, previousRunId: string): Promise<RunChanges> {
  const [row] = await q<{ new_items: string; gone_items: string; class_changed: string; unchanged: string }[]>`
    select count(*) filter (where p.item_key is null) as new_items,
           count(*) filter (where n.item_key is null) as gone_items,
           count(*) filter (where n.item_key is not null and p.item_key is not null and n.class <> p.class) as class_changed,
           count(*) filter (where n.class = p.class) as unchanged
    from (select item_key, class from recon_items where run_id = ${runId}) n
    full join (select item_key, class from recon_items where run_id = ${previousRunId}) p on p.item_key = n.item_key`;
  return { previous_run_id: previousRunId, new_items: Number(row!.new_items), gone_items: Number(row!.gone_items), class_changed: Number(row!.class_changed), unchanged: Number(row!.unchanged) };
}

export async function getRun(q: Queryable, id: string): Promise<RunRow> {
  const [row] = await q<RunRow[]>`select * from recon_runs where id = ${id}`;
  if (!row) throw new Refusal('no_such_recon_run', 'The reconciliation run does not exist.');
  return row;
}

export async function listRuns(q: Queryable, filters: { provider?: ReconProvider; status?: RunRow['status'] }, after: Keyset | null, take: number): Promise<RunRow[]> {
  return await q<RunRow[]>`
    select * from recon_runs
    where true ${filters.provider ? q`and provider = ${filters.provider}` : q``} ${filters.status ? q`and status = ${filters.status}` : q``}
      ${after ? q`and ${keysetCondition(q, after)}` : q``}
    order by created_at desc, id desc limit ${take}`;
}

/** The run as the ops API shows it (spec/ops.yaml ReconciliationRun). */
export function toRunResource(row: RunRow) {
  return {
    id: row.id,
    provider: row.provider,
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
    source: row.source,
    report_format: row.report_format,
    status: row.status,
    provider_records: Number(row.provider_records),
    our_records: Number(row.our_records),
    counts: { ...emptyCounts(), ...row.counts },
    changes: row.changes,
    failure: row.failure,
    operator_id: row.operator_id,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
  };
}
