// Crash recovery of the flows crash-recovery.test.ts does not cover (collections and refunds are
// there): a process that died at the flow's one recovery point ('started'), after what the flow
// does outside its final commit (a ledger hold, transfer or account) and before that commit. The
// first run is driven through the domain up to the crash; the retry is a real SDK request with the
// same key, which must answer the pre-allocated id (as a clean run would) and move the money once.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkPayoutRequest, batchMemberId } from '../../src/payouts/payouts.ts';
import { reservePayouts } from '../../src/payouts/payout-reservation.ts';
import { depositIntoPartnerWallet, transferBetweenPartnerWallets } from '../../src/partner-wallets/partner-movements.ts';
import { getPartnerWallet, recordPartnerWallet } from '../../src/partner-wallets/partner-wallets.ts';
import { destinationForWithdrawal, reserveWithdrawal } from '../../src/partner-wallets/partner-withdrawals.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { claimFirstRun, crashAtCommit, operationOf, SimulatedCrash } from './crash-helpers.ts';
import { countRows, expectLedgerInvariants } from '../collections/helpers.ts';
import { available, createBatch, destinationRef, fundedWallet, payoutTestEnv } from '../payouts/helpers.ts';
import { availableOf, createTestPartner, deposit, newWallet } from '../partner/helpers.ts';

const lockMs = 100;
let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { ...payoutTestEnv, IDEMPOTENCY_LOCK_MS: String(lockMs) } }); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

async function recordOf(ownerId: string, key: string) {
  const [row] = await service.sql<{ recovery_point: string; response_status: number | null }[]>`
    select recovery_point, response_status from idempotency_keys where merchant_id = ${ownerId} and key = ${key}`;
  return row;
}

describe('merchant flows', () => {
  it('POST /checkout-sessions died at "started": the retry creates the session under the claimed id, once', async () => {
    const m = await service.createMerchant('crash session');
    const body = { amount: 1_500, currency: 'KES' };
    const probe = randomUUID();
    await m.client.POST('/checkout-sessions', { body, params: { header: { 'Idempotency-Key': probe } } });
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    // ...died before its one commit: nothing but the claim exists.
    const retried = await m.client.POST('/checkout-sessions', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await countRows(service.sql, 'checkout_sessions', 'id', claim.resourceId)).toBe(1);
    expect(await recordOf(m.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    expect((await m.client.POST('/checkout-sessions', { body, params: { header: { 'Idempotency-Key': key } } })).data!.data).toEqual(retried.data!.data);
  });

  it('POST /sub-merchants died at "started": the retry creates the sub-merchant and its KYC case under the claimed id, once', async () => {
    const m = await service.createMerchant('crash sub-merchant');
    const body = { display_name: 'Seller', type: 'individual' as const, country: 'KE' };
    const probe = randomUUID();
    await m.client.POST('/sub-merchants', { body, params: { header: { 'Idempotency-Key': probe } } });
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    const retried = await m.client.POST('/sub-merchants', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await countRows(service.sql, 'sub_merchants', 'id', claim.resourceId)).toBe(1);
    expect(await countRows(service.sql, 'kyc_cases', 'sub_merchant_id', claim.resourceId)).toBe(1);
  });

  it('POST /payouts/bulk held every member, then died before its commit: the retry records the batch under the claimed id; held once', async () => {
    const m = await service.createMerchant('crash batch');
    const walletId = await fundedWallet(service, m.client, 10_000);
    const ref = await destinationRef(m.client);
    const payouts = [1_000, 2_000].map((amount) => ({ destination_type: 'mobile_money' as const, destination_ref: ref, amount, currency: 'KES' }));
    const body = { wallet_id: walletId, payouts };
    const probe = randomUUID();
    await createBatch(m.client, { wallet_id: walletId, payouts: [{ ...payouts[0]!, amount: 1 }] }, probe);
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    const items = payouts.map((p, i) => ({
      destinationRef: p.destination_ref, destinationType: p.destination_type, amount: p.amount, currency: p.currency, fxRateLockId: null, fieldPrefix: `body.payouts[${i}]`,
    }));
    const checked = await checkPayoutRequest(service.sql, { id: m.merchantId, status: 'active' }, { walletId, items, scheduledAt: null, now: new Date() });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: m.merchantId, wallet: checked.wallet, scheduledAt: null, batch: { id: claim.resourceId }, createdAt: claim.startedAt, nowMs: Date.now(),
      payouts: items.map((item, i) => ({ id: batchMemberId(claim.resourceId, i), item, destination: checked.destinations[i]! })),
      onHeld: () => {}, idempotency: { scopeId: m.merchantId, key }, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await countRows(service.sql, 'payout_batches', 'id', claim.resourceId)).toBe(0);

    const retried = await createBatch(m.client, body, key);
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: claim.resourceId, total_amount: 3_000 });
    expect(await countRows(service.sql, 'payouts', 'batch_id', claim.resourceId)).toBe(2);
    expect(await available(m.client, walletId)).toBe(10_000 - 1 - 3_000);
    expect((await createBatch(m.client, body, key)).data!.data).toEqual(retried.data!.data);
  });
});

