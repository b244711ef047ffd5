// PostgreSQL's ISO text of a timestamptz read into epoch milliseconds (reconciliation/pg-time.ts,
// decision 0792): the same instant Date.parse gives for the same moment, whatever the offset and
// the fraction's length (truncated to the millisecond), and read from the real server's own text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTimeMs } from '../../src/reconciliation/pg-time.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

describe('pgTimeMs', () => {
  it('reads every offset form and fraction length', () => {
    const cases: [string, string][] = [
      ['2026-01-02 03:04:05+00', '2026-01-02T03:04:05Z'],
      ['2026-01-02 03:04:05.1+00', '2026-01-02T03:04:05.100Z'],
      ['2026-01-02 03:04:05.123456+00', '2026-01-02T03:04:05.123Z'],
      ['2026-01-02 03:04:05.999999+00', '2026-01-02T03:04:05.999Z'],
      ['2026-01-02 03:04:05.5+05:30', '2026-01-02T03:04:05.500+05:30'],
      ['2026-01-02 03:04:05-03', '2026-01-02T03:04:05-03:00'],
      ['1969-12-31 23:59:59.999+00', '1969-12-31T23:59:59.999Z'],
      ['0050-06-15 12:00:00+00', '0050-06-15T12:00:00Z'],
    ];
    for (const [text, iso] of cases) expect(pgTimeMs(text), text).toBe(Date.parse(iso));
    expect(pgTimeMs('1900-01-01 00:00:00+00:53:28')).toBe(Date.parse('1900-01-01T00:00:00Z') - (53 * 60 + 28) * 1000);
  });

  it('refuses what is not that text', () => {
    for (const text of ['2026-01-02T03:04:05Z', '2026-01-02 03:04:05', 'infinity', '02/01/2026 03:04:05 UTC', '2026-01-02 03:04:05.12x+00', '']) {
      expect(() => pgTimeMs(text), text).toThrow(/not a timestamptz/);
    }
  });
});

describe("the server's own text", () => {
  let service: TestService;
  beforeAll(async () => { service = await startTestService(); }, 120_000);
  afterAll(async () => { await service?.close(); });

  it('round-trips through timestamptz::text in the UTC session and in another time zone', async () => {
    const moments = ['2026-11-28T06:10:06.123456Z', '2024-02-29T23:59:59.999999Z', '1999-12-31T00:00:00Z'];
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/Sao_Paulo']) {
      const rows = await service.sql.begin(async (tx) => {
        await tx.unsafe(`set local time zone '${zone}'`);
        return await tx<{ text: string; ms: string }[]>`
          select t::text as text, floor(extract(epoch from t) * 1000)::text as ms from unnest(${moments}::timestamptz[]) as t`;
      });
      for (const row of rows) expect(pgTimeMs(row.text), `${zone} ${row.text}`).toBe(Number(row.ms));
    }
  });
});
