// The collection's final write is one statement (src/db/single-statement-commit.ts) and its row is
// built in JavaScript before sending (pendingTransactionRow): here the built row, its event and
// the stored response are compared with what the database holds, and the statement is shown to be
// all-or-nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitInOneStatement } from '../../src/db/single-statement-commit.ts';
import { eventsOf } from '../../src/domain/events.ts';
import { pendingTransactionRow, toTransactionResource, transactionInsert, type TransactionRow } from '../../src/collections/transactions.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, insertSubMerchant } from './helpers.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await service.sql`create table one_statement_probe (id int primary key)`;
});
afterAll(async () => { await service?.close(); });

async function storedRow(id: string): Promise<TransactionRow> {
  const [row] = await service.sql<TransactionRow[]>`select * from transactions where id = ${id}`;
  return row!;
}

async function probeIds(): Promise<number[]> {
  return (await service.sql<{ id: number }[]>`select id from one_statement_probe order by id`).map((r) => r.id);
}

const probeInsert = (id: number) => service.sql`insert into one_statement_probe (id) values (${id}) returning 1`;

describe('the built row', () => {
  it('equals the stored row field by field, with every optional field set', async () => {
    const subMerchantId = await insertSubMerchant(service.sql, service.merchantId);
    const row = pendingTransactionRow({
      id: randomUUID(), merchantId: service.merchantId, subMerchantId, type: 'collection', rail: 'card', amount: 9_007_199,
      currency: 'NGN', parentTransactionId: null, providerReference: `CARD-${randomUUID()}`, reference: 'order 42',
      actionUrl: 'https://sandbox.example/challenge/1', ussdCode: null, metadata: { order: '42', note: 'é ✓' },
      holdInEscrow: true, refundReason: null, checkoutSessionId: randomUUID(),
    }, new Date('2026-11-22T10:11:12.345Z'));
    await commitInOneStatement(service.sql, [{ name: 'row', statement: transactionInsert(service.sql, row), expectOneRow: true }]);
    expect(await storedRow(row.id)).toEqual(row);
  });

  it('equals the stored row with the optional fields empty', async () => {
    const row = pendingTransactionRow({
      id: randomUUID(), merchantId: service.merchantId, subMerchantId: null, type: 'collection', rail: 'ussd', amount: 1,
      currency: 'KES', parentTransactionId: null, providerReference: null, reference: null, actionUrl: null,
      ussdCode: '*483*1#', metadata: null, holdInEscrow: false, refundReason: null, checkoutSessionId: null,
    }, new Date('2026-01-01T00:00:00.000Z'));
    await commitInOneStatement(service.sql, [{ name: 'row', statement: transactionInsert(service.sql, row), expectOneRow: true }]);
    expect(await storedRow(row.id)).toEqual(row);
  });

  it('through the API: the response, a later read, the stored row and the pending event agree', async () => {
    const before = await service.sql<{ now: Date }[]>`select now()::timestamptz(3) as now`;
    const created = await collect(service.client, {
      amount: 2_500, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'inv-7',
      metadata: { cart: 'c-1' }, hold_in_escrow: true,
    });
    expect(created.response.status).toBe(200);
    const resource = created.data!.data;
    const read = await service.client.GET('/collections/{id}', { params: { path: { id: resource.id } } });
    expect(read.data!.data).toEqual(resource);
    const row = await storedRow(resource.id);
    expect(toTransactionResource(row)).toEqual(resource);
    expect(row.hold_in_escrow).toBe(true);
    // created_at is the database's clock at the claim, never before the request arrived.
    expect(row.created_at.getTime()).toBeGreaterThanOrEqual(before[0]!.now.getTime());
    const events = await eventsOf(service.sql, resource.id);
    expect(events.map((e) => [e.type, e.data])).toEqual([['transaction.pending', {
      transaction_id: resource.id, merchant_id: service.merchantId, amount: 2_500, currency: 'KES', status: 'pending',
      occurred_at: resource.updated_at,
    }]]);
  });
});

describe('commitInOneStatement', () => {
  it('writes every part in one statement', async () => {
    await commitInOneStatement(service.sql, [
      { name: 'first', statement: probeInsert(1), expectOneRow: true },
      { name: 'second', statement: probeInsert(2), expectOneRow: true },
      { name: 'touches nothing, allowed', statement: service.sql`delete from one_statement_probe where id = -1 returning 1`, expectOneRow: false },
    ]);
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('writes nothing when a part must touch one row and touches none', async () => {
    const failed = await commitInOneStatement(service.sql, [
      { name: 'first', statement: probeInsert(3), expectOneRow: true },
      { name: 'the missing record', statement: service.sql`update one_statement_probe set id = id where id = -1 returning 1`, expectOneRow: true },
    ]).catch((error: unknown) => error);
    expect(String(failed)).toMatch(/one-statement commit: the missing record wrote 0 rows, expected 1/);
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('writes nothing when a part fails on a constraint', async () => {
    const failed = await commitInOneStatement(service.sql, [
      { name: 'new', statement: probeInsert(4), expectOneRow: true },
      { name: 'duplicate', statement: probeInsert(1), expectOneRow: true },
    ]).catch((error: unknown) => error);
    expect((failed as { code?: string }).code).toBe('23505');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('does nothing for no writes', async () => {
    await commitInOneStatement(service.sql, []);
    expect(await probeIds()).toEqual([1, 2]);
  });
});
