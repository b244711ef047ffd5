// Migrations: ordered, recorded, applied once even when several instances start together.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createPool } from '../src/db/index.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createLogger } from '../src/log.ts';
import { createTestDatabase } from './helpers/service.ts';

const logger = createLogger('silent');
const migrationsDir = loadConfig({}).migrationsDir;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await db?.drop();
});

describe('migrate', () => {
  it('reads NNNN_name.sql files in order, starting with 0001', () => {
    const files = readMigrations(migrationsDir);
    expect(files[0]?.name).toMatch(/^0001_/);
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort());
  });

  it('applies each migration once when three instances migrate at the same time', async () => {
    const pools = [createPool(db.url, 2), createPool(db.url, 2), createPool(db.url, 2)];
    try {
      const results = await Promise.all(pools.map((p) => migrate(p, migrationsDir, logger)));
      const applied = results.flat();
      expect(applied).toEqual(readMigrations(migrationsDir).map((f) => f.name));
      const rows = await pools[0]!`select version from schema_migrations order by version`;
      expect(rows.map((r) => r.version)).toEqual(readMigrations(migrationsDir).map((f) => f.version));
      expect(await migrate(pools[0]!, migrationsDir, logger)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('leaves nothing behind when a migration fails', async () => {
    const broken = await createTestDatabase({ empty: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-mig-'));
    fs.writeFileSync(path.join(dir, '0001_ok.sql'), 'create table t_ok (id int);');
    fs.writeFileSync(path.join(dir, '0002_bad.sql'), 'create table t_bad (id int); select no_such_function();');
    const sql = createPool(broken.url, 1);
    try {
      await expect(migrate(sql, dir, logger)).rejects.toThrow(/no_such_function/);
      const [row] = await sql`select to_regclass('t_ok') as ok, to_regclass('schema_migrations') as sm`;
      expect(row).toEqual({ ok: null, sm: null });
    } finally {
      await sql.end();
      await broken.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses badly named files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-mig-'));
    fs.writeFileSync(path.join(dir, 'init.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/0001_name\.sql/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
