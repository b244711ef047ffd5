// Gauges read from the database when scraped: the job queue per task, webhook deliveries waiting
// and the dead-letter store, open payouts and open transactions (collections, refunds,
// transfers). These are the same for every process on one database (aggregate them with max, not
// sum: docs/operations.md, Metrics). Each is one statement bounded in cost (the rows it reads are
// the open work, through partial indexes: migrations/0560_open_work_indexes.sql, and the job
// queue, which holds only jobs not yet done) and in time (databaseGaugeTimeoutMs: cancelled on
// the server after that). A query that fails or times out leaves its gauges out of the scrape and
// sets payagg_metrics_database_up{query} to 0, so a scrape with the database down still answers
// at once and says so.
import { Gauge, type Registry } from 'prom-client';
import type { PendingQuery, Sql } from '../db/index.ts';
import { metricNamePrefix } from './registry.ts';

/**
 * How long a scrape waits for one query (they run at once). Far above the milliseconds they take;
 * below Prometheus' default scrape timeout (10 s), so a scrape with the database away still
 * answers in time (and says so).
 */
export const databaseGaugeTimeoutMs = 2_000;

/** The statuses a payout is open in, and the transaction types (migrations 0003, 0050). */
const openPayoutStatuses = ['queued', 'processing'] as const;
const transactionTypes = ['collection', 'refund', 'transfer'] as const;
const jobStates = ['queued', 'scheduled', 'running', 'failed'] as const;
const waitingDeliveryStatuses = ['pending', 'failed'] as const;

type Row = Record<string, unknown>;

const queries: Record<string, (sql: Sql) => PendingQuery> = {
  // graphile-worker's own tables: the queue holds jobs not yet done (a finished job is deleted),
  // so this reads the backlog and the permanently failed jobs, nothing else. Every task this
  // database knows is listed, with zeros when it has no job.
  jobs: (sql) => sql`
    select t.identifier as task,
      count(j.id) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now())::int as queued,
      count(j.id) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at > now())::int as scheduled,
      count(j.id) filter (where j.locked_at is not null)::int as running,
      count(j.id) filter (where j.locked_at is null and j.attempts >= j.max_attempts)::int as failed,
      coalesce(extract(epoch from now() - min(j.run_at) filter (
        where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now())), 0)::float8 as oldest_queued_age_s
    from graphile_worker._private_tasks t
    left join graphile_worker._private_jobs j on j.task_id = t.id
    group by t.identifier`,
  // Deliveries still to attempt are exactly those with next_attempt_at (partial index
  // webhook_deliveries_due); the dead-letter store holds only exhausted deliveries.
  webhooks: (sql) => sql`
    select status, count(*)::int as n,
      coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8 as oldest_due_age_s
    from webhook_deliveries where next_attempt_at is not null group by status
    union all
    select 'dead_letter', count(*)::int, 0 from webhook_dead_letters where redelivered_at is null`,
  payouts: (sql) => sql`
    select status, count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_age_s
    from payouts where status in ('queued', 'processing') group by status`,
  transactions: (sql) => sql`
    select type, count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_age_s
    from transactions where status = 'pending' group by type`,
  // What the server sees of everyone's connections to this database (pg_stat_activity has one row
  // per backend: bounded by max_connections). Our pools name themselves (application_name:
  // runtime.ts, jobs/schema.ts); the embedded database's per-process request pool name
  // (payagg-<pid>-<random>) is folded into `payagg` so a label value never names a process.
  connections: (sql) => sql`
    select case when application_name ~ '^payagg-[0-9]+-[0-9a-f]+$' then 'payagg'
                when application_name like 'payagg%' or application_name = 'postgres.js' then application_name
                else 'other' end as application,
      coalesce(state, 'unknown') as state, count(*)::int as n
    from pg_stat_activity where datname = current_database() and backend_type = 'client backend'
    group by 1, 2`,
};

type QueryName = keyof typeof queries;

