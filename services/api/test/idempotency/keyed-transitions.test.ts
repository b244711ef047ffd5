// The optional Idempotency-Key of state changes (decision 0422; idempotency/keyed-transition.ts):
// with a key, a retry answers what the first request answered, even when the first answer was
// lost after the change committed; without one, nothing changes. A "lost answer" is the state a
// process leaves that died between the change's commit and the stored answer: the record back at
// 'started', no response, its lock lapsed. Real service, real SDK requests.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { startTestService, type TestService } from '../helpers/service.ts';
import { countRows, expectLedgerInvariants, settledCollection, walletBalance } from '../collections/helpers.ts';
import { available, createPayout, destinationRef, fundedWallet } from '../payouts/helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { IDEMPOTENCY_LOCK_MS: '100' } }); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

const header = (key: string) => ({ 'Idempotency-Key': key });

/** The process died after the change committed and before its answer was stored. */
async function loseAnswer(merchantId: string, key: string): Promise<void> {
  const rows = await service.sql`
    update idempotency_keys set response_status = null, response_sealed = null, recovery_point = 'started',
                                locked_until = now() - interval '1 second'
    where merchant_id = ${merchantId} and key = ${key} returning 1`;
  expect(rows).toHaveLength(1);
}

async function recordOf(merchantId: string, key: string) {
  const [row] = await service.sql<{ recovery_point: string; response_status: number | null }[]>`
    select recovery_point, response_status from idempotency_keys where merchant_id = ${merchantId} and key = ${key}`;
  return row;
}

async function subMerchant(client: MerchantClient): Promise<string> {
  const created = await client.POST('/sub-merchants', {
    body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: header(randomUUID()) },
  });
  return created.data!.data.id;
}

/** A settled split payment whose seller's 80 % is held in escrow (manual release). */
async function escrowed(amount: number) {
  const m = await service.createMerchant('keyed escrow');
  const sm = await subMerchant(m.client);
  const rule = (await m.client.POST('/split-rules', { body: {
    name: 'Marketplace', rule_type: 'percentage',
    recipients: [{ recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' }],
  } as never })).data!.data;
  const collection = await settledCollection(service, m.client, {
    amount, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', sub_merchant_id: sm, split_rule_id: rule.id,
  } as never);
  const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: collection.id } } })).data!.data;
  return { ...m, sm, rule, collection, hold: hold! };
}

describe('escrow release and return with an Idempotency-Key', () => {
  it('a release whose answer was lost: the retry with the key answers the released hold (200); the money moved once', async () => {
    const p = await escrowed(10_000);
    const key = randomUUID();
    const first = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id }, header: header(key) } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data!.data.status).toBe('released');
    const seller = await walletBalance(service, p.sm, 'KES');
    await loseAnswer(p.merchantId, key);

    const retried = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id }, header: header(key) } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: p.hold.id, status: 'released' });
    expect(await recordOf(p.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    expect(await walletBalance(service, p.sm, 'KES')).toEqual(seller);
    // Without a key a second release is refused as before.
    const plain = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    expect(plain.response.status).toBe(409);
    expect(plain.error!.error.code).toBe('ESCROW_HOLD_NOT_HELD');
  });

  it('a finished release replayed with its key: the stored answer; the key on the return of that hold is a payload_mismatch', async () => {
    const p = await escrowed(5_000);
    const key = randomUUID();
    const first = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id }, header: header(key) } });
    const replay = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id }, header: header(key) } });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    const other = await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id }, header: header(key) } });
    expect(other.response.status).toBe(409);
    expect(other.error!.error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', details: { reason: 'payload_mismatch' } });
  });

  it('a return whose answer was lost: the retry answers the returned hold; a release with a new key is refused and frees its key', async () => {
    const p = await escrowed(6_000);
    const key = randomUUID();
    expect((await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id }, header: header(key) } })).response.status).toBe(200);
    await loseAnswer(p.merchantId, key);
    const retried = await p.client.POST('/escrow-holds/{id}/return', { params: { path: { id: p.hold.id }, header: header(key) } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.status).toBe('returned');

    const releaseKey = randomUUID();
    const refused = await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id }, header: header(releaseKey) } });
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error.code).toBe('ESCROW_HOLD_NOT_HELD');
    expect(await recordOf(p.merchantId, releaseKey)).toBeUndefined();
  });

  it('delivery confirmation with a key: the replay is the stored list', async () => {
    const m = await service.createMerchant('keyed delivery');
    const sm = await subMerchant(m.client);
    const rule = (await m.client.POST('/split-rules', { body: {
      name: 'On delivery', rule_type: 'percentage',
      recipients: [{ recipient_type: 'sub_merchant', value: 50, escrow: true, escrow_release_condition: 'delivery_confirmation' }],
    } as never })).data!.data;
    const collection = await settledCollection(service, m.client, {
      amount: 4_000, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', sub_merchant_id: sm, split_rule_id: rule.id,
    } as never);
    const key = randomUUID();
    const first = await m.client.POST('/collections/{id}/delivery-confirmation', { params: { path: { id: collection.id }, header: header(key) } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data!.data.map((hold) => hold.status)).toEqual(['released']);
    await loseAnswer(m.merchantId, key);
    const retried = await m.client.POST('/collections/{id}/delivery-confirmation', { params: { path: { id: collection.id }, header: header(key) } });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data.map((hold) => hold.status)).toEqual(['released']);
  });
});

