// Failures and retries against a real receiver: every failure kind, the whole schedule (shortened
// through WEBHOOK_RETRY_SCHEDULE_S, the config knob the seed's schedule is read from), exhaustion
// into the dead-letter store, manual retry, Retry-After, auto-disable and re-enable, rotation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { appendEvent, type EventType } from '../../src/domain/events.ts';
import { afterFailure } from '../../src/webhooks/deliveries.ts';
import { parseRetryAfter, webhookResponseSnippetCharsMax } from '../../src/webhooks/delivery-client.ts';
import { verifyWebhookSignature, WebhookSignatureError } from '@payagg/sdk';
import type { TestService } from '../helpers/service.ts';
import { deliveriesOf, startReceiver, startWebhookService, verified, waitFor, type Receiver } from './helpers.ts';

// These tests wait on real time (receivers, retries, leases); on a loaded shared machine a
// delivery can take far longer than usual, so each test gets a minute before it is called hung.
vi.setConfig({ testTimeout: 60_000 });

/** A merchant of its own with one endpoint, and a way to make it an event. */
async function scenario(service: TestService, url: string, type: EventType = 'kyc.verified') {
  const merchant = await service.createMerchant();
  const { data } = await merchant.client.POST('/webhooks', { body: { url, subscribed_events: [type] } });
  const endpoint = data!.data;
  const emit = async () => {
    const subMerchantId = randomUUID();
    return await appendEvent(service.sql, {
      merchantId: merchant.merchantId, type, resourceType: 'sub_merchant', resourceId: subMerchantId,
      data: { sub_merchant_id: subMerchantId, merchant_id: merchant.merchantId, kyc_status: 'verified', kyc_tier: 'tier_1', reason: null, occurred_at: new Date().toISOString() },
    });
  };
  const delivery = async () => (await deliveriesOf(service, endpoint.id))[0]!;
  /** Waits until the (first) delivery has `status`, and returns it. */
  const until = async (status: string, timeoutMs?: number) => await waitFor(`a ${status} delivery`, async () => {
    const row = (await deliveriesOf(service, endpoint.id))[0];
    return row?.status === status ? row : null;
  }, timeoutMs);
  return { merchant, endpoint, emit, delivery, until };
}

