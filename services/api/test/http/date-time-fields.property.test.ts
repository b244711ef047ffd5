// Property (issue 22 item 1; decisions 0023, 0400): for every date-time value the API accepts,
// in a body or a query, of either spec family, whatever RFC 3339-like text a client sends (valid
// instants near now in any offset and with any fraction, leap seconds, year 0000, years past
// 9999, impossible dates, times and offsets), the answer is 200 or 422 naming that field, never a
// 500; a text the one rule (parseDateTime) refuses is always 422; and a value the rule accepts is
// judged by the field's own documented range only (scheduled_at: after now, at most
// payoutScheduleHorizonDays ahead; date filters: 0001..9999).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime, toDate } from '../../src/domain/date-time.ts';
import { payoutScheduleHorizonDays } from '../../src/payouts/payouts.ts';
import { bodyDateTimePaths } from '../../src/http/date-time-fields.ts';
import { rulesOf } from '../../src/http/query-values.ts';
import { loadSpecs } from '../../src/service.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import type { TestService } from '../helpers/service.ts';
import { destinationRef, fundedWallet, startPayoutService } from '../payouts/helpers.ts';

const dayMs = 86_400_000;
/** Real requests per field (more while shrinking a counterexample). */
const runsPerField = 120;
const testTimeoutMs = 180_000;

let service: TestService;
let walletId: string;
let ref: string;

beforeAll(async () => {
  service = await startPayoutService();
  walletId = await fundedWallet(service, service.client, 1_000_000);
  ref = await destinationRef(service.client);
});
afterAll(async () => { await service?.close(); });

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');
const fraction = fc.oneof(fc.constant(''), fc.stringMatching(/^\.[0-9]{1,12}$/));
const offset = fc.oneof(
  fc.constantFrom('Z', 'z'),
  fc.record({ sign: fc.constantFrom('+', '-'), hours: fc.integer({ min: 0, max: 25 }), minutes: fc.integer({ min: 0, max: 61 }), form: fc.constantFrom(':', '', 'hours') })
    .map(({ sign, hours, minutes, form }) => `${sign}${pad(hours, 2)}${form === 'hours' ? '' : `${form}${pad(minutes, 2)}`}`),
);

