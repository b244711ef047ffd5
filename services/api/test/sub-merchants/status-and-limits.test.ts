// What a sub-merchant may do: suspend and reactivate (API and CLI) and their effect on
// collections (403 COMPLIANCE_HOLD, direct and hosted checkout), the KYC tiers' limits on
// collections attributed to it (tier_1's until verified; configurable), and who may be paid out.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusal } from '../../src/domain/outcomes.ts';
import { assertOwnerMayBePaidOut } from '../../src/sub-merchants/sub-merchants.ts';
import { ensureWallet } from '../../src/wallets/wallets.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { collect, deliverAll, succeeding_payer } from '../collections/helpers.ts';
import { createSession, payerClient } from '../checkout/checkout-helpers.ts';
import { newSubMerchant, runCli, runJobs, subMerchantOf } from './helpers.ts';
import { settleCollection } from '../../src/collections/ledger-collections.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { SANDBOX_KYC_DELAY_MS: '0' } });
});
afterAll(async () => {
  await service?.close();
});

const kes = (major: number) => major * 100;

async function collectFor(subMerchantId: string, amount: number, currency = 'KES') {
  return await collect(service.client, { amount, currency, rail: 'mobile_money', ...succeeding_payer.mobile_money, sub_merchant_id: subMerchantId });
}

async function statusHistory(id: string) {
  return await service.sql<{ from_status: string; to_status: string; reason: string | null; actor: string }[]>`
    select from_status, to_status, reason, actor from sub_merchant_status_changes where sub_merchant_id = ${id} order by id`;
}

/** Money credited to a sub-merchant's wallet as the split rules would (a settlement leg of its own). */
async function creditSubMerchant(id: string, amount: number, currency = 'KES'): Promise<void> {
  const wallet = await ensureWallet(service.sql, service.runtime.ledger, { merchantId: service.merchantId, ownerType: 'sub_merchant', ownerId: id, currency });
  const settled = await settleCollection(service.runtime.ledger, {
    collectionId: randomUUID(), currency, amount: BigInt(amount), legs: [{ accountId: wallet.accountId, amount: BigInt(amount), escrow: false }],
  });
  expect(settled.ok).toBe(true);
}

