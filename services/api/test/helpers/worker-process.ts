// Real service processes beside a test service, for tests of what happens across processes and
// restarts: the worker (src/worker.ts, what `./payagg-worker` runs) and the API server
// (src/main.ts, startApiProcess). Every process started is killed after each test
// (killWorkerProcesses in afterEach) so a failing test leaves none behind.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestService } from './service.ts';

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const workerFile = path.join(srcDir, 'worker.ts');
const apiFile = path.join(srcDir, 'main.ts');
const cliFile = path.join(srcDir, 'cli.ts');
export const workerReadyLine = /payagg worker running/;

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
/** What a process needs of the service it joins: its database and master key. */
export type ProcessTarget = Pick<TestService, 'databaseUrl' | 'masterKeyHex'>;

const started: ChildProcess[] = [];

/** Starts the worker on the service's database and master key, with `env` on top. */
export function startWorkerProcess(service: ProcessTarget, env: Record<string, string>): WorkerProcess {
  return startServiceProcess(workerFile, service, env);
}

/**
 * Starts an API process (RUN_WORKERS=false unless `env` says otherwise) on a free port and waits
 * until it listens; `origin` is where it answers.
 */
export async function startApiProcess(service: ProcessTarget, env: Record<string, string>, startWaitMs: number): Promise<WorkerProcess & { origin: string }> {
  const api = spawnApiProcess(service, env);
  const port = await waitForValue(() => {
    const match = /"msg":"listening"[^\n]*"port":(\d+)/.exec(api.output()) ?? /"port":(\d+)[^\n]*"msg":"listening"/.exec(api.output());
    return match ? Number(match[1]) : null;
  }, () => `the API process to listen; output so far:\n${api.output()}`, startWaitMs);
  return { ...api, origin: `http://127.0.0.1:${port}` };
}

/** Starts an API process as startApiProcess does, without waiting: for a start that must fail. */
export function spawnApiProcess(service: ProcessTarget, env: Record<string, string>): WorkerProcess {
  return startServiceProcess(apiFile, service, { PORT: '0', RUN_WORKERS: 'false', ...env });
}

/** Runs an operator CLI command (src/cli.ts, what `./payagg` runs), e.g. `['db', 'migrate']`. */
export function startCliProcess(service: ProcessTarget, args: string[], env: Record<string, string> = {}): WorkerProcess {
  return startServiceProcess(cliFile, service, env, args);
}

function startServiceProcess(file: string, service: ProcessTarget, env: Record<string, string>, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [file, ...args], {
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
