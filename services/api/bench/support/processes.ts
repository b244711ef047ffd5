// Child processes of the benchmarks: the real service (node src/main.ts on a temp DATA_DIR with
// its embedded PostgreSQL) and the bare Express hello-world, each on a free port, plus the
// operator CLI against the service's data folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/embedded.ts';

const bench_dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const api_main_file = path.join(bench_dir, '../src/main.ts');
const api_cli_file = path.join(bench_dir, '../src/cli.ts');
const hello_server_file = path.join(bench_dir, 'hello-server.ts');
const floor_server_file = path.join(bench_dir, 'floor-server.ts');
const api_worker_file = path.join(bench_dir, '../src/worker.ts');
// Starting the embedded PostgreSQL (initdb on a fresh folder) takes a few seconds; allow plenty.
const ready_timeout_ms = 60_000;
// After the ready line, a moment for the listener to settle before the first measurement.
const settle_after_ready_ms = 200;

export type Started = { child: ChildProcess; output: string };

/** Runs `node file` with `env` added, resolving once its output matches `readyPattern`. */
export function start(file: string, env: Record<string, string>, readyPattern: RegExp, nodeArgs: string[] = []): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    // BENCH_LOG_DIR=dir: everything the child prints also goes to dir/<file>-<pid>.log, headed by
    // its wall-clock start (to line up, say, NODE_OPTIONS=--trace-gc output with a latency trace).
    const logDir = process.env.BENCH_LOG_DIR;
    if (logDir) {
      const log = fs.createWriteStream(path.join(logDir, `${path.basename(file)}-${child.pid}.log`));
      log.write(`# started ${new Date().toISOString()}\n`);
      child.stdout!.pipe(log, { end: false });
      child.stderr!.pipe(log, { end: false });
    }
    const timer = setTimeout(() => reject(new Error(`${file} did not start:\n${output}`)), ready_timeout_ms);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        setTimeout(() => resolve({ child, output }), settle_after_ready_ms);
      }
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}:\n${output}`)));
  });
}

/** SIGINT (the service shuts down cleanly, writing its CPU profile if asked), then waits for exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

export function cli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [api_cli_file, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(stdout),
    );
  });
}

export type Credentials = { merchantId: string; apiKey: string; apiSecret: string };

export type BenchTargets = {
  helloUrl: string;
  /** `http://127.0.0.1:<port>` of the floor (floor-server.ts): the same endpoints with only what they cannot do without. */
  floorOrigin: string;
  /** `http://127.0.0.1:<port>` of the service. */
  apiOrigin: string;
  /** Process ids of the service (its worker process too, with BENCH_SEPARATE_WORKER) and the floor (CPU accounting: support/cpu.ts). */
  pids: { api: number; worker: number | null; floor: number };
  dataDir: string;
  credentials: Credentials;
  stopAll(): Promise<void>;
};

/**
 * Starts the hello-world and the real service (temp DATA_DIR, embedded PostgreSQL, no rate limit,
 * warn logging, no response validation) and returns the sandbox credentials the service prints on
 * its first start. `apiEnv` adds or overrides service settings. BENCH_PROFILE_DIR=dir writes a CPU
 * profile of the service there when it stops (open it in Chrome DevTools, or see
 * bench/support/profile-summary.ts).
 */
export async function startTargets(apiEnv: Record<string, string> = {}): Promise<BenchTargets> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-'));
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of children.reverse()) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const helloPort = await freePort();
    // Each port is released before the next is probed: the OS may offer the same one again.
    const apiPort = await freePort([helloPort]);
    const hello = await start(hello_server_file, { PORT: String(helloPort) }, /ready/);
    children.push(hello.child);
    const profileDir = process.env.BENCH_PROFILE_DIR;
    // BENCH_NODE_ARGS: more node flags for the service and the floor (say --trace-gc, with BENCH_LOG_DIR).
    const profile = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
    // BENCH_SEPARATE_WORKER=1: the deployment with the background workers in their own process
    // (src/worker.ts) and none in the API process.
    const separateWorker = Boolean(process.env.BENCH_SEPARATE_WORKER);
    // BENCH_RATE_LIMIT=1: the rate limiter on, at a limit the load cannot reach (every request
    // charged, none refused), to measure its cost (decision 0520); off by default.
    // BENCH_RATE_LIMIT=spent: one request per 1 s window, so nearly every request is refused (429):
    // what a client hammering past its limit costs.
    const rateLimitOn = process.env.BENCH_RATE_LIMIT === 'spent' ? { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '1' } : { RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' };
    const rateLimit: Record<string, string> = process.env.BENCH_RATE_LIMIT ? rateLimitOn : { RATE_LIMIT_PER_SECOND: '0' };
    const env = { DATA_DIR: dataDir, PORT: String(apiPort), ...rateLimit, LOG_LEVEL: 'warn', VALIDATE_RESPONSES: 'false',
      ...(separateWorker ? { RUN_WORKERS: 'false' } : {}), ...apiEnv };
    const api = await start(api_main_file, env, /api_secret:\s+\S+/, profile);
    children.push(api.child);
    // Started after the service (it joins the service's embedded PostgreSQL), stopped before it.
    const worker = separateWorker ? await start(api_worker_file, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, /payagg worker running/) : null;
    if (worker) children.push(worker.child);
    const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(api.output)![1]!;
    const credentials = { merchantId: field('merchant_id'), apiKey: field('api_key'), apiSecret: field('api_secret') };
    const floorPort = await freePort([helloPort, apiPort]);
    const floorEnv = { DATA_DIR: dataDir, PORT: String(floorPort), BENCH_MERCHANT_ID: credentials.merchantId, BENCH_API_SECRET: credentials.apiSecret };
    const floor = await start(floor_server_file, floorEnv, /ready/, profile);
    // Stopped before the service (children stop in reverse), so the service stops its PostgreSQL.
    children.push(floor.child);
    return {
      helloUrl: `http://127.0.0.1:${helloPort}/hello`,
      floorOrigin: `http://127.0.0.1:${floorPort}`,
      apiOrigin: `http://127.0.0.1:${apiPort}`,
      pids: { api: api.child.pid!, worker: worker?.child.pid ?? null, floor: floor.child.pid! },
      dataDir,
      credentials,
      stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
