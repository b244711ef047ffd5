// One log line per request (src/http/request-log.ts; docs/operations.md "Logs"): request id,
// method, operation, status, latency and the authenticated caller, and nothing of the request's
// path ids, query or body. Real requests through the SDK against the real service.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogMessage } from '../../src/http/request-log.ts';
import { createTestPartner } from '../partner/helpers.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

/** The request line of the answer with this X-Request-Id (exactly one). */
function requestLineOf(response: Response | { headers: Headers }): Record<string, unknown> {
  const id = response.headers.get('x-request-id');
  const lines = service.logs.filter((line) => line.msg === requestLogMessage && line.request_id === id);
  expect(lines, `request lines of ${id}`).toHaveLength(1);
  return lines[0]!;
}

describe('the request line', () => {
  it('names a merchant operation by its operationId, with the merchant, status and latency', async () => {
    const reference = `order-${randomUUID()}`;
    const { response } = await service.client.POST('/checkout-sessions', {
      body: { amount: 25_000, currency: 'KES', reference },
      params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(response.status).toBe(200);
    const line = requestLineOf(response);
    expect(line).toMatchObject({
      level: 'info', method: 'POST', operation: 'createCheckoutSession', status: 200,
      merchant_id: service.merchantId, key_id: service.key.id,
    });
    expect(typeof line.latency_ms).toBe('number');
    expect(line.latency_ms as number).toBeGreaterThan(0);
    // Exactly these fields (pino's own: time, pid, hostname): no body, header or path.
    expect(Object.keys(line).sort()).toEqual(['hostname', 'key_id', 'latency_ms', 'level', 'merchant_id', 'method', 'msg', 'operation', 'pid', 'request_id', 'status', 'time']);
    expect(JSON.stringify(line)).not.toContain(reference);
  });

  it('says the failure status of a refused request, without a caller when none was accepted', async () => {
    const unsigned = await rawRequest(`${service.baseUrl}/users`);
    expect(unsigned.status).toBe(401);
    const line = requestLineOf(unsigned);
    expect(line).toMatchObject({ method: 'GET', operation: 'listUsers', status: 401 });
    expect(line).not.toHaveProperty('merchant_id');

    const invalid = await service.client.POST('/checkout-sessions', {
      body: { amount: -1, currency: 'KES' },
      params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(invalid.response.status).toBe(422);
    expect(requestLineOf(invalid.response)).toMatchObject({ operation: 'createCheckoutSession', status: 422, merchant_id: service.merchantId });
  });

  it('names a path outside the spec by its first segment only: no id, token or query value', async () => {
    const id = randomUUID();
    const unknown = await rawRequest(`${service.baseUrl}/no-such-thing/${id}?client_token=cs_tok_${id}`);
    expect(unknown.status).toBe(404);
    const line = requestLineOf(unknown);
    expect(line).toMatchObject({ method: 'GET', operation: 'GET /v1/*', status: 404 });
    expect(JSON.stringify(line)).not.toContain(id);

    const page = await rawRequest(`${service.origin}/checkout/${id}`);
    expect(requestLineOf(page)).toMatchObject({ operation: 'GET /checkout/*', status: page.status });
    const health = await rawRequest(`${service.origin}/healthz`);
    expect(requestLineOf(health)).toMatchObject({ operation: 'GET /healthz', status: 200 });
  });

  it('names the partner of a partner request', async () => {
    const partner = await createTestPartner(service, 'Logged Partner');
    const { response } = await partner.client.POST('/wallets', { body: { externalUserId: `user-${randomUUID()}`, currency: 'KES' } });
    expect(response.status).toBe(200);
    const line = requestLineOf(response);
    expect(line).toMatchObject({ method: 'POST', operation: 'createPartnerWallet', status: 200, partner_id: partner.partnerId });
    expect(line).not.toHaveProperty('merchant_id');
  });
});
