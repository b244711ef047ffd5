// POST /sub-merchants through the SDK against the real server: the resource, the KYC case and
// the submission job it starts, the Idempotency-Key contract (replay, conflict, concurrency),
// validation naming each field, and nothing half-written when the write fails.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../helpers/service.ts';
import { countRows } from '../collections/helpers.ts';
import { createSubMerchant, kycOf, queuedJobs, rider } from './helpers.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

describe('POST /sub-merchants', () => {
  it('creates an active sub-merchant with KYC pending at tier_1 by default, and opens its KYC case', async () => {
    const before = Date.now();
    const created = await createSubMerchant(service.client, { display_name: 'Mama Njeri Groceries', type: 'business', country: 'KE' });
    expect(created.response.status).toBe(200);
    const sm = created.data!.data;
    expect(sm).toEqual({
      id: expect.any(String), merchant_id: service.merchantId, display_name: 'Mama Njeri Groceries', type: 'business',
      country: 'KE', kyc_tier: 'tier_1', kyc_status: 'pending', status: 'active', created_at: expect.any(String),
    });
    expect(Date.parse(sm.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const kyc = await kycOf(service.client, sm.id);
    expect(kyc).toMatchObject({
      sub_merchant_id: sm.id, tier: 'tier_1', status: 'pending', provider: 'sandbox',
      requirements: ['legal_name', 'phone_number'], requirements_outstanding: ['legal_name', 'phone_number'],
      reason: null, submitted_at: null, decided_at: null, decided_by: null,
    });
    // The provider is called by a job, after the commit: one submission queued for this case.
    const jobs = (await queuedJobs(service, 'kyc.submit_case')).filter((job) => job.payload.caseId === kyc.id);
    expect(jobs).toHaveLength(1);
  });

  it('a tier_2 case requires the identity document of the type and a proof of address', async () => {
    const person = await createSubMerchant(service.client, { kyc_tier: 'tier_2', type: 'individual' });
    const business = await createSubMerchant(service.client, { kyc_tier: 'tier_2', type: 'business' });
    expect(person.data!.data.kyc_tier).toBe('tier_2');
    expect((await kycOf(service.client, person.data!.data.id)).requirements).toEqual(['legal_name', 'phone_number', 'government_id', 'proof_of_address']);
    expect((await kycOf(service.client, business.data!.data.id)).requirements).toEqual(['legal_name', 'phone_number', 'business_registration', 'proof_of_address']);
  });

  it('keeps the contact for the KYC provider but never returns it', async () => {
    const created = await createSubMerchant(service.client, { contact: { phone: '+254700111222', email: 'rider@fleet.example' } });
    expect(JSON.stringify(created.data)).not.toContain('rider@fleet.example');
    const [row] = await service.sql<{ contact: unknown }[]>`select contact from sub_merchants where id = ${created.data!.data.id}`;
    expect(row!.contact).toEqual({ phone: '+254700111222', email: 'rider@fleet.example' });
  });

  it('the same key and payload replays the original (200, nothing repeated); another payload is 409', async () => {
    const key = randomUUID();
    const first = await createSubMerchant(service.client, { display_name: 'Replay Shop' }, key);
    const again = await createSubMerchant(service.client, { display_name: 'Replay Shop' }, key);
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Replay Shop')).toBe(1);
    expect(await countRows(service.sql, 'kyc_cases', 'sub_merchant_id', first.data!.data.id)).toBe(1);
    const conflict = await createSubMerchant(service.client, { display_name: 'Another Shop' }, key);
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Another Shop')).toBe(0);
  });

  it('keys are per merchant: another merchant may use the same key for its own sub-merchant', async () => {
    const key = randomUUID();
    const other = await service.createMerchant('Other Platform');
    const mine = await createSubMerchant(service.client, { display_name: 'Shared Key Shop' }, key);
    const theirs = await createSubMerchant(other.client, { display_name: 'Shared Key Shop' }, key);
    expect(theirs.response.status).toBe(200);
    expect(theirs.data!.data.id).not.toBe(mine.data!.data.id);
    expect(theirs.data!.data.merchant_id).toBe(other.merchantId);
  });

  it('concurrent requests with one key create one sub-merchant and all answer it', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createSubMerchant(service.client, { display_name: 'Concurrent Kiosk' }, key)));
    expect(answers.map((a) => a.response.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.data!.data.id)).size).toBe(1);
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Concurrent Kiosk')).toBe(1);
  });

  it('requires an Idempotency-Key (422 naming the header)', async () => {
    const answer = await service.client.POST('/sub-merchants', { body: rider as never, params: { header: { 'Idempotency-Key': '' } } });
    expect(answer.response.status).toBe(422);
    expect(JSON.stringify(answer.error!.error.details)).toMatch(/idempotency-key/i);
  });

  it('bad input is 422 naming every field, and binds no key', async () => {
    const key = randomUUID();
    const bad = await service.client.POST('/sub-merchants', {
      body: { display_name: '', type: 'company', country: 'kenya', kyc_tier: 'tier_3', contact: { email: 'not-an-email', phone: '12' }, extra: 1 } as never,
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(bad.response.status).toBe(422);
    expect(bad.error!.error.code).toBe('VALIDATION_ERROR');
    const fields = (bad.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field);
    for (const field of ['body.display_name', 'body.type', 'body.country', 'body.kyc_tier', 'body.contact.email', 'body.contact.phone']) {
      expect(fields).toContain(field);
    }
    const missing = await createSubMerchant(service.client, { display_name: undefined, type: undefined } as never);
    expect(missing.response.status).toBe(422);
    const missingFields = (missing.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(missingFields).toEqual(expect.arrayContaining(['body.display_name', 'body.type']));
    // The key was never bound: a valid request with it runs.
    expect((await createSubMerchant(service.client, {}, key)).response.status).toBe(200);
  });

  it('a blank name is 422 on its field (the schema pattern and the domain rule agree: both read white space as trim() does); a country code that is not assigned is 422 too', async () => {
    const blank = await createSubMerchant(service.client, { display_name: '   ' });
    expect(blank.response.status).toBe(422);
    expect((blank.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['body.display_name']);
    for (const country of ['XX', 'ZZ', 'EU', 'UK', 'YU', 'XK']) {
      const answer = await createSubMerchant(service.client, { country });
      expect(answer.response.status, country).toBe(422);
      expect((answer.error!.error.details as { fields: { field: string }[] }).fields.map((f) => f.field), country).toEqual(['body.country']);
    }
    for (const country of ['NG', 'GH', 'ZA', 'SS', 'CI']) {
      expect((await createSubMerchant(service.client, { country })).response.status, country).toBe(200);
    }
  });

  it('a write that fails leaves nothing behind (no sub-merchant, no case, no job) and frees the key', async () => {
    const key = randomUUID();
    // The queue refuses every enqueue: the transaction that would create the sub-merchant fails.
    await service.sql`alter function graphile_worker.add_job rename to add_job_unavailable`;
    try {
      const failed = await createSubMerchant(service.client, { display_name: 'Half Written' }, key);
      expect(failed.response.status).toBe(500);
      expect(failed.error!.error.code).toBe('INTERNAL_ERROR');
    } finally {
      await service.sql`alter function graphile_worker.add_job_unavailable rename to add_job`;
    }
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Half Written')).toBe(0);
    expect((await service.sql`select 1 from kyc_cases c join sub_merchants s on s.id = c.sub_merchant_id where s.display_name = 'Half Written'`).length).toBe(0);
    const retried = await createSubMerchant(service.client, { display_name: 'Half Written' }, key);
    expect(retried.response.status).toBe(200);
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Half Written')).toBe(1);
  });

  it('needs a write-capable key: a read-only key is 401 AUTH_INVALID_KEY and creates nothing', async () => {
    const readOnly = service.clientFor(await service.createKey({ scopes: ['read'] }));
    const answer = await createSubMerchant(readOnly, { display_name: 'Read Only Attempt' });
    expect(answer.response.status).toBe(401);
    expect(answer.error!.error.code).toBe('AUTH_INVALID_KEY');
    expect(await countRows(service.sql, 'sub_merchants', 'display_name', 'Read Only Attempt')).toBe(0);
  });
});
