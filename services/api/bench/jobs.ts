// `make bench-jobs`: the job queue (graphile-worker, src/jobs/) on the embedded PostgreSQL with
// fsync on, as the service runs it, and the provider outcome path on it.
// Prints, on this machine:
//   1. pickup latency: a job enqueued inside a transaction, from that transaction's commit to
//      the start of its task, one job at a time on an idle runner (LISTEN/NOTIFY);
//   2. throughput: a backlog of no-op jobs drained by one runner at several concurrencies and
//      by two runners side by side (jobs/s, and CPU microseconds per job of this Node process,
//      which runs the runners, and of PostgreSQL);
//   3. the same backlog as due sandbox rail outcomes through the one outcome path: the sandbox's
//      delivery job, the inbox, and the collections' batch apply job with a no-op settlement
//      (outcomes/s, CPU per outcome; decision 0610, which replaced the poll loop of 0081).
// Settings: BENCH_JOBS (backlog size, 2000), BENCH_PICKUPS (100), BENCH_ROUNDS (3; medians),
// BENCH_OUTCOMES_ONLY (1: only 3.).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Sql } from '../src/db/index.ts';
import { openEmbeddedCluster } from '../src/db/embedded.ts';
import { migrateAll } from '../src/db/schema-steps.ts';
import { defineJob, type JobDeps, type JobDefinition } from '../src/jobs/job.ts';
import { type JobRunner, startJobRunner } from '../src/jobs/runner.ts';
import { jobPollIntervalMsDefault, loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { collectionRailsSandboxDeliverDueOutcomesJob } from '../src/connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts';
import { applyInboxBatch } from '../src/provider-outcomes/apply.ts';
import { cpuMs, cpuMsOf, embeddedPostgresPids } from './support/cpu.ts';
import { machineLine } from './support/measure.ts';

const backlog_jobs = Number(process.env.BENCH_JOBS ?? 2_000);
const pickups = Number(process.env.BENCH_PICKUPS ?? 100);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const logger = createLogger('warn');

type Rate = { per_s: number; node_us: number; postgres_us: number };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-jobs-'));
  const cluster = await openEmbeddedCluster({ dataDir, logger });
  const admin = createPool(cluster.adminUrl, 1);
  await admin.unsafe('create database bench_jobs');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/bench_jobs';
  const databaseUrl = url.toString();
  const sql = createPool(databaseUrl, 4);
  try {
    await migrateAll({ sql, url: databaseUrl }, loadConfig({}), logger);
    const postgresCpu = () => cpuMsOf(() => embeddedPostgresPids(dataDir));
    process.stdout.write(`bench-jobs: ${machineLine()}; backlog ${backlog_jobs}, ${pickups} pickups, ${rounds} rounds (medians)\n`);

    // BENCH_OUTCOMES_ONLY=1: the outcome path alone (3.), for same-session comparisons.
    if (!process.env.BENCH_OUTCOMES_ONLY) {
      // 1. Pickup latency.
      const started = new Map<number, number>();
      const runner = await benchRunner(databaseUrl, sql, 1, { 'bench.pickup': defineJob<{ i: number }>({ attemptsMax: 1, async run({ i }) { started.set(i, performance.now()); } }) as JobDefinition<never> });
      const latencies: number[] = [];
      try {
        for (let i = 0; i < pickups; i += 1) {
          await sql.begin(async (tx) => { await tx`select graphile_worker.add_job('bench.pickup', ${tx.json({ i })}::json)`; });
          const committed = performance.now();
          while (!started.has(i)) await new Promise((resolve) => setImmediate(resolve));
          latencies.push(started.get(i)! - committed);
        }
      } finally {
        await runner.stop();
      }
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
      process.stdout.write(`pickup latency, commit -> task start: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms\n`);

      // 2. Throughput of the queue.
      const noop = { 'bench.noop': defineJob<{ i: number }>({ attemptsMax: 1, async run() {} }) as JobDefinition<never> };
      for (const shape of [{ runners: 1, concurrency: 1 }, { runners: 1, concurrency: 4 }, { runners: 1, concurrency: 16 }, { runners: 2, concurrency: 4 }]) {
        const results: Rate[] = [];
        for (let round = 0; round < rounds; round += 1) {
          await sql`select graphile_worker.add_job('bench.noop', json_build_object('i', i)) from generate_series(1, ${backlog_jobs}) as i`;
          const before = { node: cpuMs(process.pid), postgres: postgresCpu(), at: performance.now() };
          const runners = await Promise.all(Array.from({ length: shape.runners }, () => benchRunner(databaseUrl, sql, shape.concurrency, noop)));
          while ((await sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs`)[0]!.n > 0) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          const elapsedS = (performance.now() - before.at) / 1000;
          const node = cpuMs(process.pid) - before.node;
          const postgres = postgresCpu() - before.postgres;
          await Promise.all(runners.map((r) => r.stop()));
          results.push({ per_s: backlog_jobs / elapsedS, node_us: (node / backlog_jobs) * 1000, postgres_us: (postgres / backlog_jobs) * 1000 });
        }
        process.stdout.write(`queue, ${shape.runners} runner(s) x concurrency ${shape.concurrency}: ${describe(results)} (rounds: ${results.map((r) => r.per_s.toFixed(0)).join(', ')} jobs/s)\n`);
      }
    }

    // 3. The same backlog as due sandbox rail outcomes, through the one outcome path (decision
    // 0610): the sandbox's delivery job hands them to the ingress (inbox rows, batch apply jobs),
    // the collections' apply job applies them with a no-op settlement and marks them applied.
    const results: Rate[] = [];
    const outcomeJobs = {
      'collection_rails.sandbox_deliver_due_outcomes': collectionRailsSandboxDeliverDueOutcomesJob,
      'collections.apply_provider_outcomes': defineJob<string[]>({
        attemptsMax: 25, run: (payload, context) => applyInboxBatch(context.deps.sql, payload, context, async (outcomes) => outcomes.map(() => null)),
      }),
    } as unknown as Record<string, JobDefinition<never>>;
    for (let round = 0; round < rounds; round += 1) {
      await sql`truncate sandbox_rail_outcomes, sandbox_rail_reversals, sandbox_rail_initiations, provider_outcomes`;
      // As the service runs them: JOB_CONCURRENCY 2, the idle poll of JOB_POLL_INTERVAL_MS (the jobs are due at a window's end).
      const runners = await Promise.all([benchRunner(databaseUrl, sql, 2, outcomeJobs, jobPollIntervalMsDefault)]);
      const before = { node: cpuMs(process.pid), postgres: postgresCpu(), at: performance.now() };
      await sql`
        with initiations as (
          insert into sandbox_rail_initiations (rail, transaction_id, kind, request_sha256, provider_reference, amount, currency, scenario)
          select 'mobile_money', gen_random_uuid(), 'collection', repeat('0', 64), 'BENCH-' || i, 100, 'KES', 'success'
          from generate_series(1, ${backlog_jobs}) as i
          returning provider_reference, transaction_id)
        insert into sandbox_rail_outcomes (provider_reference, rail, transaction_id, kind, outcome, due_at)
        select provider_reference, 'mobile_money', transaction_id, 'collection', 'success', now() from initiations`;
      while ((await sql<{ n: number }[]>`select count(*)::int as n from provider_outcomes where applied_at is not null`)[0]!.n < backlog_jobs) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const elapsedS = (performance.now() - before.at) / 1000;
      results.push({
        per_s: backlog_jobs / elapsedS,
        node_us: ((cpuMs(process.pid) - before.node) / backlog_jobs) * 1000,
        postgres_us: ((postgresCpu() - before.postgres) / backlog_jobs) * 1000,
      });
      await Promise.all(runners.map((r) => r.stop()));
    }
    process.stdout.write(`sandbox outcomes through the inbox and batch apply jobs: ${describe(results)} (rounds: ${results.map((r) => r.per_s.toFixed(0)).join(', ')} outcomes/s)\n`);
  } finally {
    await sql.end({ timeout: 5 });
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchRunner(databaseUrl: string, sql: Sql, concurrency: number, jobs: Record<string, JobDefinition<never>>, pollIntervalMs = 1_000): Promise<JobRunner> {
  // The bench's own jobs only (they use nothing of JobDeps): no recurring pass runs meanwhile.
  const deps = { sql, logger } as unknown as JobDeps;
  return await startJobRunner({ databaseUrl, deps, concurrency, poolConnectionsMax: concurrency + 1, pollIntervalMs, logger, jobs });
}

function describe(results: Rate[]): string {
  const median = (pick: (r: Rate) => number) => [...results.map(pick)].sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return `${median((r) => r.per_s).toFixed(0)}/s, CPU per item ${median((r) => r.node_us).toFixed(0)} us Node + ${median((r) => r.postgres_us).toFixed(0)} us PostgreSQL`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
