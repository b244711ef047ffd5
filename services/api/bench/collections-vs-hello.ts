// `make bench-collections`: signed, idempotent, durable POST /v1/collections against a bare
// Express hello-world, both started here (support/processes.ts) and measured with autocannon:
//   1. latency at a fixed rate (500 requests/s by default, evenly spaced: support/open-loop.ts):
//      p50 and p99 of POST /v1/collections,
//      on the fresh service (before any settlement backlog);
//   2. maximum rate: the hello-world, the floor and the collections endpoint alternately,
//      `rounds` times each, median compared (the machine is shared), at each of several numbers
//      of connections (BENCH_CONNECTIONS, default 32,64,128); the maximum is the best level. The
//      service sends the statements of requests that arrive together as one (db/statement-
//      batcher.ts), so its rate keeps rising with the requests in flight after the floor's, which
//      sends one statement per write, has levelled off; every level is printed, with its latency.
// Targets (issue 4): >= 1,500 collections/s on 2 cores; p99 < 50 ms at 500 requests/s.
//
// Every request is a new collection: its own Idempotency-Key (a uuid4, so every request runs, none
// is a replay), its own body (a unique `reference`), signed for that body (HMAC-SHA256 over
// timestamp + "." + body, as the SDK signs) in autocannon's per-request `setupRequest`. The
// service answers 200 only after the collection row, its transaction.pending event and the
// stored idempotent response are committed to PostgreSQL (fsync on, the embedded default), and
// after the sandbox rail has answered the initiation. The rail outcome worker runs as in
// production (default 2 s outcome delay), so collections settle through the ledger during the
// measurement too: that load is part of the figure.
//
// Also measured, the same ways: the floor (floor-server.ts), the same signed POST with only what it
// cannot do without (signature, JSON, the service's three writes in the same shape and commit
// modes); it has no validation, no encryption, no breaker and no outcome worker. Its rate is the
// most this stack reaches on this machine, and its p99 at the fixed rate shows how much of the
// service's tail is the machine's (WAL flushes that stall) rather than the service's.
//
// Also measured, in the same rounds (issue 15): the same POST /collections naming a three-leg
// split rule (platform 10 % held in escrow, tax 16 %, the merchant's remainder), so settlement
// runs a three-transfer linked chain with a pending leg, the escrow hold row and its escrow.held
// event for every one. Its rate is printed beside the plain case's (aim: at least 0.8 of it).
//
// The load generator shares the 2 cores with the service and PostgreSQL; signing a request costs
// it a few microseconds. BENCH_PROFILE_DIR=dir writes a CPU profile of the service.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { signRequest } from '@payagg/sdk';
import { loadConfig } from '../src/config.ts';
import { machineLine, type Measurement, measure, median, rates } from './support/measure.ts';
import { openLoop } from './support/open-loop.ts';
import { startTargets } from './support/processes.ts';
import { waitUntilSettled } from './support/settled.ts';

const duration_s = Number(process.env.BENCH_DURATION_S ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connection_levels = (process.env.BENCH_CONNECTIONS ?? '32,64,128').split(',').map(Number);
const fixed_rate_per_s = Number(process.env.BENCH_FIXED_RATE ?? 500);
const fixed_rate_duration_s = Number(process.env.BENCH_FIXED_RATE_DURATION_S ?? 10);
const warmup_s = 2;
const target_collections_per_s = 1500;
const target_p99_ms = 50;
const target_split_ratio = 0.8;
/** The split case's rule (docs/split-settlement.md): three legs, one escrowed. */
const split_rule = {
  name: 'bench three legs', rule_type: 'percentage',
  recipients: [
    { recipient_type: 'platform', value: 10, escrow: true, escrow_release_condition: 'manual' },
    { recipient_type: 'tax', value: 16 },
  ],
};

type Signer = { apiKey: string; apiSecret: string };

/** An autocannon request that is a brand-new, signed collection every time it is sent. */
function newCollectionRequest(signer: Signer, runId: string, splitRuleId?: string): autocannon.Request & { path: string } {
  let sequence = 0;
  return {
    method: 'POST',
    path: '/v1/collections',
    setupRequest: (request) => {
      sequence += 1;
      const body = JSON.stringify({ amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000000', reference: `bench-${runId}-${sequence}`,
        ...(splitRuleId === undefined ? {} : { split_rule_id: splitRuleId }) });
      const timestamp = String(Math.floor(Date.now() / 1000));
      return {
        ...request,
        body,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          'x-service-key': signer.apiKey,
          'x-service-timestamp': timestamp,
          'x-service-signature': signRequest({ secret: signer.apiSecret, timestamp, body }),
        },
      };
    },
  };
}

