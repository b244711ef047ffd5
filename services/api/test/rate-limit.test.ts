// 429 RATE_LIMITED with Retry-After (integer seconds), per API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/http/rate-limit.ts';
import { type TestService, startTestService } from './helpers/service.ts';

describe('token bucket', () => {
  it('allows the burst, then refuses with the seconds until a token is back', () => {
    const limiter = createRateLimiter(2, 3);
    const t0 = 1_000_000;
    expect([limiter.take('k', t0), limiter.take('k', t0), limiter.take('k', t0)]).toEqual([0, 0, 0]);
    expect(limiter.take('k', t0)).toBe(1);
    // Half a second refills one token at 2 per second.
    expect(limiter.take('k', t0 + 500)).toBe(0);
    expect(limiter.take('k', t0 + 500)).toBe(1);
  });

  it('keeps buckets apart per key and rounds Retry-After up to whole seconds', () => {
    const limiter = createRateLimiter(0.25, 1);
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 0)).toBe(4);
    expect(limiter.take('b', 0)).toBe(0);
  });
});

describe('over HTTP', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '3' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers 429 with Retry-After once a key has spent its burst; other keys are unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await service.client.GET('/users')).response.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const { error, response } = await service.client.GET('/users');
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe('RATE_LIMITED');
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(error?.meta.request_id).toBe(response.headers.get('x-request-id'));

    const other = await service.createKey();
    expect((await service.clientFor(other).GET('/users')).response.status).toBe(200);
  });

  it('counts only authenticated requests against a key (a forger cannot exhaust it)', async () => {
    const key = await service.createKey();
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${service.baseUrl}/users`, { headers: { 'X-Service-Key': key.api_key, 'X-Service-Timestamp': '1', 'X-Service-Signature': 'x' } });
      expect(res.status).toBe(401);
    }
    expect((await service.clientFor(key).GET('/users')).response.status).toBe(200);
  });
});
