// Refunds of split payments through the SDK: legs reversed in proportion (largest remainder),
// held legs given back out of their holds, a leg whose wallet cannot cover its part (402, nothing
// moved), a refund the rail fails (every part restored, holds regrown), and a release racing a
// refund. Balances are checked to the minor unit; the ledger's invariants after every scenario.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { eventsOf } from '../../src/domain/events.ts';
import { allocate } from '../../src/collections/splits/split-legs.ts';
import { platformOwnerId } from '../../src/collections/splits/split-rules.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { deliverAll, expectLedgerInvariants, refund, settledCollection, walletBalance } from '../collections/helpers.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { reservePayout } from '../../src/payouts/ledger-payouts.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

async function subMerchant(client: MerchantClient): Promise<string> {
  const created = await client.POST('/sub-merchants', {
    body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  return created.data!.data.id;
}

const marketplace = {
  name: 'Marketplace', rule_type: 'percentage',
  recipients: [
    { recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' },
    { recipient_type: 'platform', value: 15 },
    { recipient_type: 'tax', value: 2.5 },
  ],
};

async function splitPayment(amount: number, token = 'tok_sandbox_success') {
  const m = await service.createMerchant('split refunds');
  const sm = await subMerchant(m.client);
  const r = (await m.client.POST('/split-rules', { body: marketplace as never })).data!.data;
  const collection = await settledCollection(service, m.client, {
    amount, currency: 'KES', rail: 'card', payer_card_token: token, sub_merchant_id: sm, split_rule_id: r.id,
  } as never);
  const owners = [sm, platformOwnerId(m.merchantId, 'platform'), platformOwnerId(m.merchantId, 'tax'), m.merchantId];
  const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: collection.id } } })).data!.data;
  return { ...m, sm, collection, owners, hold: hold! };
}

async function balancesOf(owners: string[]) {
  return await Promise.all(owners.map((owner) => walletBalance(service, owner, 'KES')));
}

describe('refunds of split payments', () => {
  it('reverse the legs in proportion, the held leg out of its hold; a full refund takes every leg back and returns the hold', async () => {
    const p = await splitPayment(10_001);
    const legs = [8001n, 1500n, 250n, 250n];
    const first = await refund(p.client, p.collection.id, { amount: 3_001 });
    expect(first.response.status).toBe(200);
    const parts = allocate(3_001n, legs);
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(3_001n);
    // Reserved: the seller's part left its hold; the others' parts are reserved (not available).
    expect(await balancesOf(p.owners)).toEqual([
      { available: 0n, pending: legs[0]! - parts[0]! },
      { available: legs[1]! - parts[1]!, pending: 0n },
      { available: legs[2]! - parts[2]!, pending: 0n },
      { available: legs[3]! - parts[3]!, pending: 0n },
    ]);
    const held = (await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data;
    expect(held).toMatchObject({ status: 'held', amount: Number(legs[0]! - parts[0]!) });
    await deliverAll(service);
    expect(await balancesOf(p.owners)).toEqual([
      { available: 0n, pending: legs[0]! - parts[0]! },
      { available: legs[1]! - parts[1]!, pending: 0n },
      { available: legs[2]! - parts[2]!, pending: 0n },
      { available: legs[3]! - parts[3]!, pending: 0n },
    ]);
    // The rest: every leg back to zero, the hold taken whole and returned.
    const rest = await refund(p.client, p.collection.id, undefined);
    expect(rest.response.status).toBe(200);
    expect(rest.data!.data.amount).toBe(7_000);
    await deliverAll(service);
    expect(await balancesOf(p.owners)).toEqual(p.owners.map(() => ({ available: 0n, pending: 0n })));
    const after = (await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data;
    expect(after).toMatchObject({ status: 'returned', amount: 0 });
    const read = (await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data;
    expect(read).toMatchObject({ status: 'reversed', refunded_amount: 10_001 });
    expect((await eventsOf(service.sql, p.collection.id)).map((e) => e.type))
      .toEqual(['transaction.pending', 'transaction.success', 'escrow.held', 'escrow.returned', 'transaction.reversed']);
    expect((await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } })).response.status).toBe(409);
  });

  it('a released leg gives its part back from the wallet; a leg whose wallet cannot cover its part is 402 and nothing moves', async () => {
    const p = await splitPayment(10_000);
    await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } });
    // The platform wallet's money is reserved by a payout (a real ledger hold): it cannot cover its part.
    const platformAccount = walletAccountId(p.owners[1]!, 'KES');
    expect((await reservePayout(service.runtime.ledger, { payoutId: randomUUID(), walletAccountId: platformAccount, currency: 'KES', amount: 1_450n })).ok).toBe(true);
    const before = await balancesOf(p.owners);
    const refused = await refund(p.client, p.collection.id, { amount: 1_000 });
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balancesOf(p.owners)).toEqual(before);
    const read = (await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data;
    expect(read.refunded_amount).toBe(0);
    // Small enough for every wallet: the seller's part comes from its available balance.
    const fits = await refund(p.client, p.collection.id, { amount: 100 });
    expect(fits.response.status).toBe(200);
    await deliverAll(service);
    expect(await balancesOf(p.owners)).toEqual([
      { available: 8_000n - 80n, pending: 0n }, { available: 50n - 15n, pending: 0n },
      { available: 250n - 3n, pending: 0n }, { available: 250n - 2n, pending: 0n },
    ]);
  });

  it('a refund the rail fails restores every part: the hold regrows, the wallets get their reservations back', async () => {
    const p = await splitPayment(10_000, 'tok_sandbox_refund_fail');
    const before = await balancesOf(p.owners);
    const created = await refund(p.client, p.collection.id, { amount: 5_000 });
    expect(created.response.status).toBe(200);
    await deliverAll(service);
    const failed = (await p.client.GET('/transactions/{id}', { params: { path: { id: created.data!.data.id } } })).data!.data;
    expect(failed.status).toBe('failed');
    expect(await balancesOf(p.owners)).toEqual(before);
    const hold = (await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data;
    expect(hold).toMatchObject({ status: 'held', amount: 8_000 });
    const read = (await p.client.GET('/collections/{id}', { params: { path: { id: p.collection.id } } })).data!.data;
    expect(read.refunded_amount).toBe(0);
    // The regrown hold releases whole.
    expect((await p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } })).response.status).toBe(200);
    expect((await balancesOf(p.owners))[0]).toEqual({ available: 8_000n, pending: 0n });
  });

  it('a release racing a full refund ends in exactly one for the held money', async () => {
    for (let i = 0; i < 4; i += 1) {
      const p = await splitPayment(4_000);
      const [released, refunded] = await Promise.all([
        p.client.POST('/escrow-holds/{id}/release', { params: { path: { id: p.hold.id } } }),
        refund(p.client, p.collection.id, undefined),
      ]);
      expect(refunded.response.status).toBe(200);
      expect([200, 409]).toContain(released.response.status);
      await deliverAll(service);
      expect(await balancesOf(p.owners)).toEqual(p.owners.map(() => ({ available: 0n, pending: 0n })));
      const hold = (await p.client.GET('/escrow-holds/{id}', { params: { path: { id: p.hold.id } } })).data!.data;
      expect(hold.status).toBe(released.response.status === 200 ? 'released' : 'returned');
      const ends = (await eventsOf(service.sql, p.collection.id)).map((e) => e.type).filter((t) => t === 'escrow.released' || t === 'escrow.returned');
      expect(ends).toEqual([released.response.status === 200 ? 'escrow.released' : 'escrow.returned']);
    }
  });
});