/** Rows of one query, or null when it failed or took longer than timeoutMs (then cancelled). */
async function rowsOf(sql: Sql, name: QueryName, timeoutMs: number): Promise<Row[] | null> {
  const query = queries[name]!(sql);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      // The server stops the statement too: a slow query is not left running behind the scrape.
      try {
        void Promise.resolve(query.cancel()).catch(() => {});
      } catch {
        // Nothing to cancel (never sent): dropping it is enough.
      }
      resolve(null);
    }, timeoutMs);
  });
  try {
    return await Promise.race([query.then((rows) => [...rows] as Row[], () => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

const gaugeName = (name: string) => `${metricNamePrefix}${name}`;

/**
 * Registers the database gauges on `registry`: all five queries run once per scrape (the first
 * gauge's collect starts them; the others await the same answers).
 */
export function registerDatabaseGauges(registry: Registry, sql: Sql, options: { timeoutMs?: number } = {}): void {
  const timeoutMs = options.timeoutMs ?? databaseGaugeTimeoutMs;
  let scrape: Promise<Record<QueryName, Row[] | null>> | null = null;
  // One round of queries per scrape: the gauges' collect callbacks of one scrape start together
  // and share it; a scrape arriving while a round is in flight shares it too (never two rounds at
  // once, whatever the scrape rate), and the next one starts a new round.
  const answers = (): Promise<Record<QueryName, Row[] | null>> => {
    if (scrape) return scrape;
    const names = Object.keys(queries) as QueryName[];
    const round = Promise.all(names.map((name) => rowsOf(sql, name, timeoutMs)))
      .then((rows) => Object.fromEntries(names.map((name, index) => [name, rows[index] ?? null])) as Record<QueryName, Row[] | null>);
    scrape = round;
    void round.finally(() => { scrape = null; });
    return round;
  };

  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (g: Gauge<L>, all: Record<QueryName, Row[] | null>) => void) =>
    new Gauge<L>({
      name: gaugeName(name), help, labelNames, registers: [registry],
      async collect() {
        this.reset();
        // prom-client resets a gauge without labels to 0; removed instead, so a query that did not
        // answer leaves it out (a 0 would read as "no dead letters" during a database outage).
        if (labelNames.length === 0) this.remove();
        fill(this, await answers());
      },
    });

  gauge('metrics_database_up', 'Whether the query behind a group of database gauges answered within 2 s at this scrape (1) or failed or timed out (0: its gauges are missing from this scrape); query: jobs, webhooks, payouts, transactions, connections', ['query'], (g, all) => {
    for (const [name, rows] of Object.entries(all)) g.set({ query: name }, rows === null ? 0 : 1);
  });

  gauge('jobs', 'Jobs in the job queue (graphile-worker) by task and state: queued (due, waiting for a runner), scheduled (to run later: a run_at ahead or a retry backing off), running (locked by a runner), failed (attempts used up; kept until removed by hand)', ['task', 'state'], (g, all) => {
    for (const row of all.jobs ?? []) for (const state of jobStates) g.set({ task: String(row.task), state }, Number(row[state]));
  });
  gauge('job_oldest_queued_age_seconds', 'Per task, how long the oldest due job has waited for a runner (0: none waiting); it grows while no runner takes jobs', ['task'], (g, all) => {
    for (const row of all.jobs ?? []) g.set({ task: String(row.task) }, Number(row.oldest_queued_age_s));
  });

  gauge('webhook_deliveries_waiting', 'Webhook deliveries still to attempt, by status: pending (not attempted yet), failed (a failed attempt, another scheduled)', ['status'], (g, all) => {
    if (!all.webhooks) return;
    for (const status of waitingDeliveryStatuses) g.set({ status }, Number(all.webhooks.find((row) => row.status === status)?.n ?? 0));
  });
  gauge('webhook_delivery_oldest_due_age_seconds', 'How long the most overdue webhook delivery has been due (0: none overdue); it grows while no sender serves its endpoint', [], (g, all) => {
    if (!all.webhooks) return;
    g.set(Math.max(0, ...all.webhooks.filter((row) => row.status !== 'dead_letter').map((row) => Number(row.oldest_due_age_s))));
  });
  gauge('webhook_dead_letters', 'Webhook deliveries in the dead-letter store (attempts used up) not redelivered since', [], (g, all) => {
    const row = all.webhooks?.find((r) => r.status === 'dead_letter');
    if (row) g.set(Number(row.n));
  });

  gauge('payouts_open', 'Payouts not final yet, by status: queued, processing', ['status'], (g, all) => {
    if (!all.payouts) return;
    for (const status of openPayoutStatuses) g.set({ status }, Number(all.payouts.find((row) => row.status === status)?.n ?? 0));
  });
  gauge('payout_oldest_open_age_seconds', 'Per open status, the age of the oldest payout in it since its creation (0: none)', ['status'], (g, all) => {
    if (!all.payouts) return;
    for (const status of openPayoutStatuses) g.set({ status }, Number(all.payouts.find((row) => row.status === status)?.oldest_age_s ?? 0));
  });
  gauge('transactions_pending', 'Transactions in status pending (waiting for the rail\'s outcome), by type: collection, refund, transfer', ['type'], (g, all) => {
    if (!all.transactions) return;
    for (const type of transactionTypes) g.set({ type }, Number(all.transactions.find((row) => row.type === type)?.n ?? 0));
  });
  gauge('transaction_oldest_pending_age_seconds', 'Per type, the age of the oldest pending transaction since its creation (0: none)', ['type'], (g, all) => {
    if (!all.transactions) return;
    for (const type of transactionTypes) g.set({ type }, Number(all.transactions.find((row) => row.type === type)?.oldest_age_s ?? 0));
  });
  gauge('database_connections', 'Connections to this database as the server sees them (pg_stat_activity), by application (our pools: payagg the request pool, payagg-async-commit, payagg-worker, payagg-webhooks, payagg-jobs and payagg-webhook-jobs the job queue\'s, postgres.js the ledger\'s PostgreSQL engine; other: anyone else) and state (active, idle, idle in transaction...), summed over every process on the database', ['application', 'state'], (g, all) => {
    for (const row of all.connections ?? []) g.set({ application: String(row.application), state: String(row.state) }, Number(row.n));
  });
}
