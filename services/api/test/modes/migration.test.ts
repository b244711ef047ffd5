// Migration 0440 gives every existing account a mode (docs/decisions/0440): a merchant whose keys
// are all live becomes live; every other merchant (sandbox keys only, no keys, or keys of both
// modes, whose money may have come from sandbox helpers) and every partner becomes sandbox.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createPool, type Sql } from '../../src/db/index.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/log.ts';
import { createTestDatabase } from '../helpers/service.ts';

const logger = createLogger('silent');
const migrationsDir = loadConfig({}).migrationsDir;
const modesMigration = '0440_account_modes.sql';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
let before: string;
beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  sql = createPool(db.url, 1);
  // The migrations as they were before this one.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  for (const name of fs.readdirSync(migrationsDir).filter((n) => n.endsWith('.sql') && n < modesMigration)) {
    fs.copyFileSync(path.join(migrationsDir, name), path.join(before, name));
  }
});
afterAll(async () => {
  await sql?.end();
  await db?.drop();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

async function merchantWithKeys(name: string, modes: ('sandbox' | 'live')[]): Promise<string> {
  const [merchant] = await sql<{ id: string }[]>`insert into merchants (name) values (${name}) returning id`;
  for (const mode of modes) {
    const key = `pk_${mode}_${randomBytes(12).toString('hex').slice(0, 24)}`;
    await sql`insert into api_keys (merchant_id, key, mode, secret_sealed, scopes) values (${merchant!.id}, ${key}, ${mode}, ${Buffer.alloc(1)}, ${['full']})`;
  }
  return merchant!.id;
}

describe('migration 0440_account_modes', () => {
  it('makes live only the merchants whose keys are all live; partners are sandbox', async () => {
    await migrate(sql, before, logger);
    const live = await merchantWithKeys('live only', ['live', 'live']);
    const sandbox = await merchantWithKeys('sandbox only', ['sandbox']);
    const mixed = await merchantWithKeys('both', ['sandbox', 'live']);
    const keyless = await merchantWithKeys('no keys', []);
    await sql`insert into partners (name) values ('existing partner')`;

    expect(await migrate(sql, migrationsDir, logger)).toContain(modesMigration);
    const modes = Object.fromEntries((await sql<{ id: string; mode: string }[]>`select id, mode from merchants`).map((r) => [r.id, r.mode]));
    expect(modes).toEqual({ [live]: 'live', [sandbox]: 'sandbox', [mixed]: 'sandbox', [keyless]: 'sandbox' });
    expect((await sql<{ mode: string }[]>`select mode from partners`).map((r) => r.mode)).toEqual(['sandbox']);
    await expect(sql`update merchants set mode = 'test' where id = ${live}`).rejects.toThrow(/check constraint/);
  });
});
