// Which ledger engine the service runs on is said at start (issue 26): the runtime's `ledger
// engine` log line (API and worker processes both build the runtime) and the API's start banner.
// This file runs in both test runs of scripts/test-all.sh: on PostgreSQL, and with
// TEST_LEDGER_ENGINE=tigerbeetle on the run's TigerBeetle replica (vitest.tigerbeetle.config.ts),
// where it also proves that run's services really use TigerBeetle.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { describeLedgerEngine, ledgerEngineBannerLine } from '../src/ledger-engine.ts';
import { createTestDatabase, startTestService, testLedgerEnv, type TestService } from './helpers/service.ts';
import { waitForValue } from './helpers/worker-process.ts';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const expectedEngine = process.env.TEST_LEDGER_ENGINE === 'tigerbeetle' ? 'tigerbeetle' : 'postgres';
const cleanups: (() => Promise<void>)[] = [];
const started: ChildProcess[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('describeLedgerEngine', () => {
  it('TigerBeetle: its replica addresses and cluster id', () => {
    const description = describeLedgerEngine({ tigerBeetleAddresses: '127.0.0.1:3001, 127.0.0.1:3002,3003', tigerBeetleClusterId: 7n }, 'postgres://u:secret@db:5432/payagg');
    expect(description).toEqual({ engine: 'tigerbeetle', addresses: ['127.0.0.1:3001', '127.0.0.1:3002', '3003'], clusterId: '7' });
    expect(ledgerEngineBannerLine(description)).toBe('Ledger: TigerBeetle cluster 7 at 127.0.0.1:3001,127.0.0.1:3002,3003');
  });

  it('PostgreSQL: the server and database, never the password', () => {
    const description = describeLedgerEngine({ tigerBeetleAddresses: null, tigerBeetleClusterId: 0n }, 'postgres://payagg:s3cret@db.internal:6432/payagg');
    expect(description).toEqual({ engine: 'postgres', database: 'db.internal:6432/payagg' });
    expect(ledgerEngineBannerLine(description)).not.toContain('s3cret');
    // The embedded PostgreSQL listens on a Unix socket.
    expect(describeLedgerEngine({ tigerBeetleAddresses: null, tigerBeetleClusterId: 0n }, 'postgres://payagg@localhost:5433/payagg?host=/data/run')).toEqual({
      engine: 'postgres', database: '/data/run/.s.PGSQL.5433/payagg',
    });
  });
});

describe(`the service on this run's ledger engine (${expectedEngine})`, () => {
  it('logs the engine and its addresses when the runtime starts', async () => {
    const service: TestService = await startTestService();
    cleanups.push(service.close);
    expect(service.runtime.ledger.engine.name).toBe(expectedEngine);
    const line = service.logs.find((entry) => entry.msg === 'ledger engine');
    if (expectedEngine === 'tigerbeetle') {
      expect(line).toMatchObject({ level: 'info', engine: 'tigerbeetle', addresses: testLedgerEnv().TB_ADDRESSES!.split(','), clusterId: '0' });
    } else {
      expect(line).toMatchObject({ level: 'info', engine: 'postgres', database: expect.stringMatching(/\/test_[0-9a-f]+$/) });
    }
  });

  it('the start banner of `make run` names the engine', async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const child = spawn(process.execPath, [mainFile], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, MASTER_KEY: randomBytes(32).toString('hex'), PORT: '0', RUN_WORKERS: 'false', LOG_LEVEL: 'info', ...testLedgerEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The banner is the last thing a start writes, in one write.
    await waitForValue(() => (/payagg API listening/.test(output) || child.exitCode !== null ? true : null), () => `the banner; output so far: ${output}`, 60_000);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(expectedEngine === 'tigerbeetle' ? /^Ledger: TigerBeetle cluster 0 at \S+$/m : /^Ledger: PostgreSQL engine in the service's database \(.+\/test_[0-9a-f]+, schema ledger\)$/m);
    expect(output).toContain('"msg":"ledger engine"');
  }, 90_000);
});
