// One run's matching, streamed (docs/reconciliation.md "How a run streams"): the provider's
// records are COPYed into recon_report_records as they are parsed, then two cursors read both
// sides in reference order (COLLATE "C": byte order, what the string comparison below assumes for
// the ASCII references providers issue) and a merge join classifies each reference (classify.ts);
// items leave by COPY in chunks. Memory holds a cursor round of each side and one COPY chunk,
// whatever the period's size.
import type { Sql } from '../db/index.ts';
import { classify, type ClassifyContext, emptyCounts, type OurSide, type ProviderSide, type ReconCounts } from './classify.ts';
import { type CopyValue, CopyWriter } from './copy-streams.ts';
import type { ProviderReportRecord, ReportRecordKind, ReportRecordStatus } from './report-records.ts';
import { type ProviderSettings } from './settings.ts';

/** Rows per cursor round of each side. */
export const matchCursorRows = 10_000;

export type Period = { start: Date; end: Date };
type Margins = { fromMs: number; toMs: number };

function marginsOf(period: Period, settings: ProviderSettings): Margins {
  const marginMs = settings.edgeMarginMinutes * 60_000;
  return { fromMs: period.start.getTime() - marginMs, toMs: period.end.getTime() + marginMs };
}

/** Streams the records into the run's staging rows; those beyond the period's margins are skipped. */
export async function loadReportRecords(sql: Sql, runId: string, records: AsyncIterable<ProviderReportRecord>, period: Period, settings: ProviderSettings): Promise<{ loaded: number; skipped: number }> {
  const margins = marginsOf(period, settings);
  const writer = new CopyWriter(await sql`copy recon_report_records (run_id, seq, reference, kind, amount, currency, status, occurred_at) from stdin`.writable());
  let loaded = 0;
  let skipped = 0;
  try {
    for await (const r of records) {
      const at = r.occurredAt.getTime();
      if (at < margins.fromMs || at >= margins.toMs) { skipped += 1; continue; }
      loaded += 1;
      if (writer.row([runId, loaded, r.reference, r.kind, r.amount, r.currency, r.status, r.occurredAt])) await writer.flush();
    }
  } finally {
    await writer.close();
  }
  return { loaded, skipped };
}

type ProviderRow = { seq: string; reference: string; kind: ReportRecordKind; amount: string; currency: string; status: ReportRecordStatus; occurred_at: Date };
type OurRow = { key: string; kind: ReportRecordKind; id: string; merchant_id: string; amount: string; currency: string; status: string; created_at: Date };

/** Our status in the provider's words: the money moved (success), did not (failed), or may still. */
function ourStatusOf(status: string): ReportRecordStatus {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  return 'pending';
}

function providerCursor(sql: Sql, runId: string) {
  return sql<ProviderRow[]>`
    select seq, reference, kind, amount::text as amount, currency, status, occurred_at
    from recon_report_records where run_id = ${runId} order by reference collate "C", seq`.cursor(matchCursorRows);
}

function ourCursor(sql: Sql, settings: ProviderSettings, margins: Margins) {
  const from = new Date(margins.fromMs);
  const to = new Date(margins.toMs);
  const byId = settings.ourKey === 'id';
  const transactions = sql`
    select ${byId ? sql`id::text` : sql`provider_reference`} as key, case type when 'refund' then 'refund' else 'collection' end as kind,
           id, merchant_id, amount, currency, status, created_at
    from transactions
    where provider = ${settings.servedAs} and rail = any(${settings.rails as string[]}) and created_at >= ${from} and created_at < ${to}
      ${byId ? sql`` : sql`and provider_reference is not null`} ${settings.refunds ? sql`` : sql`and type <> 'refund'`}`;
  const payouts = settings.payouts
    ? sql`union all
      select ${byId ? sql`id::text` : sql`provider_reference`}, 'payout', id, merchant_id, amount, currency, status, created_at
      from payouts where provider = ${settings.servedAs} and provider_reference is not null and created_at >= ${from} and created_at < ${to}`
    : sql``;
  return sql<OurRow[]>`
    select key, kind, id, merchant_id, amount::text as amount, trim(currency) as currency, status, created_at
    from (${transactions} ${payouts}) ours order by key collate "C"`.cursor(matchCursorRows);
}

