// Issue 22 item 6: a replay answers what the first request answered, whatever time has passed or
// state has changed since, and a run that died is finished by its retry, however late; the two
// 409 IDEMPOTENCY_CONFLICTs are told apart by `details.reason`, the retryable one alone carrying
// Retry-After (decision 0420, 0421). Real service, real SDK requests, a pinned app clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { checkPayoutRequest } from '../../src/payouts/payouts.ts';
import { reservePayouts } from '../../src/payouts/payout-reservation.ts';
import { setMerchantStatus } from '../../src/accounts/merchants.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { createIdempotencyStore, type IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import { SimulatedCrash } from './crash-helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { expectLedgerInvariants } from '../collections/helpers.ts';
import { available, createBatch, createPayout, destinationRef, fundedWallet, payoutTestEnv, type PayoutBody } from '../payouts/helpers.ts';
import { createTestPartner, newWallet } from '../partner/helpers.ts';

const lockMs = 100;
let clockMs = Date.now();
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ env: { ...payoutTestEnv, IDEMPOTENCY_LOCK_MS: String(lockMs) }, now: () => clockMs });
});
afterAll(async () => { await service?.close(); });


async function recordOf(merchantId: string, key: string) {
  const [row] = await service.sql<{ operation: string; recovery_point: string; response_status: number | null; resource_id: string }[]>`
    select operation, recovery_point, response_status, resource_id from idempotency_keys where merchant_id = ${merchantId} and key = ${key}`;
  return row;
}

/** A store of its own (a long lock, a short wait), to hold a key as a live request would. */
function holdingStore(concurrentWaitMs?: number) {
  return createIdempotencyStore({
    sql: service.sql, secretBox: createSecretBox(Buffer.from(service.masterKeyHex, 'hex')), retentionHours: 24,
    lockMs: 60_000, ...(concurrentWaitMs === undefined ? {} : { concurrentWaitMs }),
  });
}

describe('a replay answers the stored result whatever has changed since', () => {
  it('a scheduled payout replayed after its scheduled_at has passed: the stored 200, nothing repeated', async () => {
    const merchant = await service.createMerchant('scheduled replay');
    const walletId = await fundedWallet(service, merchant.client, 10_000);
    const body: PayoutBody = {
      wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(merchant.client),
      amount: 3_000, currency: 'KES', scheduled_at: new Date(clockMs + 60_000).toISOString(),
    };
    const key = randomUUID();
    const first = await createPayout(merchant.client, body, key);
    expect(first.response.status).toBe(200);

    clockMs += 120_000; // scheduled_at is now in the past
    const replay = await createPayout(merchant.client, body, key);
    expect(replay.response.status, JSON.stringify(replay.error)).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    expect(await available(merchant.client, walletId)).toBe(7_000);
    // A new key with that scheduled_at is refused as before: the rule itself is unchanged.
    const fresh = await createPayout(merchant.client, body);
    expect(fresh.response.status).toBe(422);
    expect(fresh.error!.error.details!.fields![0]).toMatchObject({ field: 'body.scheduled_at' });
    await expectLedgerInvariants(service);
  });

  it('a batch replayed after the merchant was suspended: the stored 200', async () => {
    const merchant = await service.createMerchant('batch replay');
    const walletId = await fundedWallet(service, merchant.client, 5_000);
    const ref = await destinationRef(merchant.client);
    const body = { wallet_id: walletId, payouts: [{ destination_type: 'mobile_money' as const, destination_ref: ref, amount: 1_000, currency: 'KES' }] };
    const key = randomUUID();
    const first = await createBatch(merchant.client, body, key);
    expect(first.response.status).toBe(200);
    await setMerchantStatus(service.sql, merchant.merchantId, 'suspended');
    const replay = await createBatch(merchant.client, body, key);
    expect(replay.response.status, JSON.stringify(replay.error)).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    expect((await createBatch(merchant.client, body)).response.status).toBe(403);
  });

  it('a checkout session replayed after its split rule was deactivated: the stored 200', async () => {
    const merchant = await service.createMerchant('session replay');
    const rule = (await merchant.client.POST('/split-rules', { body: {
      name: 'platform cut', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 10 }],
    } as never })).data!.data;
    const body = { amount: 2_000, currency: 'KES', split_rule_id: rule.id };
    const key = randomUUID();
    const first = await merchant.client.POST('/checkout-sessions', { body: body as never, params: { header: { 'Idempotency-Key': key } } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    await merchant.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: rule.id } } });
    const replay = await merchant.client.POST('/checkout-sessions', { body: body as never, params: { header: { 'Idempotency-Key': key } } });
    expect(replay.response.status, JSON.stringify(replay.error)).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
  });

  it('a refusal inside the run still frees the key: the corrected request under it succeeds', async () => {
    const merchant = await service.createMerchant('refusal frees');
    const walletId = await fundedWallet(service, merchant.client, 4_000);
    const body: PayoutBody = {
      wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(merchant.client),
      amount: 1_000, currency: 'KES', scheduled_at: new Date(clockMs - 1_000).toISOString(),
    };
    const key = randomUUID();
    expect((await createPayout(merchant.client, body, key)).response.status).toBe(422);
    expect(await recordOf(merchant.merchantId, key)).toBeUndefined();
    const corrected = await createPayout(merchant.client, { ...body, scheduled_at: null }, key);
    expect(corrected.response.status).toBe(200);
  });
});

