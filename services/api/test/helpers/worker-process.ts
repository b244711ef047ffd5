// A real worker process (src/worker.ts, what `./payagg-worker` runs) beside a test service, for
// tests of what happens across processes and restarts. Every process started is killed after
// each test (killWorkerProcesses in afterEach) so a failing test leaves none behind.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestService } from './service.ts';

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/worker.ts');
export const workerReadyLine = /payagg worker running/;

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const started: ChildProcess[] = [];

/** Starts the worker on the service's database and master key, with `env` on top. */
export function startWorkerProcess(service: TestService, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [workerFile], {
    env: { ...process.env, DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export function killWorkerProcesses(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Polls `probe` every 50 ms until it answers something other than null; `what` says what timed out. */
export async function waitForValue<T>(probe: () => Promise<T | null> | T | null, what: () => string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
