// POST /checkout-sessions through the merchant SDK: the token is returned once and stored only
// as a hash; defaults and validation; Idempotency-Key rules (a replay returns the original
// session WITH its token, from the sealed idempotency record).
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { createSession, insertSubMerchant } from './checkout-helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const all_rails = ['mobile_money', 'card', 'bank', 'ussd', 'qr'];

async function createRaw(body: unknown, headers: Record<string, string> = {}) {
  return await service.client.POST('/checkout-sessions', {
    body: body as never,
    params: { header: { 'Idempotency-Key': randomUUID(), ...headers } },
  });
}

function fieldsOf(error: unknown): string[] {
  const details = (error as { error: { details?: { fields?: { field: string }[] } } }).error.details;
  return (details?.fields ?? []).map((f) => f.field);
}

/** Every row of `table` as text, so a search covers every column whatever its name. */
async function tableText(table: 'checkout_sessions' | 'idempotency_keys' | 'events' | 'transactions'): Promise<string> {
  const rows = await service.sql.unsafe(`select t::text as row from ${table} t`);
  return rows.map((r) => String(r.row)).join('\n');
}

describe('POST /checkout-sessions', () => {
  it('creates an open session with a one-time client_token, all five rails by default and a 30-minute lifetime', async () => {
    const before = Date.now();
    const created = await service.client.POST('/checkout-sessions', { body: { amount: 150_000, currency: 'KES', reference: 'order-10046' } });
    expect(created.response.status).toBe(200);
    const session = created.data!.data;
    expect(session).toMatchObject({
      merchant_id: service.merchantId, sub_merchant_id: null, amount: 150_000, currency: 'KES',
      reference: 'order-10046', allowed_rails: all_rails, status: 'open', collection_intent_id: null,
    });
    expect(session.client_token).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    const lifetimeMs = Date.parse(session.expires_at) - before;
    expect(lifetimeMs).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(lifetimeMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('echoes explicit allowed_rails, reference and sub_merchant_id', async () => {
    const subMerchantId = await insertSubMerchant(service.sql, service.merchantId);
    const session = await createSession(service.client, { allowed_rails: ['card', 'qr'], sub_merchant_id: subMerchantId, reference: 'order-7' });
    expect(session).toMatchObject({ allowed_rails: ['card', 'qr'], sub_merchant_id: subMerchantId, reference: 'order-7' });
  });

  it('gives every session its own token', async () => {
    const a = await createSession(service.client);
    const b = await createSession(service.client);
    expect(a.client_token).not.toBe(b.client_token);
    expect(a.id).not.toBe(b.id);
  });

  it.each([
    ['amount below 1', { amount: 0, currency: 'KES' }, 'body.amount'],
    ['negative amount', { amount: -5, currency: 'KES' }, 'body.amount'],
    ['fractional amount', { amount: 10.5, currency: 'KES' }, 'body.amount'],
    ['two-letter currency', { amount: 100, currency: 'KE' }, 'body.currency'],
    ['unsupported currency', { amount: 100, currency: 'XYZ' }, 'body.currency'],
    ['empty allowed_rails', { amount: 100, currency: 'KES', allowed_rails: [] }, 'body.allowed_rails'],
    ['unknown rail', { amount: 100, currency: 'KES', allowed_rails: ['paypal'] }, 'body.allowed_rails.0'],
    ['duplicate rails', { amount: 100, currency: 'KES', allowed_rails: ['card', 'card'] }, 'body.allowed_rails'],
    ['unknown field', { amount: 100, currency: 'KES', colour: 'blue' }, 'body'],
    ['missing amount', { currency: 'KES' }, 'body'],
  ])('refuses %s with 422', async (_name, body, field) => {
    const result = await createRaw(body);
    expect(result.response.status).toBe(422);
    expect(result.error!.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result.error).some((f) => f.startsWith(field))).toBe(true);
  });

  it('refuses an unknown sub_merchant_id, and another merchant\'s, with 422 body.sub_merchant_id', async () => {
    const unknown = await createRaw({ amount: 100, currency: 'KES', sub_merchant_id: randomUUID() });
    expect(unknown.response.status).toBe(422);
    expect(fieldsOf(unknown.error)).toEqual(['body.sub_merchant_id']);
    const other = await service.createMerchant('Other');
    const foreign = await insertSubMerchant(service.sql, other.merchantId);
    const result = await createRaw({ amount: 100, currency: 'KES', sub_merchant_id: foreign });
    expect(result.response.status).toBe(422);
    expect(fieldsOf(result.error)).toEqual(['body.sub_merchant_id']);
  });

  it('requires the Idempotency-Key (422) and the merchant signature (401)', async () => {
    const body = JSON.stringify({ amount: 100, currency: 'KES' });
    const count = async () => (await service.sql`select count(*)::int as n from checkout_sessions`)[0]!.n as number;
    const before = await count();
    const missing = await rawRequest(`${service.baseUrl}/checkout-sessions`, {
      method: 'POST', body, headers: { 'Content-Type': 'application/json', ...signedHeaders(service.key, body) },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
    expect(missing.body.error.details.fields.map((f: { field: string }) => f.field)).toContain('header.idempotency-key');
    const unsigned = await rawRequest(`${service.baseUrl}/checkout-sessions`, {
      method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    });
    expect(unsigned.status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('replays the same key with the original session and its token; another payload is 409', async () => {
    const key = randomUUID();
    const body = { amount: 9_900, currency: 'KES', reference: 'order-replay' };
    const first = await service.client.POST('/checkout-sessions', { body, params: { header: { 'Idempotency-Key': key } } });
    // Key order and whitespace do not matter: the payload is compared canonically.
    const again = await service.client.POST('/checkout-sessions', {
      body: { reference: 'order-replay', currency: 'KES', amount: 9_900 }, params: { header: { 'Idempotency-Key': key } },
    });
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    expect(again.data!.data.client_token).toBe(first.data!.data.client_token);
    const rows = await service.sql`select id from checkout_sessions where reference = 'order-replay'`;
    expect(rows.map((r) => r.id)).toEqual([first.data!.data.id]);

    const conflict = await service.client.POST('/checkout-sessions', {
      body: { ...body, amount: 9_901 }, params: { header: { 'Idempotency-Key': key } },
    });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');

    // Keys are scoped to the merchant: another merchant's identical key is a new session.
    const other = await service.createMerchant('Other keys');
    const theirs = await other.client.POST('/checkout-sessions', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(theirs.response.status).toBe(200);
    expect(theirs.data!.data.id).not.toBe(first.data!.data.id);
  });

  it('stores the token only as its SHA-256: never in plaintext in any table, never in a log line', async () => {
    const key = randomUUID();
    const session = await createSession(service.client, { reference: 'order-secret' }, key);
    await createSession(service.client, { reference: 'order-secret' }, key); // the replay reads the sealed record
    const token = session.client_token;
    const [row] = await service.sql<{ client_token_sha256: Buffer }[]>`select client_token_sha256 from checkout_sessions where id = ${session.id}`;
    expect(row!.client_token_sha256.equals(createHash('sha256').update(token).digest())).toBe(true);

    const tokenHex = Buffer.from(token).toString('hex');
    for (const table of ['checkout_sessions', 'idempotency_keys', 'events', 'transactions'] as const) {
      const text = await tableText(table);
      expect(text.includes(token), table).toBe(false);
      expect(text.includes(tokenHex), table).toBe(false); // bytea columns print as hex
    }
    const [record] = await service.sql<{ response_sealed: Buffer }[]>`
      select response_sealed from idempotency_keys where merchant_id = ${service.merchantId} and key = ${key}`;
    expect(record!.response_sealed.includes(Buffer.from(token))).toBe(false);
    expect(record!.response_sealed.includes(Buffer.from(token.slice(4)))).toBe(false);

    // The payer uses it too (GET, pay) before the log check.
    const read = await rawRequest(`${service.baseUrl}/checkout-sessions/${session.id}?client_token=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    const logs = JSON.stringify(service.logs);
    expect(service.logs.length).toBeGreaterThan(0);
    expect(logs.includes(token)).toBe(false);
    expect(logs.includes(token.slice(4))).toBe(false);
  });

  it('lets a suspended merchant create a session (no money moves; the pay is what is held)', async () => {
    const suspended = await service.createMerchant('Suspended');
    await setMerchantStatus(service.sql, suspended.merchantId, 'suspended');
    const session = await createSession(suspended.client);
    expect(session.status).toBe('open');
  });

  it('logged no unexpected error (no 500) in this file', () => {
    expect(service.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
