// Wallets through the SDK against the real server: GET /wallets (owner_id, cursor, limit),
// GET /wallets/{id}/balance and the statement GET /wallets/{id}/entries, every figure read from
// the ledger. Money reaches sub-merchants' wallets through split rules (another issue); here it
// is credited to them through the ledger as a split would (a settlement leg of their own).
import { randomUUID } from 'node:crypto';
import { paginate } from '@payagg/sdk';
import { idFromUuid } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWallet } from '../../src/wallets/wallets.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { deliverAll, expectLedgerInvariants, refund, settledCollection, succeeding_payer, walletBalance } from '../collections/helpers.ts';
import { newSubMerchant } from '../sub-merchants/helpers.ts';
import { cancelRefund, reserveRefund, settleCollection } from '../../src/collections/ledger-collections.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { releaseEscrow, returnEscrow } from '../../src/collections/splits/ledger-splits.ts';

let service: TestService;
let other: Awaited<ReturnType<TestService['createMerchant']>>;
let seller: string;
let rider: string;
let collectionId: string;
let refundId: string;
let escrowedId: string;

type Entry = {
  id: string; wallet_id: string; type: string; phase: string; direction: 'credit' | 'debit'; amount: number; currency: string;
  available_balance_after: number; pending_balance_after: number; transaction_id: string | null; payout_id: string | null;
  fx_conversion_id: string | null; hold_id: string | null; created_at: string;
};

async function walletsOf(client = service.client, query: Record<string, unknown> = {}) {
  const page = await client.GET('/wallets', { params: { query } });
  expect(page.response.status).toBe(200);
  return page.data!;
}

async function walletId(ownerId: string, currency: string): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`select id from wallets where owner_id = ${ownerId} and currency = ${currency}`;
  return row!.id;
}

async function entriesOf(id: string, query: { cursor?: string; limit?: number } = {}) {
  return await service.client.GET('/wallets/{id}/entries', { params: { path: { id }, query } });
}

async function allEntries(id: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  for await (const entry of paginate(service.client, '/wallets/{id}/entries', { params: { path: { id }, query: { limit: 2 } } })) entries.push(entry as Entry);
  return entries;
}

/** A split-style credit of a sub-merchant's wallet, optionally held in escrow. Returns the collection id. */
async function credit(ownerId: string, amount: number, currency: string, escrow = false): Promise<string> {
  const wallet = await ensureWallet(service.sql, service.runtime.ledger, { merchantId: service.merchantId, ownerType: 'sub_merchant', ownerId, currency });
  const id = randomUUID();
  const settled = await settleCollection(service.runtime.ledger, {
    collectionId: id, currency, amount: BigInt(amount), legs: [{ accountId: wallet.accountId, amount: BigInt(amount), escrow }],
  });
  expect(settled.ok).toBe(true);
  return id;
}

beforeAll(async () => {
  service = await startTestService();
  other = await service.createMerchant('Other Platform');
  // The merchant's KES wallet: a collection, then a partial refund (reserved, then sent).
  collectionId = (await settledCollection(service, service.client, { amount: 150_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money })).id;
  const refunded = await refund(service.client, collectionId, { amount: 40_000, reason: 'one item returned' });
  expect(refunded.response.status).toBe(200);
  refundId = refunded.data!.data.id;
  await deliverAll(service);
  // Its NGN wallet: a collection held in escrow.
  escrowedId = (await settledCollection(service, service.client, { amount: 90_000, currency: 'NGN', rail: 'card', ...succeeding_payer.card, hold_in_escrow: true })).id;
  // Sub-merchants' wallets.
  seller = await newSubMerchant(service.client, { display_name: 'Seller' });
  rider = await newSubMerchant(service.client, { display_name: 'Rider' });
  await credit(seller, 25_000, 'KES');
  await credit(rider, 7_000, 'KES', true);
  await credit(seller, 3_000, 'GHS');
  // The other merchant's own wallet.
  await settledCollection(service, other.client, { amount: 1_000, currency: 'KES', rail: 'qr' });
});
afterAll(async () => {
  await service?.close();
});

