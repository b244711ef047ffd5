// The processes of one marketplace-bench variant: the real service (node src/main.ts on a fresh
// DATA_DIR with its embedded PostgreSQL, fsync on), with the background work in it or in
// `workers` separate worker processes (src/worker.ts, RUN_WORKERS=false in the API), on the
// ledger's PostgreSQL engine or on a fresh single-replica TigerBeetle (the shared server binary,
// formatted and started here as scripts/tigerbeetle.sh does), and the signature-checking webhook
// receiver (receiver.ts). Started with support/processes.ts's start/stop, stopped in reverse.
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/embedded.ts';
import { type Credentials, start, stop } from '../support/processes.ts';
import type { ReceiverMessage } from './receiver.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const api_main_file = path.join(here, '../../src/main.ts');
const api_worker_file = path.join(here, '../../src/worker.ts');
const receiver_file = path.join(here, 'receiver.ts');
/** The server version the ledger's client pins (scripts/tigerbeetle.sh). */
export const tigerbeetle_bin = process.env.TIGERBEETLE_BIN ?? '/work/shared/tigerbeetle/0.17.5/tigerbeetle';
const tigerbeetle_start_timeout_ms = 30_000;

export type Variant = { ledger: 'postgres' | 'tigerbeetle'; workers: number };

export const variantName = (v: Variant) => `${v.ledger === 'postgres' ? 'PostgreSQL ledger' : 'TigerBeetle ledger'}, ${v.workers === 0 ? 'workers in the API process' : `${v.workers} worker process${v.workers > 1 ? 'es' : ''}`}`;

export type MarketTargets = {
  apiOrigin: string;
  dataDir: string;
  credentials: Credentials;
  /** Set when the ledger is TigerBeetle (the floor's ledger joins the same replica). */
  tigerBeetleAddresses: string | null;
  pids: { api: number; workers: number[] };
  receiver: ChildProcess;
  receiverPort: number;
  stopAll(): Promise<void>;
};

/** The sandbox providers answer at once (their delays are simulated waits, not work); the rest is the service's defaults. */
export const service_env: Record<string, string> = {
  RATE_LIMIT_PER_SECOND: '0', LOG_LEVEL: 'warn', VALIDATE_RESPONSES: 'false', WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  SANDBOX_RAIL_OUTCOME_DELAY_MS: '0', SANDBOX_PAYOUT_DELAY_MS: '0', SANDBOX_KYC_DELAY_MS: '0',
};

export async function startMarketTargets(variant: Variant): Promise<MarketTargets> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-market-'));
  const children: ChildProcess[] = [];
  let tigerbeetle: { child: ChildProcess; dir: string; addresses: string } | null = null;
  const stopAll = async () => {
    for (const child of children.reverse()) await stop(child);
    if (tigerbeetle) {
      await stop(tigerbeetle.child);
      fs.rmSync(tigerbeetle.dir, { recursive: true, force: true });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (variant.ledger === 'tigerbeetle') tigerbeetle = await startTigerBeetle();
    const tigerBeetleAddresses = tigerbeetle?.addresses ?? null;
    const profileDir = process.env.BENCH_PROFILE_DIR;
    const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
    const apiPort = await freePort();
    const env: Record<string, string> = {
      ...service_env, DATA_DIR: dataDir, PORT: String(apiPort),
      ...(tigerBeetleAddresses ? { TB_ADDRESSES: tigerBeetleAddresses, TB_CLUSTER_ID: '0' } : {}),
      ...(variant.workers > 0 ? { RUN_WORKERS: 'false' } : {}),
    };
    const api = await start(api_main_file, env, /api_secret:\s+\S+/, nodeArgs);
    children.push(api.child);
    const workers: number[] = [];
    for (let i = 0; i < variant.workers; i += 1) {
      const { RUN_WORKERS: _ignored, PORT: _port, ...workerEnv } = env;
      const worker = await start(api_worker_file, workerEnv, /payagg worker running/, nodeArgs);
      children.push(worker.child);
      workers.push(worker.child.pid!);
    }
    const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(api.output)![1]!;
    const credentials = { merchantId: field('merchant_id'), apiKey: field('api_key'), apiSecret: field('api_secret') };
    const receiver = fork(receiver_file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(receiver);
    const receiverPort = await new Promise<number>((resolve, reject) => {
      receiver.once('message', (m: ReceiverMessage) => (m.kind === 'listening' ? resolve(m.port) : reject(new Error('receiver'))));
      receiver.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
    });
    return {
      apiOrigin: `http://127.0.0.1:${apiPort}`, dataDir, credentials, tigerBeetleAddresses,
      pids: { api: api.child.pid!, workers }, receiver, receiverPort, stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export const tigerBeetlePresent = () => fs.existsSync(tigerbeetle_bin);

/** A throw-away single replica on a free loopback port (scripts/tigerbeetle.sh's start_tigerbeetle). */
async function startTigerBeetle(): Promise<{ child: ChildProcess; dir: string; addresses: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-tigerbeetle-'));
  const data = path.join(dir, '0_0.tigerbeetle');
  const formatted = spawnSync(tigerbeetle_bin, ['format', '--cluster=0', '--replica=0', '--replica-count=1', data], { encoding: 'utf8' });
  if (formatted.status !== 0) throw new Error(`tigerbeetle format failed: ${formatted.stderr}`);
  const port = await freePort();
  const addresses = `127.0.0.1:${port}`;
  const child = spawn(tigerbeetle_bin, ['start', `--addresses=${addresses}`, '--cache-grid=256MiB', data], { stdio: 'ignore' });
  const deadline = Date.now() + tigerbeetle_start_timeout_ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the TigerBeetle replica did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, dir, addresses };
}
