// Merchant statements (issue 25) through the SDK and real HTTP: a wallet's balance at a past
// instant, daily opening/closing balances, credits and debits over a period, the period's CSV
// export (RFC 4180, formula-safe), for the merchant's wallets and its sub-merchants'; and the
// unhappy paths (another merchant's wallet, bad or out-of-range dates) as 404/422 naming the field.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWallet } from '../../src/wallets/wallets.ts';
import { settleCollection } from '../../src/collections/ledger-collections.ts';
import { csvField, statementCsvColumns } from '../../src/wallets/statements.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { newSubMerchant } from '../sub-merchants/helpers.ts';

let service: TestService;
let walletId: string;
let subWalletId: string;
let beforeAnyMs: number;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function statement(id: string, query: Record<string, string>, client = service.client) {
  return await client.GET('/wallets/{id}/statement', { params: { path: { id }, query: query as never } });
}

async function csv(id: string, query: string) {
  return await rawRequest(`${service.baseUrl}/wallets/${id}/statement.csv?${query}`, { headers: signedHeaders(service.key) });
}

beforeAll(async () => {
  service = await startTestService();
  beforeAnyMs = Date.now() - 1;
  const collection = await settledCollection(service, service.client, { amount: 150_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
  expect((await refund(service.client, collection.id, { amount: 40_000, reason: 'returned, "damaged", =SUM(A1)' })).response.status).toBe(200);
  await deliverAll(service);
  const [row] = await service.sql<{ id: string }[]>`select id from wallets where owner_id = ${service.merchantId} and currency = 'KES'`;
  walletId = row!.id;
  const seller = await newSubMerchant(service.client, { display_name: 'Seller' });
  const wallet = await ensureWallet(service.sql, service.runtime.ledger, { merchantId: service.merchantId, ownerType: 'sub_merchant', ownerId: seller, currency: 'KES' });
  subWalletId = wallet.walletId;
  expect((await settleCollection(service.runtime.ledger, { collectionId: randomUUID(), currency: 'KES', amount: 7_000n, legs: [{ accountId: wallet.accountId, amount: 7_000n, escrow: false }] })).ok).toBe(true);
});

afterAll(async () => {
  await service?.close();
});

describe('balance at a past instant', () => {
  it('zero before the first movement, the current balance now', async () => {
    const past = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId }, query: { at: new Date(beforeAnyMs).toISOString() } } });
    expect(past.response.status).toBe(200);
    expect(past.data!.data).toMatchObject({ id: walletId, available_balance: 0, pending_balance: 0, updated_at: new Date(beforeAnyMs).toISOString() });
    const now = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId }, query: { at: new Date().toISOString() } } });
    const current = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId } } });
    expect(now.data!.data.available_balance).toBe(110_000);
    expect(now.data!.data.available_balance).toBe(current.data!.data.available_balance);
  });

  it('an instant in the future or not an instant is 422 naming at', async () => {
    const future = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId }, query: { at: new Date(Date.now() + 3_600_000).toISOString() } } });
    expect(future.response.status).toBe(422);
    expect(JSON.stringify(future.error)).toContain('query.at');
    const garbage = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId }, query: { at: 'yesterday' } } });
    expect(garbage.response.status).toBe(422);
    expect(JSON.stringify(garbage.error)).toContain('at');
  });
});

describe('daily statement', () => {
  it("the merchant's wallet: yesterday empty, today opens at 0 and closes at the balance, credits and debits posted", async () => {
    const read = await statement(walletId, { date_from: yesterday, date_to: today });
    expect(read.response.status).toBe(200);
    expect(read.data!.data).toEqual({
      wallet_id: walletId, currency: 'KES', date_from: yesterday, date_to: today,
      days: [
        { date: yesterday, opening_available: 0, opening_pending: 0, closing_available: 0, closing_pending: 0, credits: 0, debits: 0, entries: 0 },
        // the collection (credit 150000), the refund's hold (held) and its post (debit 40000)
        { date: today, opening_available: 0, opening_pending: 0, closing_available: 110_000, closing_pending: 0, credits: 150_000, debits: 40_000, entries: 3 },
      ],
    });
  });

  it("a sub-merchant's wallet, read by its merchant", async () => {
    const read = await statement(subWalletId, { date_from: today, date_to: today });
    expect(read.data!.data.days).toEqual([{ date: today, opening_available: 0, opening_pending: 0, closing_available: 7_000, closing_pending: 0, credits: 7_000, debits: 0, entries: 1 }]);
  });

  it("another merchant's wallet reads as 404", async () => {
    const other = await service.createMerchant('Other');
    const read = await statement(walletId, { date_from: today, date_to: today }, other.client);
    expect(read.response.status).toBe(404);
  });

  it('bad periods are 422 naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ date_from: today, date_to: yesterday }, 'query.date_from'],
      [{ date_from: '2026-01-01', date_to: '2026-06-01' }, 'query.date_to'],
      [{ date_from: today, date_to: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) }, 'query.date_to'],
      [{ date_from: '2026-02-30', date_to: today }, 'date_from'],
      [{ date_from: today }, 'date_to'],
    ];
    for (const [query, field] of cases) {
      const read = await statement(walletId, query);
      expect(read.response.status, JSON.stringify(query)).toBe(422);
      expect(JSON.stringify(read.error)).toContain(field);
    }
  });
});

describe('CSV export', () => {
  it('RFC 4180 with a header row, one line per movement oldest first, integer minor units', async () => {
    const read = await csv(walletId, `date_from=${yesterday}&date_to=${today}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = read.text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(statementCsvColumns.join(','));
    const rows = lines.slice(1, -1).map((line) => Object.fromEntries(line.split(',').map((cell, i) => [statementCsvColumns[i], cell])));
    expect(rows.map((r) => [r.type, r.phase, r.direction, r.amount, r.available_balance_after])).toEqual([
      ['collection', 'posted', 'credit', '150000', '150000'],
      ['refund', 'held', 'debit', '40000', '110000'],
      ['refund', 'hold_posted', 'debit', '40000', '110000'],
    ]);
    // Same movements as the JSON statement.
    const entries = await service.client.GET('/wallets/{id}/entries', { params: { path: { id: walletId } } });
    expect(rows.map((r) => r.entry_id)).toEqual(entries.data!.data.map((e) => e.id).reverse());
  });

  it('errors stay JSON envelopes', async () => {
    const read = await csv(walletId, `date_from=${today}&date_to=${yesterday}`);
    expect(read.status).toBe(422);
    expect(read.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('fields are quoted per RFC 4180 and never start a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvField(`${start}SUM(A1:A9)`)).toBe(`'${start}SUM(A1:A9)`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField(12345)).toBe('12345');
  });
});
