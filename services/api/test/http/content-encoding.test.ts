// Content-Encoding on request bodies (decision 0025): the API takes bodies as sent, unencoded.
// Any coding other than `identity` is 415 UNSUPPORTED_MEDIA_TYPE, decodable or not, and nothing
// is created. Before, `Content-Encoding: br` (or gzip, deflate) with a body that was not in that
// coding was a 500 ("Decompression failed"), and a valid gzip body was decoded and accepted, with
// the signature checked over the decoded bytes rather than the bytes sent.
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRailInitiationCount } from '../checkout/checkout-helpers.ts';
import { rawRequest, signedHeaders, type RawResponse } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const json = JSON.stringify({ amount: 1_500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });

/** Signed over exactly the bytes sent (and over the decoded JSON: neither makes it acceptable). */
async function post(body: Buffer | string, encoding: string | null, signOver: Buffer | string = body): Promise<RawResponse> {
  return await rawRequest(`${service.baseUrl}/collections`, {
    method: 'POST',
    headers: {
      ...signedHeaders(service.key, signOver), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(),
      ...(encoding === null ? {} : { 'Content-Encoding': encoding }),
    },
    body,
  });
}

function expectUnsupported(res: RawResponse): void {
  expect(res.status, res.text).toBe(415);
  expect(res.body).toEqual({ data: null, error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/Content-Encoding/) }, meta: { request_id: expect.any(String) } });
  expect(res.headers.get('x-request-id')).toBe(res.body.meta.request_id);
}

describe('Content-Encoding on a request body', () => {
  it('a body that is not in the coding it names is 415, not a 500', async () => {
    for (const encoding of ['br', 'gzip', 'deflate', 'zstd', 'x-gzip', 'compress', 'bogus', 'gzip, br', 'BR']) {
      expectUnsupported(await post(json, encoding));
    }
    expect(service.logs.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('a body validly encoded is 415 too: signed over the bytes sent or over the decoded JSON, nothing is created', async () => {
    const before = await allRailInitiationCount(service.sql);
    for (const [encoding, encoded] of [['gzip', gzipSync(json)], ['deflate', deflateSync(json)], ['br', brotliCompressSync(json)]] as const) {
      expectUnsupported(await post(encoded, encoding));
      expectUnsupported(await post(encoded, encoding, json));
    }
    expect(await allRailInitiationCount(service.sql)).toBe(before);
    const [row] = await service.sql<{ count: number }[]>`select count(*)::int as count from transactions`;
    expect(row!.count).toBe(0);
  });

  it('identity (or no Content-Encoding) is the body as sent', async () => {
    expect((await post(json, 'identity')).status).toBe(200);
    expect((await post(json, null)).status).toBe(200);
  });

  it('a GET with a Content-Encoding header but no body is unaffected', async () => {
    const res = await rawRequest(`${service.baseUrl}/users`, { headers: { ...signedHeaders(service.key), 'Content-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
  });
});
