// `make bench-recon`: one reconciliation run of BENCH_RECON_RECORDS (default 1,000,000) provider
// records against as many of ours, on the embedded PostgreSQL (fsync on, as `make run` starts it).
// Our side: transactions bulk-loaded with COPY (generated rows, one merchant, one day). The
// provider's side: the sandbox's CSV report, generated as a stream and parsed as an upload would
// be (reconciliation/sandbox-report-format.ts), with 0.1 % discrepancies of each kind. Prints the
// run's records per second (provider records / wall time of the whole run: parse, COPY in, both
// cursors, merge join, COPY of every item out) and the peak RSS of this process, sampled every
// 50 ms (and of its V8 heap in use), for a run of a quarter of the period and for the whole period: memory must not grow with
// the period (aim: 50,000 records/s on 2 cores; docs/performance.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/index.ts';
import { migrateAll } from '../src/db/schema-steps.ts';
import { insertMerchant } from '../src/accounts/merchants.ts';
import { createLogger } from '../src/log.ts';
import { CopyWriter } from '../src/reconciliation/copy-streams.ts';
import { runReconciliation } from '../src/reconciliation/flows/run-reconciliation.ts';
import { noReconReportSources } from '../src/reconciliation/settlement-pulls.ts';
import { machineLine } from './support/measure.ts';

const records = Number(process.env.BENCH_RECON_RECORDS ?? 1_000_000);
const dayMs = 86_400_000;

function reference(i: number): string {
  return `MM-${i.toString(36).toUpperCase().padStart(8, '0')}`;
}

/** The provider's CSV of records [from, to) of the day: every 1000th record carries one discrepancy, in turn. */
function* providerCsv(from: number, to: number, dayStart: number): Generator<string> {
  yield 'reference,kind,amount,currency,status,occurred_at\n';
  let chunk = '';
  for (let i = from; i < to; i += 1) {
    const when = new Date(dayStart + Math.floor(((i - from) / (to - from)) * (dayMs - 1000))).toISOString();
    const kind = i % 1000 === 0 ? (i / 1000) % 4 : -1;
    if (kind === 0) continue; // missing at the provider
    const amount = 1000 + (i % 5000) + (kind === 1 ? 7 : 0); // amount mismatch
    chunk += `${reference(i)},collection,${amount},KES,success,${when}\n`;
    if (kind === 2) chunk += `${reference(i)},collection,${amount},KES,success,${when}\n`; // duplicate
    if (kind === 3) chunk += `XX-${i},collection,500,KES,success,${when}\n`; // missing here
    if (chunk.length > 64 * 1024) { yield chunk; chunk = ''; }
  }
  yield chunk;
}

async function loadOurs(sql: import('../src/db/index.ts').Sql, merchantId: string, from: number, to: number, dayStart: number): Promise<void> {
  const writer = new CopyWriter(await sql`copy transactions (id, merchant_id, type, rail, status, amount, currency, provider_reference, created_at, updated_at) from stdin`.writable());
  for (let i = from; i < to; i += 1) {
    const when = new Date(dayStart + Math.floor(((i - from) / (to - from)) * (dayMs - 1000)));
    await writer.row([randomUUID(), merchantId, 'collection', 'mobile_money', 'success', 1000 + (i % 5000), 'KES', reference(i), when, when]);
  }
  await writer.close();
}

/**
 * CPU seconds (user + system) used so far by this process and by the embedded PostgreSQL's
 * processes (found by their data directory in /proc/<pid>/cmdline): on a machine shared with
 * others, records per CPU-second says what the work costs whatever the load average.
 */
function cpuSeconds(dataDir: string): { node: number; postgres: number } {
  const usage = process.cpuUsage();
  const stats = new Map<string, { ppid: string; ticks: number; postmaster: boolean }>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const postmaster = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      stats.set(pid, { ppid: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), postmaster });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  // The postmaster (started with the data directory) and its children, the backends.
  const postmasters = new Set([...stats].filter(([, s]) => s.postmaster).map(([pid]) => pid));
  let ticks = 0;
  for (const [pid, stat] of stats) if (postmasters.has(pid) || postmasters.has(stat.ppid)) ticks += stat.ticks;
  // Clock ticks are 100 per second on Linux (sysconf(_SC_CLK_TCK)).
  return { node: (usage.user + usage.system) / 1e6, postgres: ticks / 100 };
}

async function measuredRun(sql: import('../src/db/index.ts').Sql, dayStart: number, from: number, to: number) {
  let peakRss = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 50);
  const started = performance.now();
  const run = await runReconciliation({ sql, config: { recon: { settlementWindowHours: { sandbox: 24, mpesa: 72, paystack: 72 } } }, now: () => dayStart + 10 * dayMs, reconReportSources: noReconReportSources }, {
    provider: 'sandbox', periodStart: new Date(dayStart), periodEnd: new Date(dayStart + dayMs),
    source: { type: 'upload', format: 'sandbox_csv', content: Readable.from(providerCsv(from, to, dayStart)) }, operatorId: null,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { run, seconds, peakRssMb: Math.round(peakRss / 1024 / 1024), peakHeapMb: Math.round(peakHeap / 1024 / 1024) };
}

async function main(): Promise<void> {
  const logger = createLogger('warn');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-recon-'));
  const config = loadConfig({ DATA_DIR: dataDir, MASTER_KEY: Buffer.alloc(32, 7).toString('hex'), RUN_WORKERS: 'false', LOG_LEVEL: 'warn' });
  const db = await connectDatabase(config, logger);
  try {
    await migrateAll({ sql: db.sql, url: db.url }, config, logger);
    const merchant = await insertMerchant(db.sql, { name: 'Bench reconciliation' });
    const quarter = Math.floor(records / 4);
    const small = Date.UTC(2026, 0, 1);
    const large = Date.UTC(2026, 0, 2);
    const loadStarted = performance.now();
    await loadOurs(db.sql, merchant.id, 0, quarter, small);
    await loadOurs(db.sql, merchant.id, quarter, quarter + records, large);
    await db.sql`analyze transactions`;
    process.stdout.write(`machine: ${machineLine()}\n`);
    process.stdout.write(`loaded ${quarter + records} transactions of ours with COPY in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s\n`);
    for (const [label, dayStart, from, to] of [['quarter period', small, 0, quarter], ['whole period', large, quarter, quarter + records]] as const) {
      // Backends of a run end with it (cursors, COPY): their CPU is read while they live, so the
      // PostgreSQL figure counts the whole cluster's processes, before and after.
      const cpuBefore = cpuSeconds(dataDir);
      const { run, seconds, peakRssMb, peakHeapMb } = await measuredRun(db.sql, dayStart, from, to);
      const cpuAfter = cpuSeconds(dataDir);
      const rate = Math.round(Number(run.provider_records) / seconds);
      const nodeCpu = cpuAfter.node - cpuBefore.node;
      const pgCpu = Math.max(0, cpuAfter.postgres - cpuBefore.postgres);
      process.stdout.write(`${label}: CPU ${nodeCpu.toFixed(1)} s node + ${pgCpu.toFixed(1)} s postgres (long-lived processes) = ` +
        `${Math.round(Number(run.provider_records) / (nodeCpu + pgCpu))} records per CPU-second\n`);
      process.stdout.write(`${label}: ${run.provider_records} provider records vs ${run.our_records} ours in ${seconds.toFixed(1)} s = ${rate} records/s; ` +
        `peak RSS ${peakRssMb} MB, peak heap ${peakHeapMb} MB; load average ${os.loadavg()[0]!.toFixed(1)}; counts ${JSON.stringify(run.counts)}\n`);
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
