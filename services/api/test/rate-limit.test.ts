// 429 RATE_LIMITED with Retry-After (integer seconds), per API key; refused authentications are
// limited too, in failure budgets of their own (docs/decisions/0031-auth-failure-rate-limit.md).
// Both are counted in fixed windows of RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND seconds on the
// wall clock, in PostgreSQL (decision 0520): the bursts below take far less than their window.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { createPool } from '../src/db/index.ts';
import { addressGroupOf, authFailureBucket, expandIpv6 } from '../src/http/rate-limit.ts';
import { createSharedRateLimiter, sharedWindowS } from '../src/http/shared-rate-limit.ts';
import { signedHeaders } from './helpers/raw-request.ts';
import { type TestService, startTestService } from './helpers/service.ts';
import { waitForValue } from './helpers/worker-process.ts';

describe('the shared window', () => {
  it('is RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND seconds, rounded up, at least one', () => {
    expect(sharedWindowS(100, 200)).toBe(2);
    expect(sharedWindowS(1, 20)).toBe(20);
    expect(sharedWindowS(3, 10)).toBe(4);
    expect(sharedWindowS(1000, 10)).toBe(1);
  });
});

describe('the shared limiter without its database (decision 0520)', () => {
  it('falls back to a limiter in this process of the same size: requests go on, still limited', async () => {
    // A port that was free a moment ago: nothing answers there, so every statement fails.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const sql = createPool(`postgres://nobody@127.0.0.1:${port}/none`, 1);
    try {
      const limiter = createSharedRateLimiter(sql, { perSecond: 1, burst: 2, keyPrefix: 'test' });
      const states = [await limiter.charge('k'), await limiter.charge('k'), await limiter.charge('k')];
      expect(states.map((s) => [s.retryAfterS === 0, s.remaining])).toEqual([[true, 1], [true, 0], [false, 0]]);
      expect(states[2]!.retryAfterS).toBeGreaterThanOrEqual(1);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe('over HTTP', () => {
  let service: TestService;
  // A window of 20 s: the 21 requests below take far less, even on a busy machine.
  const burst = 20;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(burst) } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers 429 with Retry-After once a key has spent its burst; other keys are unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < burst + 1; i += 1) statuses.push((await service.client.GET('/users')).response.status);
    expect(statuses).toEqual([...Array<number>(burst).fill(200), 429]);
    const { error, response } = await service.client.GET('/users');
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe('RATE_LIMITED');
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(error?.meta.request_id).toBe(response.headers.get('x-request-id'));

    const other = await service.createKey();
    expect((await service.clientFor(other).GET('/users')).response.status).toBe(200);
  });

  it('counts only authenticated requests against a key\'s valid budget (a forger cannot exhaust it)', async () => {
    const key = await service.createKey();
    const statuses = [];
    for (let i = 0; i < burst + 2; i += 1) {
      const res = await fetch(`${service.baseUrl}/users`, { headers: { 'X-Service-Key': key.api_key, 'X-Service-Timestamp': '1', 'X-Service-Signature': 'x' } });
      statuses.push(res.status);
    }
    // The forgeries spend the key's failure budget, not its budget for valid traffic.
    expect(statuses).toEqual([...Array<number>(burst).fill(401), 429, 429]);
    for (let i = 0; i < burst; i += 1) expect((await service.clientFor(key).GET('/users')).response.status).toBe(200);
  });
});

/** GET /v1/users from a chosen loopback source address (Linux routes all of 127/8 to lo). */
function getUsersFrom(service: TestService, localAddress: string, headers: Record<string, string>): Promise<{ status: number; retryAfter: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${service.baseUrl}/users`, { localAddress, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const unknownKey = () => `pk_sandbox_${randomBytes(12).toString('hex').slice(0, 24)}`;

describe('refused authentications (issue 12: 450 bad signatures in 148 ms were all answered 401)', () => {
  let service: TestService;
  // Failure budgets of 20 per 20 s window: each test's burst of failures takes far less, even on
  // a busy machine.
  const burst = 20;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(burst) } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('are limited per presented key: 429 with Retry-After once its failure budget is spent, 401 again after the wait', async () => {
    const victim = await service.createMerchant('attacked');
    const badSignature = () => signedHeaders(victim.key, '', { secret: 'sk_sandbox_guessed' });
    const results = [];
    for (let i = 0; i < burst + 10; i += 1) results.push(await getUsersFrom(service, '127.0.0.1', badSignature()));
    expect(results.map((r) => r.status)).toEqual([...Array(burst).fill(401), ...Array(10).fill(429)]);
    for (const limited of results.slice(burst)) {
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(limited.retryAfter).toMatch(/^[1-9]\d*$/);
    }
    // Retry-After is honest: once the window it names has ended, the next failure is a plain 401
    // again (polled: the window ends on the wall clock, at most 20 s away).
    const waitS = Number(results.at(-1)!.retryAfter);
    expect(waitS).toBeLessThanOrEqual(burst);
    const again = await waitForValue(async () => {
      const answer = await getUsersFrom(service, '127.0.0.1', badSignature());
      return answer.status === 429 ? null : answer;
    }, () => 'a 401 after the failure window ended', 40_000);
    expect(again.status).toBe(401);
  }, 90_000);

  it('leave the attacked key\'s own valid requests, and another merchant\'s, unaffected', async () => {
    const victim = await service.createMerchant('attacked while working');
    const bystander = await service.createMerchant('bystander');
    for (let i = 0; i < burst; i += 1) await getUsersFrom(service, '127.0.0.1', signedHeaders(victim.key, '', { secret: 'sk_sandbox_guessed' }));
    expect((await getUsersFrom(service, '127.0.0.1', signedHeaders(victim.key, '', { secret: 'sk_sandbox_guessed' }))).status).toBe(429);
    // Same source address as the attacker, valid signatures: answered normally (each client's
    // valid budget is its own: 10 requests fit the burst).
    for (let i = 0; i < 10; i += 1) {
      expect((await victim.client.GET('/users')).response.status).toBe(200);
      expect((await bystander.client.GET('/users')).response.status).toBe(200);
    }
    // And the bystander's own failure budget is untouched: its bad signatures are still 401s.
    expect((await getUsersFrom(service, '127.0.0.1', signedHeaders(bystander.key, '', { secret: 'sk_sandbox_guessed' }))).status).toBe(401);
  });

  it('that name no known key are limited per source address, not per key, and spare valid keys from that address', async () => {
    const flood = [];
    for (let i = 0; i < burst + 3; i += 1) flood.push((await getUsersFrom(service, '127.0.0.2', { ...signedHeaders({ api_key: unknownKey(), api_secret: 's' }) })).status);
    expect(flood).toEqual([...Array(burst).fill(401), ...Array(3).fill(429)]);
    // Missing and malformed keys are charged to the same address.
    expect((await getUsersFrom(service, '127.0.0.2', {})).status).toBe(429);
    expect((await getUsersFrom(service, '127.0.0.2', { 'X-Service-Key': 'not-a-key' })).status).toBe(429);
    // Another address has its own budget.
    expect((await getUsersFrom(service, '127.0.0.3', signedHeaders({ api_key: unknownKey(), api_secret: 's' }))).status).toBe(401);
    // A valid key from the flooding address is never refused by that address's failure budget.
    const merchant = await service.createMerchant('same address as the flood');
    expect((await getUsersFrom(service, '127.0.0.2', signedHeaders(merchant.key))).status).toBe(200);
  });

  it('log a 401 at info but a 429 only at debug, so a flood does not flood the log', async () => {
    const merchant = await service.createMerchant('log volume');
    const before = service.logs.length;
    for (let i = 0; i < burst + 7; i += 1) await getUsersFrom(service, '127.0.0.4', signedHeaders(merchant.key, '', { secret: 'sk_sandbox_guessed' }));
    const lines = service.logs.slice(before).filter((line) => line.key_id === merchant.key.id);
    expect(lines.filter((line) => line.level === 'info' && line.msg === 'authentication refused')).toHaveLength(burst);
    expect(lines.filter((line) => line.level === 'debug' && line.msg === 'authentication refused; failure budget spent')).toHaveLength(7);
  });
});

describe('failure buckets', () => {
  it('are the key when known, else the address; IPv6 by its /64', () => {
    expect(authFailureBucket('0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e', '10.0.0.1')).toBe('key:0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e');
    expect(authFailureBucket(null, '10.0.0.1')).toBe('addr:10.0.0.1');
    expect(authFailureBucket(null, '::ffff:10.0.0.1')).toBe('addr:10.0.0.1');
    expect(authFailureBucket(null, '2001:db8:1:2:aaaa::1')).toBe('addr:2001:0db8:0001:0002::/64');
    expect(addressGroupOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(addressGroupOf('2001:db8:1:2::'));
    expect(addressGroupOf('2001:db8:1:3::1')).not.toBe(addressGroupOf('2001:db8:1:2::1'));
    expect(addressGroupOf('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressGroupOf(undefined)).toBe('unknown');
  });

  it('expand IPv6 addresses, embedded IPv4 included', () => {
    expect(expandIpv6('::1')).toEqual(['0000', '0000', '0000', '0000', '0000', '0000', '0000', '0001']);
    expect(expandIpv6('64:ff9b::192.0.2.33')).toEqual(['0064', 'ff9b', '0000', '0000', '0000', '0000', 'c000', '0221']);
    expect(expandIpv6('2001:DB8::')).toEqual(['2001', '0db8', '0000', '0000', '0000', '0000', '0000', '0000']);
  });
});
