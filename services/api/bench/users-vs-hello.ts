// `make bench`: requests per second of signed GET /v1/users (the full pipeline: raw body, HMAC
// authentication with a database key lookup, rate limiter, OpenAPI validation, a merchant-scoped
// query, the envelope) against a bare Express hello-world, both run here as child processes on
// this machine, measured one after the other with the same autocannon settings. Prints both
// rates and the ratio (target >= 0.5). Also measured, the same way: the floor (floor-server.ts),
// the same signed GET /v1/users with only what it cannot do without (the signature check, the
// service's own query, the envelope); its ratio to the hello-world is the most any
// implementation on this stack and machine can reach.
//
// Signing: a signature covers `timestamp + "." + body`, and GET /users has no body, so a
// signature made just before a measurement stays valid for the whole measurement (a few seconds,
// far inside the 300 s window). Each round signs afresh and hands autocannon fixed headers, which
// it precompiles into one request buffer: the server still verifies every request in full, and the
// load generator (single-threaded, on the same 2 cores) does not spend CPU re-signing or
// rebuilding requests, which is the client's cost, not the server's. (Passing a `requests` array
// instead makes autocannon rebuild each request and become the bottleneck.)
import { signRequest } from '@payagg/sdk';
import { machineLine, type Measurement, measure, median, rates } from './support/measure.ts';
import { cli, startTargets } from './support/processes.ts';

const duration_s = Number(process.env.BENCH_DURATION_S ?? 5);
// The machine is shared (2 cores): the two targets are measured alternately, `rounds` times each,
// and the median of each is compared, so a burst of outside load does not decide the ratio.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmup_s = 2;
const users_count = 5;

async function main(): Promise<void> {
  const targets = await startTargets();
  try {
    const { merchantId, apiKey, apiSecret } = targets.credentials;
    // Give the roster a few members so the query returns real rows (the CLI joins the running cluster).
    for (let i = 0; i < users_count; i += 1) {
      await cli(['users', 'create', '--merchant', merchantId, '--email', `member${i}@bench.example`, '--role', i === 0 ? 'admin' : 'finance'], { DATA_DIR: targets.dataDir });
    }

    const signed = (): Record<string, string> => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return { 'X-Service-Key': apiKey, 'X-Service-Timestamp': timestamp, 'X-Service-Signature': signRequest({ secret: apiSecret, timestamp }) };
    };
    const usersUrl = `${targets.apiOrigin}/v1/users`;
    const check = await fetch(usersUrl, { headers: signed() });
    const body = (await check.json()) as { data: unknown[] };
    if (check.status !== 200 || body.data.length !== users_count) throw new Error(`signed GET /v1/users answered ${check.status}`);

    const floorUrl = `${targets.floorOrigin}/v1/users`;
    const floorCheck = await fetch(floorUrl, { headers: signed() });
    const floorBody = (await floorCheck.json()) as { data: unknown[] };
    if (floorCheck.status !== 200 || floorBody.data.length !== users_count) throw new Error(`the floor's GET /v1/users answered ${floorCheck.status}`);

    const baselines: Measurement[] = [];
    const floors: Measurement[] = [];
    const usersRuns: Measurement[] = [];
    for (let round = 0; round < rounds; round += 1) {
      baselines.push(await measure({ url: targets.helloUrl, connections, pipelining: 1 }, duration_s, warmup_s));
      floors.push(await measure({ url: floorUrl, connections, pipelining: 1, headers: signed() }, duration_s, warmup_s));
      usersRuns.push(await measure({ url: usersUrl, connections, pipelining: 1, headers: signed() }, duration_s, warmup_s));
    }
    const baseline = median(baselines);
    const floor = median(floors);
    const users = median(usersRuns);
    const ratio = users.rps / baseline.rps;
    process.stdout.write(
      [
        `bench: median of ${rounds} alternating rounds, ${duration_s} s each after ${warmup_s} s warm-up, ${connections} connections, ${machineLine()}`,
        `  rounds hello: ${rates(baselines)}; floor: ${rates(floors)}; users: ${rates(usersRuns)}`,
        `  bare Express hello-world : ${baseline.rps.toFixed(0).padStart(7)} req/s  p99 ${baseline.p99_ms} ms  non-2xx ${baseline.non2xx}`,
        `  floor (signature + query): ${floor.rps.toFixed(0).padStart(7)} req/s  p99 ${floor.p99_ms} ms  non-2xx ${floor.non2xx}`,
        `  signed GET /v1/users     : ${users.rps.toFixed(0).padStart(7)} req/s  p99 ${users.p99_ms} ms  non-2xx ${users.non2xx}`,
        `  ratio users/hello        : ${ratio.toFixed(2)} (target >= 0.50)`,
        `  ratio floor/hello        : ${(floor.rps / baseline.rps).toFixed(2)} (the most this stack reaches here)`,
        `  ratio users/floor        : ${(users.rps / floor.rps).toFixed(2)} (the service's own share)`,
        '',
      ].join('\n'),
    );
    if (users.non2xx + floor.non2xx > 0) process.exitCode = 1;
  } finally {
    await targets.stopAll();
  }
}

await main();