describe('suspend and reactivate', () => {
  it('suspending holds its collections (direct and checkout pay) with 403 COMPLIANCE_HOLD; reactivating lifts it', async () => {
    const id = await newSubMerchant(service.client);
    const session = await createSession(service.client, { sub_merchant_id: id });
    const suspended = await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } }, body: { reason: 'chargebacks' } });
    expect(suspended.response.status).toBe(200);
    expect(suspended.data!.data).toMatchObject({ id, status: 'suspended', kyc_status: 'pending' });
    expect((await subMerchantOf(service.client, id)).status).toBe('suspended');

    const direct = await collectFor(id, kes(100));
    expect(direct.response.status).toBe(403);
    expect(direct.error!.error.code).toBe('COMPLIANCE_HOLD');
    const paid = await payerClient(service, session.client_token).POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: session.id }, header: { 'Idempotency-Key': randomUUID() } },
      body: { rail: 'mobile_money', ...succeeding_payer.mobile_money } as never,
    });
    expect(paid.response.status).toBe(403);
    expect(paid.error!.error.code).toBe('COMPLIANCE_HOLD');
    // A new session naming it may still be created (its pay is what is held), as for a suspended merchant.
    expect((await createSession(service.client, { sub_merchant_id: id })).status).toBe('open');
    expect((await service.sql`select 1 from transactions where sub_merchant_id = ${id}`).length).toBe(0);

    const reactivated = await service.client.POST('/sub-merchants/{id}/reactivate', { params: { path: { id } } });
    expect(reactivated.data!.data.status).toBe('active');
    expect((await collectFor(id, kes(100))).response.status).toBe(200);
    const history = await statusHistory(id);
    expect(history.map((h) => [h.from_status, h.to_status, h.reason])).toEqual([['active', 'suspended', 'chargebacks'], ['suspended', 'active', null]]);
    expect(history[0]!.actor).toBe(`api_key:${service.key.id}`);
  }, 90_000);

  it('is idempotent by state: suspending twice records one change; concurrent suspends record one', async () => {
    const id = await newSubMerchant(service.client);
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } } })));
    expect(answers.map((a) => a.response.status)).toEqual(Array(5).fill(200));
    expect(answers.every((a) => a.data!.data.status === 'suspended')).toBe(true);
    expect(await statusHistory(id)).toHaveLength(1);
    await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } } });
    expect(await statusHistory(id)).toHaveLength(1);
    const active = await newSubMerchant(service.client);
    expect((await service.client.POST('/sub-merchants/{id}/reactivate', { params: { path: { id: active } } })).data!.data.status).toBe('active');
    expect(await statusHistory(active)).toHaveLength(0);
  });

  it('another merchant\'s or an unknown sub-merchant is 404; a bad reason is 422; a read key is 401; nothing changes', async () => {
    const id = await newSubMerchant(service.client);
    const other = await service.createMerchant('Rival');
    const foreign = await other.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    const long = await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } }, body: { reason: 'x'.repeat(501) } });
    expect(long.response.status).toBe(422);
    expect(long.error!.error.details).toMatchObject({ fields: [{ field: 'body.reason' }] });
    const extra = await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id } }, body: { reason: 'ok', until: 'never' } as never });
    expect(extra.response.status).toBe(422);
    const readOnly = service.clientFor(await service.createKey({ scopes: ['read'] }));
    expect((await readOnly.POST('/sub-merchants/{id}/suspend', { params: { path: { id } } })).response.status).toBe(401);
    expect((await subMerchantOf(service.client, id)).status).toBe('active');
    expect(await statusHistory(id)).toHaveLength(0);
  });

  it('the operator CLI suspends and reactivates any merchant\'s sub-merchant, as operator:NAME', async () => {
    const id = await newSubMerchant(service.client);
    const suspended = await runCli(service, ['sub-merchants', 'suspend', id, '--reason', 'court order', '--operator', 'kofi']);
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(JSON.parse(suspended.stdout)).toMatchObject({ id, status: 'suspended', changed: true });
    expect((await collectFor(id, kes(10))).response.status).toBe(403);
    const again = await runCli(service, ['sub-merchants', 'suspend', id]);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'suspended', changed: false });
    const reactivated = await runCli(service, ['sub-merchants', 'reactivate', id, '--operator', 'kofi']);
    expect(JSON.parse(reactivated.stdout)).toMatchObject({ status: 'active', changed: true });
    expect((await statusHistory(id)).map((h) => [h.to_status, h.actor, h.reason])).toEqual([
      ['suspended', 'operator:kofi', 'court order'], ['active', 'operator:kofi', null],
    ]);
    const unknown = await runCli(service, ['sub-merchants', 'suspend', randomUUID()]);
    expect(unknown.code).toBe(1);
    expect((await runCli(service, ['sub-merchants', 'suspend', 'not-a-uuid'])).code).toBe(2);
  }, 90_000);
});

