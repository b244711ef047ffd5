// Cursor encode/decode/tamper and limit clamping (seed: "Pagination").
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/errors.ts';
import { clampLimit, createCursorCodec, createPaginator, pageSizeDefault, pageSizeMax } from '../../src/http/pagination.ts';

const key = randomBytes(32);
const codec = createCursorCodec(key);
const keyset = { created_at: new Date('2026-11-22T17:00:00.123Z'), id: randomUUID() };

function expectCursorError(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    expect((error as ApiError).details?.fields).toEqual([{ field: 'query.cursor', message: expect.any(String) }]);
    return;
  }
  throw new Error('expected a cursor error');
}

describe('cursor', () => {
  it('round-trips and is opaque base64url', () => {
    const cursor = codec.encode('transactions', keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(codec.decode('transactions', cursor)).toEqual(keyset);
  });

  it('rejects any single-character change', () => {
    const cursor = codec.encode('transactions', keyset);
    for (let i = 0; i < cursor.length; i += 1) {
      if (cursor[i] === '.') continue;
      const swapped = cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
      expectCursorError(() => codec.decode('transactions', swapped));
    }
  });

  it('rejects a cursor whose payload was rewritten, even if well-formed', () => {
    const [, signature] = codec.encode('transactions', keyset).split('.');
    const forged = Buffer.from(JSON.stringify({ l: 'transactions', t: 0, i: keyset.id })).toString('base64url');
    expectCursorError(() => codec.decode('transactions', `${forged}.${signature}`));
  });

  it('rejects a cursor of another list, or signed with another key', () => {
    expectCursorError(() => codec.decode('payouts', codec.encode('transactions', keyset)));
    expectCursorError(() => codec.decode('transactions', createCursorCodec(randomBytes(32)).encode('transactions', keyset)));
  });

  it('rejects garbage of every shape with 422, never a crash', () => {
    for (const bad of ['', '.', 'abc', 'a.b.c', '..', '%%%.%%%', 'x'.repeat(600), '\u0000.\u0000', 'eyJ9.eyJ9']) {
      expectCursorError(() => codec.decode('transactions', bad));
    }
  });
});

describe('limit', () => {
  it('defaults to 50 and clamps into 1..100', () => {
    expect(clampLimit(undefined)).toBe(pageSizeDefault);
    expect(clampLimit('')).toBe(pageSizeDefault);
    expect(clampLimit(0)).toBe(1);
    expect(clampLimit(-7)).toBe(1);
    expect(clampLimit(1)).toBe(1);
    expect(clampLimit(100)).toBe(100);
    expect(clampLimit(101)).toBe(pageSizeMax);
    expect(clampLimit(1_000_000)).toBe(pageSizeMax);
    expect(clampLimit('20')).toBe(20);
  });

  it('is a 422 on query.limit when not an integer', () => {
    for (const bad of ['abc', '1.5', 2.5, {}, '1e3']) {
      expect(() => clampLimit(bad)).toThrow(ApiError);
    }
  });
});

describe('paginator.page', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ created_at: new Date(1_700_000_000_000 - i * 1000), id: randomUUID(), n: i }));
  const fetchRows = async (after: { created_at: Date; id: string } | null, take: number) => {
    const start = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
    return rows.slice(start, start + take);
  };
  const paginator = createPaginator(key);

  it('walks every row exactly once and ends with next_cursor null', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await paginator.page('rows', { limit: 3, cursor }, fetchRows);
      seen.push(...page.items.map((r) => r.n));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pages).toBe(3);
  });

  it('has next_cursor null when the last page is exactly full', async () => {
    const page = await paginator.page('rows', { limit: 7 }, fetchRows);
    expect(page.items).toHaveLength(7);
    expect(page.next_cursor).toBeNull();
  });

  it('asks the store for limit + 1 rows', async () => {
    let asked = 0;
    await paginator.page('rows', { limit: 500 }, async (_after, take) => {
      asked = take;
      return [];
    });
    expect(asked).toBe(pageSizeMax + 1);
  });
});