describe('a run that died is finished by its retry, however late', () => {
  it('payout held, process died before its commit; retried after scheduled_at passed: 200, the same payout, money held once', async () => {
    const merchant = await service.createMerchant('late resume');
    const walletId = await fundedWallet(service, merchant.client, 10_000);
    const ref = await destinationRef(merchant.client);
    const scheduledAt = new Date(clockMs + 60_000);
    const body: PayoutBody = {
      wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 2_500, currency: 'KES', scheduled_at: scheduledAt.toISOString(),
    };
    // The operation as the server records it (its route and path), from a probe.
    const probeKey = randomUUID();
    await createPayout(merchant.client, { ...body, scheduled_at: null, amount: 1 }, probeKey);
    const { operation } = (await recordOf(merchant.merchantId, probeKey))!;

    // The first run: claims the key, holds the money in the ledger, and dies before its commit.
    const key = randomUUID();
    const scope: IdempotencyScope = { merchantId: merchant.merchantId, key, operation, requestSha256: requestSha256(body) };
    const claim = await service.runtime.idempotency.claim(scope);
    if (claim.kind !== 'run') throw new Error(`expected a first run, got ${claim.kind}`);
    const item = { destinationRef: ref, destinationType: 'mobile_money' as const, amount: 2_500, currency: 'KES', fxRateLockId: null, fieldPrefix: 'body' };
    const checked = await checkPayoutRequest(service.sql, { id: merchant.merchantId, status: 'active' }, {
      walletId, items: [item], scheduledAt, now: new Date(clockMs),
    });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: merchant.merchantId, wallet: checked.wallet, scheduledAt, batch: null, createdAt: claim.startedAt, nowMs: clockMs,
      payouts: [{ id: claim.resourceId, item, destination: checked.destinations[0]! }],
      onHeld: () => {}, idempotency: { scopeId: merchant.merchantId, key },
      commitWrites: () => { throw new SimulatedCrash('process died before the commit'); },
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect((await recordOf(merchant.merchantId, key))!.recovery_point).toBe('started');

    // The client comes back after scheduled_at has passed (the database was down meanwhile).
    clockMs += 120_000;
    const retried = await createPayout(merchant.client, body, key);
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: claim.resourceId, status: 'queued', amount: 2_500 });
    expect(new Date(retried.data!.data.scheduled_at!).getTime()).toBe(scheduledAt.getTime());
    expect(await recordOf(merchant.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    // 10 000 less the probe's 1 and this payout's 2 500, held once.
    expect(await available(merchant.client, walletId)).toBe(10_000 - 1 - 2_500);
    // And the replay is the same answer.
    expect((await createPayout(merchant.client, body, key)).data!.data).toEqual(retried.data!.data);
    await expectLedgerInvariants(service);
  });
});

describe('the two 409 IDEMPOTENCY_CONFLICTs are told apart without parsing the message', () => {
  it('payload_mismatch: no Retry-After (merchant and partner families)', async () => {
    const merchant = await service.createMerchant('mismatch');
    const walletId = await fundedWallet(service, merchant.client, 3_000);
    const ref = await destinationRef(merchant.client);
    const body: PayoutBody = { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 100, currency: 'KES' };
    const key = randomUUID();
    expect((await createPayout(merchant.client, body, key)).response.status).toBe(200);
    const other = await createPayout(merchant.client, { ...body, amount: 101 }, key);
    expect(other.response.status).toBe(409);
    expect(other.error!.error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', details: { reason: 'payload_mismatch' } });
    expect(other.response.headers.get('Retry-After')).toBeNull();

    const partner = await createTestPartner(service);
    const partnerKey = randomUUID();
    const wallet = { externalUserId: `user-${randomUUID()}`, currency: 'KES' };
    expect((await partner.client.POST('/wallets', { body: wallet, params: { header: { 'X-Idempotency-Key': partnerKey } } })).response.status).toBe(200);
    const conflict = await partner.client.POST('/wallets', { body: { ...wallet, currency: 'NGN' }, params: { header: { 'X-Idempotency-Key': partnerKey } } });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', details: { reason: 'payload_mismatch' } });
    expect(conflict.response.headers.get('Retry-After')).toBeNull();
  });

  it('in_progress: Retry-After: 1 (merchant and partner families)', async () => {
    const merchant = await service.createMerchant('in progress');
    const walletId = await fundedWallet(service, merchant.client, 3_000);
    const ref = await destinationRef(merchant.client);
    const body: PayoutBody = { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 100, currency: 'KES' };
    const probeKey = randomUUID();
    await createPayout(merchant.client, body, probeKey);
    const { operation } = (await recordOf(merchant.merchantId, probeKey))!;
    const key = randomUUID();
    // A live request holds the key (its lock is long): the server's 15 s wait runs out.
    await holdingStore().claim({ merchantId: merchant.merchantId, key, operation, requestSha256: requestSha256(body) });

    const partner = await createTestPartner(service);
    const partnerWallet = await newWallet(partner.client);
    const [partnerRecord] = await service.sql<{ operation: string }[]>`
      select operation from idempotency_keys where merchant_id = ${partner.partnerId}`;
    const partnerOperation = partnerRecord!.operation;
    const partnerKey = randomUUID();
    const walletBody = { externalUserId: `user-${randomUUID()}`, currency: 'KES' };
    expect(partnerWallet.currency).toBe('KES');
    await holdingStore().claim({ merchantId: partner.partnerId, key: partnerKey, operation: partnerOperation, requestSha256: requestSha256(walletBody) });

    const [busy, partnerBusy] = await Promise.all([
      createPayout(merchant.client, body, key),
      partner.client.POST('/wallets', { body: walletBody, params: { header: { 'X-Idempotency-Key': partnerKey } } }),
    ]);
    for (const answer of [busy, partnerBusy]) {
      expect(answer.response.status).toBe(409);
      expect(answer.error!.error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', details: { reason: 'in_progress' } });
      expect(answer.response.headers.get('Retry-After')).toBe('1');
    }
  }, 40_000);
});
