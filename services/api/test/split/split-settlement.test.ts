// Split rules and escrow through the SDK against the real app and PostgreSQL: rule validation,
// each rule type's legs, settlement into the recipients' wallets in one chain, escrow holds and
// their release conditions (manual, delivery_confirmation, auto_timeout), racing release and
// return, hold_in_escrow without a rule. After every scenario the ledger's invariants hold.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { releaseDueEscrowHolds } from '../../src/collections/splits/escrow-holds.ts';
import { eventsOf } from '../../src/domain/events.ts';
import { allocate } from '../../src/collections/splits/split-legs.ts';
import { platformOwnerId } from '../../src/collections/splits/split-rules.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, deliverAll, expectLedgerInvariants, settledCollection, walletBalance } from '../collections/helpers.ts';
import { payerClient } from '../checkout/checkout-helpers.ts';
import { releaseEscrow } from '../../src/collections/splits/ledger-splits.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });
afterEach(async () => { await expectLedgerInvariants(service); });

const card = { rail: 'card' as const, payer_card_token: 'tok_sandbox_success' };

async function subMerchant(client: MerchantClient, name = 'Seller'): Promise<string> {
  const created = await client.POST('/sub-merchants', {
    body: { display_name: name, type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  expect(created.response.status).toBe(200);
  return created.data!.data.id;
}

async function rule(client: MerchantClient, body: Record<string, unknown>) {
  return await client.POST('/split-rules', { body: body as never });
}

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details: { fields: { field: string }[] } } }).error.details.fields).map((f) => f.field);
}

async function balances(merchantId: string, owners: Record<string, string>, currency = 'KES') {
  const out: Record<string, { available: bigint; pending: bigint }> = {};
  for (const [name, owner] of Object.entries(owners)) out[name] = await walletBalance(service, owner, currency);
  void merchantId;
  return out;
}

const marketplace = {
  name: 'Marketplace default',
  rule_type: 'percentage',
  recipients: [
    { recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' },
    { recipient_type: 'platform', value: 15 },
    { recipient_type: 'tax', value: 2.5 },
  ],
};

describe('split rules', () => {
  it('creates, reads, lists with the active filter, and deactivates (never edits) a rule', async () => {
    const m = await service.createMerchant('rules');
    const created = await rule(m.client, marketplace);
    expect(created.response.status).toBe(200);
    const r = created.data!.data;
    expect(r).toMatchObject({ rule_type: 'percentage', active: true, currency: null, merchant_id: m.merchantId });
    expect(r.recipients.map((x) => [x.recipient_type, x.recipient_id, x.value, x.escrow, x.escrow_timeout_hours])).toEqual([
      ['sub_merchant', null, 80, true, 72], ['platform', m.merchantId, 15, false, 72], ['tax', m.merchantId, 2.5, false, 72],
    ]);
    const got = await m.client.GET('/split-rules/{id}', { params: { path: { id: r.id } } });
    expect(got.data!.data).toEqual(r);
    const off = await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: r.id } } });
    expect(off.data!.data.active).toBe(false);
    const again = await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: r.id } } });
    expect(again.data!.data).toEqual(off.data!.data);
    const second = (await rule(m.client, { ...marketplace, name: 'Second' })).data!.data;
    const active = await m.client.GET('/split-rules', { params: { query: { active: true } } });
    expect(active.data!.data.map((x) => x.id)).toEqual([second.id]);
    const inactive = await m.client.GET('/split-rules', { params: { query: { active: false } } });
    expect(inactive.data!.data.map((x) => x.id)).toEqual([r.id]);
    const page = await m.client.GET('/split-rules', { params: { query: { limit: 1 } } });
    expect(page.data!.data.map((x) => x.id)).toEqual([second.id]);
    const next = await m.client.GET('/split-rules', { params: { query: { limit: 1, cursor: page.data!.meta.next_cursor! } } });
    expect(next.data!.data.map((x) => x.id)).toEqual([r.id]);
    const other = await service.createMerchant('other');
    expect((await other.client.GET('/split-rules/{id}', { params: { path: { id: r.id } } })).response.status).toBe(404);
  });

  it('refuses rules the schema cannot, naming each field', async () => {
    const m = await service.createMerchant('invalid rules');
    const over = await rule(m.client, { name: 'x', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 60 }, { recipient_type: 'tax', value: 41 }] });
    expect(over.response.status).toBe(422);
    expect(fieldsOf(over.error)).toEqual(['body.recipients']);
    const decimals = await rule(m.client, { name: 'x', rule_type: 'percentage', recipients: [{ recipient_type: 'platform', value: 1.005 }] });
    expect(fieldsOf(decimals.error)).toEqual(['body.recipients[0].value']);
    const unknown = await rule(m.client, { name: 'x', rule_type: 'percentage', recipients: [{ recipient_type: 'sub_merchant', recipient_id: randomUUID(), value: 5 }] });
    expect(fieldsOf(unknown.error)).toEqual(['body.recipients[0].recipient_id']);
    const tiers = await rule(m.client, {
      name: 'x', rule_type: 'tiered', currency: 'KES', recipients: [{ recipient_type: 'platform', value: 10 }],
      tiers: [{ min_amount: 5_000, values: [10, 5] }, { min_amount: 1_000, values: [60.5] }, { min_amount: 9_000, values: [33.333] }],
    });
    expect(tiers.response.status).toBe(422);
    expect(fieldsOf(tiers.error)).toEqual(['body.tiers[0].values', 'body.tiers[1].min_amount', 'body.tiers[2].values[0]']);
    const flatNoCurrency = await rule(m.client, { name: 'x', rule_type: 'flat', recipients: [{ recipient_type: 'platform', value: 100 }] });
    expect(flatNoCurrency.response.status).toBe(422);
    const percentCurrency = await rule(m.client, { name: 'x', rule_type: 'percentage', currency: 'KES', recipients: [{ recipient_type: 'platform', value: 1 }] });
    expect(fieldsOf(percentCurrency.error)).toEqual(['body.currency']);
    expect((await m.client.GET('/split-rules')).data!.data).toEqual([]);
  });
});

