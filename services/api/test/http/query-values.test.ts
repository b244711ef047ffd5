// Query values at the edge (decisions 0023, 0024): every `date-time` query parameter is an
// instant PostgreSQL and JavaScript can both hold, or a 422 naming it; `limit` is written in
// decimal digits or a 422 naming it (out of range is still clamped, as the seed says). Before:
// `date_from=0000-01-01T00:00:00Z` was a 500 (PostgreSQL: date/time field value out of range),
// `date_from=2026-11-23T23:59:60Z` a 500 (RangeError: Invalid time value), `limit=0x10` read as 16.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedHeaders, type RawResponse } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
// One collection of the merchant, created at exactly this instant (millisecond precision, as stored).
const created_at = '2026-05-01T12:00:00.123Z';
let collectionId: string;

beforeAll(async () => {
  service = await startTestService();
  const created = await service.client.POST('/collections', {
    body: { amount: 1_000, currency: 'KES', rail: 'qr' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  expect(created.response.status).toBe(200);
  collectionId = created.data!.data.id;
  await service.sql`update transactions set created_at = ${created_at}, updated_at = ${created_at} where id = ${collectionId}`;
});
afterAll(async () => { await service?.close(); });

async function list(query: string): Promise<RawResponse> {
  return await rawRequest(`${service.baseUrl}/transactions?${query}`, { headers: signedHeaders(service.key) });
}

function expectRefused(res: RawResponse, field: string, message?: RegExp): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.fields).toEqual([{ field, message: message ? expect.stringMatching(message) : expect.any(String) }]);
  expect(res.body.meta.request_id).toBe(res.headers.get('x-request-id'));
}

async function ids(query: string): Promise<string[]> {
  const res = await list(query);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((t: { id: string }) => t.id);
}

describe('date-time query parameters', () => {
  it('year 0000 is 422 naming the parameter (was a 500 from PostgreSQL)', async () => {
    for (const name of ['date_from', 'date_to']) {
      expectRefused(await list(`${name}=0000-01-01T00:00:00Z`), `query.${name}`, /0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z/);
    }
  });

  it('a leap second (second 60) is 422 naming the parameter (was a 500: Invalid time value)', async () => {
    for (const name of ['date_from', 'date_to']) {
      expectRefused(await list(`${name}=2026-11-23T23:59:60Z`), `query.${name}`, /leap second/);
      expectRefused(await list(`${name}=2016-12-31T23:59:60Z`), `query.${name}`, /leap second/);
    }
  });

  it('an offset that moves the instant out of the range is 422 too', async () => {
    expectRefused(await list(`date_from=${encodeURIComponent('0001-01-01T00:00:00+01:00')}`), 'query.date_from');
    expectRefused(await list(`date_to=${encodeURIComponent('9999-12-31T23:59:59-00:01')}`), 'query.date_to');
  });

  it('impossible calendar dates and times are 422', async () => {
    for (const value of ['2026-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-11-23T24:00:00Z', '2026-11-23T10:60:00Z', '2026-13-01T00:00:00Z', '2026-11-23T10:00:00+24:00', 'yesterday', '2026-11-23']) {
      expectRefused(await list(`date_from=${encodeURIComponent(value)}`), 'query.date_from');
    }
  });

  it('the edges of the range are accepted and give a correct result', async () => {
    expect(await ids('date_from=0001-01-01T00:00:00Z')).toEqual([collectionId]);
    expect(await ids('date_to=9999-12-31T23:59:59.999Z')).toEqual([collectionId]);
    expect(await ids('date_from=0001-01-01T00:00:00Z&date_to=0001-01-01T00:00:00Z')).toEqual([]);
    expect(await ids('date_from=2024-02-29T00:00:00Z')).toEqual([collectionId]);
  });

  it('lowercase t and z, a space separator and offsets mean the same instant', async () => {
    for (const value of ['2026-05-01t12:00:00.123z', '2026-05-01 12:00:00.123Z', '2026-05-01T14:00:00.123+02:00', '2026-05-01T11:30:00.123-00:30']) {
      expect(await ids(`date_from=${encodeURIComponent(value)}&date_to=${encodeURIComponent(value)}`), value).toEqual([collectionId]);
    }
  });

  it('digits past the millisecond are kept exact: an instant just after the row excludes it from date_from, includes it in date_to', async () => {
    expect(await ids('date_from=2026-05-01T12:00:00.1230001Z')).toEqual([]);
    expect(await ids('date_to=2026-05-01T12:00:00.1230001Z')).toEqual([collectionId]);
    expect(await ids('date_from=2026-05-01T12:00:00.123000000Z')).toEqual([collectionId]);
    expect(await ids('date_to=2026-05-01T12:00:00.1229999Z')).toEqual([]);
  });

  it('date_from after date_to is 422 naming date_from, as the spec says; equal is fine', async () => {
    expectRefused(await list('date_from=2026-05-02T00:00:00Z&date_to=2026-05-01T00:00:00Z'), 'query.date_from', /after date_to/);
    expectRefused(await list('date_from=2026-05-01T00:00:00.0000002Z&date_to=2026-05-01T00:00:00.0000001Z'), 'query.date_from');
    expect((await list('date_from=2026-05-01T00:00:00Z&date_to=2026-05-01T00:00:00.000Z')).status).toBe(200);
  });
});

describe('limit', () => {
  it('is read only as decimal digits: 0x10, 1e1, 16.0, +16 and spaces are 422 naming limit (0x10 was read as 16)', async () => {
    for (const value of ['0x10', '0X10', '1e1', '16.0', '+16', ' 16', '16 ', '0b10', '0o20', 'Infinity', '١٦']) {
      expectRefused(await list(`limit=${encodeURIComponent(value)}`), 'query.limit');
    }
  });

  it('out of range is clamped, never refused (seed)', async () => {
    for (const value of ['0', '-5', '101', '100000000000000000000', '007']) {
      expect((await list(`limit=${value}`)).status, value).toBe(200);
    }
  });
});
