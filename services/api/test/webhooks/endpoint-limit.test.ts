// A merchant holds at most 100 webhook endpoints (decision 0540), so GET /webhooks, one unpaginated
// page like the seed's list, never answers more than its schema's maxItems (the conformance run
// found 101). Real HTTP through the SDK with real signatures, against a real database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookEndpointsPerMerchantMax } from '../../src/webhooks/endpoints.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

vi.setConfig({ testTimeout: 120_000 });

// The spec's example host: a public name that does not resolve here, which registration accepts.
const url = 'https://hooks.merchant.example/payagg-limit';
const events = ['transaction.success'] as const;

describe('webhook endpoints per merchant', () => {
  let service: TestService;
  beforeAll(async () => { service = await startTestService(); });
  afterAll(async () => { await service?.close(); });

  it('concurrent registrations stop at exactly the limit; the rest are 409 naming it, with nothing created', async () => {
    const extra = 12;
    const answers = await Promise.all(Array.from({ length: webhookEndpointsPerMerchantMax + extra }, () =>
      service.client.POST('/webhooks', { body: { url, subscribed_events: [...events] } })));
    const statuses = answers.map((a) => a.response.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(webhookEndpointsPerMerchantMax);
    expect(statuses.filter((s) => s === 409)).toHaveLength(extra);

    const refused = answers.find((a) => a.response.status === 409)!;
    expect(refused.error).toMatchObject({
      data: null,
      error: { code: 'WEBHOOK_ENDPOINT_LIMIT_REACHED', details: { limit: webhookEndpointsPerMerchantMax } },
    });
    expect(refused.error?.error.message).toContain('delete one');
    expect(JSON.stringify(refused.error)).not.toContain('whsec_');

    const listed = await service.client.GET('/webhooks');
    expect(listed.response.status).toBe(200);
    expect(listed.data!.data).toHaveLength(webhookEndpointsPerMerchantMax);
    const [counted] = await service.sql<{ n: number }[]>`
      select count(*)::int as n from webhook_endpoints where merchant_id = ${service.merchantId}`;
    expect(counted?.n).toBe(webhookEndpointsPerMerchantMax);
  });

  it('a refused keyed registration leaves its key free: after a delete, the same key registers', async () => {
    const key = crypto.randomUUID();
    const params = { header: { 'Idempotency-Key': key } };
    const refused = await service.client.POST('/webhooks', { params, body: { url, subscribed_events: [...events] } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe('WEBHOOK_ENDPOINT_LIMIT_REACHED');

    const first = (await service.client.GET('/webhooks')).data!.data[0]!;
    expect((await service.client.DELETE('/webhooks/{id}', { params: { path: { id: first.id } } })).response.status).toBe(200);

    const created = await service.client.POST('/webhooks', { params, body: { url, subscribed_events: [...events] } });
    expect(created.response.status).toBe(200);
    expect(created.data!.data.signing_secret).toMatch(/^whsec_/);
    // Full again: the next one is refused, and the keyed one's retry still answers its endpoint.
    expect((await service.client.POST('/webhooks', { body: { url, subscribed_events: [...events] } })).response.status).toBe(409);
    const replay = await service.client.POST('/webhooks', { params, body: { url, subscribed_events: [...events] } });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data.id).toBe(created.data!.data.id);
  });

  it('a disabled endpoint still counts; deleted ones do not', async () => {
    const [row] = await service.sql<{ id: string }[]>`
      update webhook_endpoints set active = false, disabled_reason = 'test', disabled_at = now()
      where id = (select id from webhook_endpoints where merchant_id = ${service.merchantId} and deleted_at is null order by created_at limit 1)
      returning id`;
    expect(row).toBeDefined();
    expect((await service.client.POST('/webhooks', { body: { url, subscribed_events: [...events] } })).response.status).toBe(409);
    const deleted = await service.client.DELETE('/webhooks/{id}', { params: { path: { id: row!.id } } });
    expect(deleted.response.status).toBe(200);
    expect((await service.client.POST('/webhooks', { body: { url, subscribed_events: [...events] } })).response.status).toBe(200);
  });
});
