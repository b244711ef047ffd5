// GET /readyz beside GET /healthz (issue 22; decision 0402): /healthz stays liveness (no database
// round trip), /readyz is 200 while every pool of the request path answers `select 1` in time and
// 503 SERVICE_UNAVAILABLE in the envelope, with Retry-After, when a pool is exhausted or its
// database cannot be reached. Before, /healthz answered 200 while every signed request timed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/index.ts';
import { createReadinessCheck, readinessRetryAfterS } from '../../src/http/readiness.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

describe('GET /readyz', () => {
  it('is 200 in the envelope, without authentication, while the pools answer', async () => {
    const res = await rawRequest(`${service.origin}/readyz`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ready' }, error: null, meta: { request_id: res.headers.get('x-request-id') } });
  });

  it('is 503 with Retry-After naming the pool while the request pool is exhausted; /healthz stays 200; ready again once freed', async () => {
    // The test service's request pool has 5 connections: reserve every one of them.
    const reserved = await Promise.all(Array.from({ length: 5 }, () => service.sql.reserve()));
    try {
      const res = await rawRequest(`${service.origin}/readyz`);
      expect(res.status, res.text).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(readinessRetryAfterS));
      expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { pools: ['request'] } });
      expect(res.body.meta.request_id).toBe(res.headers.get('x-request-id'));
      // Polling a stuck pool adds no statement to its queue beyond the one probe.
      for (let i = 0; i < 3; i += 1) expect((await rawRequest(`${service.origin}/readyz`)).status).toBe(503);
      const health = await rawRequest(`${service.origin}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      for (const connection of reserved) connection.release();
    }
    const again = await rawRequest(`${service.origin}/readyz`);
    expect(again.status, again.text).toBe(200);
  });
});

describe('the readiness check', () => {
  it('names a pool whose database cannot be reached', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused.
    const nowhere = createPool('postgres://payagg@127.0.0.1:1/none', 1);
    try {
      const check = createReadinessCheck([{ name: 'request', sql: service.sql }, { name: 'nowhere', sql: nowhere }]);
      expect(await check()).toEqual(['nowhere']);
    } finally {
      await nowhere.end({ timeout: 1 });
    }
  });
});

describe('the readiness check of a dependency that is not a pool (the TigerBeetle ledger)', () => {
  it('names it while its probe does not answer in time, asks it once at a time, and is ready once it answers', async () => {
    let calls = 0;
    let answer: (() => void) | null = null;
    const check = createReadinessCheck([{ name: 'ledger', probe: () => { calls += 1; return new Promise<void>((resolve) => { answer = resolve; }); } }], { timeoutMs: 50 });
    expect(await check()).toEqual(['ledger']);
    expect(await check()).toEqual(['ledger']);
    expect(calls).toBe(1); // the unanswered probe is awaited again, not joined by another
    answer!();
    expect(await check()).toEqual([]);
  });

  it('gives up a probe that never settles after abandonMs and asks again: ready once the fresh probe answers', async () => {
    // A statement the driver lost across a database restart neither answers nor fails (CI, stop 31).
    let calls = 0;
    const check = createReadinessCheck([{ name: 'ledger', probe: () => { calls += 1; return calls === 1 ? new Promise<void>(() => {}) : Promise.resolve(); } }], { timeoutMs: 20, abandonMs: 200 });
    expect(await check()).toEqual(['ledger']);
    expect(await check()).toEqual(['ledger']);
    expect(calls).toBe(1); // within abandonMs the lost probe is still the one awaited
    await new Promise((resolve) => setTimeout(resolve, 220));
    expect(await check()).toEqual([]);
    expect(calls).toBe(2);
  });

  it('names it when its probe fails', async () => {
    const check = createReadinessCheck([{ name: 'ledger', probe: () => Promise.reject(new Error('no quorum')) }], { timeoutMs: 50 });
    expect(await check()).toEqual(['ledger']);
  });
});
