// The sandbox provider's report of its own traffic (docs/reconciliation.md "The sandbox's
// report"), as a real provider's settlement report would list it: every collection and refund it
// accepted (its outcome, or pending while none is scheduled), and the last attempt of every payout
// it was sent, created in [from, to), in reference order, streamed from its tables with a cursor.
//
// Discrepancies are injected through sandbox_report_discrepancies (injectSandboxDiscrepancy; the
// CLI's `recon sandbox-discrepancy`): per provider reference, `drop` leaves the record out, `amount`
// adds amount_delta, `currency` reports another currency, `flip_status` reports success as failed
// and failed as success, `duplicate` lists it twice, `late` leaves it out of reports generated
// before settles_at, and `extra` adds a record the provider has and we never made.
import type { Sql } from 'postgres';

export type SandboxReportRow = { reference: string; kind: 'collection' | 'refund' | 'payout'; amount: number; currency: string; status: 'success' | 'failed' | 'pending'; occurredAt: Date };

export const sandboxDiscrepancies = ['drop', 'amount', 'currency', 'flip_status', 'duplicate', 'late', 'extra'] as const;
export type SandboxDiscrepancy =
  | { reference: string; discrepancy: 'drop' | 'flip_status' | 'duplicate' }
  | { reference: string; discrepancy: 'amount'; amountDelta: number }
  | { reference: string; discrepancy: 'currency'; currency: string }
  | { reference: string; discrepancy: 'late'; settlesAt: Date }
  | { reference: string; discrepancy: 'extra'; kind: SandboxReportRow['kind']; amount: number; currency: string; occurredAt: Date };

/** Rows fetched per cursor round: memory stays this many rows whatever the period. */
export const reportCursorRows = 5_000;

export async function injectSandboxDiscrepancy(sql: Sql, d: SandboxDiscrepancy): Promise<void> {
  await sql`
    insert into sandbox_report_discrepancies (provider_reference, discrepancy, amount_delta, currency, settles_at, amount, kind, occurred_at)
    values (${d.reference}, ${d.discrepancy}, ${d.discrepancy === 'amount' ? d.amountDelta : null},
            ${d.discrepancy === 'currency' || d.discrepancy === 'extra' ? d.currency : null},
            ${d.discrepancy === 'late' ? d.settlesAt : null}, ${d.discrepancy === 'extra' ? d.amount : null},
            ${d.discrepancy === 'extra' ? d.kind : null}, ${d.discrepancy === 'extra' ? d.occurredAt : null})
    on conflict (provider_reference) do update set discrepancy = excluded.discrepancy, amount_delta = excluded.amount_delta,
      currency = excluded.currency, settles_at = excluded.settles_at, amount = excluded.amount, kind = excluded.kind,
      occurred_at = excluded.occurred_at`;
}

type Row = { reference: string; kind: SandboxReportRow['kind']; amount: string; currency: string; status: SandboxReportRow['status']; occurred_at: Date; copies: number };

/** The report of [from, to) as generated at `asOf` (a `late` record shows once asOf >= settles_at). */
export async function* sandboxSettlementReport(sql: Sql, period: { from: Date; to: Date }, asOf: Date): AsyncGenerator<SandboxReportRow> {
  const cursor = sql<Row[]>`
    with records as (
      select i.provider_reference as reference, i.kind, i.amount, i.currency, i.created_at as occurred_at,
             case when v.provider_reference is not null then 'failed' else coalesce(o.outcome, 'pending') end as status
      from sandbox_rail_initiations i
      left join sandbox_rail_outcomes o on o.provider_reference = i.provider_reference
      left join sandbox_rail_reversals v on v.collection_provider_reference = i.provider_reference
      where i.created_at >= ${period.from} and i.created_at < ${period.to}
      union all
      select distinct on (s.payout_id) s.provider_reference, 'payout', p.amount, p.currency, s.created_at,
             case s.outcome when 'success' then 'success' else 'failed' end
      from sandbox_payout_sends s join payouts p on p.id = s.payout_id
      where s.created_at >= ${period.from} and s.created_at < ${period.to}
      order by 1
    ), reported as (
      select r.reference, r.kind,
             r.amount + coalesce(case when d.discrepancy = 'amount' then d.amount_delta end, 0) as amount,
             case when d.discrepancy = 'currency' then d.currency else r.currency end as currency,
             case when d.discrepancy = 'flip_status' then (case r.status when 'success' then 'failed' when 'failed' then 'success' else r.status end)
                  else r.status end as status,
             r.occurred_at, case when d.discrepancy = 'duplicate' then 2 else 1 end as copies
      from records r left join sandbox_report_discrepancies d on d.provider_reference = r.reference
      where d.discrepancy is null or not (d.discrepancy = 'drop' or (d.discrepancy = 'late' and ${asOf} < d.settles_at))
      union all
      select d.provider_reference, d.kind, d.amount, d.currency, 'success', d.occurred_at, 1
      from sandbox_report_discrepancies d
      where d.discrepancy = 'extra' and d.occurred_at >= ${period.from} and d.occurred_at < ${period.to}
    )
    select reference, kind, amount::text as amount, currency, status, occurred_at, copies from reported order by reference collate "C"`
    .cursor(reportCursorRows);
  for await (const rows of cursor) {
    for (const row of rows) {
      const record: SandboxReportRow = { reference: row.reference, kind: row.kind, amount: Number(row.amount), currency: row.currency.trim(), status: row.status, occurredAt: row.occurred_at };
      for (let copy = 0; copy < row.copies; copy += 1) yield record;
    }
  }
}

/** The report as the sandbox's CSV (reconciliation/sandbox-report-format.ts reads it back). */
export async function* sandboxReportCsv(rows: AsyncIterable<SandboxReportRow>): AsyncGenerator<string> {
  yield 'reference,kind,amount,currency,status,occurred_at\n';
  for await (const r of rows) yield `${r.reference},${r.kind},${r.amount},${r.currency},${r.status},${r.occurredAt.toISOString()}\n`;
}
