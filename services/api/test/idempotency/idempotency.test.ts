// The Idempotency-Key contract (seed: Idempotency) on POST /collections and refunds, through the
// SDK and raw signed requests: replay, conflict, canonical payloads, per-merchant keys, the
// missing key, keys on GETs, concurrent same-key requests, stored responses, retention.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { createIdempotencyStore } from '../../src/idempotency/idempotency-store.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { collect, countRows, deliverAll, expectLedgerInvariants, insertSubMerchant, refund, settledCollection } from '../collections/helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

async function initiationsOf(transactionId: string): Promise<number> {
  return await countRows(service.sql, 'sandbox_rail_initiations', 'transaction_id', transactionId);
}

function postRaw(path: string, json: string, key: { api_key: string; api_secret: string }, idempotencyKey?: string) {
  return rawRequest(`${service.baseUrl}${path}`, {
    method: 'POST',
    body: json,
    headers: {
      'Content-Type': 'application/json',
      ...signedHeaders(key, json),
      ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
    },
  });
}

describe('replay and conflict', () => {
  it('the same key and payload returns the original with 200; nothing is repeated, even after the status moved', async () => {
    const merchant = await service.createMerchant('replay');
    const key = randomUUID();
    const body = { amount: 1_200, currency: 'KES', rail: 'mobile_money' as const, payer_phone: '+254712345678', reference: 'r-1' };
    const first = await collect(merchant.client, body, key);
    expect(first.response.status).toBe(200);
    await deliverAll(service);
    const again = await collect(merchant.client, body, key);
    expect(again.response.status).toBe(200);
    // The stored original: still "pending", as first answered, although the collection is now settled.
    expect(again.data!.data).toEqual(first.data!.data);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
    expect(await initiationsOf(first.data!.data.id)).toBe(1);
    expect(await countRows(service.sql, 'events', 'resource_id', first.data!.data.id)).toBe(2);
    await expectLedgerInvariants(service);
  });

  it('a replay answers the original even after the merchant or its sub-merchant was put on hold', async () => {
    const merchant = await service.createMerchant('held later');
    const subMerchantId = await insertSubMerchant(service.sql, merchant.merchantId);
    const key = randomUUID();
    const body = { amount: 800, currency: 'KES', rail: 'qr' as const, sub_merchant_id: subMerchantId };
    const first = await collect(merchant.client, body, key);
    expect(first.response.status).toBe(200);
    await service.sql`update sub_merchants set status = 'suspended' where id = ${subMerchantId}`;
    const afterSubMerchantHold = await collect(merchant.client, body, key);
    expect(afterSubMerchantHold.response.status).toBe(200);
    expect(afterSubMerchantHold.data!.data).toEqual(first.data!.data);
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    const afterMerchantHold = await collect(merchant.client, body, key);
    expect(afterMerchantHold.response.status).toBe(200);
    expect(afterMerchantHold.data!.data).toEqual(first.data!.data);
    // A new key is a new operation: held.
    const fresh = await collect(merchant.client, body);
    expect(fresh.response.status).toBe(403);
    expect(fresh.error!.error.code).toBe('COMPLIANCE_HOLD');
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });

  it('the same key with another payload is 409 IDEMPOTENCY_CONFLICT and creates nothing', async () => {
    const merchant = await service.createMerchant('conflict');
    const key = randomUUID();
    await collect(merchant.client, { amount: 1_000, currency: 'KES', rail: 'qr' }, key);
    for (const other of [
      { amount: 1_001, currency: 'KES', rail: 'qr' as const },
      { amount: 1_000, currency: 'KES', rail: 'qr' as const, reference: 'x' },
      { amount: 1_000, currency: 'UGX', rail: 'qr' as const },
    ]) {
      const result = await collect(merchant.client, other, key);
      expect(result.response.status).toBe(409);
      expect(result.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    }
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });

  it('the same body with keys reordered and other whitespace is the same payload', async () => {
    const merchant = await service.createMerchant('canonical');
    const key = randomUUID();
    const a = await postRaw('/collections', '{"amount":700,"currency":"KES","rail":"qr","metadata":{"a":"1","b":"2"}}', merchant.key, key);
    const b = await postRaw('/collections', '{ "metadata": {"b":"2", "a":"1"},\n  "rail": "qr", "currency": "KES", "amount": 700 }', merchant.key, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    expect(requestSha256({ b: [1, { y: 1, x: 2 }], a: null })).toBe(requestSha256({ a: null, b: [1, { x: 2, y: 1 }] }));
    // Array order is part of the payload.
    expect(requestSha256({ b: [1, 2] })).not.toBe(requestSha256({ b: [2, 1] }));
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });

  it('keys are scoped to the merchant: two merchants, one key, two collections', async () => {
    const [one, two] = [await service.createMerchant('one'), await service.createMerchant('two')];
    const key = randomUUID();
    const body = { amount: 500, currency: 'KES', rail: 'qr' as const };
    const a = await collect(one.client, body, key);
    const b = await collect(two.client, { ...body, amount: 900 }, key);
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    expect(a.data!.data.id).not.toBe(b.data!.data.id);
    expect(a.data!.data.merchant_id).toBe(one.merchantId);
    expect(b.data!.data.merchant_id).toBe(two.merchantId);
  });

  it('a missing Idempotency-Key is 422 on header.idempotency-key, for collections and refunds', async () => {
    const merchant = await service.createMerchant('no key');
    const missing = await postRaw('/collections', JSON.stringify({ amount: 500, currency: 'KES', rail: 'qr' }), merchant.key);
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
    expect(missing.body.error.details.fields.map((f: { field: string }) => f.field)).toContain('header.idempotency-key');
    const collection = await settledCollection(service, merchant.client, { amount: 500, currency: 'KES', rail: 'qr' });
    const missingOnRefund = await postRaw(`/collections/${collection.id}/refunds`, '{}', merchant.key);
    expect(missingOnRefund.status).toBe(422);
    expect(missingOnRefund.body.error.details.fields.map((f: { field: string }) => f.field)).toContain('header.idempotency-key');
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });

  it('a key on a GET is ignored: no record, no effect on reads', async () => {
    const merchant = await service.createMerchant('get key');
    const created = await collect(merchant.client, { amount: 500, currency: 'KES', rail: 'qr' });
    const recordsBefore = await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchant.merchantId);
    const key = randomUUID();
    const headers = { 'Idempotency-Key': key } as never;
    const one = await merchant.client.GET('/collections/{id}', { params: { path: { id: created.data!.data.id }, header: headers } });
    const list = await merchant.client.GET('/transactions', { params: { header: headers } });
    const byId = await merchant.client.GET('/transactions/{id}', { params: { path: { id: created.data!.data.id }, header: headers } });
    expect([one.response.status, list.response.status, byId.response.status]).toEqual([200, 200, 200]);
    expect(await countRows(service.sql, 'idempotency_keys', 'merchant_id', merchant.merchantId)).toBe(recordsBefore);
    // The key is still free for a POST.
    const post = await collect(merchant.client, { amount: 501, currency: 'KES', rail: 'qr' }, key);
    expect(post.response.status).toBe(200);
  });

  it('the stored response is encrypted at rest', async () => {
    const merchant = await service.createMerchant('sealed');
    const key = randomUUID();
    const created = await collect(merchant.client, { amount: 500, currency: 'KES', rail: 'qr', reference: 'plain-text-ref' }, key);
    const [row] = await service.sql<{ response_sealed: Buffer; resource_id: string; recovery_point: string; response_status: number }[]>`
      select response_sealed, resource_id, recovery_point, response_status from idempotency_keys
      where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(row).toMatchObject({ resource_id: created.data!.data.id, recovery_point: 'finished', response_status: 200 });
    expect(row!.response_sealed.toString('latin1')).not.toContain('plain-text-ref');
    expect(row!.response_sealed.toString('latin1')).not.toContain(created.data!.data.id);
  });
});

describe('concurrent requests with one key', () => {
  it('ten at once: exactly one collection and one rail initiation; every answer is the same', async () => {
    const merchant = await service.createMerchant('concurrent');
    const key = randomUUID();
    const body = { amount: 3_300, currency: 'KES', rail: 'card' as const, payer_card_token: 'tok_sandbox_success' };
    const results = await Promise.all(Array.from({ length: 10 }, () => collect(merchant.client, body, key)));
    expect(results.map((r) => r.response.status)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.data!.data.id));
    expect(ids.size).toBe(1);
    for (const r of results) expect(r.data!.data).toEqual(results[0]!.data!.data);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
    expect(await initiationsOf([...ids][0]!)).toBe(1);
    await deliverAll(service);
    await expectLedgerInvariants(service);
  });

  it('ten at once on a refund: one refund, one reservation', async () => {
    const merchant = await service.createMerchant('concurrent refund');
    const collection = await settledCollection(service, merchant.client, { amount: 4_000, currency: 'KES', rail: 'qr' });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(merchant.client, collection.id, { amount: 1_500 }, key)));
    expect(results.map((r) => r.response.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.data!.data.id)).size).toBe(1);
    expect(await countRows(service.sql, 'transactions', 'parent_transaction_id', collection.id)).toBe(1);
    const read = await merchant.client.GET('/collections/{id}', { params: { path: { id: collection.id } } });
    expect(read.data!.data.refunded_amount).toBe(1_500);
    await deliverAll(service);
    await expectLedgerInvariants(service);
  });

  it('concurrent requests with one key and different payloads: one runs, the others are 409', async () => {
    const merchant = await service.createMerchant('concurrent conflict');
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      collect(merchant.client, { amount: 1_000 + i, currency: 'KES', rail: 'qr' }, key)));
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(1);
  });
});

describe('the idempotency store', () => {
  function store(options: { lockMs?: number; concurrentWaitMs?: number; claimBatch?: { inFlightMax?: number; batchMax?: number } } = {}) {
    return createIdempotencyStore({
      sql: service.sql, secretBox: createSecretBox(Buffer.from(service.masterKeyHex, 'hex')), retentionHours: 24,
      lockMs: options.lockMs ?? 30_000, concurrentWaitMs: options.concurrentWaitMs, claimBatch: options.claimBatch,
    });
  }

  /** The transaction that last wrote each key's record: keys sharing one were claimed in one statement. */
  async function claimTransactions(merchantId: string, keys: string[]): Promise<Map<string, string>> {
    const rows = await service.sql<{ key: string; xid: string }[]>`
      select key, xmin::text as xid from idempotency_keys where merchant_id = ${merchantId} and key = any(${keys})`;
    return new Map(rows.map((row) => [row.key, row.xid]));
  }

  describe('claims batched under load', () => {
    it('claims waiting behind one under way go in one statement, and each gets its own run', async () => {
      const merchant = await service.createMerchant('claim-batch');
      const s = store({ claimBatch: { inFlightMax: 1 } });
      const scopes = Array.from({ length: 5 }, (_, i) => ({
        merchantId: merchant.merchantId, key: `batch-${i}`, operation: 'op', requestSha256: requestSha256({ i }), request: { i },
      }));
      const claims = await Promise.all(scopes.map((scope) => s.claim(scope)));
      expect(claims.map((c) => c.kind)).toEqual(['run', 'run', 'run', 'run', 'run']);
      const ids = claims.map((c) => (c as { resourceId: string }).resourceId);
      expect(new Set(ids).size).toBe(5);
      // Each record holds its own claim's id and sealed request, whatever the order inside the statement.
      const rows = await service.sql<{ key: string; resource_id: string; locked: boolean; sealed: boolean }[]>`
        select key, resource_id, locked_until > now() as locked, request_sealed is not null as sealed
        from idempotency_keys where merchant_id = ${merchant.merchantId}`;
      expect(new Map(rows.map((r) => [r.key, r.resource_id]))).toEqual(new Map(scopes.map((scope, i) => [scope.key, ids[i]!])));
      expect(rows.every((r) => r.locked && r.sealed)).toBe(true);
      const xids = await claimTransactions(merchant.merchantId, scopes.map((scope) => scope.key));
      // The first went alone; the four that arrived while it was under way went together.
      expect(xids.get('batch-0')).not.toBe(xids.get('batch-1'));
      expect(new Set(scopes.slice(1).map((scope) => xids.get(scope.key))).size).toBe(1);
    });

    it('one key twice in a batch: the first runs, the second waits for it (same payload) or conflicts (other payload)', async () => {
      const merchant = await service.createMerchant('claim-batch-dup');
      const s = store({ claimBatch: { inFlightMax: 1 }, concurrentWaitMs: 200 });
      const scope = { merchantId: merchant.merchantId, key: 'dup', operation: 'op', requestSha256: requestSha256({ a: 1 }) };
      const results = await Promise.allSettled([
        s.claim({ ...scope, key: 'first-alone' }),
        s.claim(scope),
        s.claim({ ...scope, key: 'other' }),
        s.claim(scope), // same payload: waits behind the run above, which never finishes here
        s.claim({ ...scope, requestSha256: requestSha256({ a: 2 }) }), // other payload
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
      expect(results.slice(0, 3).map((r) => (r as PromiseFulfilledResult<{ kind: string }>).value.kind)).toEqual(['run', 'run', 'run']);
      expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ outcome: 'idempotency_key_in_use', message: expect.stringMatching(/still being processed/) });
      expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ outcome: 'idempotency_key_reused_with_different_request', message: expect.stringMatching(/different request/) });
      const [record] = await service.sql<{ resource_id: string }[]>`
        select resource_id from idempotency_keys where merchant_id = ${merchant.merchantId} and key = 'dup'`;
      expect(record!.resource_id).toBe((results[1] as PromiseFulfilledResult<{ resourceId: string }>).value.resourceId);
    });

    it('an expired record in a batch is claimed afresh; a live one is not taken', async () => {
      const merchant = await service.createMerchant('claim-batch-expired');
      const s = store({ claimBatch: { inFlightMax: 1 }, concurrentWaitMs: 100 });
      const scope = (key: string) => ({ merchantId: merchant.merchantId, key, operation: 'op', requestSha256: requestSha256({}) });
      const expired = await s.claim(scope('expired'));
      const live = await s.claim(scope('live'));
      await service.sql`update idempotency_keys set expires_at = now() - interval '1 second'
                        where merchant_id = ${merchant.merchantId} and key = 'expired'`;
      const results = await Promise.allSettled([s.claim(scope('new')), s.claim(scope('expired')), s.claim(scope('live'))]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const again = (results[1] as PromiseFulfilledResult<{ kind: string; resourceId: string }>).value;
      expect(again.kind).toBe('run');
      expect(again.resourceId).not.toBe((expired as { resourceId: string }).resourceId);
      const [liveRow] = await service.sql<{ resource_id: string }[]>`
        select resource_id from idempotency_keys where merchant_id = ${merchant.merchantId} and key = 'live'`;
      expect(liveRow!.resource_id).toBe((live as { resourceId: string }).resourceId);
    });
  });

  it('a request still running after the wait limit gets a clear 409; another operation under the key is a conflict', async () => {
    const merchant = await service.createMerchant('store');
    const scope = { merchantId: merchant.merchantId, key: randomUUID(), operation: 'POST /collections /v1/collections', requestSha256: requestSha256({ a: 1 }) };
    const first = await store().claim(scope);
    expect(first.kind).toBe('run');
    const started = Date.now();
    await expect(store({ concurrentWaitMs: 150 }).claim(scope)).rejects.toMatchObject({ outcome: 'idempotency_key_in_use', message: expect.stringMatching(/still being processed/) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await expect(store().claim({ ...scope, operation: 'POST /payouts /v1/payouts' })).rejects.toMatchObject({ outcome: 'idempotency_key_reused_with_different_request' });
  });


  it('a lapsed lock is taken over by exactly one of several concurrent retries', async () => {
    const merchant = await service.createMerchant('takeover');
    const scope = { merchantId: merchant.merchantId, key: randomUUID(), operation: 'op', requestSha256: requestSha256({}) };
    const short = store({ lockMs: 100, concurrentWaitMs: 400 });
    const first = await short.claim(scope);
    await short.setRecoveryPoint(service.sql, scope, 'rail_initiated');
    await new Promise((resolve) => setTimeout(resolve, 120));
    // Five retries at once: one resumes, the others wait behind its fresh lock and time out.
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => store({ lockMs: 5_000, concurrentWaitMs: 300 }).claim(scope)));
    const resumed = results.filter((r) => r.status === 'fulfilled');
    expect(resumed).toHaveLength(1);
    expect((resumed[0] as PromiseFulfilledResult<{ kind: string; resourceId: string; recoveryPoint: string }>).value)
      .toMatchObject({ kind: 'resume', resourceId: (first as { resourceId: string }).resourceId, recoveryPoint: 'rail_initiated' });
  });

  it('release forgets a key whose run had no effect and keeps (unlocked) one whose run had', async () => {
    const merchant = await service.createMerchant('release');
    const s = store();
    const clean = { merchantId: merchant.merchantId, key: randomUUID(), operation: 'op', requestSha256: requestSha256({}) };
    const dirty = { ...clean, key: randomUUID() };
    await s.claim(clean);
    await s.release(clean);
    const dirtyRun = await s.claim(dirty);
    await s.setRecoveryPoint(service.sql, dirty, 'rail_initiated');
    await s.release(dirty);
    const rows = await service.sql<{ key: string; locked_until: Date | null }[]>`
      select key, locked_until from idempotency_keys where merchant_id = ${merchant.merchantId}`;
    expect(rows).toEqual([{ key: dirty.key, locked_until: null }]);
    expect(await s.claim(dirty)).toMatchObject({ kind: 'resume', resourceId: (dirtyRun as { resourceId: string }).resourceId });
    // restart: back to a first run with a NEW id (the old one's effect was undone).
    await s.restart(service.sql, dirty);
    await s.release(dirty);
    expect(await s.claim(dirty)).toMatchObject({ kind: 'run' });
  });
});

describe('retention', () => {
  it('records are kept for IDEMPOTENCY_RETENTION_HOURS (24 h by default)', async () => {
    expect(loadConfig({}).idempotencyRetentionHours).toBe(24);
    expect(loadConfig({ IDEMPOTENCY_RETENTION_HOURS: '48' }).idempotencyRetentionHours).toBe(48);
    expect(() => loadConfig({ IDEMPOTENCY_RETENTION_HOURS: '0' })).toThrow(/IDEMPOTENCY_RETENTION_HOURS/);
    const merchant = await service.createMerchant('retention');
    const key = randomUUID();
    await collect(merchant.client, { amount: 500, currency: 'KES', rail: 'qr' }, key);
    const [row] = await service.sql<{ hours: number }[]>`
      select extract(epoch from (expires_at - created_at)) / 3600 as hours from idempotency_keys
      where merchant_id = ${merchant.merchantId} and key = ${key}`;
    expect(Math.abs(Number(row!.hours) - 24)).toBeLessThan(0.01);

    const store = createIdempotencyStore({
      sql: service.sql, secretBox: createSecretBox(Buffer.from(service.masterKeyHex, 'hex')), retentionHours: 48, lockMs: 1_000,
    });
    const scope = { merchantId: merchant.merchantId, key: randomUUID(), operation: 'test', requestSha256: requestSha256({}) };
    await store.claim(scope);
    const [custom] = await service.sql<{ hours: number }[]>`
      select extract(epoch from (expires_at - created_at)) / 3600 as hours from idempotency_keys
      where merchant_id = ${merchant.merchantId} and key = ${scope.key}`;
    expect(Math.abs(Number(custom!.hours) - 48)).toBeLessThan(0.01);
  });

  it('the purge deletes expired records; a key past retention can be used again', async () => {
    const merchant = await service.createMerchant('purge');
    const [expiredKey, liveKey, lapsedKey] = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of [expiredKey, liveKey, lapsedKey]) await collect(merchant.client, { amount: 500, currency: 'KES', rail: 'qr' }, key);
    await service.sql`update idempotency_keys set expires_at = now() - interval '1 second'
                      where merchant_id = ${merchant.merchantId} and key in ${service.sql([expiredKey, lapsedKey])}`;
    // Not yet purged, but past retention: the key is free again (another payload is no conflict).
    const reusedBeforePurge = await collect(merchant.client, { amount: 777, currency: 'KES', rail: 'qr' }, lapsedKey);
    expect(reusedBeforePurge.response.status).toBe(200);
    expect(reusedBeforePurge.data!.data.amount).toBe(777);

    const purged = await service.runtime.idempotency.purgeExpired();
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await service.sql<{ key: string }[]>`select key from idempotency_keys where merchant_id = ${merchant.merchantId} order by key`;
    expect(left.map((r) => r.key).sort()).toEqual([liveKey, lapsedKey].sort());

    const reused = await collect(merchant.client, { amount: 888, currency: 'KES', rail: 'qr' }, expiredKey);
    expect(reused.response.status).toBe(200);
    expect(reused.data!.data.amount).toBe(888);
    const live = await collect(merchant.client, { amount: 999, currency: 'KES', rail: 'qr' }, liveKey);
    expect(live.response.status).toBe(409);
    expect(await countRows(service.sql, 'transactions', 'merchant_id', merchant.merchantId)).toBe(5);
  });
});
