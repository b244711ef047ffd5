// `make bench-cost`: what one POST /v1/collections costs each process, in CPU microseconds, for
// the service and for the floor (floor-server.ts: the signature and the same three writes,
// nothing else), at the same fixed, open-loop rate. On 2 shared cores the maximum rate is the
// sum of these costs, so this says where a faster service would have to save: in the service's
// own Node process, in PostgreSQL, or nowhere the service controls.
//
// For the service the window includes settling what it created (the sandbox outcome worker,
// default 2 s delay, runs in the same process): the measurement waits for every collection of the
// window to leave `pending` before reading the clocks. Alternating rounds; medians printed.
// Needs Linux /proc and the embedded PostgreSQL (its processes are found under DATA_DIR).
import { randomUUID } from 'node:crypto';
import { signRequest } from '@payagg/sdk';
import { loadConfig } from '../src/config.ts';
import { cpuMs, cpuMsOf, embeddedPostgresPids, medianEachField } from './support/cpu.ts';
import { machineLine } from './support/measure.ts';
import { type OpenLoopRequest, openLoop } from './support/open-loop.ts';
import { startTargets } from './support/processes.ts';
import { waitUntilSettled } from './support/settled.ts';

const rate_per_s = Number(process.env.BENCH_FIXED_RATE ?? 500);
const duration_s = Number(process.env.BENCH_DURATION_S ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

type Cost = { node_us: number; postgres_us: number; loadgen_us: number; p99_ms: number };

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) throw new Error('bench-cost measures the embedded PostgreSQL: unset DATABASE_URL');
  if (!loadConfig(process.env).runWorkers && !process.env.BENCH_SEPARATE_WORKER) {
    throw new Error('bench-cost counts settlement: it needs the outcome worker (unset RUN_WORKERS, or set BENCH_SEPARATE_WORKER=1)');
  }
  const targets = await startTargets();
  try {
    const { apiKey, apiSecret } = targets.credentials;
    let sequence = 0;
    const next = (): OpenLoopRequest => {
      sequence += 1;
      const body = JSON.stringify({ amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000000', reference: `cost-${sequence}` });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = signRequest({ secret: apiSecret, timestamp, body });
      return {
        method: 'POST',
        path: '/v1/collections',
        body,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-service-key': apiKey, 'x-service-timestamp': timestamp, 'x-service-signature': signature },
      };
    };
    const postgres = () => embeddedPostgresPids(targets.dataDir);

    const measureCost = async (origin: string, pids: number[], settled: () => Promise<void>): Promise<Cost> => {
      const node = () => pids.reduce((total, pid) => total + cpuMs(pid), 0);
      await openLoop({ origin, ratePerS: rate_per_s, durationS: 2, next });
      await settled();
      const before = { node: node(), postgres: cpuMsOf(postgres), loadgen: cpuMs(process.pid) };
      const run = await openLoop({ origin, ratePerS: rate_per_s, durationS: duration_s, next, traceFile: process.env.BENCH_TRACE_FILE });
      await settled();
      const perRequestUs = (ms: number) => Math.round((ms / run.total) * 1000);
      if (run.non2xx + run.errors > 0) throw new Error(`${origin}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      return {
        node_us: perRequestUs(node() - before.node),
        postgres_us: perRequestUs(cpuMsOf(postgres) - before.postgres),
        loadgen_us: perRequestUs(cpuMs(process.pid) - before.loadgen),
        p99_ms: run.p99_ms,
      };
    };

    const noWait = async () => {};
    const serviceSettled = () => waitUntilSettled(targets.apiOrigin, { apiKey, apiSecret });

    const floors: Cost[] = [];
    const services: Cost[] = [];
    for (let round = 0; round < rounds; round += 1) {
      floors.push(await measureCost(targets.floorOrigin, [targets.pids.floor], noWait));
      services.push(await measureCost(targets.apiOrigin, [targets.pids.api, ...(targets.pids.worker ? [targets.pids.worker] : [])], serviceSettled));
    }
    const floor = medianEachField(floors);
    const service = medianEachField(services);
    const total = (c: Cost) => c.node_us + c.postgres_us + c.loadgen_us;
    const row = (label: string, c: Cost) =>
      `  ${label.padEnd(30)}: node ${String(c.node_us).padStart(5)}  postgres ${String(c.postgres_us).padStart(5)}  load generator ${String(c.loadgen_us).padStart(4)}  total ${String(total(c)).padStart(5)}  (p99 ${c.p99_ms} ms)`;
    process.stdout.write(
      [
        `bench-cost: CPU microseconds per POST /v1/collections at ${rate_per_s}/s for ${duration_s} s (open loop), median of ${rounds} alternating rounds, ${machineLine()}`,
        row('floor (signature + 3 writes)', floor),
        row('service (incl. settlement)', service),
        `  service/floor: node ${(service.node_us / floor.node_us).toFixed(2)}x, postgres ${(service.postgres_us / floor.postgres_us).toFixed(2)}x`,
        `  (costs per request fall as the rate rises: commits share WAL flushes, wake-ups serve several requests)`,
        '',
      ].join('\n'),
    );
  } finally {
    await targets.stopAll();
  }
}

await main();
