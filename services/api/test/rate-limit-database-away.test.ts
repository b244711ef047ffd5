// Issue 26 / decision 0520: the shared limiter counts in PostgreSQL, so what happens to a request
// when that database is away? A real API process reaches its database through a TCP proxy the
// test cuts (connections destroyed, new ones refused). Its key is in the process's key cache
// (AUTH_CACHE_TTL_MS), so authentication needs no database and the request reaches the limiters:
// each falls back to an in-process limiter of the same size (insuranceLimiter), so a valid
// request goes on to its handler, whose query answers 503 (decision 0510) carrying the
// fallback budget's RateLimit-* headers, and a forged signature is still an ordinary 401. Neither
// is a 500, and neither hangs. Without the insurance the limiter's own statement failed first and
// the answer carried no budget (this test fails so).
import { createClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTarget } from '../src/db/index.ts';
import { apiProcessStartMs, startApiProcess } from './helpers/api-process.ts';
import { signedHeaders } from './helpers/raw-request.ts';
import { type TestService, startTestService } from './helpers/service.ts';
import { type TcpProxy, startTcpProxy } from './helpers/tcp-proxy.ts';

/** A window of 20 s: the few requests below take far less. */
const burst = 20;

let service: TestService;
let proxy: TcpProxy;
let api: Awaited<ReturnType<typeof startApiProcess>>;

beforeAll(async () => {
  service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '0' } });
  const target = postgresTarget(service.databaseUrl);
  const url = new URL(target.url);
  proxy = await startTcpProxy(target.path ? { path: target.path } : { host: url.hostname, port: Number(url.port) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  api = await startApiProcess({
    DATABASE_URL: url.toString(), MASTER_KEY: service.masterKeyHex, RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(burst),
    // Keys stay cached for the whole test, so authentication needs no database once warmed.
    AUTH_CACHE_TTL_MS: '60000',
  });
}, 2 * apiProcessStartMs);

afterAll(async () => {
  if (api?.child.exitCode === null) api.child.kill('SIGKILL');
  await proxy?.cut().catch(() => {});
  await service?.close();
});

describe('the shared limiter when its database is away', () => {
  it('falls back to a per-process budget: a valid request meets the database\'s 503, a forged one its 401; no 500, no hang', async () => {
    const key = await service.createKey();
    const client = createClient({ baseUrl: api.baseUrl, apiKey: key.api_key, apiSecret: key.api_secret });
    const warm = await client.GET('/users');
    expect(warm.response.status).toBe(200);
    expect(warm.response.headers.get('ratelimit-remaining')).toBe(String(burst - 1));

    await proxy.cut();

    const { response, error } = await client.GET('/users');
    expect(response.status, JSON.stringify(error)).toBe(503);
    expect(error?.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    // Charged to the fallback budget (this process's own count, from its first request).
    expect(response.headers.get('ratelimit-limit')).toBe(String(burst));
    expect(Number(response.headers.get('ratelimit-remaining'))).toBe(burst - 1);

    const forged = await fetch(`${api.baseUrl}/users`, { headers: signedHeaders(key, '', { secret: 'sk_sandbox_guessed' }) });
    const body = (await forged.json()) as { error: { code: string } };
    expect(forged.status).toBe(401);
    expect(body.error.code).toBe('AUTH_SIGNATURE_MISMATCH');
    expect(forged.headers.get('ratelimit-limit')).toBe(String(burst));
    expect(api.child.exitCode).toBeNull();
  }, 120_000);
});