describe('applying a rule to a payment', () => {
  it('refuses (422, body.split_rule_id) an unknown, inactive, other-currency, sub-merchant-less or too-flat rule; nothing is created', async () => {
    const m = await service.createMerchant('apply');
    const seller = (await rule(m.client, marketplace)).data!.data;
    const flat = (await rule(m.client, { name: 'fee', rule_type: 'flat', currency: 'KES', recipients: [{ recipient_type: 'platform', value: 5_000 }] })).data!.data;
    const ugx = (await rule(m.client, { name: 'ugx', rule_type: 'flat', currency: 'UGX', recipients: [{ recipient_type: 'platform', value: 5 }] })).data!.data;
    const off = (await rule(m.client, { ...marketplace, name: 'off' })).data!.data;
    await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: off.id } } });
    const sm = await subMerchant(m.client);
    for (const [body, why] of [
      [{ split_rule_id: randomUUID(), sub_merchant_id: sm }, 'unknown'],
      [{ split_rule_id: off.id, sub_merchant_id: sm }, 'inactive'],
      [{ split_rule_id: ugx.id }, 'currency'],
      [{ split_rule_id: seller.id }, 'no sub-merchant'],
      [{ split_rule_id: flat.id, amount: 4_999 }, 'flat larger than the payment'],
    ] as const) {
      const answer = await collect(m.client, { amount: 10_000, currency: 'KES', ...card, ...body } as never);
      expect(answer.response.status, why).toBe(422);
      expect(fieldsOf(answer.error), why).toEqual(['body.split_rule_id']);
    }
    const session = await m.client.POST('/checkout-sessions', {
      body: { amount: 10_000, currency: 'KES', split_rule_id: seller.id }, params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(session.response.status).toBe(422);
    const [counted] = await service.sql<{ count: number }[]>`select count(*)::int as count from transactions where merchant_id = ${m.merchantId}`;
    expect(counted!.count).toBe(0);
  });

  it('percentage: legs by largest remainder into each wallet in one chain; the seller leg held until released by hand', async () => {
    const m = await service.createMerchant('percentage');
    const sm = await subMerchant(m.client);
    const r = (await rule(m.client, marketplace)).data!.data;
    const amount = 10_001;
    const collection = await settledCollection(service, m.client, { amount, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: r.id } as never);
    // 80 % / 15 % / 2.5 % / merchant 2.5 %: 8000.8, 1500.15, 250.025, 250.025 -> 8000+1, 1500, 250, 250.
    const [seller, platform, tax, merchant] = allocate(BigInt(amount), [8000n, 1500n, 250n, 250n]);
    expect([seller, platform, tax, merchant]).toEqual([8001n, 1500n, 250n, 250n]);
    const owners = { seller: sm, platform: platformOwnerId(m.merchantId, 'platform'), tax: platformOwnerId(m.merchantId, 'tax'), merchant: m.merchantId };
    expect(await balances(m.merchantId, owners)).toEqual({
      seller: { available: 0n, pending: seller }, platform: { available: platform, pending: 0n },
      tax: { available: tax, pending: 0n }, merchant: { available: merchant, pending: 0n },
    });
    const holds = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: collection.id } } })).data!.data;
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ recipient_type: 'sub_merchant', recipient_id: sm, amount: 8001, currency: 'KES', status: 'held', release_condition: 'manual', release_at: null });
    const events = (await eventsOf(service.sql, collection.id)).map((e) => e.type);
    expect(events).toEqual(['transaction.pending', 'transaction.success', 'escrow.held']);
    const held = (await eventsOf(service.sql, collection.id))[2]!.data;
    expect(held).toMatchObject({ transaction_id: collection.id, merchant_id: m.merchantId, wallet_id: holds[0]!.wallet_id, escrow_hold_id: holds[0]!.id, amount: 8001, currency: 'KES' });

    const released = await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: holds[0]!.id } } });
    expect(released.response.status).toBe(200);
    expect(released.data!.data.status).toBe('released');
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: seller, pending: 0n });
    const twice = await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: holds[0]!.id } } });
    expect(twice.response.status).toBe(409);
    expect(twice.error!.error.code).toBe('ESCROW_HOLD_NOT_HELD');
    const back = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: holds[0]!.id } } });
    expect(back.response.status).toBe(409);
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: seller, pending: 0n });
    expect((await eventsOf(service.sql, collection.id)).map((e) => e.type).at(-1)).toBe('escrow.released');
    const filtered = await m.client.GET('/escrow-holds', { params: { query: { status: 'held' } } });
    expect(filtered.data!.data).toEqual([]);
    // The webhook bodies (GET /events renders them; the test service validates every response
    // against the spec, so escrow.* data is checked against EscrowEventData).
    const page = await m.client.GET('/events', { params: { query: { resource_id: collection.id } } });
    expect(page.response.status).toBe(200);
    const escrowEvents = page.data!.data.filter((e) => e.type.startsWith('escrow.')).reverse();
    expect(escrowEvents.map((e) => [e.type, (e.data as { escrow_hold_id?: string }).escrow_hold_id, (e.data as { sequence: number }).sequence]))
      .toEqual([['escrow.held', holds[0]!.id, 3], ['escrow.released', holds[0]!.id, 4]]);
  });

  it('a checkout session carries its rule to the pay, which applies it even if the rule is deactivated meanwhile', async () => {
    const m = await service.createMerchant('checkout split');
    const sm = await subMerchant(m.client);
    const r = (await rule(m.client, marketplace)).data!.data;
    const session = await m.client.POST('/checkout-sessions', {
      body: { amount: 2_000, currency: 'KES', sub_merchant_id: sm, split_rule_id: r.id }, params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(session.response.status).toBe(200);
    await m.client.POST('/split-rules/{id}/deactivate', { params: { path: { id: r.id } } });
    const paid = await payerClient(service, session.data!.data.client_token!).POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: session.data!.data.id } }, body: { rail: 'card', payer_card_token: 'tok_sandbox_success' } as never,
    });
    expect(paid.response.status).toBe(200);
    await deliverAll(service);
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 0n, pending: 1_600n });
    expect(await walletBalance(service, platformOwnerId(m.merchantId, 'platform'), 'KES')).toEqual({ available: 300n, pending: 0n });
    expect(await walletBalance(service, platformOwnerId(m.merchantId, 'tax'), 'KES')).toEqual({ available: 50n, pending: 0n });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 50n, pending: 0n });
  });

  it('flat and tiered rules; a fixed sub-merchant recipient', async () => {
    const m = await service.createMerchant('flat tiered');
    const rider = await subMerchant(m.client, 'Rider');
    const flat = (await rule(m.client, { name: 'rider', rule_type: 'flat', currency: 'KES', recipients: [
      { recipient_type: 'sub_merchant', recipient_id: rider, value: 2_000 }, { recipient_type: 'tax', value: 333 },
    ] })).data!.data;
    await settledCollection(service, m.client, { amount: 10_000, currency: 'KES', ...card, split_rule_id: flat.id } as never);
    expect(await walletBalance(service, rider, 'KES')).toEqual({ available: 2_000n, pending: 0n });
    expect(await walletBalance(service, platformOwnerId(m.merchantId, 'tax'), 'KES')).toEqual({ available: 333n, pending: 0n });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 7_667n, pending: 0n });
    // Equal flat legs and amount: the merchant's leg is zero and is not moved.
    await settledCollection(service, m.client, { amount: 2_333, currency: 'KES', ...card, split_rule_id: flat.id } as never);
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 7_667n, pending: 0n });

    const tiered = (await rule(m.client, { name: 'tiers', rule_type: 'tiered', currency: 'KES',
      recipients: [{ recipient_type: 'platform', value: 10 }],
      tiers: [{ min_amount: 50_000, values: [5] }, { min_amount: 100_000, values: [2.5] }] })).data!.data;
    const platform = platformOwnerId(m.merchantId, 'platform');
    await settledCollection(service, m.client, { amount: 49_999, currency: 'KES', ...card, split_rule_id: tiered.id } as never);
    expect((await walletBalance(service, platform, 'KES')).available).toBe(5_000n); // 4999.9 -> 5000 (largest remainder)
    await settledCollection(service, m.client, { amount: 50_000, currency: 'KES', ...card, split_rule_id: tiered.id } as never);
    expect((await walletBalance(service, platform, 'KES')).available).toBe(5_000n + 2_500n);
    await settledCollection(service, m.client, { amount: 100_001, currency: 'KES', ...card, split_rule_id: tiered.id } as never);
    expect((await walletBalance(service, platform, 'KES')).available).toBe(5_000n + 2_500n + 2_500n);
  });
});

