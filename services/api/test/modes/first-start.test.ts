// The first start of `make run` (src/main.ts, a real process on a fresh database): a development
// server creates the sandbox merchant and prints its secret once; a production server has no
// sandbox world (docs/decisions/0440), so it creates no merchant, prints no secret and says how
// the operator makes the first merchant with the CLI. Issue 22 item 5.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/index.ts';
import { createTestDatabase } from '../helpers/service.ts';
import { waitForValue } from '../helpers/worker-process.ts';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
const started: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Starts main.ts on a fresh database until it listens; returns everything it wrote and the merchants it made. */
async function firstStart(env: Record<string, string>): Promise<{ output: string; merchants: { mode: string }[]; settings: string[] }> {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, MASTER_KEY: randomBytes(32).toString('hex'), PORT: '0', RUN_WORKERS: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The banner is the last thing a start writes, in one write: once it is there, the start is complete.
  await waitForValue(() => (/payagg API listening/.test(output) || child.exitCode !== null ? true : null),
    () => `the banner; output so far: ${output}`, 60_000);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const sql = createPool(db.url, 1);
  try {
    const merchants = await sql<{ mode: string }[]>`select mode from merchants`;
    const settings = (await sql<{ name: string }[]>`select name from service_settings order by name`).map((row) => row.name);
    return { output, merchants: [...merchants], settings };
  } finally {
    await sql.end();
  }
}

describe('first start', () => {
  it('on a production server: no sandbox merchant, no secret in the output, the CLI command to make the first merchant', async () => {
    const { output, merchants, settings } = await firstStart({ PAYAGG_ENV: 'production' });
    expect(merchants).toEqual([]);
    expect(settings).not.toContain('sandbox_merchant_id');
    expect(output).not.toMatch(/sk_(sandbox|live)_/);
    expect(output).not.toMatch(/api_secret/);
    expect(output).toContain('./payagg merchants create --name NAME --json');
  }, 90_000);

  it('on a development server: the sandbox merchant, shown once', async () => {
    const { output, merchants } = await firstStart({});
    expect(merchants).toEqual([{ mode: 'sandbox' }]);
    expect(output).toMatch(/api_secret: +sk_sandbox_/);
  }, 90_000);
});
