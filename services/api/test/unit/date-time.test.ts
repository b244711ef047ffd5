// src/domain/date-time.ts against JavaScript's own arithmetic: for every millisecond instant in the
// accepted range, in any offset, parsing its RFC 3339 text gives back exactly that instant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareInstants, parseDateTime, toDate } from '../../src/domain/date-time.ts';

const min_ms = Date.parse('0001-01-01T00:00:00.000Z');
const max_ms = Date.parse('9999-12-31T23:59:59.999Z');

function withOffset(epochMs: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, -1); // no Z
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

describe('parseDateTime', () => {
  it('gives back every millisecond instant of the range, in UTC and in any offset', () => {
    fc.assert(fc.property(fc.integer({ min: min_ms + 86_400_000, max: max_ms - 86_400_000 }), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), (epochMs, offset) => {
      for (const text of [new Date(epochMs).toISOString(), withOffset(epochMs, offset)]) {
        const parsed = parseDateTime(text);
        expect(parsed.ok, text).toBe(true);
        if (!parsed.ok) return;
        expect(toDate(parsed.instant, 'floor').getTime(), text).toBe(epochMs);
        expect(toDate(parsed.instant, 'ceil').getTime(), text).toBe(epochMs);
      }
    }), { numRuns: 2_000 });
  });

  it('orders instants as their times, whatever their offsets and fraction lengths', () => {
    fc.assert(fc.property(fc.integer({ min: min_ms + 86_400_000, max: max_ms - 86_400_000 }), fc.integer({ min: -1_000, max: 1_000 }), (a, delta) => {
      const x = parseDateTime(withOffset(a, 330));
      const y = parseDateTime(new Date(a + delta).toISOString().replace('Z', '000Z'));
      if (!x.ok || !y.ok) throw new Error('did not parse');
      expect(Math.sign(compareInstants(x.instant, y.instant)) + 0).toBe(Math.sign(-delta) + 0);
    }), { numRuns: 2_000 });
  });

  it('refuses the instants PostgreSQL or JavaScript cannot hold, with a reason', () => {
    expect(parseDateTime('0000-12-31T23:59:59.999Z')).toMatchObject({ ok: false, message: expect.stringContaining('between') });
    expect(parseDateTime('2026-06-30T23:59:60Z')).toMatchObject({ ok: false, message: expect.stringContaining('leap second') });
    expect(parseDateTime('2023-02-29T00:00:00Z')).toMatchObject({ ok: false });
    expect(parseDateTime('2024-02-29T00:00:00Z')).toMatchObject({ ok: true });
    expect(parseDateTime('2000-02-29T00:00:00Z')).toMatchObject({ ok: true });
    expect(parseDateTime('1900-02-29T00:00:00Z')).toMatchObject({ ok: false });
    expect(parseDateTime('0001-01-01T00:00:00Z')).toMatchObject({ ok: true });
    expect(parseDateTime('9999-12-31T23:59:59.999999Z')).toMatchObject({ ok: true });
    expect(toDate((parseDateTime('9999-12-31T23:59:59.9999Z') as { ok: true; instant: never }).instant, 'ceil').toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});

describe('offsets the format validator lets through', () => {
  it('reads +hhmm (Python %z, the generated client) and +hh like +hh:mm', () => {
    const colon = parseDateTime('2026-11-23T03:07:17.676235+03:00');
    expect(colon.ok).toBe(true);
    expect(parseDateTime('2026-11-23T03:07:17.676235+0300')).toEqual(colon);
    expect(parseDateTime('2026-11-23T03:07:17.676235+03')).toEqual(colon);
    expect(parseDateTime('2026-11-23T03:07:17+03:7').ok).toBe(false);
  });
});