describe('escrow release conditions', () => {
  it('hold_in_escrow without a rule holds the merchant leg; return voids it (escrow.returned)', async () => {
    const m = await service.createMerchant('hold');
    const c = await settledCollection(service, m.client, { amount: 7_000, currency: 'KES', ...card, hold_in_escrow: true });
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 7_000n });
    const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c.id } } })).data!.data;
    expect(hold).toMatchObject({ recipient_type: 'merchant', recipient_id: m.merchantId, amount: 7_000, release_condition: 'manual' });
    const got = await m.client.GET('/escrow-holds/{id}', { params: { path: { id: hold!.id } } });
    expect(got.data!.data).toEqual(hold);
    const returned = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold!.id } } });
    expect(returned.data!.data.status).toBe('returned');
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 0n, pending: 0n });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.success', 'escrow.held', 'escrow.returned']);
    expect((await m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold!.id } } })).response.status).toBe(409);
    const other = await service.createMerchant('other hold');
    expect((await other.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold!.id } } })).response.status).toBe(404);
  });

  it('delivery_confirmation releases that payment\'s holds of the condition, once', async () => {
    const m = await service.createMerchant('delivery');
    const sm = await subMerchant(m.client);
    const r = (await rule(m.client, { name: 'd', rule_type: 'percentage', recipients: [
      { recipient_type: 'sub_merchant', value: 90, escrow: true, escrow_release_condition: 'delivery_confirmation' },
      { recipient_type: 'platform', value: 10, escrow: true, escrow_release_condition: 'manual' },
    ] })).data!.data;
    const c = await settledCollection(service, m.client, { amount: 1_000, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: r.id } as never);
    const confirmed = await m.client.POST('/collections/{id}/delivery-confirmation', { params: { path: { id: c.id } } });
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.data!.data.map((h) => [h.release_condition, h.status]).sort()).toEqual([['delivery_confirmation', 'released'], ['manual', 'held']]);
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 900n, pending: 0n });
    expect(await walletBalance(service, platformOwnerId(m.merchantId, 'platform'), 'KES')).toEqual({ available: 0n, pending: 100n });
    const again = await m.client.POST('/collections/{id}/delivery-confirmation', { params: { path: { id: c.id } } });
    expect(again.data!.data.map((h) => h.status).sort()).toEqual(['held', 'released']);
    expect((await eventsOf(service.sql, c.id)).filter((e) => e.type === 'escrow.released')).toHaveLength(1);
    const pending = await collect(m.client, { amount: 1_000, currency: 'KES', rail: 'qr', sub_merchant_id: sm, split_rule_id: r.id } as never);
    const early = await m.client.POST('/collections/{id}/delivery-confirmation', { params: { path: { id: pending.data!.data.id } } });
    expect(early.response.status).toBe(422);
  });

  it('auto_timeout: released by the job after escrow_timeout_hours, exactly once with concurrent workers and after a crashed pass', async () => {
    const m = await service.createMerchant('timeout');
    const sm = await subMerchant(m.client);
    const r = (await rule(m.client, { name: 't', rule_type: 'percentage', escrow_timeout_hours: 24, recipients: [
      { recipient_type: 'sub_merchant', value: 50, escrow: true, escrow_release_condition: 'auto_timeout' },
    ] })).data!.data;
    const c1 = await settledCollection(service, m.client, { amount: 2_000, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: r.id } as never);
    const c2 = await settledCollection(service, m.client, { amount: 4_000, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: r.id } as never);
    const [h1] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c1.id } } })).data!.data;
    const [h2] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c2.id } } })).data!.data;
    const hours = (Date.parse(h1!.release_at!) - Date.parse(h1!.created_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
    // Not due yet: nothing moves.
    const deps = { sql: service.sql, ledger: service.runtime.ledger };
    expect((await releaseDueEscrowHolds(deps)).released).toBe(0);
    await service.sql`update escrow_holds set release_at = now() - interval '1 minute' where id = any(${[h1!.id, h2!.id]}::uuid[])`;
    // A pass that died after the ledger posted h2's hold, before its commit.
    const [row] = await service.sql<{ ledger_pending_id: string }[]>`select ledger_pending_id from escrow_holds where id = ${h2!.id}`;
    expect((await releaseEscrow(service.runtime.ledger, BigInt(row!.ledger_pending_id))).ok).toBe(true);
    // Two workers at once.
    const passes = await Promise.all([releaseDueEscrowHolds(deps), releaseDueEscrowHolds(deps)]);
    expect(passes.reduce((n, p) => n + p.released, 0)).toBe(2);
    expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 3_000n, pending: 0n });
    for (const c of [c1, c2]) expect((await eventsOf(service.sql, c.id)).filter((e) => e.type === 'escrow.released')).toHaveLength(1);
    expect((await releaseDueEscrowHolds(deps)).released).toBe(0);
  });

  it('a return after a release that died before its commit: 409, and the ledger\'s release is recorded', async () => {
    const m = await service.createMerchant('crashed release');
    const c = await settledCollection(service, m.client, { amount: 2_500, currency: 'KES', ...card, hold_in_escrow: true });
    const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c.id } } })).data!.data;
    const [row] = await service.sql<{ ledger_pending_id: string }[]>`select ledger_pending_id from escrow_holds where id = ${hold!.id}`;
    expect((await releaseEscrow(service.runtime.ledger, BigInt(row!.ledger_pending_id))).ok).toBe(true);
    const back = await m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold!.id } } });
    expect(back.response.status).toBe(409);
    expect(back.error!.error.code).toBe('ESCROW_HOLD_NOT_HELD');
    expect((await m.client.GET('/escrow-holds/{id}', { params: { path: { id: hold!.id } } })).data!.data.status).toBe('released');
    expect(await walletBalance(service, m.merchantId, 'KES')).toEqual({ available: 2_500n, pending: 0n });
    expect((await eventsOf(service.sql, c.id)).map((e) => e.type).at(-1)).toBe('escrow.released');
  });

  it('a release racing a return ends in exactly one of them', async () => {
    const m = await service.createMerchant('race');
    for (let i = 0; i < 5; i += 1) {
      const c = await settledCollection(service, m.client, { amount: 1_500, currency: 'KES', ...card, hold_in_escrow: true });
      const [hold] = (await m.client.GET('/escrow-holds', { params: { query: { transaction_id: c.id } } })).data!.data;
      const answers = await Promise.all([
        m.client.POST('/escrow-holds/{id}/release', { params: { path: { id: hold!.id } } }),
        m.client.POST('/escrow-holds/{id}/return', { params: { path: { id: hold!.id } } }),
      ]);
      expect(answers.map((a) => a.response.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.response.status === 200)!.data!.data.status;
      const types = (await eventsOf(service.sql, c.id)).map((e) => e.type).filter((t) => t === 'escrow.released' || t === 'escrow.returned');
      expect(types).toEqual([winner === 'released' ? 'escrow.released' : 'escrow.returned']);
    }
    const balance = await walletBalance(service, m.merchantId, 'KES');
    const released = (await m.client.GET('/escrow-holds', { params: { query: { status: 'released' } } })).data!.data.length;
    expect(balance).toEqual({ available: BigInt(released * 1_500), pending: 0n });
    // The list pages newest first with its cursor; the status filters partition it.
    const all = (await m.client.GET('/escrow-holds')).data!.data;
    expect(all).toHaveLength(5);
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const answer = await m.client.GET('/escrow-holds', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
      paged.push(...answer.data!.data.map((h) => h.id));
      cursor = answer.data!.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(paged).toEqual(all.map((h) => h.id));
    const returned = (await m.client.GET('/escrow-holds', { params: { query: { status: 'returned' } } })).data!.data.length;
    expect(released + returned).toBe(5);
    const bad = await m.client.GET('/escrow-holds', { params: { query: { cursor: 'not-a-cursor' } } });
    expect(bad.response.status).toBe(422);
  });
});

