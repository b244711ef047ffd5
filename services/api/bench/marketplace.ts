// `make bench-marketplace` (issue 27): the whole marketplace payment, end to end, against its
// floor. For each variant (the ledger on PostgreSQL and, when the shared TigerBeetle server
// exists, on TigerBeetle; the background work in the API process and in a separate worker
// process) a fresh service, sellers and split rule (marketplace/chain.ts), then:
//   1. saturation: a closed loop of BENCH_MKT_CONCURRENCY payments in flight (each level, the best
//      kept): whole payments completed per second, with CPU per payment by process, the rows and
//      commits per payment, and a pg_stat_activity sample of where PostgreSQL's time goes;
//   2. the floor (marketplace/floor.ts): the same rows and ledger transfers per payment and
//      nothing else, closed loop, in the same run: service/floor;
//   3. a fixed arrival rate (open loop, BENCH_MKT_RATE, default half the saturated rate):
//      end-to-end latency p50/p99 from each payment's scheduled start to its last event received,
//      settlement lag (collection created -> transaction.success written) and delivery lag (event
//      written -> received, signature verified) p50/p99;
//   4. sustained (first variant, or all with BENCH_SUSTAINED_ALL=1): BENCH_SUSTAINED_S at 80 % of
//      the saturated rate, sampling every BENCH_SAMPLE_S pending collections, queued jobs,
//      undelivered events and open payouts; a verdict per backlog (least-squares slope).
// The sandbox providers answer at once (SANDBOX_*_DELAY_MS=0: their delays are waits, not work);
// every other setting is the service's default. BENCH_QUICK=1 shortens everything (and runs the
// first variant only unless BENCH_MKT_VARIANTS says otherwise); BENCH_MKT_SMOKE=1 stops after the
// setup and one payment (the vitest smoke test). BENCH_PROFILE_DIR=dir: CPU profiles of the API
// and worker processes (summarize with bench/support/profile-summary.ts).
// Aims (issue 27, 2 cores): >= 500 payments/s; >= 0.5 of the floor; TigerBeetle >= 1.3x PostgreSQL
// in the same run; no backlog growth at 80 %.
import { createEngine, Ledger } from '@payagg/ledger';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, postgresTarget, type Sql } from '../src/db/index.ts';
import { createLogger } from '../src/log.ts';
import { cpuMs, cpuMsOf, embeddedPostgresPids } from './support/cpu.ts';
import { machineLine } from './support/measure.ts';
import { activitySampler, growthVerdict, sampleBacklog, type BacklogSample, writeCounters, writesPer } from './marketplace/backlog.ts';
import { Chain } from './marketplace/chain.ts';
import { prepareFloor } from './marketplace/floor.ts';
import { closedLoop, type LoopResult } from './marketplace/loops.ts';
import { openLoop } from './marketplace/loops.ts';
import { startMarketTargets, tigerBeetlePresent, type Variant, variantName } from './marketplace/targets.ts';

const env = process.env;
const quick = env.BENCH_QUICK === '1';
const smoke = env.BENCH_MKT_SMOKE === '1';
const num = (name: string, full: number, short: number) => Number(env[name] ?? (quick || smoke ? short : full));
const sellers = num('BENCH_SELLERS', 200, 10);
const concurrencies = (env.BENCH_MKT_CONCURRENCY ?? (quick ? '64' : '128,512')).split(',').map(Number);
const duration_s = num('BENCH_DURATION_S', 20, 10);
const warmup_s = num('BENCH_WARMUP_S', 8, 5);
const floor_concurrency = num('BENCH_FLOOR_CONCURRENCY', 64, 32);
const open_s = num('BENCH_OPEN_S', 20, 6);
const sustained_s = num('BENCH_SUSTAINED_S', 240, 20);
const sample_s = num('BENCH_SAMPLE_S', 5, 2);
const drain_ms = 120_000;
const aims = { paymentsPerS: 500, ofFloor: 0.5, tigerBeetleOverPostgres: 1.3 };

