// The run finisher (jobs/run-finisher.ts, decision 0470): a run that died at a recovery point
// and whose client NEVER retries is finished or forgotten by the job's pass alone, and money is
// moved once (every test ends with the ledger invariants: sums to zero); a later retry with the
// key answers as a completed first request would. The first run is driven through the domain up
// to the crash, as in crash-points.test.ts; the pass runs with idleMs 0, polled until the record
// changes (the lock is 100 ms).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkPayoutRequest } from '../../src/payouts/payouts.ts';
import { reservePayouts } from '../../src/payouts/payout-reservation.ts';
import { depositIntoPartnerWallet, transferBetweenPartnerWallets } from '../../src/partner-wallets/partner-movements.ts';
import { getPartnerWallet } from '../../src/partner-wallets/partner-wallets.ts';
import { createSplitRule } from '../../src/collections/splits/split-rules.ts';
import { finishedOperationNames, finishUnfinishedRuns } from '../../src/jobs/run-finisher.ts';
import { requestSha256 } from '../../src/idempotency/canonical-hash.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { claimFirstRun, crashAtCommit, operationOf, SimulatedCrash } from './crash-helpers.ts';
import { countRows, expectLedgerInvariants, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { reserveRefund } from '../../src/collections/refunds.ts';
import { lockRate } from '../fx/helpers.ts';
import { available, createPayout, destinationRef, fundedWallet, payoutTestEnv } from '../payouts/helpers.ts';
import { availableOf, createTestPartner, deposit, newWallet } from '../partner/helpers.ts';

const lockMs = 100;
let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { ...payoutTestEnv, IDEMPOTENCY_LOCK_MS: String(lockMs) } }); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

type Record = { recovery_point: string; response_status: number | null } | undefined;
async function recordOf(ownerId: string, key: string): Promise<Record> {
  const [row] = await service.sql<{ recovery_point: string; response_status: number | null }[]>`
    select recovery_point, response_status from idempotency_keys where merchant_id = ${ownerId} and key = ${key}`;
  return row;
}

/** Runs passes (no client request) until the record of `key` is finished or gone. */
async function finisherEnds(ownerId: string, key: string): Promise<Record> {
  for (let pass = 0; pass < 200; pass += 1) {
    await finishUnfinishedRuns(service.runtime.jobDeps, { idleMs: 0 });
    const record = await recordOf(ownerId, key);
    if (record === undefined || record.response_status !== null) return record;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the finisher never ended the run');
}

describe('every idempotent operation has a finisher', () => {
  it('names every idempotentOperation and transitionOperation declared in src/', () => {
    const declared: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          for (const match of readFileSync(path, 'utf8').matchAll(/(?:idempotentOperation<\w+>|transitionOperation)\('([^']+)'/g)) declared.push(match[1]!);
        }
      }
    };
    walk(join(import.meta.dirname, '../../src'));
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((name) => !finishedOperationNames.includes(name))).toEqual([]);
  });
});