/** Valid instants around now (past, near future, around the horizon), written in any offset and precision. */
const nearNow = fc.record({
  deltaMs: fc.oneof(fc.integer({ min: -2 * dayMs, max: 2 * dayMs }), fc.integer({ min: (payoutScheduleHorizonDays - 2) * dayMs, max: (payoutScheduleHorizonDays + 2) * dayMs }), fc.integer({ min: 0, max: 400 * dayMs })),
  offsetMinutes: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
  extraDigits: fc.stringMatching(/^[0-9]{0,6}$/),
  separator: fc.constantFrom('T', 't', ' '),
}).map(({ deltaMs, offsetMinutes, extraDigits, separator }) => {
  const local = new Date(Date.now() + deltaMs + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const zone = offsetMinutes === 0 ? 'Z' : `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60), 2)}:${pad(Math.abs(offsetMinutes) % 60, 2)}`;
  return `${local.slice(0, 10)}${separator}${local.slice(11)}${extraDigits}${zone}`;
});

/** Any field values, in and out of range: year 0000 and 10000+, month 13, day 32, hour 24, second 60 and 61. */
const anyFields = fc.record({
  year: fc.oneof(fc.constantFrom(0, 1, 2026, 2027, 9999, 10_000), fc.integer({ min: 0, max: 99_999 })),
  month: fc.integer({ min: 0, max: 13 }),
  day: fc.integer({ min: 0, max: 32 }),
  hour: fc.integer({ min: 0, max: 24 }),
  minute: fc.integer({ min: 0, max: 60 }),
  second: fc.oneof(fc.constant(60), fc.integer({ min: 0, max: 61 })),
  fraction,
  offset,
}).map((f) => `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}T${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}${f.fraction}${f.offset}`);

const dateTimeText = fc.oneof(
  { arbitrary: nearNow, weight: 3 },
  { arbitrary: anyFields, weight: 3 },
  { arbitrary: fc.constantFrom('2027-06-30T23:59:60Z', '2016-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00+00:01', '2027-06-30', 'now', '2027-06-30T10:00:00'), weight: 1 },
);

// A new date-time field in either spec fails this until its line (and a property below) is added.
const coveredFields = ['GET /transactions query.date_from', 'GET /transactions query.date_to', 'GET /wallets/{id}/balance query.at', 'POST /payouts body.scheduled_at'];

describe('date-time fields', () => {
  it('every date-time value a request can carry, in both specs, is one this file generates for', () => {
    const specs = loadSpecs(service.config);
    const found: string[] = [];
    for (const spec of [specs.merchantSpec, specs.partnerSpec]) {
      const family = spec === specs.partnerSpec ? 'partner ' : '';
      for (const [operation, rules] of rulesOf(spec)) {
        for (const rule of rules) if (rule.kind === 'date-time') found.push(`${family}${operation.routeKey} query.${rule.name}`);
      }
      for (const [operation, paths] of bodyDateTimePaths(spec)) {
        for (const path of paths) found.push(`${family}${operation.routeKey} ${['body', ...path].join('.').replaceAll('.[]', '[]')}`);
      }
    }
    expect(found.sort()).toEqual([...coveredFields].sort());
  });

  it('POST /payouts body.scheduled_at: 200 within its range, else 422 naming it; never a 500', async () => {
    const seen = new Set<number>();
    await fc.assert(fc.asyncProperty(dateTimeText, async (text) => {
      const body = JSON.stringify({ wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 1, currency: 'KES', scheduled_at: text });
      const sentAtMs = Date.now();
      const res = await rawRequest(`${service.baseUrl}/payouts`, {
        method: 'POST', headers: { ...signedHeaders(service.key, body), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, body,
      });
      expect([200, 422], `${text}: ${res.text}`).toContain(res.status);
      seen.add(res.status);
      const parsed = parseDateTime(text);
      if (res.status === 422) {
        expect(res.body.error.details.fields.map((f: { field: string }) => f.field), text).toEqual(['body.scheduled_at']);
      }
      if (!parsed.ok) {
        expect(res.status, text).toBe(422);
        return;
      }
      const atMs = toDate(parsed.instant, 'ceil').getTime();
      // Clearly inside the range (a minute's margin for the request's own time): accepted; clearly outside: refused.
      const inside = atMs > sentAtMs + 60_000 && atMs < sentAtMs + payoutScheduleHorizonDays * dayMs - 60_000;
      const outside = atMs <= sentAtMs || atMs > Date.now() + payoutScheduleHorizonDays * dayMs;
      if (inside) expect(res.status, `${text}: ${res.text}`).toBe(200);
      if (outside) expect(res.status, `${text}: ${res.text}`).toBe(422);
      if (res.status === 200) expect(res.body.data.scheduled_at).toBe(new Date(atMs).toISOString());
    }), { numRuns: runsPerField });
    // The generator reaches both sides of the range.
    expect([...seen].sort()).toEqual([200, 422]);
  }, testTimeoutMs);

  for (const name of ['date_from', 'date_to']) {
    it(`GET /transactions query.${name}: 200 for every instant the rule accepts, else 422 naming it; never a 500`, async () => {
      await fc.assert(fc.asyncProperty(dateTimeText, async (text) => {
        const target = `/transactions?${name}=${encodeURIComponent(text)}`;
        const res = await rawRequest(`${service.baseUrl}${target}`, { headers: signedHeaders(service.key) });
        expect([200, 422], `${text}: ${res.text}`).toContain(res.status);
        if (parseDateTime(text).ok) expect(res.status, `${text}: ${res.text}`).toBe(200);
        else expect(res.body.error.details.fields.map((f: { field: string }) => f.field), text).toEqual([`query.${name}`]);
      }), { numRuns: runsPerField / 2 });
    }, testTimeoutMs);
  }

  it('GET /wallets/{id}/balance query.at: 200 or 422 naming it, 422 for every text the rule refuses; never a 500', async () => {
    await fc.assert(fc.asyncProperty(dateTimeText, async (text) => {
      const res = await rawRequest(`${service.baseUrl}/wallets/${walletId}/balance?at=${encodeURIComponent(text)}`, { headers: signedHeaders(service.key) });
      expect([200, 422], `${text}: ${res.text}`).toContain(res.status);
      if (res.status === 422) expect(res.body.error.details.fields.map((f: { field: string }) => f.field), text).toEqual(['query.at']);
      if (!parseDateTime(text).ok) expect(res.status, `${text}: ${res.text}`).toBe(422);
    }), { numRuns: runsPerField / 2 });
  }, testTimeoutMs);
});