describe('the schedule (pure)', () => {
  it('follows the seed: 6 attempts, waiting 60, 300, 1800, 7200, 28800 s; Retry-After only ever lengthens, up to the longest step', () => {
    const schedule = loadConfig({}).webhooks.retryScheduleS;
    expect([1, 2, 3, 4, 5, 6].map((n) => afterFailure(n, schedule, null))).toEqual([
      { status: 'failed', delayS: 60 }, { status: 'failed', delayS: 300 }, { status: 'failed', delayS: 1800 },
      { status: 'failed', delayS: 7200 }, { status: 'failed', delayS: 28800 }, { status: 'exhausted' },
    ]);
    expect(afterFailure(1, schedule, 10)).toEqual({ status: 'failed', delayS: 60 });
    expect(afterFailure(1, schedule, 120)).toEqual({ status: 'failed', delayS: 120 });
    expect(afterFailure(1, schedule, 10 ** 9)).toEqual({ status: 'failed', delayS: 28800 });
    expect(afterFailure(6, schedule, 5)).toEqual({ status: 'exhausted' });
    expect(afterFailure(7, schedule, null)).toEqual({ status: 'exhausted' });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('failure kinds, each followed by a success', () => {
  let service: TestService;
  let receiver: Receiver;
  beforeAll(async () => { [service, receiver] = await Promise.all([startWebhookService(), startReceiver()]); });
  afterAll(async () => { await service?.close(); await receiver?.close(); });

  it('a non-2xx answer: code and a truncated snippet recorded, the body never parsed; then delivered', async () => {
    const body = `{"not":"parsed"} ${'x'.repeat(3000)}`;
    receiver.behave('/500', (n) => (n === 1 ? { status: 500, body } : { status: 204 }));
    const { endpoint, emit, delivery, until } = await scenario(service, receiver.url('/500'));
    const eventId = await emit();
    const failed = await until('failed');
    expect(failed).toMatchObject({ attempt_count: 1, last_response_code: 500, last_error: 'the endpoint answered 500' });
    expect(failed.last_response_snippet).toBe(body.slice(0, webhookResponseSnippetCharsMax));
    expect(failed.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() - 1000);
    const done = await until('succeeded');
    expect(done).toMatchObject({ attempt_count: 2, last_response_code: 204, last_error: null, next_attempt_at: null });
    // The same event id, and a valid signature, on every attempt.
    const attempts = receiver.at('/500').map((d) => verified(d, endpoint.signing_secret));
    expect(attempts.map((e) => e.id)).toEqual([eventId, eventId]);
  });

  it('a timeout (no answer within the per-attempt timeout)', async () => {
    receiver.behave('/hang', (n) => (n === 1 ? { hang: true } : { status: 200 }));
    const { emit, delivery, until } = await scenario(service, receiver.url('/hang'));
    await emit();
    const failed = await until('failed');
    expect(failed).toMatchObject({ attempt_count: 1, last_response_code: null, last_error: 'no complete answer within 1000 ms' });
    await until('succeeded');
  });

  it('a refused connection, then the receiver comes up on that port', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { emit, delivery, until } = await scenario(service, `http://127.0.0.1:${port}/late-receiver`);
    await emit();
    const failed = await until('failed');
    expect(failed).toMatchObject({ attempt_count: 1, last_response_code: null, last_error: 'connection refused' });
    const late = http.createServer((req, res) => { req.resume(); req.on('end', () => res.end('up')); });
    await new Promise<void>((resolve) => late.listen(port, '127.0.0.1', resolve));
    try {
      await until('succeeded');
      expect((await delivery()).last_response_snippet).toBe('up');
    } finally {
      late.closeAllConnections();
      await new Promise<void>((resolve) => late.close(() => resolve()));
    }
  });

  it('a redirect is refused, never followed', async () => {
    receiver.behave('/moved', (n) => (n === 1 ? { status: 302, headers: { Location: receiver.url('/redirect-target') }, body: 'moved' } : { status: 200 }));
    const { emit, delivery, until } = await scenario(service, receiver.url('/moved'));
    await emit();
    const failed = await until('failed');
    expect(failed.last_response_code).toBe(302);
    expect(failed.last_error).toMatch(/^redirect refused \(302 to http:\/\/127\.0\.0\.1:\d+\/redirect-target\)/);
    await until('succeeded');
    expect(receiver.at('/redirect-target')).toHaveLength(0);
  });
});

describe('the whole schedule, exhaustion, dead letter and manual retry', () => {
  let service: TestService;
  let receiver: Receiver;
  const schedule = [1, 2, 1, 2, 1];
  beforeAll(async () => {
    [service, receiver] = await Promise.all([startWebhookService({ WEBHOOK_RETRY_SCHEDULE_S: schedule.join(',') }), startReceiver()]);
  });
  afterAll(async () => { await service?.close(); await receiver?.close(); });

  it('makes 6 attempts at the scheduled waits, then is exhausted into the dead-letter store and left alone', async () => {
    receiver.behave('/down', { status: 503, body: 'maintenance' });
    const { endpoint, merchant, emit, delivery, until } = await scenario(service, receiver.url('/down'));
    const eventId = await emit();
    const exhausted = await until('exhausted', 30_000);
    const arrivals = receiver.at('/down').map((d) => d.receivedAtMs);
    expect(arrivals).toHaveLength(6);
    arrivals.slice(1).forEach((at, i) => {
      const waitedS = (at - arrivals[i]!) / 1000;
      expect(waitedS, `wait before attempt ${i + 2}`).toBeGreaterThanOrEqual(schedule[i]!);
      // An upper bound loose enough for a loaded machine: the sweep runs every 100 ms.
      expect(waitedS, `wait before attempt ${i + 2}`).toBeLessThan(schedule[i]! + 4);
    });
    expect(exhausted).toMatchObject({ attempt_count: 6, last_response_code: 503, last_response_snippet: 'maintenance', next_attempt_at: null });
    const [dead] = await service.sql`select * from webhook_dead_letters where delivery_id = ${exhausted.id}`;
    expect(dead).toMatchObject({ event_id: eventId, endpoint_id: endpoint.id, attempt_count: 6, last_response_code: 503, redelivered_at: null });

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.at('/down')).toHaveLength(6);
    const { data: listed } = await merchant.client.GET('/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id }, query: { status: 'exhausted' } } });
    expect(listed!.data).toEqual([expect.objectContaining({ id: exhausted.id, event_id: eventId, event_type: 'kyc.verified', status: 'exhausted', attempt_count: 6, last_response_code: 503 })]);

    // Manual retry: one more attempt now, from the dead-letter store.
    receiver.behave('/down', { status: 200, body: 'back' });
    const { data: retried, response } = await merchant.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', {
      params: { path: { id: endpoint.id, delivery_id: exhausted.id } },
    });
    expect(response.status).toBe(200);
    expect(retried!.data).toMatchObject({ id: exhausted.id, status: 'pending' });
    const done = await until('succeeded');
    expect(done).toMatchObject({ attempt_count: 7, last_response_code: 200 });
    expect(verified(receiver.at('/down')[6]!, endpoint.signing_secret).id).toBe(eventId);
    const [after] = await service.sql`select redelivered_at from webhook_dead_letters where delivery_id = ${exhausted.id}`;
    expect(after!.redelivered_at).toBeInstanceOf(Date);
  });

  it('a manual retry of a failed delivery attempts now and then follows the schedule; another merchant cannot retry it', async () => {
    receiver.behave('/flaky', { status: 500 });
    const { endpoint, merchant, emit, delivery, until } = await scenario(service, receiver.url('/flaky'));
    await emit();
    const failed = await until('failed');
    const other = await service.createMerchant();
    const { response: foreign } = await other.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpoint.id, delivery_id: failed.id } } });
    expect(foreign.status).toBe(404);
    const { response: unknown } = await merchant.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpoint.id, delivery_id: randomUUID() } } });
    expect(unknown.status).toBe(404);
    receiver.behave('/flaky', { status: 200 });
    await merchant.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpoint.id, delivery_id: failed.id } } });
    await until('succeeded');
  });

  it('waits at least what Retry-After asks on 429 and 503, capped at the schedule\'s longest step', async () => {
    receiver.behave('/busy', (n) => (n === 1 ? { status: 429, headers: { 'Retry-After': '2' } } : n === 2 ? { status: 503, headers: { 'Retry-After': '86400' } } : { status: 200 }));
    const { emit, delivery, until } = await scenario(service, receiver.url('/busy'));
    await emit();
    await until('succeeded', 20_000);
    const [first, second, third] = receiver.at('/busy').map((d) => d.receivedAtMs);
    // Schedule step 1 is 1 s, the receiver asked 2 s: 2 s. Step 2 is 2 s, it asked a day: the longest step, 2 s.
    expect((second! - first!) / 1000).toBeGreaterThanOrEqual(2);
    expect((third! - second!) / 1000).toBeGreaterThanOrEqual(2);
    expect((third! - second!) / 1000).toBeLessThan(6);
  });
});

