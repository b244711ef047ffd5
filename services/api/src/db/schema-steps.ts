// The database's schema as a deployment step of its own (decision 0512): our migrations
// (db/migrate.ts), the job queue's (graphile-worker's, jobs/schema.ts) and the ledger's tables
// (its PostgreSQL engine's, when the ledger runs on PostgreSQL). `./payagg db migrate` applies them
// all; `make run` (the embedded single-process start) applies them at start (MIGRATE_ON_START,
// default true only there). Every other process only checks that they are applied and refuses to
// start otherwise: DDL at the start of several processes sharing a database deadlocked at restarts
// (issue 26), and a process must not run on a schema older than its code.
import { PostgresEngine } from '@payagg/ledger';
import { ConfigError, type Config } from '../config.ts';
import { migrateJobQueue } from '../jobs/schema.ts';
import type { Logger } from '../log.ts';
import type { Sql } from './index.ts';
import { migrate, readMigrations } from './migrate.ts';

/** The command that applies the schema, as the refusal names it. */
export const migrateCommand = './payagg db migrate';

/** A process refused to start on a schema that is not current. */
export class SchemaNotCurrentError extends ConfigError {}

/** Applies every migration: ours, the job queue's, the ledger's (on PostgreSQL). Returns ours applied. */
export async function migrateAll(db: { sql: Sql; url: string }, config: Config, logger: Logger): Promise<string[]> {
  const applied = await migrate(db.sql, config.migrationsDir, logger);
  await migrateJobQueue(db.url, logger);
  // The ledger's tables live in the same database when it runs on PostgreSQL (on TigerBeetle it
  // has no schema here). Its DDL is idempotent and advisory-locked (packages/ledger).
  if (!config.tigerBeetleAddresses) await new PostgresEngine({ sql: db.sql }).migrate();
  return applied;
}

/** What is missing from the schema (empty: current). */
export async function missingSchemaParts(sql: Sql, config: Config): Promise<string[]> {
  const missing: string[] = [];
  const files = readMigrations(config.migrationsDir);
  const [table] = await sql<{ present: boolean }[]>`select to_regclass('public.schema_migrations') is not null as present`;
  const applied = new Set(table?.present ? (await sql<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version) : []);
  const pending = files.filter((m) => !applied.has(m.version)).map((m) => m.name);
  if (pending.length > 0) missing.push(`migration${pending.length > 1 ? 's' : ''} ${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ` and ${pending.length - 3} more` : ''}`);
  const [queue] = await sql<{ present: boolean }[]>`select to_regclass('graphile_worker._private_jobs') is not null as present`;
  if (!queue?.present) missing.push("the job queue's schema");
  if (!config.tigerBeetleAddresses) {
    const [ledger] = await sql<{ present: boolean }[]>`select to_regclass('ledger.transfers') is not null and to_regclass('ledger.accounts') is not null as present`;
    if (!ledger?.present) missing.push("the ledger's tables");
  }
  return missing;
}

/** Refuses to go on, with one sentence naming what is missing and the command, unless the schema is current. */
export async function assertSchemaCurrent(sql: Sql, config: Config): Promise<void> {
  const missing = await missingSchemaParts(sql, config);
  if (missing.length > 0) {
    throw new SchemaNotCurrentError(`the database schema is not up to date (missing ${missing.join('; ')}): run \`${migrateCommand}\` with this process's DATABASE_URL, then start it again (or set MIGRATE_ON_START=true for a single-process start).`);
  }
}

/** At a process's start: migrate (MIGRATE_ON_START) or check. */
export async function prepareSchema(db: { sql: Sql; url: string }, config: Config, logger: Logger): Promise<void> {
  if (config.migrateOnStart) await migrateAll(db, config, logger);
  else await assertSchemaCurrent(db.sql, config);
}
