// The pagination helper against a real table with keysetCondition: ties on created_at, every row
// exactly once, stable under inserts while paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../src/db/index.ts';
import { createPaginator, keysetCondition, type Keyset } from '../src/http/pagination.ts';
import { randomBytes } from 'node:crypto';
import { type TestService, startTestService } from './helpers/service.ts';

let service: TestService;
let sql: Sql;
beforeAll(async () => {
  service = await startTestService();
  sql = service.sql;
  await sql`create table page_items (id uuid primary key default gen_random_uuid(), merchant_id uuid not null, n int not null, created_at timestamptz not null)`;
  // 25 rows for our merchant, in groups of 5 sharing one created_at (ties broken by id), plus
  // rows of another merchant that must never appear.
  for (let i = 0; i < 25; i += 1) {
    await sql`insert into page_items (merchant_id, n, created_at) values (${service.merchantId}, ${i}, ${new Date(1_700_000_000_000 + Math.floor(i / 5) * 1000)})`;
  }
  const other = await service.createMerchant('Other');
  for (let i = 0; i < 5; i += 1) await sql`insert into page_items (merchant_id, n, created_at) values (${other.merchantId}, ${100 + i}, now())`;
});
afterAll(async () => {
  await service?.close();
});

type Item = Keyset & { n: number };
const fetchPage = (merchantId: string) => (after: Keyset | null, take: number) =>
  sql<Item[]>`select id, n, created_at from page_items where merchant_id = ${merchantId} and ${keysetCondition(sql, after)} order by created_at desc, id desc limit ${take}`;

describe('keyset pagination over PostgreSQL', () => {
  const paginator = createPaginator(randomBytes(32));

  it('returns every row of the merchant once, newest first, across tied timestamps', async () => {
    for (const limit of [1, 3, 5, 7, 24, 25, 26, 100]) {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await paginator.page('items', { limit, cursor }, fetchPage(service.merchantId));
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((r) => r.n));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen.sort((a, b) => a - b), `limit ${limit}`).toEqual(Array.from({ length: 25 }, (_, i) => i));
    }
  });

  it('does not skip or repeat rows when newer rows arrive between pages', async () => {
    const first = await paginator.page('items', { limit: 10 }, fetchPage(service.merchantId));
    await sql`insert into page_items (merchant_id, n, created_at) values (${service.merchantId}, ${999}, now())`;
    const rest: number[] = [];
    let cursor = first.next_cursor ?? undefined;
    while (cursor) {
      const page = await paginator.page('items', { limit: 10, cursor }, fetchPage(service.merchantId));
      rest.push(...page.items.map((r) => r.n));
      cursor = page.next_cursor ?? undefined;
    }
    const all = [...first.items.map((r) => r.n), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(999);
    expect(all).toHaveLength(25);
  });
});