/** One request by hand first: the endpoint answers 200 pending, and a replay repeats nothing. */
async function checkEndpoint(origin: string, signer: Signer): Promise<void> {
  const request = newCollectionRequest(signer, 'check').setupRequest!({ method: 'POST', path: '/v1/collections' }, {});
  const send = () => fetch(`${origin}/v1/collections`, { method: 'POST', headers: request.headers, body: request.body });
  const first = await send();
  const created = (await first.json()) as { data: { id: string; status: string } };
  const replay = await send();
  const replayed = (await replay.json()) as { data: { id: string } };
  if (first.status !== 200 || created.data.status !== 'pending' || replay.status !== 200 || replayed.data.id !== created.data.id) {
    throw new Error(`POST /v1/collections answered ${first.status} then ${replay.status}: ${JSON.stringify(created)}`);
  }
}

/** Creates the split case's rule (POST /split-rules takes no Idempotency-Key) and answers its id. */
async function createSplitRule(origin: string, signer: Signer): Promise<string> {
  const body = JSON.stringify(split_rule);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${origin}/v1/split-rules`, { method: 'POST', body, headers: {
    'content-type': 'application/json', 'x-service-key': signer.apiKey, 'x-service-timestamp': timestamp,
    'x-service-signature': signRequest({ secret: signer.apiSecret, timestamp, body }),
  } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /v1/split-rules answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** The floor answers a new collection with 200 pending (it has no replays: every request is new). */
async function checkFloor(origin: string, signer: Signer): Promise<void> {
  const request = newCollectionRequest(signer, 'floor-check').setupRequest!({ method: 'POST', path: '/v1/collections' }, {});
  const response = await fetch(`${origin}/v1/collections`, { method: 'POST', headers: request.headers, body: request.body });
  const text = await response.text();
  if (response.status !== 200 || (JSON.parse(text) as { data: { status: string } }).data.status !== 'pending') {
    throw new Error(`the floor's POST /v1/collections answered ${response.status}: ${text}`);
  }
}

function line(label: string, m: Measurement): string {
  return `  ${label.padEnd(34)}: ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50_ms).padStart(4)} ms  p99 ${String(m.p99_ms).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`;
}