describe('merchant flows', () => {
  it('POST /payouts died before its ledger step: the pass forgets the run; nothing held; a later retry pays out once', async () => {
    const m = await service.createMerchant('finisher payout');
    const walletId = await fundedWallet(service, m.client, 10_000);
    const ref = await destinationRef(m.client);
    const body = { wallet_id: walletId, destination_type: 'mobile_money' as const, destination_ref: ref, amount: 2_500, currency: 'KES' };
    const probe = randomUUID();
    await createPayout(m.client, { ...body, amount: 1 }, probe);
    const key = randomUUID();
    await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    // ...died here, before its hold intent and hold.
    expect(await finisherEnds(m.merchantId, key)).toBeUndefined();
    expect(await available(m.client, walletId)).toBe(10_000 - 1);
    const retried = await createPayout(m.client, body, key);
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(await available(m.client, walletId)).toBe(10_000 - 1 - 2_500);
    expect((await createPayout(m.client, body, key)).data!.data).toEqual(retried.data!.data);
  });

  it('POST /payouts held its money, then died before its commit: the pass voids the hold and forgets the run; a later retry holds once', async () => {
    const m = await service.createMerchant('finisher payout held');
    const walletId = await fundedWallet(service, m.client, 10_000);
    const ref = await destinationRef(m.client);
    const body = { wallet_id: walletId, destination_type: 'mobile_money' as const, destination_ref: ref, amount: 4_000, currency: 'KES' };
    const probe = randomUUID();
    await createPayout(m.client, { ...body, amount: 1 }, probe);
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    const item = { destinationRef: ref, destinationType: 'mobile_money' as const, amount: 4_000, currency: 'KES', fxRateLockId: null, fieldPrefix: 'body' };
    const checked = await checkPayoutRequest(service.sql, { id: m.merchantId, status: 'active' }, { walletId, items: [item], scheduledAt: null, now: new Date() });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: m.merchantId, wallet: checked.wallet, scheduledAt: null, batch: null, createdAt: claim.startedAt, nowMs: Date.now(),
      payouts: [{ id: claim.resourceId, item, destination: checked.destinations[0]! }],
      onHeld: () => {}, idempotency: { scopeId: m.merchantId, key }, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await available(m.client, walletId)).toBe(10_000 - 1 - 4_000);
    expect(await finisherEnds(m.merchantId, key)).toBeUndefined();
    expect(await available(m.client, walletId)).toBe(10_000 - 1);
    expect(await countRows(service.sql, 'payouts', 'id', claim.resourceId)).toBe(0);
    const retried = await createPayout(m.client, body, key);
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).not.toBe(claim.resourceId);
    expect(await available(m.client, walletId)).toBe(10_000 - 1 - 4_000);
  });

  it('a cross-currency POST /payouts at a rate lock held both legs, then died before its commit: the pass voids them and forgets the run; the lock stays usable; the retry converts once', async () => {
    const m = await service.createMerchant('finisher fx payout');
    const collection = await settledCollection(service, m.client, { amount: 20_000, currency: 'USD', rail: 'card', ...succeeding_payer.card });
    const wallets = await m.client.GET('/wallets', { params: { query: { owner_id: collection.merchant_id } } });
    const walletId = wallets.data!.data.find((w) => w.currency === 'USD')!.id;
    const before = await available(m.client, walletId);
    const ref = await destinationRef(m.client);
    const probe = randomUUID();
    const probeLock = (await lockRate(m.client, 'USD', 'KES')).data!.data;
    const probed = await createPayout(m.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 100, currency: 'KES', fx_rate_lock_id: probeLock.id } as never, probe);
    expect(probed.response.status, JSON.stringify(probed.error)).toBe(200);
    const afterProbe = await available(m.client, walletId);
    const rateLock = (await lockRate(m.client, 'USD', 'KES')).data!.data;
    const body = { wallet_id: walletId, destination_type: 'mobile_money' as const, destination_ref: ref, amount: 50_000, currency: 'KES', fx_rate_lock_id: rateLock.id };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body) });
    const item = { destinationRef: ref, destinationType: 'mobile_money' as const, amount: 50_000, currency: 'KES', fxRateLockId: rateLock.id, fieldPrefix: 'body' };
    const checked = await checkPayoutRequest(service.sql, { id: m.merchantId, status: 'active' }, { walletId, items: [item], scheduledAt: null, now: new Date() });
    await expect(reservePayouts({ sql: service.sql, ledger: service.runtime.ledger }, {
      merchantId: m.merchantId, wallet: checked.wallet, scheduledAt: null, batch: null, createdAt: claim.startedAt, nowMs: Date.now(),
      payouts: [{ id: claim.resourceId, item, destination: checked.destinations[0]! }],
      onHeld: () => {}, idempotency: { scopeId: m.merchantId, key }, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await available(m.client, walletId)).toBeLessThan(afterProbe);
    expect(await finisherEnds(m.merchantId, key)).toBeUndefined();
    expect(await available(m.client, walletId)).toBe(afterProbe);
    expect(await countRows(service.sql, 'payouts', 'id', claim.resourceId)).toBe(0);
    const [lockRow] = await service.sql<{ used_by_id: string | null }[]>`select used_by_id from fx_rate_locks where id = ${rateLock.id}`;
    expect(lockRow!.used_by_id).toBeNull();
    const retried = await createPayout(m.client, body, key);
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    const [used] = await service.sql<{ used_by_id: string | null }[]>`select used_by_id from fx_rate_locks where id = ${rateLock.id}`;
    expect(used!.used_by_id).toBe(retried.data!.data.id);
    const [conversion] = await service.sql<{ from_amount: string }[]>`select from_amount from fx_conversions where purpose = 'payout' and purpose_id = ${retried.data!.data.id}`;
    expect(await available(m.client, walletId)).toBe(afterProbe - Number(conversion!.from_amount));
    expect(before).toBeGreaterThan(afterProbe);
  });

  it('POST /collections/{id}/refunds reserved its refund, then died before the rail: the pass finishes the refund; refunded once; the retry answers it', async () => {
    const m = await service.createMerchant('finisher refund');
    const collection = await settledCollection(service, m.client, { amount: 9_000, currency: 'KES', rail: 'card', ...succeeding_payer.card });
    const probe = randomUUID();
    const probed = await m.client.POST('/collections/{id}/refunds', { params: { path: { id: collection.id }, header: { 'Idempotency-Key': probe } }, body: { amount: 100 } as never });
    expect(probed.response.status, JSON.stringify(probed.error)).toBe(200);
    const body = { amount: 2_000 };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body), request: body });
    await reserveRefund(service.runtime.jobDeps, {
      refundId: claim.resourceId, merchantId: m.merchantId, collectionId: collection.id, request: body as never, idempotency: { scopeId: m.merchantId, key },
    });
    await service.runtime.idempotency.setRecoveryPoint(service.sql, { merchantId: m.merchantId, key, operation: '', requestSha256: '' }, 'refund_reserved');
    // ...died here, before the rail call.
    expect(await finisherEnds(m.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    expect(await countRows(service.sql, 'transactions', 'id', claim.resourceId)).toBe(1);
    const retried = await m.client.POST('/collections/{id}/refunds', { params: { path: { id: collection.id }, header: { 'Idempotency-Key': key } }, body: body as never });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: claim.resourceId, amount: 2_000 });
    const [refunded] = await service.sql<{ refunded_amount: string }[]>`select refunded_amount from transactions where id = ${collection.id}`;
    expect(Number(refunded!.refunded_amount)).toBeLessThanOrEqual(2_100);
  });

  it('POST /split-rules (keyed) committed its rule, then died before its answer: the pass stores the rule; the retry answers it', async () => {
    const m = await service.createMerchant('finisher rule');
    const body = { name: 'half', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 50 }] };
    const probe = randomUUID();
    const probed = await m.client.POST('/split-rules', { body: body as never, params: { header: { 'Idempotency-Key': probe } } as never });
    expect(probed.response.status, JSON.stringify(probed.error)).toBe(200);
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: m.merchantId, key, operation: await operationOf(service, m.merchantId, probe), requestSha256: requestSha256(body), request: body });
    await createSplitRule({ sql: service.sql }, m.merchantId, body as never, claim.resourceId);
    expect(await finisherEnds(m.merchantId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    const retried = await m.client.POST('/split-rules', { body: body as never, params: { header: { 'Idempotency-Key': key } } as never });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data.id).toBe(claim.resourceId);
    expect(await countRows(service.sql, 'split_rules', 'id', claim.resourceId)).toBe(1);
  });

  it('POST /sandbox/disputes (keyed) died before opening it: the pass forgets the run', async () => {
    const m = await service.createMerchant('finisher dispute');
    const key = randomUUID();
    const body = { transaction_id: randomUUID() };
    await claimFirstRun(service, { merchantId: m.merchantId, key, operation: 'POST /sandbox/disputes /v1/sandbox/disputes', requestSha256: requestSha256(body), request: body });
    expect(await finisherEnds(m.merchantId, key)).toBeUndefined();
  });

  it('POST /escrow-holds/{id}/release (keyed) for a hold that does not exist died before its refusal: the pass forgets the run', async () => {
    const m = await service.createMerchant('finisher release');
    const key = randomUUID();
    const hold = randomUUID();
    await claimFirstRun(service, { merchantId: m.merchantId, key, operation: `POST /escrow-holds/{id}/release /v1/escrow-holds/${hold}/release`, requestSha256: requestSha256(undefined), request: undefined });
    expect(await finisherEnds(m.merchantId, key)).toBeUndefined();
  });
});