describe('disputes, cancel, deactivate, suspend and reactivate with an Idempotency-Key', () => {
  it('a sandbox dispute opened with a key, its answer lost: the retry answers the same dispute (one opened, held once)', async () => {
    const m = await service.createMerchant('keyed dispute');
    const collection = await settledCollection(service, m.client, { amount: 3_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' });
    const key = randomUUID();
    const opened = await m.client.POST('/sandbox/disputes', { body: { transaction_id: collection.id }, params: { header: header(key) } });
    expect(opened.response.status, JSON.stringify(opened.error)).toBe(200);
    const balance = await walletBalance(service, m.merchantId, 'KES');
    await loseAnswer(m.merchantId, key);
    const retried = await m.client.POST('/sandbox/disputes', { body: { transaction_id: collection.id }, params: { header: header(key) } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toEqual(opened.data!.data);
    expect(await countRows(service.sql, 'disputes', 'transaction_id', collection.id)).toBe(1);
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual(balance);

    // Resolve with a key, its answer lost: the retry answers the resolved dispute, not 409.
    const resolveKey = randomUUID();
    const id = opened.data!.data.id;
    const resolved = await m.client.POST('/sandbox/disputes/{id}/resolve', { params: { path: { id }, header: header(resolveKey) }, body: { outcome: 'won' } });
    expect(resolved.response.status, JSON.stringify(resolved.error)).toBe(200);
    await loseAnswer(m.merchantId, resolveKey);
    const again = await m.client.POST('/sandbox/disputes/{id}/resolve', { params: { path: { id }, header: header(resolveKey) }, body: { outcome: 'won' } });
    expect(again.response.status, JSON.stringify(again.error)).toBe(200);
    expect(again.data!.data.status).toBe('won');
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 3_000n, pending: 0n });
    // Without a key, resolving again is 409 as before.
    const plain = await m.client.POST('/sandbox/disputes/{id}/resolve', { params: { path: { id } }, body: { outcome: 'won' } });
    expect(plain.error!.error.code).toBe('DISPUTE_ALREADY_RESOLVED');
  });

  it('split-rule deactivate, sub-merchant suspend and reactivate: each replay with its key is the stored answer', async () => {
    const m = await service.createMerchant('keyed small changes');
    const rule = (await m.client.POST('/split-rules', { body: {
      name: 'cut', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 5 }],
    } as never })).data!.data;
    const deactivateKey = randomUUID();
    const deactivated = await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: rule.id }, header: header(deactivateKey) } });
    expect(deactivated.response.status).toBe(200);
    expect((await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: rule.id }, header: header(deactivateKey) } })).data!.data)
      .toEqual(deactivated.data!.data);

    const sm = await subMerchant(m.client);
    const suspendKey = randomUUID();
    const suspended = await m.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id: sm }, header: header(suspendKey) }, body: { reason: 'review' } });
    expect(suspended.data!.data.status).toBe('suspended');
    const reactivated = await m.client.POST('/sub-merchants/{id}/reactivate', { params: { path: { id: sm }, header: header(randomUUID()) } });
    expect(reactivated.data!.data.status).toBe('active');
    // The suspension's replay answers what it answered then, though the sub-merchant is active now.
    const replay = await m.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id: sm }, header: header(suspendKey) }, body: { reason: 'review' } });
    expect(replay.data!.data).toEqual(suspended.data!.data);
    const current = await m.client.GET('/sub-merchants/{id}', { params: { path: { id: sm } } });
    expect(current.data!.data.status).toBe('active');
  });

  it('payout cancel with a key, its answer lost: the retry answers the cancelled payout; the holds voided once', async () => {
    const m = await service.createMerchant('keyed cancel');
    const walletId = await fundedWallet(service, m.client, 5_000);
    const created = await createPayout(m.client, {
      wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(m.client), amount: 2_000, currency: 'KES',
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await available(m.client, walletId)).toBe(3_000);
    const key = randomUUID();
    const id = created.data!.data.id;
    const cancelled = await m.client.POST('/payouts/{id}/cancel', { params: { path: { id }, header: header(key) } });
    expect(cancelled.response.status, JSON.stringify(cancelled.error)).toBe(200);
    await loseAnswer(m.merchantId, key);
    const retried = await m.client.POST('/payouts/{id}/cancel', { params: { path: { id }, header: header(key) } });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toMatchObject({ id, status: 'failed', failure_reason: cancelled.data!.data.failure_reason });
    expect(await available(m.client, walletId)).toBe(5_000);
  });

  it('a split rule created with a key, its answer lost: the retry answers the same rule; one rule', async () => {
    const m = await service.createMerchant('keyed rule');
    const body = { name: 'cut', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 5 }] };
    const key = randomUUID();
    const created = await m.client.POST('/split-rules', { body: body as never, params: { header: header(key) } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    await loseAnswer(m.merchantId, key);
    const retried = await m.client.POST('/split-rules', { body: body as never, params: { header: header(key) } });
    expect(retried.response.status).toBe(200);
    expect(retried.data!.data).toEqual(created.data!.data);
    expect(await countRows(service.sql, 'split_rules', 'merchant_id', m.merchantId)).toBe(1);
  });

  it('a key longer than 255 characters is 422 on header.idempotency-key', async () => {
    const m = await service.createMerchant('keyed long');
    const rule = (await m.client.POST('/split-rules', { body: {
      name: 'cut', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 5 }],
    } as never })).data!.data;
    const tooLong = await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: rule.id }, header: header('k'.repeat(256)) } });
    expect(tooLong.response.status).toBe(422);
    expect(tooLong.error!.error.details!.fields![0]!.field).toBe('header.idempotency-key');
  });
});