describe('auto-disable, re-enable and secret rotation', () => {
  let service: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    [service, receiver] = await Promise.all([
      startWebhookService({ WEBHOOK_DISABLE_AFTER_FAILING_S: '1', WEBHOOK_SECRET_OVERLAP_S: '8', WEBHOOK_RETRY_SCHEDULE_S: '1,1,1,1,1,1,1,1' }),
      startReceiver(),
    ]);
  });
  afterAll(async () => { await service?.close(); await receiver?.close(); });

  it('disables an endpoint failing for longer than the limit, visibly; enabling resumes its pending deliveries', async () => {
    receiver.behave('/dead', { status: 500 });
    const { endpoint, merchant, emit, delivery, until } = await scenario(service, receiver.url('/dead'));
    await emit();
    const disabled = await waitFor('the endpoint disabled', async () => {
      const { data } = await merchant.client.GET('/webhooks/{id}', { params: { path: { id: endpoint.id } } });
      return data!.data.active ? null : data!.data;
    });
    expect(disabled.disabled_reason).toMatch(/^every delivery attempt failed since \d{4}-\d\d-\d\dT[\d:]+Z \(disabled after 1 s of failures\); last error: the endpoint answered 500$/);
    const { data: listed } = await merchant.client.GET('/webhooks');
    expect(listed!.data).toEqual([expect.objectContaining({ id: endpoint.id, active: false })]);
    const attemptsWhenDisabled = receiver.at('/dead').length;
    expect((await delivery()).status).toBe('failed');

    // Disabled: no attempts, no new deliveries, no manual retry.
    await emit();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.at('/dead')).toHaveLength(attemptsWhenDisabled);
    expect(await deliveriesOf(service, endpoint.id)).toHaveLength(1);
    const { response: refused } = await merchant.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpoint.id, delivery_id: (await delivery()).id } } });
    expect(refused.status).toBe(422);

    receiver.behave('/dead', { status: 200 });
    const { data: enabled } = await merchant.client.POST('/webhooks/{id}/enable', { params: { path: { id: endpoint.id } } });
    expect(enabled!.data).toMatchObject({ active: true, disabled_reason: null });
    await until('succeeded');
  });

  it('rotation: both signatures during the overlap, either secret verifies; then only the new one', async () => {
    const { endpoint, merchant, emit } = await scenario(service, receiver.url('/rotating'));
    const oldSecret = endpoint.signing_secret;
    const { data: rotated } = await merchant.client.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: endpoint.id } } });
    const newSecret = rotated!.data.signing_secret;
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated!.data.previous_secret_expires_at!)).toBeGreaterThan(Date.now());
    const { data: read } = await merchant.client.GET('/webhooks/{id}', { params: { path: { id: endpoint.id } } });
    expect(read!.data).not.toHaveProperty('signing_secret');

    await emit();
    const [during] = await waitFor('a delivery in the overlap', () => (receiver.at('/rotating').length >= 1 ? receiver.at('/rotating') : null));
    expect(during!.headers['x-service-signature']).toMatch(/^[0-9a-f]{64},[0-9a-f]{64}$/);
    expect(verified(during!, newSecret).type).toBe('kyc.verified');
    expect(verified(during!, oldSecret).type).toBe('kyc.verified');

    // Until the overlap (8 s from the rotation) is over.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(rotated!.data.previous_secret_expires_at!) - Date.now() + 200)));
    await emit();
    const [, after] = await waitFor('a delivery after the overlap', () => (receiver.at('/rotating').length >= 2 ? receiver.at('/rotating') : null));
    expect(after!.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(verified(after!, newSecret).type).toBe('kyc.verified');
    expect(() => verifyWebhookSignature({
      rawBody: after!.rawBody, timestamp: after!.headers['x-service-timestamp'] as string, signature: after!.headers['x-service-signature'] as string, secret: oldSecret,
    })).toThrow(WebhookSignatureError);
  });
});
