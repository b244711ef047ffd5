// `make bench`: requests per second of signed GET /v1/users (the full pipeline: raw body, HMAC
// authentication with a database key lookup, rate limiter, OpenAPI validation, a merchant-scoped
// query, the envelope) against a bare Express hello-world, both run here as child processes on
// this machine, measured one after the other with the same autocannon settings. Prints both
// rates and the ratio (target >= 0.5).
//
// Signing: a signature covers `timestamp + "." + body`, and GET /users has no body, so a
// signature made just before a measurement stays valid for the whole measurement (a few seconds,
// far inside the 300 s window). Each round signs afresh and hands autocannon fixed headers, which
// it precompiles into one request buffer: the server still verifies every request in full, and the
// load generator (single-threaded, on the same 2 cores) does not spend CPU re-signing or
// rebuilding requests, which is the client's cost, not the server's. (Passing a `requests` array
// instead makes autocannon rebuild each request and become the bottleneck.)
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signRequest } from '@payagg/sdk';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration_s = Number(process.env.BENCH_DURATION_S ?? 5);
// The machine is shared (2 cores): the two targets are measured alternately, `rounds` times each,
// and the median of each is compared, so a burst of outside load does not decide the ratio.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmup_s = 2;
const ready_timeout_ms = 60_000;
const users_count = 5;

async function freePort(): Promise<number> {
  return await new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address() as net.AddressInfo;
      s.close(() => resolve(a.port));
    });
  });
}

function start(file: string, env: Record<string, string>, readyPattern: RegExp): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE_DIR=dir writes a CPU profile of the API server (open it in Chrome DevTools).
    const profile = file.endsWith('main.ts') && process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${file} did not start:\n${output}`)), ready_timeout_ms);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        setTimeout(() => resolve({ child, output }), 200);
      }
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

function cli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(here, '../src/cli.ts'), ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(stdout),
    );
  });
}

type Measurement = { rps: number; p99_ms: number; non2xx: number };

async function measure(url: string, headers?: () => Record<string, string>): Promise<Measurement> {
  const options = { url, connections, pipelining: 1, ...(headers ? { headers: headers() } : {}) };
  await autocannon({ ...options, duration: warmup_s });
  const result = await autocannon({ ...options, duration: duration_s });
  return { rps: result.requests.average, p99_ms: result.latency.p99, non2xx: result.non2xx };
}

function median(values: Measurement[]): Measurement {
  const sorted = [...values].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)]!, non2xx: values.reduce((n, v) => n + v.non2xx, 0) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-'));
  const children: ChildProcess[] = [];
  try {
    const helloPort = await freePort();
    const apiPort = await freePort();
    const apiEnv = { DATA_DIR: dataDir, PORT: String(apiPort), RATE_LIMIT_PER_SECOND: '0', LOG_LEVEL: 'warn', VALIDATE_RESPONSES: 'false' };
    const hello = await start(path.join(here, 'hello-server.ts'), { PORT: String(helloPort) }, /ready/);
    children.push(hello.child);
    const api = await start(path.join(here, '../src/main.ts'), apiEnv, /api_secret:\s+\S+/);
    children.push(api.child);
    const merchantId = /merchant_id:\s+(\S+)/.exec(api.output)![1]!;
    const apiKey = /api_key:\s+(\S+)/.exec(api.output)![1]!;
    const apiSecret = /api_secret:\s+(\S+)/.exec(api.output)![1]!;
    // Give the roster a few members so the query returns real rows (the CLI joins the running cluster).
    for (let i = 0; i < users_count; i += 1) {
      await cli(['users', 'create', '--merchant', merchantId, '--email', `member${i}@bench.example`, '--role', i === 0 ? 'admin' : 'finance'], { DATA_DIR: dataDir });
    }

    const signed = (): Record<string, string> => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return { 'X-Service-Key': apiKey, 'X-Service-Timestamp': timestamp, 'X-Service-Signature': signRequest({ secret: apiSecret, timestamp }) };
    };
    const usersUrl = `http://127.0.0.1:${apiPort}/v1/users`;
    const check = await fetch(usersUrl, { headers: signed() });
    const body = (await check.json()) as { data: unknown[] };
    if (check.status !== 200 || body.data.length !== users_count) throw new Error(`signed GET /v1/users answered ${check.status}`);

    const baselines: Measurement[] = [];
    const usersRuns: Measurement[] = [];
    for (let round = 0; round < rounds; round += 1) {
      baselines.push(await measure(`http://127.0.0.1:${helloPort}/hello`));
      usersRuns.push(await measure(usersUrl, signed));
    }
    const baseline = median(baselines);
    const users = median(usersRuns);
    const ratio = users.rps / baseline.rps;
    process.stdout.write(
      [
        `bench: median of ${rounds} alternating rounds, ${duration_s} s each after ${warmup_s} s warm-up, ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
        `  rounds hello: ${baselines.map((m) => m.rps.toFixed(0)).join(', ')}; users: ${usersRuns.map((m) => m.rps.toFixed(0)).join(', ')}`,
        `  bare Express hello-world : ${baseline.rps.toFixed(0).padStart(7)} req/s  p99 ${baseline.p99_ms} ms  non-2xx ${baseline.non2xx}`,
        `  signed GET /v1/users     : ${users.rps.toFixed(0).padStart(7)} req/s  p99 ${users.p99_ms} ms  non-2xx ${users.non2xx}`,
        `  ratio users/hello        : ${ratio.toFixed(2)} (target >= 0.50)`,
        '',
      ].join('\n'),
    );
    if (users.non2xx > 0) process.exitCode = 1;
  } finally {
    for (const child of children.reverse()) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
