// Database access for the whole service: one postgres.js pool (`sql`). Store functions take `sql`
// (or a transaction `tx` from `sql.begin`) as their first argument and are merchant-scoped.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Config, databasePoolMaxDefault } from '../config.ts';
import type { Logger } from '../log.ts';
import { embeddedDatabaseName, openEmbeddedCluster } from './embedded.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;
/** Either the pool or a transaction: what store functions accept. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

/** A statement built but not yet sent: awaiting it sends it; it can also be nested in another. */
export type PendingQuery = postgres.PendingQuery<postgres.Row[]>;

export const connectTimeoutS = 10;

export type Database = {
  sql: Sql;
  url: string;
  close(): Promise<void>;
};

/**
 * Session setting for pools whose writes may be lost in a database crash without harm (see
 * runtime.ts: the sandbox providers' own rows, idempotency recovery points). Such a commit
 * returns before its WAL reaches disk; any later synchronous commit flushes it too (WAL is
 * written in order), so only the last fraction of a second before a crash can be lost. Never
 * use it for the transaction row, its outbox event or a stored idempotent response.
 */
export const asynchronousCommitSession = { synchronous_commit: 'off' } as const;

/**
 * Opens `count` connections of a pool now rather than on first need: a new PostgreSQL backend
 * costs a process fork and a cold catalog cache, and a pool that grows under load pays that in
 * the middle of requests (measured: latency spikes of 100-300 ms at the start of the bench's fixed
 * rate, when the worker's and the ledger's pools first opened). Concurrent queries make
 * postgres.js open a new connection each while the pool is below its maximum.
 */
export async function openConnections(sql: Sql, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => sql`select 1`));
}

/**
 * Where a postgres:// URL points. As with libpq, a `host` query parameter naming a directory
 * (`?host=/var/run/postgresql`) means the server's Unix socket in that directory, with the URL's
 * port in the socket's name; postgres.js takes that as its `path` option (it would otherwise send
 * the parameter to the server as a setting). A local socket costs both sides less per statement
 * than TCP on loopback (docs/performance.md), and the embedded cluster's URLs use one.
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  if (socketDir === null || !socketDir.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), path: `${socketDir}/.s.PGSQL.${parsed.port || '5432'}` };
}

/**
 * The longest wait, in seconds, before a pool tries again to open a connection the server refused.
 * postgres.js's default backoff grows to 20 s (3^retries / 100 s), and a statement handed to a
 * closed connection waits for that attempt: while the database restarted, requests hung for up
 * to 20 s instead of failing at once with a retryable 503 (issue 26, decision 0510). Half a
 * second keeps a refused attempt cheap and a request's wait short.
 */
export const reconnectBackoffMaxS = 0.5;

/** postgres.js's backoff in seconds: 50 ms doubling per refused attempt, at most reconnectBackoffMaxS. */
export const reconnectBackoff = (retries: number): number => Math.min(0.05 * 2 ** retries, reconnectBackoffMaxS);

export function createPool(url: string, max = databasePoolMaxDefault, applicationName = 'payagg',
  session: Record<string, string> = {}): Sql {
  const target = postgresTarget(url);
  return postgres(target.url, {
    ...(target.path ? { path: target.path } : {}),
    max,
    connection: { application_name: applicationName, ...session },
    connect_timeout: connectTimeoutS,
    backoff: reconnectBackoff,
    onnotice: () => {},
    // bigint columns come back as JS bigint, never as a lossy number.
    types: { bigint: postgres.BigInt },
  });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = createPool(adminUrl, 1);
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) {
      try {
        await admin.unsafe(`create database "${name}"`);
      } catch (error) {
        // 42P04 duplicate_database: another process created it first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
}

export async function connectDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.databaseUrl) {
    const sql = createPool(config.databaseUrl, config.databasePoolMax);
    return { sql, url: config.databaseUrl, close: async () => void (await sql.end({ timeout: 5 })) };
  }
  const cluster = await openEmbeddedCluster({ dataDir: config.dataDir, logger, avoidPorts: [config.port] });
  try {
    await ensureDatabase(cluster.adminUrl, embeddedDatabaseName);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  // A name unique to this process lets close() tell our connections from everyone else's.
  const applicationName = `payagg-${process.pid}-${randomBytes(4).toString('hex')}`;
  const sql = createPool(cluster.databaseUrl, config.databasePoolMax, applicationName);
  // Open a connection now: from here on other processes sharing the cluster can see us (and a
  // CLI command finishing meanwhile leaves the cluster running for us).
  await sql`select 1`;
  return {
    sql,
    url: cluster.databaseUrl,
    async close() {
      let othersConnected = false;
      try {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where backend_type = 'client backend' and application_name <> ${applicationName}`;
        othersConnected = (row?.n ?? 0) > 0;
      } catch {
        // Cannot tell: behave as the owner would.
        othersConnected = false;
      }
      await sql.end({ timeout: 5 });
      await cluster.release(othersConnected);
    },
  };
}
