// A statement the driver cannot send (a parameter that throws while it is serialised, such as an
// Invalid Date, or one it refuses to build, such as `undefined`) must fail alone and leave its
// connection usable. postgres.js 3.4.9 did not when the statement was pipelined behind another on
// the same connection (porsager/postgres#1082): the statement stayed in the connection's queue of
// sent statements although it was never written, the error went to the statement in flight
// instead, and the connection waited forever for an answer that could not come. Every later
// statement queued behind it; a transaction holding it never ended. Issue 22 item 1: about 40
// payouts with a leap-second `scheduled_at` wedged every pool connection of the API. The fix is
// a patch of the driver (patches/postgres@3.4.9.patch, decision 0401).
//
// Each case runs on a pool of ONE connection, so a wedged connection shows as the next statement
// never answering (the test then fails by its timeout); a healthy one answers at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Sql } from '../../src/db/index.ts';
import { createTestDatabase } from '../helpers/service.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => { db = await createTestDatabase({ empty: true }); });
afterAll(async () => { await db?.drop(); });

async function withPool(run: (sql: Sql) => Promise<void>): Promise<void> {
  const sql = createPool(db.url, 1);
  try {
    await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const invalidDate = new Date(Number.NaN);
const repeats = 200;

describe('a statement that cannot be serialised', () => {
  it('pipelined on a pool connection behind another statement: it alone fails, the other and later ones answer', async () => {
    await withPool(async (sql) => {
      // Prepared once with a valid value: the next run serialises its parameter while sending.
      await sql`select ${new Date()}::timestamptz as at`;
      for (let i = 0; i < repeats; i += 1) {
        const [slow, bad] = await Promise.allSettled([sql`select pg_sleep(0.001), ${i}::int as i`, sql`select ${invalidDate}::timestamptz as at`]);
        expect(slow.status).toBe('fulfilled');
        expect(slow.status === 'fulfilled' && slow.value[0]!.i).toBe(i);
        expect(bad.status === 'rejected' && (bad.reason as Error).name).toBe('RangeError');
      }
      const [row] = await sql<{ ok: number }[]>`select 1 as ok`;
      expect(row!.ok).toBe(1);
    });
  });

  it('pipelined inside a transaction: the transaction rolls back and releases its connection', async () => {
    await withPool(async (sql) => {
      await sql`create table if not exists unsendable_t (at timestamptz)`;
      await sql`insert into unsendable_t values (${new Date()})`;
      await sql`truncate unsendable_t`;
      for (let i = 0; i < repeats; i += 1) {
        const outcome = sql.begin((tx) => [tx`insert into unsendable_t values (now())`, tx`insert into unsendable_t values (${invalidDate})`]);
        await expect(outcome).rejects.toThrow(RangeError);
      }
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from unsendable_t`;
      expect(row!.n).toBe(0);
    });
  });

  it('refused while it is built (an undefined parameter), pipelined: it alone fails', async () => {
    await withPool(async (sql) => {
      for (let i = 0; i < repeats; i += 1) {
        const [slow, bad] = await Promise.allSettled([sql`select ${i}::int as i`, sql`select ${undefined as unknown as number}::int as i`]);
        expect(slow.status === 'fulfilled' && slow.value[0]!.i).toBe(i);
        expect(bad.status === 'rejected' && (bad.reason as { code?: string }).code).toBe('UNDEFINED_VALUE');
      }
      const [row] = await sql<{ ok: number }[]>`select 1 as ok`;
      expect(row!.ok).toBe(1);
    });
  });

  it('first on an idle connection: it fails and the connection goes on', async () => {
    await withPool(async (sql) => {
      for (let i = 0; i < repeats; i += 1) {
        await expect(sql`select ${invalidDate}::timestamptz as at`).rejects.toThrow(RangeError);
        const [row] = await sql<{ i: number }[]>`select ${i}::int as i`;
        expect(row!.i).toBe(i);
      }
    });
  });
});
