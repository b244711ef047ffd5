// The optional Idempotency-Key on the state-changing POSTs round 1 left without one (decision 0470,
// after 0422): payout-destination and FX rate-lock creation in both families, webhook endpoint
// creation, secret rotation, enabling and a delivery's manual retry. With a key, a retry answers
// what the first request answered (the same lock, the same endpoint and signing secret, the same
// rotated secret), also when the first answer was lost after the change committed; the same key
// on another payload is 409; a refusal frees the key; without a key nothing changes. Real
// service, real SDK requests.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { finishUnfinishedRuns } from '../../src/jobs/run-finisher.ts';
import { createTestPartner } from '../partner/helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { IDEMPOTENCY_LOCK_MS: '100', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } }); });
afterAll(async () => { await service?.close(); });

const header = (key: string) => ({ 'Idempotency-Key': key });
const hookUrl = 'https://127.0.0.1/hooks/payagg';

async function recordOf(ownerId: string, key: string) {
  const [row] = await service.sql<{ recovery_point: string; response_status: number | null }[]>`
    select recovery_point, response_status from idempotency_keys where merchant_id = ${ownerId} and key = ${key}`;
  return row;
}

/** The process died after the change committed and before its answer was stored. */
async function loseAnswer(ownerId: string, key: string): Promise<void> {
  const rows = await service.sql`
    update idempotency_keys set response_status = null, response_sealed = null, recovery_point = 'started',
                                locked_until = now() - interval '1 second'
    where merchant_id = ${ownerId} and key = ${key} returning 1`;
  expect(rows).toHaveLength(1);
}

describe('merchant family', () => {
  it('POST /fx/rate-locks: a keyed retry answers the same lock; another payload is 409; no key makes a new lock each time', async () => {
    const m = await service.createMerchant('keyed lock');
    const key = randomUUID();
    const body = { base_currency: 'USD', quote_currency: 'KES' };
    const first = await m.client.POST('/fx/rate-locks', { body, params: { header: header(key) } as never });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    const again = await m.client.POST('/fx/rate-locks', { body, params: { header: header(key) } as never });
    expect(again.data!.data).toEqual(first.data!.data);
    const other = await m.client.POST('/fx/rate-locks', { body: { base_currency: 'KES', quote_currency: 'USD' }, params: { header: header(key) } as never });
    expect(other.response.status, JSON.stringify(other.error)).toBe(409);
    expect((other.error as { error: { details: { reason: string } } }).error.details.reason).toBe('payload_mismatch');
    const unkeyed = [await m.client.POST('/fx/rate-locks', { body }), await m.client.POST('/fx/rate-locks', { body })];
    expect(new Set(unkeyed.map((r) => r.data!.data.id)).size).toBe(2);
  });

  it('POST /fx/rate-locks: a refusal (same currency twice) frees the key', async () => {
    const m = await service.createMerchant('keyed lock refused');
    const key = randomUUID();
    const refused = await m.client.POST('/fx/rate-locks', { body: { base_currency: 'KES', quote_currency: 'KES' }, params: { header: header(key) } as never });
    expect(refused.response.status).toBe(422);
    expect(await recordOf(m.merchantId, key)).toBeUndefined();
  });

  it('POST /payout-destinations: a keyed retry answers the same destination', async () => {
    const m = await service.createMerchant('keyed destination');
    const key = randomUUID();
    const body = { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712340001' };
    const first = await m.client.POST('/payout-destinations', { body: body as never, params: { header: header(key) } as never });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(await recordOf(m.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    const again = await m.client.POST('/payout-destinations', { body: body as never, params: { header: header(key) } as never });
    expect(again.data!.data).toEqual(first.data!.data);
  });

  it('POST /webhooks: the answer lost after the endpoint committed, the keyed retry answers the same endpoint and signing secret; one endpoint', async () => {
    const m = await service.createMerchant('keyed webhook');
    const key = randomUUID();
    const body = { url: hookUrl, subscribed_events: ['transaction.success'] };
    const first = await m.client.POST('/webhooks', { body: body as never, params: { header: header(key) } as never });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    await loseAnswer(m.merchantId, key);
    const retried = await m.client.POST('/webhooks', { body: body as never, params: { header: header(key) } as never });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: first.data!.data.id, signing_secret: first.data!.data.signing_secret });
    const [count] = await service.sql<{ n: number }[]>`select count(*)::int as n from webhook_endpoints where merchant_id = ${m.merchantId}`;
    expect(count!.n).toBe(1);
  });

  it('POST /webhooks: the answer lost and the client never back, the run finisher stores the endpoint with its secret; the retry answers it', async () => {
    const m = await service.createMerchant('keyed webhook finisher');
    const key = randomUUID();
    const body = { url: hookUrl, subscribed_events: ['transaction.failed'] };
    const first = await m.client.POST('/webhooks', { body: body as never, params: { header: header(key) } as never });
    await loseAnswer(m.merchantId, key);
    for (let pass = 0; pass < 100 && (await recordOf(m.merchantId, key))?.response_status == null; pass += 1) {
      await finishUnfinishedRuns(service.runtime.jobDeps, { idleMs: 0 });
    }
    expect(await recordOf(m.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    const retried = await m.client.POST('/webhooks', { body: body as never, params: { header: header(key) } as never });
    expect(retried.data!.data).toMatchObject({ id: first.data!.data.id, signing_secret: first.data!.data.signing_secret });
  });

  it('POST /webhooks/{id}/rotate-secret: a keyed retry answers the secret the first rotation gave, not a third one', async () => {
    const m = await service.createMerchant('keyed rotate');
    const endpoint = (await m.client.POST('/webhooks', { body: { url: hookUrl, subscribed_events: ['transaction.success'] } as never })).data!.data;
    const key = randomUUID();
    const rotate = () => m.client.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: endpoint.id }, header: header(key) } as never });
    const first = await rotate();
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data!.data.signing_secret).not.toBe(endpoint.signing_secret);
    const again = await rotate();
    expect(again.data!.data.signing_secret).toBe(first.data!.data.signing_secret);
  });

  it('POST /webhooks/{id}/enable and a delivery retry take a key; a 404 frees it', async () => {
    const m = await service.createMerchant('keyed enable');
    const endpoint = (await m.client.POST('/webhooks', { body: { url: hookUrl, subscribed_events: ['transaction.success'] } as never })).data!.data;
    const key = randomUUID();
    const enabled = await m.client.POST('/webhooks/{id}/enable', { params: { path: { id: endpoint.id }, header: header(key) } as never });
    expect(enabled.response.status, JSON.stringify(enabled.error)).toBe(200);
    expect((await m.client.POST('/webhooks/{id}/enable', { params: { path: { id: endpoint.id }, header: header(key) } as never })).data!.data).toEqual(enabled.data!.data);
    const retryKey = randomUUID();
    const missing = await m.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', {
      params: { path: { id: endpoint.id, delivery_id: randomUUID() }, header: header(retryKey) } as never,
    });
    expect(missing.response.status).toBe(404);
    expect(await recordOf(m.merchantId, retryKey)).toBeUndefined();
  });
});