describe('GET /wallets', () => {
  it('lists the merchant\'s wallets (one per currency) and its sub-merchants\', newest first, with ledger balances', async () => {
    const page = await walletsOf();
    const rows = page.data.map((w) => [w.owner_type, w.owner_id, w.currency, w.available_balance, w.pending_balance]);
    expect(rows).toEqual([
      ['sub_merchant', seller, 'GHS', 3_000, 0],
      ['sub_merchant', rider, 'KES', 0, 7_000],
      ['sub_merchant', seller, 'KES', 25_000, 0],
      ['merchant', service.merchantId, 'NGN', 0, 90_000],
      ['merchant', service.merchantId, 'KES', 110_000, 0],
    ]);
    expect(page.meta.next_cursor).toBeNull();
    for (const wallet of page.data) {
      const ledger = await walletBalance(service, wallet.owner_id, wallet.currency);
      expect([wallet.available_balance, wallet.pending_balance]).toEqual([Number(ledger.available), Number(ledger.pending)]);
    }
    await expectLedgerInvariants(service);
  });

  it('filters by owner_id; an owner that is not the merchant\'s gives nothing', async () => {
    expect((await walletsOf(service.client, { owner_id: seller })).data.map((w) => w.currency)).toEqual(['GHS', 'KES']);
    expect((await walletsOf(service.client, { owner_id: service.merchantId })).data.map((w) => w.currency)).toEqual(['NGN', 'KES']);
    expect((await walletsOf(service.client, { owner_id: other.merchantId })).data).toEqual([]);
    expect((await walletsOf(service.client, { owner_id: randomUUID() })).data).toEqual([]);
    expect((await service.client.GET('/wallets', { params: { query: { owner_id: 'me' } } })).response.status).toBe(422);
  });

  it('pages with cursor and limit; another merchant sees only its own wallet', async () => {
    const ids: string[] = [];
    for await (const wallet of paginate(service.client, '/wallets', { params: { query: { limit: 2 } } })) ids.push(wallet.id);
    expect(ids).toEqual((await walletsOf()).data.map((w) => w.id));
    const first = await walletsOf(service.client, { limit: 2 });
    expect(first.data).toHaveLength(2);
    const second = await walletsOf(service.client, { limit: 2, cursor: first.meta.next_cursor });
    expect(second.data.map((w) => w.id)).toEqual(ids.slice(2, 4));
    expect((await walletsOf(other.client)).data.map((w) => [w.owner_id, w.available_balance])).toEqual([[other.merchantId, 1_000]]);
  });

  it('a payout-only key may read wallets (what a payout operator needs)', async () => {
    const payoutOnly = service.clientFor(await service.createKey({ scopes: ['payout_only'] }));
    expect((await payoutOnly.GET('/wallets', { params: { query: {} } })).response.status).toBe(200);
  });
});

