// Issue 26, "no DDL at process start (migrations are a step of their own)": an API process and a
// worker process on a database whose schema was never applied refuse to start, with one sentence
// that names what is missing and the command (decision 0512); `./payagg db migrate` (the CLI)
// applies ours, the job queue's and the ledger's; then the same processes start. Before: every
// process ran all of that DDL at start, and processes starting together deadlocked on it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/service.ts';
import { waitForValue } from './helpers/worker-process.ts';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
/** A real process's start or a migration on a shared machine. */
const waitMs = 60_000;
const testTimeoutMs = 180_000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => { db = await createTestDatabase({ empty: true }); });
afterAll(async () => { await db?.drop(); });

function startProcess(file: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(src, file), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('migrations as a step of their own', () => {
  it('processes on an unmigrated database refuse to start; after `payagg db migrate` they start', async () => {
    const env = { DATABASE_URL: db.url, MASTER_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'info', PORT: '0', RUN_WORKERS: 'false' };
    const refusal = /the database schema is not up to date \(missing migrations 0001_[a-z_]+.*the job queue's schema; the ledger's tables\): run `\.\/payagg db migrate`/;

    const api = startProcess('main.ts', [], env);
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(refusal);
    const worker = startProcess('worker.ts', [], env);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(refusal);

    const cli = startProcess('cli.ts', ['db', 'migrate'], env);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toMatch(/"applied":\["0001_/);

    const started = startProcess('main.ts', [], env);
    try {
      await waitForValue(() => (/"msg":"listening"/.test(started.output()) ? true : null), () => `the API process to start:\n${started.output()}`, waitMs);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  }, testTimeoutMs);
});
