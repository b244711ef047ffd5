// What one signed GET /v1/users costs each process, in CPU microseconds (the service's Node
// process, its PostgreSQL, the load generator), at a fixed open-loop rate, median of alternating
// rounds; the floor (floor-server.ts) beside it. Made for decision 0520: the shared rate limiter
// adds one statement per request, and a rate (`make bench`) on 2 cores that other work shares says
// little about a few hundred microseconds; CPU per request does not depend on what else runs.
// Run it with BENCH_RATE_LIMIT=1 (bench/support/processes.ts: the limiter on, at a limit the load
// cannot reach) and compare with the same run on another checkout (e.g. main); with
// BENCH_RATE_LIMIT=spent the service refuses nearly every request (what a client past its limit costs).
// Needs Linux /proc and the embedded PostgreSQL (its processes are found under DATA_DIR).
import { signRequest } from '@payagg/sdk';
import { cpuMs, cpuMsOf, embeddedPostgresPids, medianEachField } from './support/cpu.ts';
import { machineLine } from './support/measure.ts';
import { type OpenLoopRequest, openLoop } from './support/open-loop.ts';
import { startTargets } from './support/processes.ts';

const rate_per_s = Number(process.env.BENCH_FIXED_RATE ?? 400);
const duration_s = Number(process.env.BENCH_DURATION_S ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

type Cost = { node_us: number; postgres_us: number; p99_ms: number; non2xx: number };

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) throw new Error('users-cost measures the embedded PostgreSQL: unset DATABASE_URL');
  const targets = await startTargets();
  try {
    const { apiKey, apiSecret } = targets.credentials;
    const next = (): OpenLoopRequest => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return { method: 'GET', path: '/v1/users', headers: { 'x-service-key': apiKey, 'x-service-timestamp': timestamp, 'x-service-signature': signRequest({ secret: apiSecret, timestamp }) } };
    };
    const postgres = () => embeddedPostgresPids(targets.dataDir);
    const measureCost = async (origin: string, pid: number): Promise<Cost> => {
      await openLoop({ origin, ratePerS: rate_per_s, durationS: 2, next });
      const before = { node: cpuMs(pid), postgres: cpuMsOf(postgres) };
      const run = await openLoop({ origin, ratePerS: rate_per_s, durationS: duration_s, next });
      // With BENCH_RATE_LIMIT=spent the service refuses nearly every request (429): that is the point.
      const refusalsExpected = process.env.BENCH_RATE_LIMIT === 'spent' && origin === targets.apiOrigin;
      if (run.errors > 0 || (run.non2xx > 0 && !refusalsExpected)) throw new Error(`${origin}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      const perRequestUs = (ms: number) => Math.round((ms / run.total) * 1000);
      return { node_us: perRequestUs(cpuMs(pid) - before.node), postgres_us: perRequestUs(cpuMsOf(postgres) - before.postgres), p99_ms: run.p99_ms, non2xx: run.non2xx };
    };
    const floors: Cost[] = [];
    const services: Cost[] = [];
    for (let round = 0; round < rounds; round += 1) {
      floors.push(await measureCost(targets.floorOrigin, targets.pids.floor));
      services.push(await measureCost(targets.apiOrigin, targets.pids.api));
    }
    const row = (label: string, costs: Cost[]) => {
      const c = medianEachField(costs);
      const each = costs.map((x) => `${x.node_us}+${x.postgres_us}`).join(', ');
      return `  ${label.padEnd(26)}: node ${String(c.node_us).padStart(5)}  postgres ${String(c.postgres_us).padStart(5)}  total ${String(c.node_us + c.postgres_us).padStart(5)}  (p99 ${c.p99_ms} ms; non-2xx ${c.non2xx}; rounds node+postgres: ${each})`;
    };
    process.stdout.write(
      [
        `users-cost: CPU microseconds per signed GET /v1/users at ${rate_per_s}/s for ${duration_s} s (open loop), median of ${rounds} alternating rounds, rate limiter ${process.env.BENCH_RATE_LIMIT ? `on (${process.env.BENCH_RATE_LIMIT === 'spent' ? 'key spent: 1 per 1 s window' : 'unreachable limit'})` : 'off'}, ${machineLine()}`,
        row('floor (signature + query)', floors),
        row('service', services),
        '',
      ].join('\n'),
    );
  } finally {
    await targets.stopAll();
  }
}

await main();