function variantsToRun(): Variant[] {
  const all: Variant[] = [
    // Alternating engines, so a change in the machine's load hits both alike.
    { ledger: 'postgres', workers: 0 }, ...(tigerBeetlePresent() ? [{ ledger: 'tigerbeetle', workers: 0 }] as Variant[] : []),
    { ledger: 'postgres', workers: 1 }, ...(tigerBeetlePresent() ? [{ ledger: 'tigerbeetle', workers: 1 }] as Variant[] : []),
  ];
  const wanted = env.BENCH_MKT_VARIANTS; // e.g. "postgres:0,tigerbeetle:1"
  if (!wanted) return quick || smoke ? all.slice(0, 1) : all;
  return wanted.split(',').map((w) => ({ ledger: w.split(':')[0] as Variant['ledger'], workers: Number(w.split(':')[1] ?? 0) }))
    .filter((v) => v.ledger === 'postgres' || tigerBeetlePresent());
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => machineLine().replace(/.*load average/, 'load average').replace(/, node.*/, '');
const lagLine = (r: LoopResult) => `end-to-end p50 ${r.endToEndMs.p50} ms p99 ${r.endToEndMs.p99} ms; settlement lag p50 ${r.settlementLagMs.p50} p99 ${r.settlementLagMs.p99} ms; delivery lag p50 ${r.deliveryLagMs.p50} p99 ${r.deliveryLagMs.p99} ms`;

/** Waits until nothing is pending, open or undelivered; after drain_ms says so and goes on (the next figure then starts with a backlog). */
async function waitIdle(sql: Sql): Promise<void> {
  const deadline = Date.now() + drain_ms;
  for (;;) {
    const s = await sampleBacklog(sql, 0);
    if (s.pendingCollections + s.undeliveredEvents + s.openPayouts === 0) return;
    if (Date.now() > deadline) { say(`  (not idle after ${drain_ms / 1000} s: ${JSON.stringify(s)}; going on)`); return; }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Row = { name: string; ledger: Variant['ledger']; rate: number; floor: number; open: LoopResult | null; sustained: string };

async function runVariant(variant: Variant, withSustained: boolean): Promise<Row> {
  const targets = await startMarketTargets(variant);
  const logger = createLogger('warn');
  const db = await connectDatabase(loadConfig({ DATA_DIR: targets.dataDir, LOG_LEVEL: 'warn' }), logger);
  const row: Row = { name: variantName(variant), ledger: variant.ledger, rate: 0, floor: 0, open: null, sustained: 'not run' };
  try {
    say(`\n== ${row.name} (${load()}; API pid ${targets.pids.api}${targets.pids.workers.map((pid) => `, worker pid ${pid}`).join('')})`);
    const chain = new Chain(targets.apiOrigin, targets.credentials, targets.receiver);
    const setupStarted = Date.now();
    await chain.setup(sellers, targets.receiverPort, targets.receiver);
    const first = await chain.learn();
    say(`setup: ${sellers} sellers KYC-verified, rule, endpoint in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s; first payment ${Math.round(first.endedAtMs - first.startedAtMs)} ms; ` +
      `events per payment: ${[...chain.expected!.collection].join(', ')} | ${[...chain.expected!.payout].join(', ')}`);
    if (smoke) { say(`smoke: 1 payment through the chain, ${chain.rejected} deliveries rejected`); return row; }

    // 1. Saturation, each concurrency level; CPU, writes and PostgreSQL activity over the best.
    const pg = () => embeddedPostgresPids(targets.dataDir);
    const nodePids = [targets.pids.api, ...targets.pids.workers];
    let best: { result: LoopResult; concurrency: number; lines: string[]; perPayment: Awaited<ReturnType<typeof writeCounters>>['tables'] } | null = null;
    for (const concurrency of concurrencies) {
      await waitIdle(db.sql);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // table statistics flushed
      const writesBefore = await writeCounters(db.sql);
      const completedBefore = chain.completed;
      const cpuBefore = { node: nodePids.map(cpuMs), pg: cpuMsOf(pg), gen: cpuMs(process.pid), recv: cpuMs(targets.receiver.pid!) };
      const activity = activitySampler(db.sql);
      const loadAt = load();
      const result = await closedLoop(chain, concurrency, duration_s, warmup_s, drain_ms);
      const activityLines = await activity.stop();
      await waitIdle(db.sql);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const writesAfter = await writeCounters(db.sql);
      // Every payment started since the counters were read is complete now (warm-up and drain included).
      const payments = Math.max(1, chain.completed - completedBefore);
      const perUs = (ms: number) => Math.round((ms * 1000) / payments);
      const nodeUs = nodePids.map((pid, i) => perUs(cpuMs(pid) - cpuBefore.node[i]!));
      const lines = [
        `  CPU per payment (us): ${nodeUs.map((us, i) => `${i === 0 ? 'API' : `worker ${i}`} ${us}`).join(', ')}, PostgreSQL ${perUs(cpuMsOf(pg) - cpuBefore.pg)}, ` +
          `load generator ${perUs(cpuMs(process.pid) - cpuBefore.gen)}, receiver ${perUs(cpuMs(targets.receiver.pid!) - cpuBefore.recv)}`,
        ...activityLines.map((l) => `  ${l}`),
      ];
      say(`saturation, ${concurrency} payments in flight (${loadAt}): ${result.rate.toFixed(1)} payments/s (${result.completed} in ${duration_s} s, ${result.failed} failed${result.firstError ? `: ${result.firstError}` : ''}); ${lagLine(result)}`);
      const perPayment = writesPer(writesBefore.tables, writesAfter.tables, payments);
      say(`  commits per payment ${((writesAfter.commits - writesBefore.commits) / payments).toFixed(1)} (all processes, job queue included); rows per payment: ` +
        [...perPayment].filter(([, w]) => w.inserted + w.updated >= 0.05).map(([t, w]) => `${t.replace('public.', '')} +${w.inserted.toFixed(1)}/~${w.updated.toFixed(1)}`).join(', '));
      for (const line of lines) say(line);
      if (!best || result.rate > best.result.rate) best = { result, concurrency, lines, perPayment };
    }
    row.rate = best!.result.rate;

    // 2. The floor, same writes per payment and the same ledger engine.
    const ledger = new Ledger(await createEngine(targets.tigerBeetleAddresses
      ? { engine: 'tigerbeetle', addresses: targets.tigerBeetleAddresses }
      : { engine: 'postgres', ...postgresTarget(db.url), poolConnectionsMax: 8, migrate: false }));
    const floor = await prepareFloor(db.sql, ledger, best!.perPayment);
    const floorRate = await runFloor(floor.runPayment, floor_concurrency);
    row.floor = floorRate;
    say(`floor, ${floor_concurrency} payments in flight (${load()}): ${floorRate.toFixed(1)} payments/s; service/floor ${(row.rate / floorRate).toFixed(2)}`);
    for (const line of floor.describe()) say(`  ${line}`);
    await ledger.engine.close?.();

    // 3. Fixed arrival rate.
    const rate = Number(env.BENCH_MKT_RATE ?? Math.max(1, Math.round(row.rate / 2)));
    await waitIdle(db.sql);
    const loadAt = load();
    row.open = await openLoop(chain, rate, open_s, drain_ms);
    say(`open loop at ${rate}/s for ${open_s} s (${loadAt}): ${row.open.completed} payments, ${row.open.failed} failed or unfinished; ${lagLine(row.open)}`);

    // 4. Sustained at 80 % of saturation.
    if (withSustained) row.sustained = await sustained(chain, db.sql, Math.max(1, Math.round(row.rate * 0.8)));
    if (chain.rejected > 0) throw new Error(`${chain.rejected} deliveries failed signature verification`);
    return row;
  } finally {
    await db.close();
    await targets.stopAll();
  }
}

async function runFloor(runPayment: () => Promise<void>, concurrency: number): Promise<number> {
  const until = Date.now() + (warmup_s + duration_s) * 1000;
  const from = Date.now() + warmup_s * 1000;
  let counted = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      await runPayment();
      const now = Date.now();
      if (now >= from && now < until) counted += 1;
    }
  }));
  return counted / duration_s;
}

