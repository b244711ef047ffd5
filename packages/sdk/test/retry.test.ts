import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createPartnerClient, type RetryOptions } from '../src/index.ts';
import { envelope, errorEnvelope, startRecordingServer, type Reply, type RecordingServer } from './helpers/recording-server.ts';

const apiSecret = 'sk_test_secret';
// Millisecond waits keep the suite fast; the policy is the same at any scale.
const fast: RetryOptions = { maxRetries: 2, initialDelayMs: 2, maxDelayMs: 5 };

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** Answers with `replies` in turn, then 200. */
function answerInTurn(...replies: Reply[]): void {
  let call = 0;
  server.respond(() => replies[call++] ?? { json: envelope([]) });
}

function clientWith(retry?: RetryOptions, now?: () => number) {
  return createClient({
    baseUrl: server.baseUrl,
    apiKey: 'pk_test',
    apiSecret: apiSecret,
    ...(retry ? { retry } : {}),
    ...(now ? { now } : {}),
  });
}

const unavailable: Reply = { status: 503, json: errorEnvelope('RAIL_UNAVAILABLE', 'rail circuit open') };

describe('retries', () => {
  it('are off by default: a 503 is returned at once', async () => {
    answerInTurn(unavailable);
    const { response, error } = await clientWith().GET('/users');
    expect(response.status).toBe(503);
    expect(error?.error.code).toBe('RAIL_UNAVAILABLE');
    expect(server.requests).toHaveLength(1);
  });

  it('retry an idempotent POST on 503 with the same key, re-signed each time', async () => {
    answerInTurn(unavailable, unavailable);
    let clockMs = 1_800_000_000_000;
    const client = clientWith(fast, () => (clockMs += 1_000));
    const { response } = await client.POST('/collections', { body: { amount: 100, currency: 'KES', rail: 'qr' } });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(3);
    const keys = new Set(server.requests.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    const timestamps = server.requests.map((request) => request.headers['x-service-timestamp']);
    expect(new Set(timestamps).size).toBe(3);
    for (const request of server.requests) {
      expect(request.body.toString('utf8')).toBe('{"amount":100,"currency":"KES","rail":"qr"}');
      // Version 2: the same key and path are signed again under each attempt's timestamp.
      const expected = createHmac('sha256', apiSecret)
        .update(`${request.headers['x-service-timestamp']}.POST./v1/collections.${request.headers['idempotency-key']}.`)
        .update(request.body)
        .digest('hex');
      expect(request.headers['x-service-signature']).toBe(expected);
    }
  });

  it('give up after maxRetries and return the last response', async () => {
    answerInTurn(unavailable, unavailable, unavailable, unavailable);
    const { response } = await clientWith(fast).GET('/users');
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('never retry a POST without an idempotency key', async () => {
    answerInTurn(unavailable);
    const { response } = await clientWith(fast).POST('/split-rules', {
      body: { name: 'n', rule_type: 'percentage', recipients: [] } as never,
    });
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('wait the Retry-After of a 429', async () => {
    answerInTurn({ status: 429, headers: { 'Retry-After': '0' }, json: errorEnvelope('RATE_LIMITED', 'slow down') });
    const { response } = await clientWith(fast).GET('/users');
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('return a 429 whose Retry-After is longer than retryAfterMaxMs', async () => {
    answerInTurn({ status: 429, headers: { 'Retry-After': '120' }, json: errorEnvelope('RATE_LIMITED', 'slow down') });
    const { response, error } = await clientWith(fast).GET('/users');
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe('RATE_LIMITED');
    expect(server.requests).toHaveLength(1);
  });

  it('retry a 409 still in progress (Retry-After) with the same key; return a 409 payload mismatch (no Retry-After) at once', async () => {
    const inProgress = { data: null, error: { code: 'IDEMPOTENCY_CONFLICT', message: 'still being processed', details: { reason: 'in_progress' } }, meta: { request_id: 'req_error' } };
    answerInTurn({ status: 409, headers: { 'Retry-After': '0' }, json: inProgress });
    const retried = await clientWith(fast).POST('/collections', { body: { amount: 100, currency: 'KES', rail: 'qr' } });
    expect(retried.response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
    expect(new Set(server.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);

    server.requests.length = 0;
    const mismatch = { data: null, error: { code: 'IDEMPOTENCY_CONFLICT', message: 'used with another payload', details: { reason: 'payload_mismatch' } }, meta: { request_id: 'req_error' } };
    answerInTurn({ status: 409, json: mismatch });
    const refused = await clientWith(fast).POST('/collections', { body: { amount: 100, currency: 'KES', rail: 'qr' } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.details?.reason).toBe('payload_mismatch');
    expect(server.requests).toHaveLength(1);
  });

  it('do not retry other failures (4xx, 500)', async () => {
    answerInTurn({ status: 500, json: errorEnvelope('INTERNAL_ERROR', 'boom') });
    expect((await clientWith(fast).GET('/users')).response.status).toBe(500);
    answerInTurn({ status: 422, json: errorEnvelope('VALIDATION_ERROR', 'bad') });
    expect((await clientWith(fast).GET('/users')).response.status).toBe(422);
    expect(server.requests).toHaveLength(2);
  });

  it('retry a dropped connection', async () => {
    answerInTurn({ destroy: true });
    const { response } = await clientWith(fast).GET('/users');
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('rethrow a dropped connection when retries are off', async () => {
    answerInTurn({ destroy: true });
    await expect(clientWith().GET('/users')).rejects.toThrow();
  });

  it('stop when the caller aborts during the wait', async () => {
    answerInTurn(unavailable, unavailable);
    const controller = new AbortController();
    const slow = clientWith({ maxRetries: 2, initialDelayMs: 5_000, maxDelayMs: 5_000 });
    const pending = slow.GET('/users', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(pending).rejects.toThrow('caller gave up');
    expect(server.requests).toHaveLength(1);
  });

  it('apply to the partner client, keyed by X-Idempotency-Key', async () => {
    answerInTurn({ status: 502, json: errorEnvelope('INTERNAL_ERROR', 'bad gateway') });
    const partner = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'partner', retry: fast });
    const { response } = await partner.POST('/wallets', { body: { externalUserId: 'u1', currency: 'KES' } });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers['x-idempotency-key']).toBe(server.requests[1]!.headers['x-idempotency-key']);
  });

  it('reject a nonsensical policy', () => {
    expect(() => clientWith({ maxRetries: -1 })).toThrow(RangeError);
    expect(() => clientWith({ maxRetries: 1000 })).toThrow(/at most|0 to 10/);
  });
});