describe('KYC tier limits on collections attributed to a sub-merchant', () => {
  it('until verified, even a tier_2 sub-merchant is held to tier_1\'s single-collection limit (KES 13,000)', async () => {
    const id = await newSubMerchant(service.client, { kyc_tier: 'tier_2', type: 'business' });
    const over = await collectFor(id, kes(13_000) + 1);
    expect(over.response.status).toBe(403);
    expect(over.error!.error.code).toBe('COMPLIANCE_HOLD');
    expect(over.error!.error.message).toMatch(/tier_1 until its KYC \(tier_2\) is verified/);
    expect((await collectFor(id, kes(13_000))).response.status).toBe(200);
    await runJobs(service);
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('verified');
    // Verified: tier_2's limit (KES 1,300,000) applies.
    expect((await collectFor(id, kes(13_000) + 1)).response.status).toBe(200);
    expect((await collectFor(id, kes(1_300_000) + 1)).response.status).toBe(403);
  });

  it('a rejected sub-merchant may still be named on collections, within tier_1\'s limits', async () => {
    const id = await newSubMerchant(service.client, { kyc_tier: 'tier_2', display_name: 'Rejected sandbox_kyc_rejected' });
    await runJobs(service);
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('rejected');
    expect((await collectFor(id, kes(500))).response.status).toBe(200);
    expect((await collectFor(id, kes(13_000) + 1)).response.status).toBe(403);
  });

  it('a collection that would take its wallet past tier_1\'s balance limit (KES 130,000) is refused; up to it is accepted', async () => {
    const id = await newSubMerchant(service.client);
    await creditSubMerchant(id, kes(129_000));
    const over = await collectFor(id, kes(1_000) + 1);
    expect(over.response.status).toBe(403);
    expect(over.error!.error.message).toMatch(/may hold at most 13000000 .* it holds 12900000/);
    expect((await collectFor(id, kes(1_000))).response.status).toBe(200);
    // Another currency has its own limit: the KES balance does not count against NGN.
    expect((await collectFor(id, 100_000, 'NGN')).response.status).toBe(200);
  });

  it('a refused collection creates nothing and binds no key', async () => {
    const id = await newSubMerchant(service.client);
    const key = randomUUID();
    const body = { amount: kes(20_000), currency: 'KES', rail: 'mobile_money' as const, ...succeeding_payer.mobile_money, sub_merchant_id: id };
    expect((await collect(service.client, body, key)).response.status).toBe(403);
    expect((await service.sql`select 1 from transactions where sub_merchant_id = ${id}`).length).toBe(0);
    expect((await service.sql`select 1 from idempotency_keys where key = ${key}`).length).toBe(0);
    await deliverAll(service);
  });

  it('the limits are configurable per tier and currency (KYC_TIER_*), `none` lifting one', async () => {
    const configured = await startTestService({ env: { KYC_TIER_1_COLLECTION_MAX: 'KES:5000,NGN:none', KYC_TIER_1_BALANCE_MAX: 'NGN:none' } });
    try {
      const id = await newSubMerchant(configured.client);
      const collectHere = (amount: number, currency: string) => collect(configured.client, { amount, currency, rail: 'mobile_money', ...succeeding_payer.mobile_money, sub_merchant_id: id });
      expect((await collectHere(5_001, 'KES')).response.status).toBe(403);
      expect((await collectHere(5_000, 'KES')).response.status).toBe(200);
      expect((await collectHere(900_000_000_000, 'NGN')).response.status).toBe(200);
      // Unchanged elsewhere: GHS keeps its default (GHS 1,500).
      expect((await collectHere(150_001, 'GHS')).response.status).toBe(403);
    } finally {
      await configured.close();
    }
  }, 90_000);
});

describe('who may be paid out (for the payouts issue)', () => {
  it('a sub-merchant\'s wallet only once verified and while active; the merchant\'s own always', async () => {
    const outcome = async (ownerType: 'merchant' | 'sub_merchant', ownerId: string) => {
      try {
        await assertOwnerMayBePaidOut(service.sql, { merchant_id: service.merchantId, owner_type: ownerType, owner_id: ownerId });
        return 'may_be_paid_out';
      } catch (error) {
        if (isRefusal(error)) return error.outcome;
        throw error;
      }
    };
    const pending = await newSubMerchant(service.client, { display_name: 'Pending' });
    expect(await outcome('sub_merchant', pending)).toBe('sub_merchant_kyc_not_verified');
    await runJobs(service);
    expect(await outcome('sub_merchant', pending)).toBe('may_be_paid_out');
    await service.client.POST('/sub-merchants/{id}/suspend', { params: { path: { id: pending } } });
    expect(await outcome('sub_merchant', pending)).toBe('sub_merchant_suspended');
    const rejected = await newSubMerchant(service.client, { display_name: 'No sandbox_kyc_rejected' });
    const review = await newSubMerchant(service.client, { display_name: 'Maybe sandbox_kyc_needs_review' });
    await runJobs(service);
    expect(await outcome('sub_merchant', rejected)).toBe('sub_merchant_kyc_not_verified');
    expect(await outcome('sub_merchant', review)).toBe('sub_merchant_kyc_not_verified');
    expect(await outcome('merchant', service.merchantId)).toBe('may_be_paid_out');
  });
});