async function sustained(chain: Chain, sql: Sql, rate: number): Promise<string> {
  await waitIdle(sql);
  const samples: BacklogSample[] = [];
  const started = Date.now();
  let sampling = false;
  const loadAt = load();
  const tick = () => {
    const atS = (Date.now() - started) / 1000;
    if (sampling || atS < (samples.length + 1) * sample_s) return;
    sampling = true;
    void sampleBacklog(sql, atS).then((s) => { samples.push(s); sampling = false; }, () => { sampling = false; });
  };
  const result = await openLoop(chain, rate, sustained_s, drain_ms, tick);
  const verdicts = growthVerdict(samples, rate);
  const grows = verdicts.filter((v) => v.grows);
  say(`sustained at ${rate}/s (80 % of saturation) for ${sustained_s} s (${loadAt} at start, ${load()} at end): ${result.completed} payments, ${result.failed} failed or unfinished; ${lagLine(result)}`);
  say(`  samples every ${sample_s} s (pending collections / queued jobs / undelivered events / open payouts): ` + samples.map((s) => `${s.pendingCollections}/${s.queuedJobs}/${s.undeliveredEvents}/${s.openPayouts}`).join(' '));
  for (const v of verdicts) say(`  ${v.series}: slope ${v.slopePerS.toFixed(2)}/s (threshold ${v.threshold.toFixed(2)}), max ${v.max}, last ${v.last}: ${v.grows ? 'GROWS' : 'steady'}`);
  return grows.length === 0 ? `steady at ${rate}/s` : `grows at ${rate}/s: ${grows.map((v) => v.series).join(', ')}`;
}

