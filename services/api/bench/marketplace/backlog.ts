// What the bench reads from the database beside the API (observable state only, counts):
//   - backlog samples during the sustained run: pending collections, queued jobs (the job queue's
//     table), undelivered events (not yet fanned out, or a delivery pending / failed and due
//     again), open payouts (queued, processing); a least-squares slope per series says whether it
//     grows;
//   - pg_stat_activity sampling: which statements the active backends are running, counted every
//     few milliseconds, the share of PostgreSQL's busy time each statement takes (no extension
//     needed: the embedded server is started without pg_stat_statements);
//   - pg_stat_user_tables / pg_stat_database deltas: rows inserted and updated per table, and
//     commits, per payment (what the floor must write too).
import type { Sql } from '../../src/db/index.ts';

export type BacklogSample = { atS: number; pendingCollections: number; queuedJobs: number; undeliveredEvents: number; openPayouts: number };
export const backlog_series = ['pendingCollections', 'queuedJobs', 'undeliveredEvents', 'openPayouts'] as const;

export async function sampleBacklog(sql: Sql, atS: number): Promise<BacklogSample> {
  const [row] = await sql<{ c: number; j: number; e: number; p: number }[]>`
    select (select count(*)::int from transactions where status = 'pending') as c,
           (select count(*)::int from graphile_worker._private_jobs) as j,
           (select count(*)::int from events where dispatched_at is null)
             + (select count(*)::int from webhook_deliveries where status in ('pending', 'failed')) as e,
           (select count(*)::int from payouts where status in ('queued', 'processing')) as p`;
  return { atS, pendingCollections: row!.c, queuedJobs: row!.j, undeliveredEvents: row!.e, openPayouts: row!.p };
}

/** Least-squares slope of y over x (per second); 0 with fewer than 2 points. */
export function slope(points: { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

/**
 * A backlog grows when its slope over the run is above 1 % of the arrival rate (items per
 * second): at that pace the service falls a further 1 % of what arrives behind every second. The
 * first sample (the ramp from an empty system) is left out of the fit.
 */
export function growthVerdict(samples: BacklogSample[], arrivalPerS: number) {
  const threshold = Math.max(0.01 * arrivalPerS, 0.5);
  return backlog_series.map((series) => {
    const s = slope(samples.slice(1).map((p) => ({ x: p.atS, y: p[series] })));
    return { series, slopePerS: s, grows: s > threshold, threshold, first: samples[0]?.[series] ?? 0, last: samples.at(-1)?.[series] ?? 0, max: Math.max(...samples.map((p) => p[series])) };
  });
}

/** Samples pg_stat_activity every `everyMs` until stopped: per normalized statement, how often a backend was seen running it. */
export function activitySampler(sql: Sql, everyMs = 20) {
  const seen = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sql<{ query: string; wait: string | null }[]>`
        select left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query, wait_event_type || ':' || wait_event as wait
        from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`;
      samples += 1;
      for (const row of rows) {
        const key = `${row.wait ?? 'CPU'}  ${row.query}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(top = 15): Promise<string[]> {
      running = false;
      await loop;
      const total = [...seen.values()].reduce((a, b) => a + b, 0);
      return [`pg_stat_activity: ${samples} samples, ${(total / Math.max(samples, 1)).toFixed(1)} active backends on average; top statements (wait event or CPU):`,
        ...[...seen].sort((a, b) => b[1] - a[1]).slice(0, top).map(([q, n]) => `  ${((100 * n) / Math.max(total, 1)).toFixed(1).padStart(5)}%  ${q}`)];
    },
  };
}

export type TableWrites = Map<string, { inserted: number; updated: number; deleted: number }>;

/** Rows written per table so far (statistics are flushed by backends about once a second), and commits. */
export async function writeCounters(sql: Sql): Promise<{ tables: TableWrites; commits: number }> {
  const rows = await sql<{ name: string; ins: string; upd: string; del: string }[]>`
    select schemaname || '.' || relname as name, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del from pg_stat_user_tables`;
  const [db] = await sql<{ commits: string }[]>`select xact_commit as commits from pg_stat_database where datname = current_database()`;
  return { tables: new Map(rows.map((r) => [r.name, { inserted: Number(r.ins), updated: Number(r.upd), deleted: Number(r.del) }])), commits: Number(db!.commits) };
}

export function writesPer(before: TableWrites, after: TableWrites, payments: number): TableWrites {
  const out: TableWrites = new Map();
  for (const [name, a] of after) {
    const b = before.get(name) ?? { inserted: 0, updated: 0, deleted: 0 };
    const d = { inserted: (a.inserted - b.inserted) / payments, updated: (a.updated - b.updated) / payments, deleted: (a.deleted - b.deleted) / payments };
    if (d.inserted + d.updated + d.deleted > 0.01) out.set(name, d);
  }
  return out;
}
