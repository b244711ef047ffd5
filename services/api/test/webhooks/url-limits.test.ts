// The port and host-name rules of a webhook URL (issue 22, item 5: "webhook URLs with port 0, any
// port or an over-long host name are accepted"); decision record 0432. Checked at registration
// (422 naming body.url, in development and production alike) and again at every delivery.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveryClient } from '../../src/webhooks/delivery-client.ts';
import {
  checkWebhookUrl, webhookHostLabelCharsMax, webhookHostNameCharsMax, webhookPortsRefused,
} from '../../src/webhooks/ssrf-guard.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const publicResolver = async () => ['8.8.8.8'];
const production = { allowPrivate: false, allowHttp: false };
const development = { allowPrivate: true, allowHttp: true };

/** A host name of exactly `chars` characters, in labels of 63 characters (the last one shorter). */
function hostOf(chars: number): string {
  let name = '';
  while (name.length < chars) {
    const room = chars - name.length - (name ? 1 : 0);
    name += `${name ? '.' : ''}${'a'.repeat(Math.min(webhookHostLabelCharsMax, room))}`;
  }
  return name;
}

describe('checkWebhookUrl: ports', () => {
  it.each(['https://hooks.example:0/x', 'http://hooks.example:0/x'])('refuses port 0 (%s)', async (url) => {
    for (const policy of [production, development]) {
      const check = await checkWebhookUrl(url, { ...policy, allowHttp: true }, publicResolver);
      expect(check).toEqual({ ok: false, message: 'must not name port 0' });
    }
  });

  it.each([1, 21, 22, 25, 53, 110, 143, 389, 445, 587, 993, 1023, ...webhookPortsRefused])('refuses port %i', async (port) => {
    for (const policy of [production, development]) {
      const check = await checkWebhookUrl(`https://hooks.example:${port}/x`, policy, publicResolver);
      expect(check.ok).toBe(false);
      expect(!check.ok && check.message).toContain(`(${port} is refused`);
    }
  });

  it.each([80, 443, 1024, 3000, 8080, 8443, 9000, 10081, 49152, 65535])('allows port %i', async (port) => {
    expect((await checkWebhookUrl(`https://hooks.example:${port}/x`, production, publicResolver)).ok).toBe(true);
  });

  it('allows the scheme\'s default port however it is written', async () => {
    for (const url of ['https://hooks.example/x', 'https://hooks.example:443/x', 'http://hooks.example:80/x', 'http://hooks.example:443/x']) {
      expect((await checkWebhookUrl(url, { allowPrivate: false, allowHttp: true }, publicResolver)).ok, url).toBe(true);
    }
  });

  it('refuses a port beyond 65535 as no URL at all', async () => {
    expect(await checkWebhookUrl('https://hooks.example:65536/x', production, publicResolver)).toEqual({ ok: false, message: 'must be an absolute URL' });
  });
});

describe('docs/webhooks.md', () => {
  it('lists every refused port above 1024 and the host-name limits the code applies', () => {
    const docs = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/webhooks.md'), 'utf8');
    const paragraph = /\*\*Port and host name\.\*\*([\s\S]*?)\n\n/.exec(docs)?.[1] ?? '';
    const listed = new Set(paragraph.replace(/\s+/g, ' ').match(/\d+(-\d+)?/g)!.flatMap((token) => {
      const [from, to] = token.split('-').map(Number);
      return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
    }));
    for (const port of webhookPortsRefused) expect(listed.has(port), `port ${port} in docs/webhooks.md`).toBe(true);
    expect(paragraph).toContain(`at most ${webhookHostNameCharsMax}`);
    expect(paragraph).toContain(`1 to ${webhookHostLabelCharsMax}`);
  });
});

describe('checkWebhookUrl: host names', () => {
  it('allows a host name of 253 characters with labels of 63, and a final dot beside them', async () => {
    const name = hostOf(webhookHostNameCharsMax);
    expect(name).toHaveLength(webhookHostNameCharsMax);
    expect((await checkWebhookUrl(`https://${name}/x`, production, publicResolver)).ok).toBe(true);
    expect((await checkWebhookUrl(`https://${name}./x`, production, publicResolver)).ok).toBe(true);
  });

  it('refuses a host name of 254 characters, naming the limit', async () => {
    const name = hostOf(webhookHostNameCharsMax + 1);
    for (const policy of [production, development]) {
      expect(await checkWebhookUrl(`https://${name}/x`, policy, publicResolver))
        .toEqual({ ok: false, message: `must have a host name of at most 253 characters (it has 254)` });
    }
  });

  it('refuses a label of 64 characters, and an empty label', async () => {
    const label = 'b'.repeat(webhookHostLabelCharsMax + 1);
    expect(await checkWebhookUrl(`https://${label}.example/x`, production, publicResolver))
      .toEqual({ ok: false, message: 'must have host name labels of at most 63 characters (one has 64)' });
    expect(await checkWebhookUrl('https://hooks..example/x', production, publicResolver))
      .toEqual({ ok: false, message: 'must have a host name without empty labels' });
  });

  it('judges an international name by its ASCII (punycode) form', async () => {
    // 70 "é" (70 characters) make a label of more than 63 once encoded (xn--...).
    const check = await checkWebhookUrl(`https://${'é'.repeat(70)}.example/x`, production, publicResolver);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(/^must have host name labels of at most 63 characters/);
  });
});

describe('POST /webhooks and deliveries', () => {
  let service: TestService;
  let prod: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    [service, prod, receiver] = await Promise.all([
      startTestService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } }),
      startTestService({ env: { PAYAGG_ENV: 'production' } }),
      startReceiver(),
    ]);
  });
  afterAll(async () => { await Promise.all([service?.close(), prod?.close(), receiver?.close()]); });

  it.each([
    ['https://hooks.merchant.example:0/x', 'must not name port 0'],
    ['https://hooks.merchant.example:22/x', 'must use port 80, 443 or one from 1024 to 65535 that is not a blocked port (22 is refused: docs/webhooks.md lists them)'],
    [`https://${'c'.repeat(64)}.merchant.example/x`, 'must have host name labels of at most 63 characters (one has 64)'],
    [`https://${hostOf(254)}/x`, 'must have a host name of at most 253 characters (it has 254)'],
  ])('%s is 422 VALIDATION_ERROR naming body.url, in development and production', async (url, message) => {
    for (const s of [service, prod]) {
      const { error, response } = await s.client.POST('/webhooks', { body: { url, subscribed_events: ['transaction.success'] } });
      expect(response.status).toBe(422);
      expect(error!.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'body.url', message }] } });
    }
    const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from webhook_endpoints where url = ${url}`;
    expect(row!.n).toBe(0);
  });

  it('accepts a receiver on an unprivileged port (development, loopback)', async () => {
    const { response } = await service.client.POST('/webhooks', { body: { url: receiver.url('/ok'), subscribed_events: ['transaction.success'] } });
    expect(response.status).toBe(200);
  });

  it('a delivery to a URL stored before the rule (port 25) is refused before connecting', async () => {
    const client = createDeliveryClient({ allowPrivate: true, timeoutMs: 1_000 });
    try {
      const result = await client.attempt({ url: 'http://127.0.0.1:25/x', body: '{}', headers: {} });
      expect(result).toMatchObject({ ok: false, kind: 'address_not_allowed' });
      expect(!result.ok && result.error).toMatch(/^SSRF guard: the URL must use port 80, 443/);
    } finally {
      client.close();
    }
  });
});