async function* rowsOf<T>(cursor: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const rows of cursor) yield* rows;
}

function providerSide(p: ProviderRow): ProviderSide {
  return { kind: p.kind, amount: Number(p.amount), currency: p.currency, status: p.status, occurredAtMs: p.occurred_at.getTime() };
}

function ourSide(o: OurRow): OurSide {
  return { kind: o.kind, amount: Number(o.amount), currency: o.currency, status: ourStatusOf(o.status), createdAtMs: o.created_at.getTime() };
}

export type MatchResult = { counts: ReconCounts; ourRecords: number };

/** The merge join: both cursors in key order, each reference classified once, duplicates after it. */
export async function matchRun(sql: Sql, runId: string, period: Period, settings: ProviderSettings, ctx: ClassifyContext): Promise<MatchResult> {
  const margins = marginsOf(period, settings);
  const inPeriod = (ms: number) => ms >= period.start.getTime() && ms < period.end.getTime();
  const counts = emptyCounts();
  let seq = 0;
  let ourRecords = 0;
  const writer = new CopyWriter(await sql`copy recon_items (run_id, seq, item_key, class, reference, our_kind, our_id, merchant_id, our_amount,
    our_currency, our_status, our_created_at, provider_kind, provider_amount, provider_currency, provider_status, provider_occurred_at) from stdin`.writable());
  const emit = async (reference: string, copy: number, p: ProviderRow | null, o: OurRow | null, seenBefore: boolean) => {
    const cls = classify(p ? providerSide(p) : null, o ? ourSide(o) : null, ctx, seenBefore);
    counts[cls] += 1;
    seq += 1;
    const values: CopyValue[] = [runId, seq, copy > 1 ? `${reference}#${copy}` : reference, cls, reference,
      o?.kind ?? null, o?.id ?? null, o?.merchant_id ?? null, o ? o.amount : null, o?.currency ?? null, o?.status ?? null, o?.created_at ?? null,
      p?.kind ?? null, p ? p.amount : null, p?.currency ?? null, p?.status ?? null, p?.occurred_at ?? null];
    if (writer.row(values)) await writer.flush();
  };
  const providers = rowsOf(providerCursor(sql, runId));
  const ours = rowsOf(ourCursor(sql, settings, margins));
  let p = await providers.next();
  let o = await ours.next();
  type Last = { reference: string; copies: number; ours: OurRow | null };
  let last = null as Last | null;
  try {
    while (!p.done || !o.done) {
      const pk = p.done ? null : p.value.reference;
      const ok = o.done ? null : o.value.key;
      if (pk !== null && last?.reference === pk) {
        // A repeated provider record of the reference just classified: a duplicate.
        last.copies += 1;
        await emit(pk, last.copies, p.value as ProviderRow, last.ours, true);
        p = await providers.next();
      } else if (pk !== null && (ok === null || pk < ok)) {
        const record = p.value as ProviderRow;
        last = { reference: pk, copies: 1, ours: null };
        if (inPeriod(record.occurred_at.getTime())) await emit(pk, 1, record, null, false);
        p = await providers.next();
      } else if (ok !== null && (pk === null || ok < pk)) {
        const row = o.value as OurRow;
        ourRecords += 1;
        if (inPeriod(row.created_at.getTime())) await emit(ok, 1, null, row, false);
        o = await ours.next();
      } else {
        const row = o.value as OurRow;
        ourRecords += 1;
        last = { reference: pk!, copies: 1, ours: row };
        await emit(pk!, 1, p.value as ProviderRow, row, false);
        p = await providers.next();
        o = await ours.next();
      }
    }
  } finally {
    // An early exit (a failed write) must close both cursors, or their connections stay taken.
    await providers.return(undefined);
    await ours.return(undefined);
    await writer.close();
  }
  return { counts, ourRecords };
}
