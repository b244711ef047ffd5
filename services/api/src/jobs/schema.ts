// The job queue's schema (graphile-worker's own tables and functions in the `graphile_worker`
// schema), installed and upgraded by the library's migrations, not by ours: its SQL is versioned
// with its code. `migrateJobQueue` runs beside our migrate() wherever that runs (server, worker
// process, `payagg db migrate`, the tests), so that `graphile_worker.add_job` exists before any
// process enqueues, whether or not a worker has started yet. Concurrent starts are safe: each of
// the library's migrations records itself first and a clash means another process did it.
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import type { Logger } from '../log.ts';
import { graphileLogger } from './graphile-logger.ts';

/** The PostgreSQL schema graphile-worker keeps its tables and functions in (its default). */
export const job_queue_schema = 'graphile_worker';

/**
 * A node-postgres pool for graphile-worker (it speaks to PostgreSQL through `pg`, the rest of
 * the service through `postgres`). The URL is the service's: node-postgres reads a `?host=/dir`
 * parameter as libpq does, a Unix socket directory, which the embedded cluster's URLs use.
 */
export const job_queue_pool_name = 'payagg-jobs';

export function createJobQueuePool(databaseUrl: string, connectionsMax: number, applicationName = job_queue_pool_name): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connectionsMax, application_name: applicationName });
  // A client's error (the server closed an idle connection) must not crash the process: the pool
  // drops that client, and a query in flight fails on its own. graphile-worker checks both are set.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Installs or upgrades the job queue's schema (idempotent; a no-op when up to date). */
export async function migrateJobQueue(databaseUrl: string, logger: Logger): Promise<void> {
  const pool = createJobQueuePool(databaseUrl, 1, 'payagg-jobs-migrate');
  try {
    await runMigrations({ pgPool: pool, schema: job_queue_schema, logger: graphileLogger(logger) });
  } finally {
    await pool.end();
  }
}