async function main(): Promise<void> {
  const targets = await startTargets();
  try {
    const signer = { apiKey: targets.credentials.apiKey, apiSecret: targets.credentials.apiSecret };
    await checkEndpoint(targets.apiOrigin, signer);
    await checkFloor(targets.floorOrigin, signer);
    const splitRuleId = await createSplitRule(targets.apiOrigin, signer);

    // The fixed rate first: every collection created by a maximum-rate round is settled by the
    // outcome worker over the following seconds, and that backlog would inflate the latency of
    // whatever runs next. An open loop (support/open-loop.ts): evenly spaced arrivals, latency
    // from each request's scheduled time. A short warm-up at the same rate before it.
    const fixedRun = (label: string, durationS: number, origin = targets.apiOrigin) => {
      const request = newCollectionRequest(signer, label);
      return openLoop({
        origin,
        ratePerS: fixed_rate_per_s,
        durationS,
        traceFile: process.env.BENCH_TRACE_FILE,
        next: () => {
          const built = request.setupRequest!({ method: 'POST', path: '/v1/collections' }, {}) as { headers: Record<string, string>; body: string };
          return { method: 'POST', path: '/v1/collections', headers: built.headers, body: built.body };
        },
      });
    };
    await fixedRun('fixed-warmup', warmup_s);
    const fixed = await fixedRun('fixed', fixed_rate_duration_s);
    // The floor's fixed rate after the service's (which runs first on a fresh database, as it
    // always has), once the service has settled what it created, so that neither the settlement
    // backlog nor the floor's own writes (autovacuum of its tables) fall in the other's window.
    if (loadConfig(process.env).runWorkers || targets.pids.worker !== null) await waitUntilSettled(targets.apiOrigin, signer);
    await fixedRun('floor-fixed-warmup', warmup_s, targets.floorOrigin);
    const floorFixed = await fixedRun('floor-fixed', fixed_rate_duration_s, targets.floorOrigin);

    type Level = { connections: number; hellos: Measurement[]; floors: Measurement[]; collections: Measurement[]; splits: Measurement[] };
    const levels: Level[] = [];
    for (const connections of connection_levels) {
      const level: Level = { connections, hellos: [], floors: [], collections: [], splits: [] };
      for (let round = 0; round < rounds; round += 1) {
        level.hellos.push(await measure({ url: targets.helloUrl, connections, pipelining: 1 }, duration_s, warmup_s));
        const floorRequests = [newCollectionRequest(signer, `floor${connections}-${round}`)];
        level.floors.push(await measure({ url: targets.floorOrigin, connections, pipelining: 1, requests: floorRequests }, duration_s, warmup_s));
        const requests = [newCollectionRequest(signer, `max${connections}-${round}`)];
        level.collections.push(await measure({ url: targets.apiOrigin, connections, pipelining: 1, requests }, duration_s, warmup_s));
        const splitRequests = [newCollectionRequest(signer, `split${connections}-${round}`, splitRuleId)];
        level.splits.push(await measure({ url: targets.apiOrigin, connections, pipelining: 1, requests: splitRequests }, duration_s, warmup_s));
      }
      levels.push(level);
    }
    const best = levels.reduce((a, b) => (median(b.collections).rps > median(a.collections).rps ? b : a));
    const hello = median(best.hellos);
    const floor = median(best.floors);
    const collection = median(best.collections);
    const bestSplit = levels.reduce((a, b) => (median(b.splits).rps > median(a.splits).rps ? b : a));
    const split = median(bestSplit.splits);
    const splitRatio = split.rps / collection.rps;

    const ratio = collection.rps / hello.rps;
    const rateMet = collection.rps >= target_collections_per_s;
    const p99Met = fixed.p99_ms < target_p99_ms;
    process.stdout.write(
      [
        `bench-collections: ${machineLine()}`,
        `  maximum rate: median of ${rounds} alternating rounds, ${duration_s} s each after ${warmup_s} s warm-up, at ${connection_levels.join(', ')} connections`,
        ...levels.flatMap((level) => [
          `  ${String(level.connections).padStart(3)} connections, rounds hello: ${rates(level.hellos)}; floor: ${rates(level.floors)}; collections: ${rates(level.collections)}`,
          line(`    floor (${level.connections})`, median(level.floors)),
          line(`    POST /collections (${level.connections})`, median(level.collections)),
          `      split rounds: ${rates(level.splits)}`,
          line(`    POST /collections split (${level.connections})`, median(level.splits)),
        ]),
        `  best level: ${best.connections} connections`,
        line('bare Express hello-world', hello),
        line('floor (signature + 3 writes)', floor),
        line('signed idempotent POST /collections', collection),
        `  ratio collections/hello           : ${ratio.toFixed(3)}`,
        `  ratio collections/floor           : ${(collection.rps / floor.rps).toFixed(2)} (the floor sends one statement per write; the service batches concurrent requests' statements)`,
        line(`split, 3 legs, 1 escrowed (${bestSplit.connections})`, split),
        `  ratio split/plain collections     : ${splitRatio.toFixed(3)} (aim >= ${target_split_ratio}: ${splitRatio >= target_split_ratio ? 'met' : 'NOT met'}; each at its best level)`,
        `  fixed rate: ${fixed_rate_per_s} requests/s for ${fixed_rate_duration_s} s, open loop (evenly spaced arrivals, latency from the scheduled send time)`,
        line(`floor at ${fixed_rate_per_s}/s`, floorFixed),
        line(`POST /collections at ${fixed_rate_per_s}/s`, fixed),
        `  targets: >= ${target_collections_per_s} collections/s: ${rateMet ? 'met' : 'NOT met'} (${collection.rps.toFixed(0)} at ${best.connections} connections); p99 < ${target_p99_ms} ms at ${fixed_rate_per_s}/s: ${p99Met ? 'met' : 'NOT met'} (${fixed.p99_ms} ms)`,
        '',
      ].join('\n'),
    );
    // Failed requests make every figure meaningless; missed targets are reported, not failed.
    const failed = [...levels.flatMap((l) => [...l.hellos, ...l.floors, ...l.collections, ...l.splits]), fixed, floorFixed].reduce((n, m) => n + m.non2xx + m.errors, 0);
    if (failed > 0) process.exitCode = 1;
  } finally {
    await targets.stopAll();
  }
}

await main();