async function main(): Promise<void> {
  const variants = variantsToRun();
  say(`bench-marketplace: ${machineLine()}; ${variants.length} variant(s)${tigerBeetlePresent() ? '' : ' (no TigerBeetle server: PostgreSQL ledger only)'}`);
  const rows: Row[] = [];
  for (const [i, variant] of variants.entries()) rows.push(await runVariant(variant, i === 0 || env.BENCH_SUSTAINED_ALL === '1'));
  if (smoke) return;
  say(`\n| variant | payments/s (saturation) | floor payments/s | service/floor | open loop e2e p50 / p99 | settlement lag p50 / p99 | delivery lag p50 / p99 | sustained 80 % |`);
  say('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const o = r.open!;
    say(`| ${r.name} | ${r.rate.toFixed(1)} | ${r.floor.toFixed(1)} | ${(r.rate / r.floor).toFixed(2)} | ${o.endToEndMs.p50} / ${o.endToEndMs.p99} ms | ${o.settlementLagMs.p50} / ${o.settlementLagMs.p99} ms | ${o.deliveryLagMs.p50} / ${o.deliveryLagMs.p99} ms | ${r.sustained} |`);
  }
  const best = (ledger: Variant['ledger']) => Math.max(0, ...rows.filter((r) => r.ledger === ledger).map((r) => r.rate));
  const top = Math.max(...rows.map((r) => r.rate));
  say(`aims: >= ${aims.paymentsPerS} payments/s: ${top.toFixed(0)} (${top >= aims.paymentsPerS ? 'met' : 'missed'}); >= ${aims.ofFloor} of the floor: ` +
    rows.map((r) => (r.rate / r.floor).toFixed(2)).join(', ') +
    (best('tigerbeetle') > 0 ? `; TigerBeetle / PostgreSQL ${(best('tigerbeetle') / best('postgres')).toFixed(2)} (aim >= ${aims.tigerBeetleOverPostgres})` : '; TigerBeetle not run') +
    `; backlog at 80 %: ${rows.map((r) => r.sustained).join('; ')}`);
}

await main();
