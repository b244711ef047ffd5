// The limits the OWASP ruleset asks of the spec are real in the server, not only written down
// (issue 22 item 9; docs/decisions/0461):
//   - an over-long string is a 422 naming the field (the validator enforces the spec's maxLength);
//   - the failure envelope stays inside its own limits (FieldError.field, ErrorDetails.fields),
//     even when the request is built to make it long; the test service validates every response
//     against the spec (VALIDATE_RESPONSES), so an answer past a limit would be a 500 here;
//   - RateLimit-Limit / -Remaining / -Reset are on a 2xx, on 4xx refusals (401, 404, 422) and on
//     the 429, for both API families.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFieldLengthMax, errorFieldsMax } from '../../src/http/response-limits.ts';
import { createTestPartner, partnerBaseUrl, type TestPartner } from '../partner/helpers.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { type TestService, startTestService } from '../helpers/service.ts';

type FieldError = { field: string; message: string };

function fieldsOf(body: any): FieldError[] {
  return (body?.error?.details?.fields ?? []) as FieldError[];
}

describe('maxLength and maxItems from the spec', () => {
  let service: TestService;
  let partner: TestPartner;
  beforeAll(async () => {
    service = await startTestService();
    partner = await createTestPartner(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
    const text = JSON.stringify(body);
    const response = await rawRequest(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...signedHeaders(service.key, text), 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: text,
    });
    return { status: response.status, body: response.body };
  }

  it.each([
    ['POST /collections reference (255)', '/collections', { amount: 100, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'r'.repeat(256) }, 'body.reference'],
    ['POST /collections metadata value (500)', '/collections', { amount: 100, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', metadata: { order: 'v'.repeat(501) } }, 'body.metadata.order'],
    ['POST /sub-merchants display_name (200)', '/sub-merchants', { display_name: 'n'.repeat(201), type: 'individual', country: 'KE' }, 'body.display_name'],
    ['POST /split-rules name (200)', '/split-rules', { name: 'n'.repeat(201), rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 10 }] }, 'body.name'],
  ])('%s: one character over is 422 naming the field', async (_name, path, body, field) => {
    const { status, body: answer } = await post(path, body);
    expect(status, JSON.stringify(answer)).toBe(422);
    expect(answer.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(answer).map((f) => f.field)).toContain(field);
  });

  it('a query value one character over its maxLength (cursor, 1024) is 422 naming it', async () => {
    const response = await rawRequest(`${service.baseUrl}/transactions?cursor=${'c'.repeat(1025)}`, { headers: signedHeaders(service.key) });
    expect(response.status, response.text).toBe(422);
    expect(fieldsOf(response.body).map((f) => f.field)).toContain('query.cursor');
  });

  it('the partner family too: externalUserId one character over 255 is 422 naming it', async () => {
    const response = await rawRequest(`${partnerBaseUrl(service)}/wallets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': partner.apiKey, 'X-Idempotency-Key': randomUUID() },
      body: JSON.stringify({ externalUserId: 'u'.repeat(256), currency: 'KES' }),
    });
    expect(response.status, response.text).toBe(422);
    expect(fieldsOf(response.body).map((f) => f.field)).toContain('body.externalUserId');
  });

  it('an unknown query parameter with a 2,000-character name is named within FieldError.field\'s limit', async () => {
    const name = 'q'.repeat(2000);
    const response = await rawRequest(`${service.baseUrl}/transactions?${name}=1`, { headers: signedHeaders(service.key) });
    expect(response.status, response.text).toBe(422);
    const fields = fieldsOf(response.body);
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(Array.from(f.field).length).toBeLessThanOrEqual(errorFieldLengthMax);
    expect(fields[0]!.field.startsWith('query.qqqq')).toBe(true);
  });

  it('a body with 300 unknown properties lists at most 100 fields (ErrorDetails.fields maxItems)', async () => {
    const body: Record<string, unknown> = { amount: 100, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' };
    for (let i = 0; i < 300; i += 1) body[`extra_${i}`] = i;
    const { status, body: answer } = await post('/collections', body);
    expect(status, JSON.stringify(answer).slice(0, 500)).toBe(422);
    expect(fieldsOf(answer).length).toBe(errorFieldsMax);
  });
});

describe('RateLimit-* headers', () => {
  let service: TestService;
  let partner: TestPartner;
  // Valid traffic's budgets and failures' are shared across processes in PostgreSQL (decision
  // 0520) and counted in a fixed window of burst / perSecond = 20 s on the wall clock (far longer
  // than each test takes): limit and remaining are exact, reset is the window's whole seconds left
  // (test/rate-limit-processes.test.ts pins it to the window's end).
  const burst = 20;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(burst) } });
    partner = await createTestPartner(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  /** A budget's headers: limit and remaining (as numbers), reset within the 20 s window. */
  function shared(headers: Headers): { limit: number; remaining: number; resetInWindow: boolean } {
    const reset = Number(headers.get('ratelimit-reset'));
    return { limit: Number(headers.get('ratelimit-limit')), remaining: Number(headers.get('ratelimit-remaining')), resetInWindow: reset >= 1 && reset <= burst };
  }

  function limits(headers: Headers): { limit: string | null; remaining: string | null; reset: string | null } {
    return { limit: headers.get('ratelimit-limit'), remaining: headers.get('ratelimit-remaining'), reset: headers.get('ratelimit-reset') };
  }

  it('a key\'s budget on a 2xx, a 404, a 422 and the 429 that ends it', async () => {
    const key = await service.createKey();
    const ok = await rawRequest(`${service.baseUrl}/users`, { headers: signedHeaders(key) });
    expect(ok.status).toBe(200);
    expect(shared(ok.headers)).toEqual({ limit: burst, remaining: burst - 1, resetInWindow: true });

    const notFound = await rawRequest(`${service.baseUrl}/transactions/${randomUUID()}`, { headers: signedHeaders(key) });
    expect(notFound.status).toBe(404);
    expect(shared(notFound.headers)).toEqual({ limit: burst, remaining: burst - 2, resetInWindow: true });

    const invalid = await rawRequest(`${service.baseUrl}/transactions?unknown=1`, { headers: signedHeaders(key) });
    expect(invalid.status).toBe(422);
    expect(shared(invalid.headers)).toEqual({ limit: burst, remaining: burst - 3, resetInWindow: true });

    for (let i = 3; i < burst; i += 1) expect((await rawRequest(`${service.baseUrl}/users`, { headers: signedHeaders(key) })).status).toBe(200);
    const limited = await rawRequest(`${service.baseUrl}/users`, { headers: signedHeaders(key) });
    expect(limited.status).toBe(429);
    expect(shared(limited.headers)).toEqual({ limit: burst, remaining: 0, resetInWindow: true });
    // The window's end is when the budget comes back: Retry-After says the same seconds as Reset.
    expect(limited.headers.get('retry-after')).toBe(limited.headers.get('ratelimit-reset'));
  });

  it('a refused authentication carries its failure budget', async () => {
    const key = await service.createKey();
    const refused = await rawRequest(`${service.baseUrl}/users`, { headers: signedHeaders(key, '', { secret: 'not-the-secret' }) });
    expect(refused.status).toBe(401);
    expect(shared(refused.headers)).toEqual({ limit: burst, remaining: burst - 1, resetInWindow: true });
  });

  it('the partner family: a partner key\'s budget on a 2xx and a 404', async () => {
    const wallet = await rawRequest(`${partnerBaseUrl(service)}/wallets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': partner.apiKey, 'X-Idempotency-Key': randomUUID() },
      body: JSON.stringify({ externalUserId: `user-${randomUUID()}`, currency: 'KES' }),
    });
    expect(wallet.status, wallet.text).toBe(200);
    expect(shared(wallet.headers)).toEqual({ limit: burst, remaining: burst - 1, resetInWindow: true });
    const missing = await rawRequest(`${partnerBaseUrl(service)}/wallets/${randomUUID()}`, { headers: { 'x-api-key': partner.apiKey } });
    expect(missing.status).toBe(404);
    expect(shared(missing.headers)).toEqual({ limit: burst, remaining: burst - 2, resetInWindow: true });
  });

  it('none when rate limiting is off (RATE_LIMIT_PER_SECOND=0)', async () => {
    const off = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '0' } });
    try {
      const ok = await rawRequest(`${off.baseUrl}/users`, { headers: signedHeaders(off.key) });
      expect(ok.status).toBe(200);
      expect(limits(ok.headers)).toEqual({ limit: null, remaining: null, reset: null });
    } finally {
      await off.close();
    }
  });
});
