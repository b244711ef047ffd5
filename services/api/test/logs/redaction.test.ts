// No secret reaches a log line (src/log-redaction.ts, src/http/request-log.ts; docs/operations.md
// "Logs"). First the logger itself: every secret's field name is censored at the top of a line
// and nested in objects. Then the service: real requests through the SDK carry every secret the
// service knows (API secrets and their signatures, a partner's X-API-Key, an Authorization header,
// webhook signing secrets, checkout client tokens, destination phone and account numbers, the
// master key), with the log at debug, and the captured lines are searched for each.
import { randomUUID } from 'node:crypto';
import { createClient, createCheckoutClient, type FetchFunction } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogMessage } from '../../src/http/request-log.ts';
import { createLogger } from '../../src/log.ts';
import { redactionCensor } from '../../src/log-redaction.ts';
import { createTestPartner } from '../partner/helpers.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

describe('the logger censors secrets by field name', () => {
  const secretFields = [
    'api_secret', 'secret', 'api_key', 'x-api-key', 'signature', 'x-service-signature', 'authorization', 'password',
    'signing_secret', 'master_key', 'database_url', 'credentials', 'client_token', 'token', 'card_token',
    'account_number', 'phone', 'phone_number', 'msisdn', 'destination', 'payload',
    // The real providers' credentials (decision 0773).
    'secretKey', 'x-paystack-signature', 'consumerSecret', 'passkey', 'initiatorPassword', 'SecurityCredential', 'Password',
    'subscriptionKey', 'ocp-apim-subscription-key', 'access_token',
  ];

  it('at the top of a line, one object deep and two objects deep', () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const values = new Map(secretFields.map((name) => [name, `value-of-${name}-${randomUUID()}`]));
    const top = Object.fromEntries([...values].map(([name, value]) => [name, `${value}-top`]));
    const nested = Object.fromEntries([...values].map(([name, value]) => [name, `${value}-nested`]));
    const deeper = Object.fromEntries([...values].map(([name, value]) => [name, `${value}-deeper`]));
    logger.warn('everything', { ...top, headers: nested, error: { response: deeper }, request_id: 'kept' });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    for (const value of values.values()) expect(lines[0]).not.toContain(value);
    expect(line).toMatchObject({ level: 'warn', msg: 'everything', request_id: 'kept', api_secret: redactionCensor });
    expect((line.headers as Record<string, unknown>)['x-service-signature']).toBe(redactionCensor);
    expect(((line.error as Record<string, Record<string, unknown>>).response)!.authorization).toBe(redactionCensor);
  });
});

describe('the service logs no secret of the requests it serves', () => {
  let service: TestService;
  beforeAll(async () => {
    // Webhook endpoints on a loopback URL; the log at debug, its most talkative.
    service = await startTestService({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('API secrets, signatures, X-API-Key, Authorization, whsec_, client tokens, destination numbers, the master key', async () => {
    const secrets: string[] = [service.key.api_secret, service.masterKeyHex];
    // The merchant client as the SDK sends it; every signature it computes is kept to look for.
    const recording: FetchFunction = async (request) => {
      const signature = request.headers.get('x-service-signature');
      if (signature) secrets.push(signature);
      return await globalThis.fetch(request);
    };
    const merchant = createClient({ baseUrl: service.baseUrl, apiKey: service.key.api_key, apiSecret: service.key.api_secret, fetch: recording });

    const endpoint = await merchant.POST('/webhooks', { body: { url: 'http://127.0.0.1:1025/payagg-hook', subscribed_events: ['transaction.success'] } });
    expect(endpoint.response.status, JSON.stringify(endpoint.error)).toBe(200);
    secrets.push(endpoint.data!.data.signing_secret);
    const rotated = await merchant.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: endpoint.data!.data.id } } });
    expect(rotated.response.status).toBe(200);
    secrets.push(rotated.data!.data.signing_secret);

    const phone = '+254799123987';
    const accountNumber = '9081726354';
    secrets.push(phone.slice(4), accountNumber);
    for (const body of [
      { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone },
      { destination_type: 'bank', country: 'KE', currency: 'KES', bank_code: '01', account_number: accountNumber, account_name: 'A Payee' },
    ]) {
      const destination = await merchant.POST('/payout-destinations', { body: body as never });
      expect(destination.response.status, JSON.stringify(destination.error)).toBe(200);
    }

    const session = await merchant.POST('/checkout-sessions', { body: { amount: 25_000, currency: 'KES' }, params: { header: { 'Idempotency-Key': randomUUID() } } });
    expect(session.response.status).toBe(200);
    const { id: sessionId, client_token: clientToken } = session.data!.data;
    secrets.push(clientToken, clientToken.slice(4));
    // The payer reads the session with the token in the query, then pays with it in the header.
    const read = await rawRequest(`${service.baseUrl}/checkout-sessions/${sessionId}?client_token=${encodeURIComponent(clientToken)}`);
    expect(read.status).toBe(200);
    const payer = createCheckoutClient({ baseUrl: service.baseUrl, clientToken });
    const payerPhone = '+254712398765';
    secrets.push(payerPhone.slice(4));
    const paid = await payer.POST('/checkout-sessions/{id}/pay', { params: { path: { id: sessionId }, header: { 'Idempotency-Key': randomUUID() } }, body: { rail: 'mobile_money', payer_phone: payerPhone } as never });
    expect(paid.response.status).toBeLessThan(300);

    // A partner's key, accepted and refused; a bearer token and a wrong signature, refused.
    const partner = await createTestPartner(service, 'Secretive Partner');
    secrets.push(partner.apiKey, partner.apiKey.slice(20));
    expect((await partner.client.POST('/wallets', { body: { externalUserId: `user-${randomUUID()}`, currency: 'KES' } })).response.status).toBe(200);
    const wrongPartnerKey = `${partner.apiKey.slice(0, 20)}${'q'.repeat(partner.apiKey.length - 20)}`;
    secrets.push(wrongPartnerKey);
    expect((await rawRequest(`${service.origin}/api/v1/partner/wallets/${randomUUID()}`, { headers: { 'X-API-Key': wrongPartnerKey } })).status).toBe(401);
    const bearer = `Bearer sk_live_${randomUUID()}`;
    secrets.push(bearer.slice(7));
    const wrong = signedHeaders(service.key, '', { secret: `sk_wrong_${randomUUID()}` });
    secrets.push(wrong['X-Service-Signature']!);
    expect((await rawRequest(`${service.baseUrl}/users`, { headers: { ...wrong, Authorization: bearer } })).status).toBe(401);

    // Every request above has its line, and no line holds any of the secrets.
    expect(service.logs.filter((line) => line.msg === requestLogMessage).length).toBeGreaterThanOrEqual(10);
    expect(service.logs.some((line) => line.msg === 'authentication refused')).toBe(true);
    expect(secrets.length).toBeGreaterThan(15);
    const text = JSON.stringify(service.logs);
    for (const secret of secrets) expect(text.includes(secret), `a log line holds ${secret.slice(0, 8)}...`).toBe(false);
  });
});
