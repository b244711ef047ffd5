// Versioned SQL migrations: services/api/migrations/NNNN_name.sql, applied in filename order,
// recorded in schema_migrations. All pending files run in ONE transaction under a transaction-level
// advisory lock, so several instances starting at once apply each migration exactly once and a
// failure leaves the schema as it was.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';
import type { Sql } from './index.ts';

// Arbitrary constant shared by every instance: the key of the migration advisory lock.
const migrationLockKey = 7_270_001;
const migrationFilePattern = /^(\d{4})_[a-z0-9_]+\.sql$/;

export type MigrationFile = { version: string; name: string; file: string; sql: string; checksum: string };

export function readMigrations(dir: string): MigrationFile[] {
  const names = fs.readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();
  const seen = new Set<string>();
  return names.map((name) => {
    const match = migrationFilePattern.exec(name);
    if (!match) throw new Error(`migration file name must look like 0001_name.sql: ${name}`);
    const version = match[1] as string;
    if (seen.has(version)) throw new Error(`two migrations share version ${version}`);
    seen.add(version);
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    return { version, name, file: path.join(dir, name), sql: text, checksum: createHash('sha256').update(text).digest('hex') };
  });
}

export async function migrate(sql: Sql, dir: string, logger: Logger): Promise<string[]> {
  const migrations = readMigrations(dir);
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${migrationLockKey})`;
    await tx`create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`;
    const applied = new Map((await tx<{ version: string; checksum: string }[]>`select version, checksum from schema_migrations`).map((r) => [r.version, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) logger.warn('an applied migration file has changed since it ran; it is not re-applied', { migration: m.name });
        continue;
      }
      await tx.unsafe(m.sql);
      await tx`insert into schema_migrations (version, name, checksum) values (${m.version}, ${m.name}, ${m.checksum})`;
      done.push(m.name);
    }
    if (done.length > 0) logger.info('applied migrations', { migrations: done });
    return done;
  });
}