describe('round 1 keyed state changes', () => {
  it('POST /sub-merchants/{id}/suspend with a used key and another payload answers the declared 409, not a 500', async () => {
    const m = await service.createMerchant('keyed suspend conflict');
    const created = await m.client.POST('/sub-merchants', {
      body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: header(randomUUID()) },
    });
    const id = created.data!.data.id;
    const key = randomUUID();
    const first = await m.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id }, header: header(key) } as never, body: { reason: 'first' } as never });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    const other = await m.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id }, header: header(key) } as never, body: { reason: 'second' } as never });
    expect(other.response.status, JSON.stringify(other.error)).toBe(409);
    expect((other.error as { error: { code: string; details: { reason: string } } }).error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', details: { reason: 'payload_mismatch' } });
  });
});

describe('partner family', () => {
  it('POST /fx/rate-locks and POST /payout-destinations take an optional X-Idempotency-Key: a keyed retry answers the same resource', async () => {
    const partner = await createTestPartner(service, 'keyed partner');
    const key = randomUUID();
    const lockBody = { baseCurrency: 'KES', quoteCurrency: 'NGN' };
    const first = await partner.client.POST('/fx/rate-locks', { body: lockBody, params: { header: { 'X-Idempotency-Key': key } } as never });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect((await partner.client.POST('/fx/rate-locks', { body: lockBody, params: { header: { 'X-Idempotency-Key': key } } as never })).data!.data).toEqual(first.data!.data);
    const unkeyed = await partner.client.POST('/fx/rate-locks', { body: lockBody });
    expect(unkeyed.data!.data.id).not.toBe(first.data!.data.id);

    const destinationKey = randomUUID();
    const destinationBody = { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712340002' };
    const destination = await partner.client.POST('/payout-destinations', { body: destinationBody as never, params: { header: { 'X-Idempotency-Key': destinationKey } } as never });
    expect(destination.response.status, JSON.stringify(destination.error)).toBe(200);
    expect(await recordOf(partner.partnerId, destinationKey)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    const conflict = await partner.client.POST('/payout-destinations', {
      body: { ...destinationBody, phone: '+254712340003' } as never, params: { header: { 'X-Idempotency-Key': destinationKey } } as never,
    });
    expect(conflict.response.status, JSON.stringify(conflict.error)).toBe(409);
  });
});
