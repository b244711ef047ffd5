import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../src/checkout-client.ts';
import { envelope, startRecordingServer, type RecordingServer } from './helpers/recording-server.ts';

const sessionId = '9b2f8a64-0d4e-4c1b-9a57-5d8c6e7f8a90';
const clientToken = 'cst_payer_bearer_token';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ json: envelope({ id: sessionId, status: 'open' }) }));
});

describe('createCheckoutClient', () => {
  it('reads a session with X-Checkout-Token and no merchant headers', async () => {
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, clientToken: clientToken });
    const { data } = await checkout.GET('/checkout-sessions/{id}', { params: { path: { id: sessionId } } });
    expect(data?.data).toMatchObject({ id: sessionId });
    const [request] = server.requests;
    expect(request!.url).toBe(`/v1/checkout-sessions/${sessionId}`);
    expect(request!.headers['x-checkout-token']).toBe(clientToken);
    for (const merchantHeader of ['x-service-key', 'x-service-timestamp', 'x-service-signature', 'idempotency-key']) {
      expect(request!.headers).not.toHaveProperty(merchantHeader);
    }
  });

  it('pays with an idempotency key and the token, unsigned', async () => {
    const checkout = createCheckoutClient({
      baseUrl: server.baseUrl,
      clientToken: clientToken,
      idempotencyKey: () => 'pay-once',
    });
    await checkout.POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: sessionId } },
      body: { rail: 'mobile_money', payer_phone: '+254700000001' },
    });
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers['x-checkout-token']).toBe(clientToken);
    expect(request!.headers['idempotency-key']).toBe('pay-once');
    expect(request!.headers).not.toHaveProperty('x-service-signature');
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual({ rail: 'mobile_money', payer_phone: '+254700000001' });
  });

  it('refuses to start without a token', () => {
    expect(() => createCheckoutClient({ baseUrl: server.baseUrl, clientToken: '' })).toThrow(/clientToken is required/);
  });
});
