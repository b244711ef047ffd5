// The SSRF rule (src/webhooks/ssrf-guard.ts) on addresses, at registration (resolution now) and
// at delivery (the address the connection uses), with a real local receiver that must never see
// a request it should not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDeliveryClient } from '../../src/webhooks/delivery-client.ts';
import { checkWebhookUrl, judgeAddress } from '../../src/webhooks/ssrf-guard.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from './helpers.ts';

// These tests wait on real time (receivers, retries, leases); on a loaded shared machine a
// delivery can take far longer than usual, so each test gets a minute before it is called hung.
vi.setConfig({ testTimeout: 60_000 });

const refused_addresses = [
  // IPv4: loopback, private, link-local and metadata, CGNAT, unspecified, broadcast, multicast, reserved.
  '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255',
  '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3', '255.255.255.255',
  '224.0.0.1', '239.255.255.250', '240.0.0.1', '192.0.2.10', '198.51.100.7', '203.0.113.9', '198.18.0.1',
  // IPv6: loopback, unspecified, unique-local, link-local, site-local, multicast, discard, Teredo, documentation.
  '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '100::1', '2001::1', '2001:db8::1',
  // IPv4 inside IPv6: mapped (both notations), translated, compatible, NAT64, 6to4.
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254', '::ffff:192.168.1.1',
  '::ffff:100.64.0.1', '::ffff:0:10.0.0.1', '::10.0.0.1', '::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::7f00:1', '2002:a00:1::1', '2002:7f00:1::1',
  '[::ffff:127.0.0.1]', 'not-an-ip',
];
const allowed_addresses = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'];

describe('judgeAddress', () => {
  it.each(refused_addresses)('refuses %s', (address) => {
    expect(judgeAddress(address).allowed).toBe(false);
  });
  it.each(allowed_addresses)('allows public %s', (address) => {
    expect(judgeAddress(address)).toEqual({ allowed: true });
  });
});

describe('checkWebhookUrl with a controlled resolver', () => {
  const policy = { allowPrivate: false, allowHttp: false };
  const resolving = (table: Record<string, string[]>) => async (host: string) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };

  it('refuses a name when any of its addresses is not public, and says which', async () => {
    const resolve = resolving({
      'internal.example': ['10.1.2.3'],
      'mixed.example': ['8.8.8.8', '192.168.1.10'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'v6-local.example': ['fd00::5'],
    });
    for (const [host, range] of [['internal.example', 'private'], ['mixed.example', 'private'], ['mapped.example', 'loopback'],
      ['metadata.example', 'link-local'], ['v6-local.example', 'unique-local']] as const) {
      const check = await checkWebhookUrl(`https://${host}/hook`, policy, resolve);
      expect(check.ok, host).toBe(false);
      expect(!check.ok && check.message).toContain(range);
    }
  });

  it('accepts a name resolving only to public addresses, and one that does not resolve (yet)', async () => {
    const resolve = resolving({ 'hooks.public.example': ['8.8.8.8', '2606:4700:4700::1111'] });
    expect((await checkWebhookUrl('https://hooks.public.example/hook', policy, resolve)).ok).toBe(true);
    expect((await checkWebhookUrl('https://not-yet.example/hook', policy, resolve)).ok).toBe(true);
  });

  it('refuses http, credentials and localhost names without resolving', async () => {
    const never = async () => { throw new Error('must not resolve'); };
    for (const url of ['http://8.8.8.8/hook', 'https://user:pass@8.8.8.8/hook', 'https://localhost/hook',
      'https://api.localhost./hook', 'ftp://8.8.8.8/hook']) {
      expect((await checkWebhookUrl(url, policy, never)).ok, url).toBe(false);
    }
    expect((await checkWebhookUrl('http://8.8.8.8/hook', { allowPrivate: false, allowHttp: true }, never)).ok).toBe(true);
  });
});