describe('partner flows', () => {
  it('POST /wallets opened its ledger account, then died before its commit: the retry records the wallet under the claimed id, once', async () => {
    const partner = await createTestPartner(service, 'crash wallet');
    const probe = await newWallet(partner.client);
    const body = { externalUserId: `user-${randomUUID()}`, currency: 'KES' };
    const [probeRecord] = await service.sql<{ operation: string }[]>`select operation from idempotency_keys where merchant_id = ${partner.partnerId}`;
    const operation = probeRecord!.operation;
    expect(probe.currency).toBe('KES');
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation, requestSha256: requestSha256(body) });
    await expect(recordPartnerWallet({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: claim.resourceId, partnerId: partner.partnerId, request: body, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    const retried = await partner.client.POST('/wallets', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await countRows(service.sql, 'partner_wallets', 'id', claim.resourceId)).toBe(1);
  });

  it('a deposit whose ledger transfer went through, then died before its commit: the retry records it under the claimed id; credited once', async () => {
    const partner = await createTestPartner(service, 'crash deposit');
    const wallet = await newWallet(partner.client);
    const probe = randomUUID();
    await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': probe } }, body: { amount: 1, reference: 'probe' } });
    const body = { amount: 7_000, reference: 'top-up' };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body) });
    const row = await getPartnerWallet(service.sql, partner.partnerId, wallet.id);
    await expect(depositIntoPartnerWallet({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: claim.resourceId, wallet: row, request: body, createdAt: claim.startedAt, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await availableOf(partner.client, wallet.id)).toBe(7_001);
    const retried = await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': key } }, body });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await availableOf(partner.client, wallet.id)).toBe(7_001);
  });

  it('a transfer whose ledger transfer went through, then died before its commit: the retry records it under the claimed id; moved once', async () => {
    const partner = await createTestPartner(service, 'crash transfer');
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    await deposit(partner.client, a.id, 8_000);
    const probe = randomUUID();
    await partner.client.POST('/transfers', { body: { fromWalletId: a.id, toWalletId: b.id, amount: 1, reference: 'probe' }, params: { header: { 'X-Idempotency-Key': probe } } });
    const body = { fromWalletId: a.id, toWalletId: b.id, amount: 3_000, reference: 'rent' };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body) });
    const [from, to] = await Promise.all([a.id, b.id].map((id) => getPartnerWallet(service.sql, partner.partnerId, id)));
    await expect(transferBetweenPartnerWallets({ sql: service.sql, ledger: service.runtime.ledger, now: Date.now }, {
      id: claim.resourceId, from: from!, to: to!, request: body, createdAt: claim.startedAt, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    const retried = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await availableOf(partner.client, a.id)).toBe(8_000 - 1 - 3_000);
    expect(await availableOf(partner.client, b.id)).toBe(1 + 3_000);
  });

  it('a withdrawal whose reservation was made, then died before its commit: the retry records it under the claimed id; reserved once', async () => {
    const partner = await createTestPartner(service, 'crash withdrawal');
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 9_000);
    const destination = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
    const destinationRefOf = destination.data!.data.destinationRef;
    const probe = randomUUID();
    await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': probe } }, body: { amount: 1, destinationRef: destinationRefOf, reference: 'probe' },
    });
    const body = { amount: 4_000, destinationRef: destinationRefOf, reference: 'cash out' };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body) });
    const row = await getPartnerWallet(service.sql, partner.partnerId, wallet.id);
    const target = await destinationForWithdrawal(service.sql, partner.partnerId, row, destinationRefOf);
    await expect(reserveWithdrawal({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: claim.resourceId, wallet: row, destination: target, request: body, createdAt: claim.startedAt,
      idempotency: { scopeId: partner.partnerId, key }, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    const retried = await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': key } }, body,
    });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await countRows(service.sql, 'partner_movements', 'id', claim.resourceId)).toBe(1);
    // 9 000 less the probe's 1 and this withdrawal's 4 000, reserved once (the rail's outcome comes later, by job).
    expect(await availableOf(partner.client, wallet.id)).toBe(9_000 - 1 - 4_000);
  });
});