describe('partner flows', () => {
  it('a deposit died before its ledger step: the pass forgets the run; nothing credited', async () => {
    const partner = await createTestPartner(service, 'finisher deposit early');
    const wallet = await newWallet(partner.client);
    const probe = randomUUID();
    await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': probe } }, body: { amount: 1, reference: 'probe' } });
    const body = { amount: 7_000, reference: 'top-up' };
    const key = randomUUID();
    await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body), request: body });
    expect(await finisherEnds(partner.partnerId, key)).toBeUndefined();
    expect(await availableOf(partner.client, wallet.id)).toBe(1);
    const retried = await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': key } }, body });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(await availableOf(partner.client, wallet.id)).toBe(7_001);
  });

  it('a deposit whose ledger transfer went through, then died: the pass records it under the claimed id; credited once; the retry answers it', async () => {
    const partner = await createTestPartner(service, 'finisher deposit');
    const wallet = await newWallet(partner.client);
    const probe = randomUUID();
    await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': probe } }, body: { amount: 1, reference: 'probe' } });
    const body = { amount: 7_000, reference: 'top-up' };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body), request: body });
    const row = await getPartnerWallet(service.sql, partner.partnerId, wallet.id);
    await expect(depositIntoPartnerWallet({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: claim.resourceId, wallet: row, request: body, createdAt: claim.startedAt, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await finisherEnds(partner.partnerId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    expect(await countRows(service.sql, 'partner_movements', 'id', claim.resourceId)).toBe(1);
    expect(await availableOf(partner.client, wallet.id)).toBe(7_001);
    const retried = await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': key } }, body });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: claim.resourceId, amount: 7_000 });
    expect(await availableOf(partner.client, wallet.id)).toBe(7_001);
  });

  it('two workers\' passes at once finish a deposit run once: one takes it over, the other skips it', async () => {
    const partner = await createTestPartner(service, 'finisher two workers');
    const wallet = await newWallet(partner.client);
    const probe = randomUUID();
    await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': probe } }, body: { amount: 1, reference: 'probe' } });
    const body = { amount: 5_000, reference: 'twice?' };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body), request: body });
    const row = await getPartnerWallet(service.sql, partner.partnerId, wallet.id);
    await expect(depositIntoPartnerWallet({ sql: service.sql, ledger: service.runtime.ledger }, {
      id: claim.resourceId, wallet: row, request: body, createdAt: claim.startedAt, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    let completed = 0;
    for (let round = 0; round < 200 && (await recordOf(partner.partnerId, key))?.response_status == null; round += 1) {
      const passes = await Promise.all([0, 1].map(() => finishUnfinishedRuns(service.runtime.jobDeps, { idleMs: 0 })));
      completed += passes.reduce((sum, pass) => sum + pass.completed, 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await recordOf(partner.partnerId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    expect(completed).toBe(1);
    expect(await countRows(service.sql, 'partner_movements', 'id', claim.resourceId)).toBe(1);
    expect(await availableOf(partner.client, wallet.id)).toBe(5_001);
  });

  it('a transfer died before its ledger step: the pass forgets the run; nothing moved', async () => {
    const partner = await createTestPartner(service, 'finisher transfer early');
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    await deposit(partner.client, a.id, 8_000);
    const probe = randomUUID();
    await partner.client.POST('/transfers', { body: { fromWalletId: a.id, toWalletId: b.id, amount: 1, reference: 'probe' }, params: { header: { 'X-Idempotency-Key': probe } } });
    const body = { fromWalletId: a.id, toWalletId: b.id, amount: 3_000, reference: 'rent' };
    const key = randomUUID();
    await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body), request: body });
    expect(await finisherEnds(partner.partnerId, key)).toBeUndefined();
    expect(await availableOf(partner.client, a.id)).toBe(8_000 - 1);
    expect(await availableOf(partner.client, b.id)).toBe(1);
  });

  it('a cross-currency transfer at a rate lock whose conversion went through, then died: the pass records it; converted once; the lock spent by it', async () => {
    const partner = await createTestPartner(service, 'finisher fx transfer');
    const kes = await newWallet(partner.client, 'KES');
    const ngn = await newWallet(partner.client, 'NGN');
    await deposit(partner.client, kes.id, 50_000);
    const probe = randomUUID();
    const spare = await newWallet(partner.client, 'KES');
    await partner.client.POST('/transfers', { body: { fromWalletId: kes.id, toWalletId: spare.id, amount: 1, reference: 'probe' }, params: { header: { 'X-Idempotency-Key': probe } } });
    const rateLock = (await partner.client.POST('/fx/rate-locks', { body: { baseCurrency: 'KES', quoteCurrency: 'NGN' } })).data!.data;
    const body = { fromWalletId: kes.id, toWalletId: ngn.id, amount: 12_345, reference: 'fx', fxRateLockId: rateLock.id };
    const key = randomUUID();
    const claim = await claimFirstRun(service, { merchantId: partner.partnerId, key, operation: await operationOf(service, partner.partnerId, probe), requestSha256: requestSha256(body), request: body });
    const [from, to] = await Promise.all([kes.id, ngn.id].map((id) => getPartnerWallet(service.sql, partner.partnerId, id)));
    await expect(transferBetweenPartnerWallets({ sql: service.sql, ledger: service.runtime.ledger, now: Date.now }, {
      id: claim.resourceId, from: from!, to: to!, request: body, createdAt: claim.startedAt, commitWrites: crashAtCommit,
    })).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await countRows(service.sql, 'partner_movements', 'id', claim.resourceId)).toBe(0);
    expect(await finisherEnds(partner.partnerId, key)).toMatchObject({ recovery_point: 'finished', response_status: 200 });
    const [movement] = await service.sql<{ to_amount: string; fx_rate_lock_id: string }[]>`select to_amount, fx_rate_lock_id from partner_movements where id = ${claim.resourceId}`;
    expect(movement!.fx_rate_lock_id).toBe(rateLock.id);
    expect(await availableOf(partner.client, kes.id)).toBe(50_000 - 1 - 12_345);
    expect(await availableOf(partner.client, ngn.id)).toBe(Number(movement!.to_amount));
    const retried = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
    expect(retried.data!.data).toMatchObject({ id: claim.resourceId, toAmount: Number(movement!.to_amount), fxRateLockId: rateLock.id });
    expect(await availableOf(partner.client, kes.id)).toBe(50_000 - 1 - 12_345);
  });
});