describe('registration (POST /webhooks) with the guard on', () => {
  let service: TestService;
  let production: TestService;
  beforeAll(async () => {
    [service, production] = await Promise.all([startTestService(), startTestService({ env: { PAYAGG_ENV: 'production' } })]);
  });
  afterAll(async () => { await Promise.all([service?.close(), production?.close()]); });

  const register = async (s: TestService, url: string) =>
    await s.client.POST('/webhooks', { body: { url, subscribed_events: ['transaction.success'] } });

  it('refuses every non-public target with 422 naming url', async () => {
    const urls = [
      'https://127.0.0.1/hook', 'https://10.0.0.8/hook', 'https://172.16.5.4/hook', 'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data', 'https://100.64.0.1/hook', 'https://0.0.0.0/hook', 'https://224.0.0.1/hook',
      'https://[::1]/hook', 'https://[fc00::1]/hook', 'https://[fe80::1]/hook', 'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:7f00:1]/hook', 'https://[::ffff:a9fe:a9fe]/hook', 'https://[::]/hook', 'https://[ff02::1]/hook',
      'https://localhost/hook', 'https://localhost:8443/hook', 'https://app.localhost/hook',
      'https://user:secret@8.8.8.8/hook',
    ];
    for (const url of urls) {
      const { error, response } = await register(service, url);
      expect(response.status, url).toBe(422);
      expect(error!.error.code).toBe('VALIDATION_ERROR');
      expect(error!.error.details!.fields![0]!.field, url).toBe('body.url');
    }
    const { data } = await service.client.GET('/webhooks');
    expect(data!.data).toEqual([]);
  });

  it('accepts a public address and a name that does not resolve; http only outside production', async () => {
    for (const url of ['https://8.8.8.8/hook', 'https://[2606:4700:4700::1111]/hook', 'https://hooks.merchant.example/payagg']) {
      const { response } = await register(service, url);
      expect(response.status, url).toBe(200);
    }
    expect((await register(service, 'http://8.8.8.8/hook')).response.status).toBe(200);
    const refused = await register(production, 'http://8.8.8.8/hook');
    expect(refused.response.status).toBe(422);
    expect(refused.error!.error.details!.fields![0]).toEqual({ field: 'body.url', message: 'must use https' });
    expect((await register(production, 'https://8.8.8.8/hook')).response.status).toBe(200);
  });
});

describe('delivery-time guard: the address actually connected to', () => {
  let receiver: Receiver;
  beforeAll(async () => { receiver = await startReceiver(); });
  afterAll(async () => { await receiver?.close(); });

  const post = { body: '{}', headers: { 'Content-Type': 'application/json' } };

  it('refuses a loopback IP literal before connecting', async () => {
    const client = createDeliveryClient({ allowPrivate: false, timeoutMs: 2000 });
    const result = await client.attempt({ url: receiver.url('/literal'), ...post });
    client.close();
    expect(result).toMatchObject({ ok: false, kind: 'address_not_allowed' });
    expect(receiver.at('/literal')).toHaveLength(0);
  });

  it('refuses a name re-pointed at loopback after it was checked public (DNS rebinding)', async () => {
    const port = new URL(receiver.origin).port;
    let lookups = 0;
    // The name answers public first (the registration check), loopback afterwards (the delivery).
    const rebinding = async () => (lookups++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']);
    const url = `http://rebind.example:${port}/rebound`;
    expect((await checkWebhookUrl(url, { allowPrivate: false, allowHttp: true }, rebinding)).ok).toBe(true);
    const client = createDeliveryClient({
      allowPrivate: false, timeoutMs: 2000,
      resolve: async () => (await rebinding()).map((address) => ({ address, family: 4 })),
    });
    const result = await client.attempt({ url, ...post });
    client.close();
    expect(result).toMatchObject({ ok: false, kind: 'address_not_allowed' });
    expect(!result.ok && result.error).toContain('127.0.0.1');
    expect(receiver.at('/rebound')).toHaveLength(0);
  });

  it('refuses localhost by name and a name resolving to an IPv4-mapped loopback', async () => {
    const port = new URL(receiver.origin).port;
    const client = createDeliveryClient({ allowPrivate: false, timeoutMs: 2000, resolve: async () => [{ address: '::ffff:127.0.0.1', family: 6 }] });
    for (const url of [`http://localhost:${port}/by-name`, `http://mapped.example:${port}/by-name`]) {
      expect(await client.attempt({ url, ...post }), url).toMatchObject({ ok: false, kind: 'address_not_allowed' });
    }
    client.close();
    expect(receiver.at('/by-name')).toHaveLength(0);
  });

  it('reaches the same receiver when private receivers are allowed (development mode)', async () => {
    const client = createDeliveryClient({ allowPrivate: true, timeoutMs: 2000 });
    const result = await client.attempt({ url: receiver.url('/allowed'), ...post });
    client.close();
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(receiver.at('/allowed')).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('refuses WEBHOOK_ALLOW_PRIVATE_URLS=true in production (main.ts and worker.ts start with loadConfig)', () => {
    expect(() => loadConfig({ PAYAGG_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }))
      .toThrow(/WEBHOOK_ALLOW_PRIVATE_URLS=true is refused when PAYAGG_ENV=production/);
    expect(loadConfig({ PAYAGG_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).webhooks.allowPrivateUrls).toBe(true);
    expect(loadConfig({}).webhooks).toMatchObject({ allowPrivateUrls: false, retryScheduleS: [60, 300, 1800, 7200, 28800], sweepIntervalMs: 60_000, attemptTimeoutMs: 10_000 });
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_S: '60,abc' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_S/);
    expect(() => loadConfig({ PAYAGG_ENV: 'staging' })).toThrow(/PAYAGG_ENV/);
  });
});