describe('GET /wallets/{id}/balance', () => {
  it('returns the wallet with balances from the ledger and updated_at at its last movement', async () => {
    const id = await walletId(service.merchantId, 'KES');
    const read = await service.client.GET('/wallets/{id}/balance', { params: { path: { id } } });
    expect(read.data!.data).toEqual({
      id, owner_type: 'merchant', owner_id: service.merchantId, currency: 'KES', available_balance: 110_000, pending_balance: 0, updated_at: expect.any(String),
    });
    const [newest] = (await entriesOf(id, { limit: 1 })).data!.data;
    expect(read.data!.data.updated_at).toBe(newest!.created_at);
  });

  it('moves with the ledger at once: no copy to drift', async () => {
    const id = await walletId(seller, 'KES');
    await credit(seller, 1_234, 'KES');
    expect((await service.client.GET('/wallets/{id}/balance', { params: { path: { id } } })).data!.data.available_balance).toBe(26_234);
  });

  it('another merchant\'s wallet and an unknown id are 404; a malformed id is 422', async () => {
    const id = await walletId(service.merchantId, 'KES');
    const foreign = await other.client.GET('/wallets/{id}/balance', { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await service.client.GET('/wallets/{id}/balance', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    expect((await service.client.GET('/wallets/{id}/balance', { params: { path: { id: '123' } } })).response.status).toBe(422);
  });
});

describe('GET /wallets/{id}/entries', () => {
  it('is the wallet\'s statement: each movement with its phase, the balances after it and what it belongs to', async () => {
    const id = await walletId(service.merchantId, 'KES');
    const entries = await allEntries(id);
    expect(entries.map((e) => [e.type, e.phase, e.direction, e.amount, e.available_balance_after, e.pending_balance_after])).toEqual([
      ['refund', 'hold_posted', 'debit', 40_000, 110_000, 0],
      ['refund', 'held', 'debit', 40_000, 110_000, 0],
      ['collection', 'posted', 'credit', 150_000, 150_000, 0],
    ]);
    expect(entries.map((e) => e.transaction_id)).toEqual([refundId, refundId, collectionId]);
    expect(entries[0]!.hold_id).toBe(entries[1]!.id);
    expect(entries[1]!.hold_id).toBe(entries[1]!.id);
    expect(entries[2]!.hold_id).toBeNull();
    expect(entries.every((e) => e.wallet_id === id && e.currency === 'KES' && e.payout_id === null && e.fx_conversion_id === null)).toBe(true);
    expect(entries[2]!.id).toBe(idFromUuid(collectionId, 0).toString(16).padStart(32, '0'));
    const times = entries.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('an escrow hold and its release: pending, then available', async () => {
    const id = await walletId(service.merchantId, 'NGN');
    expect((await allEntries(id)).map((e) => [e.type, e.phase, e.available_balance_after, e.pending_balance_after, e.transaction_id])).toEqual([
      ['escrow', 'held', 0, 90_000, escrowedId],
    ]);
    expect((await releaseEscrow(service.runtime.ledger, idFromUuid(escrowedId, 0))).ok).toBe(true);
    const after = await allEntries(id);
    expect(after.map((e) => [e.type, e.phase, e.direction, e.available_balance_after, e.pending_balance_after])).toEqual([
      ['escrow', 'hold_posted', 'credit', 90_000, 0],
      ['escrow', 'held', 'credit', 0, 90_000],
    ]);
    expect(after[0]!.hold_id).toBe(after[1]!.id);
  });

  it('each entry\'s balances follow from the previous one\'s by its amount, and the newest equal the wallet\'s', async () => {
    // A busier wallet: credits, escrow holds released and returned, refund reservations.
    const owner = await newSubMerchant(service.client, { display_name: 'Busy Seller' });
    const held: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      await credit(owner, 1_000 * i, 'KES');
      held.push(await credit(owner, 100 * i, 'KES', true));
    }
    await releaseEscrow(service.runtime.ledger, idFromUuid(held[0]!, 0));
    await returnEscrow(service.runtime.ledger, idFromUuid(held[1]!, 0));
    const accountId = walletAccountId(owner, 'KES');
    const refundHold = randomUUID();
    expect((await reserveRefund(service.runtime.ledger, { refundId: refundHold, walletAccountId: accountId, currency: 'KES', amount: 2_500n })).ok).toBe(true);
    await cancelRefund(service.runtime.ledger, refundHold);
    const id = await walletId(owner, 'KES');
    const entries = (await allEntries(id)).reverse();
    let available = 0;
    let pending = 0;
    for (const e of entries) {
      const signed = e.direction === 'credit' ? e.amount : -e.amount;
      if (e.phase === 'posted') available += signed;
      if (e.phase === 'held') (e.direction === 'credit' ? (pending += e.amount) : (available -= e.amount));
      if (e.phase === 'hold_posted' && e.direction === 'credit') { pending -= e.amount; available += e.amount; }
      if (e.phase === 'hold_voided') (e.direction === 'credit' ? (pending -= e.amount) : (available += e.amount));
      expect([e.available_balance_after, e.pending_balance_after], JSON.stringify(e)).toEqual([available, pending]);
    }
    expect(entries).toHaveLength(6 + 6 + 2 + 2);
    const wallet = (await service.client.GET('/wallets/{id}/balance', { params: { path: { id } } })).data!.data;
    expect([wallet.available_balance, wallet.pending_balance]).toEqual([available, pending]);
  });

  it('pages newest first by cursor: every entry once; a cursor of another wallet or altered is 422; limits are clamped', async () => {
    const owner = await newSubMerchant(service.client, { display_name: 'Pager' });
    for (let i = 1; i <= 7; i += 1) await credit(owner, i, 'KES');
    const id = await walletId(owner, 'KES');
    const first = await entriesOf(id, { limit: 3 });
    expect(first.data!.data.map((e) => e.amount)).toEqual([7, 6, 5]);
    const second = await entriesOf(id, { limit: 3, cursor: first.data!.meta.next_cursor! });
    expect(second.data!.data.map((e) => e.amount)).toEqual([4, 3, 2]);
    const third = await entriesOf(id, { limit: 3, cursor: second.data!.meta.next_cursor! });
    expect(third.data!.data.map((e) => e.amount)).toEqual([1]);
    expect(third.data!.meta.next_cursor).toBeNull();
    expect((await entriesOf(id, { limit: 7 })).data!.meta.next_cursor).toBeNull();
    expect((await entriesOf(id, { limit: 0 })).data!.data).toHaveLength(1);
    expect((await entriesOf(id, { limit: 500 })).data!.data).toHaveLength(7);

    const elsewhere = await entriesOf(await walletId(seller, 'KES'), { cursor: first.data!.meta.next_cursor! });
    expect(elsewhere.response.status).toBe(422);
    expect(elsewhere.error!.error.details).toMatchObject({ fields: [{ field: 'query.cursor' }] });
    const cursor = first.data!.meta.next_cursor!;
    const altered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await entriesOf(id, { cursor: altered })).response.status).toBe(422);
    const listCursor = (await walletsOf(service.client, { limit: 1 })).meta.next_cursor!;
    expect((await entriesOf(id, { cursor: listCursor })).response.status).toBe(422);
  });

  it('another merchant\'s wallet is 404; a wallet without movements has an empty statement', async () => {
    const id = await walletId(service.merchantId, 'KES');
    expect((await other.client.GET('/wallets/{id}/entries', { params: { path: { id } } })).response.status).toBe(404);
    expect((await service.client.GET('/wallets/{id}/entries', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    const quiet = await newSubMerchant(service.client, { display_name: 'Quiet' });
    await ensureWallet(service.sql, service.runtime.ledger, { merchantId: service.merchantId, ownerType: 'sub_merchant', ownerId: quiet, currency: 'UGX' });
    const empty = await entriesOf(await walletId(quiet, 'UGX'));
    expect(empty.data).toMatchObject({ data: [], meta: { next_cursor: null } });
  });
});

describe('balances past Number.MAX_SAFE_INTEGER', () => {
  it('are exact JSON integers, never rounded and never an error', async () => {
    // Response validation parses with JS numbers; the body's text is what is checked here.
    const big = await startTestService({ env: { VALIDATE_RESPONSES: 'false' } });
    try {
      const max = BigInt(Number.MAX_SAFE_INTEGER);
      const wallet = await ensureWallet(big.sql, big.runtime.ledger, { merchantId: big.merchantId, ownerType: 'merchant', ownerId: big.merchantId, currency: 'KES' });
      for (const amount of [max, max, 7n]) {
        const settled = await settleCollection(big.runtime.ledger, { collectionId: randomUUID(), currency: 'KES', amount, legs: [{ accountId: wallet.accountId, amount, escrow: false }] });
        expect(settled.ok).toBe(true);
      }
      const read = await rawRequest(`${big.baseUrl}/wallets/${wallet.walletId}/balance`, { headers: signedHeaders(big.key) });
      expect(read.status).toBe(200);
      expect(read.text).toContain(`"available_balance":${2n * max + 7n}`);
      const listed = await rawRequest(`${big.baseUrl}/wallets`, { headers: signedHeaders(big.key) });
      expect(listed.text).toContain(`"available_balance":${2n * max + 7n}`);
      const entries = await rawRequest(`${big.baseUrl}/wallets/${wallet.walletId}/entries`, { headers: signedHeaders(big.key) });
      expect(entries.status).toBe(200);
      expect(entries.text).toContain(`"amount":7,`);
      expect(entries.text).toContain(`"available_balance_after":${2n * max + 7n}`);
      expect(entries.text).toContain(`"available_balance_after":${2n * max},`);
      expect(entries.text).toContain(`"available_balance_after":${max},`);
    } finally {
      await big.close();
    }
  }, 90_000);
});
