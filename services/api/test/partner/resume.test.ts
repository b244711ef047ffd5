// A money movement whose ledger transfer went through but whose own write did not (a database
// error after the ledger call: here a trigger that refuses the movement's row once) keeps its
// idempotency record: the retry with the same key resumes with the same id, the ledger answers
// `exists`, and the money has moved exactly once (decision 0299).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { allTransactions, availableOf, createTestPartner, deposit, newWallet, type TestPartner } from './helpers.ts';

let service: TestService;
let partner: TestPartner;

beforeAll(async () => {
  service = await startTestService();
  partner = await createTestPartner(service, 'Resuming Partner');
  // Refuses the row of any movement whose reference is 'fail-once', until the test drops it.
  await service.sql.unsafe(`
    create function refuse_partner_movement() returns trigger language plpgsql as $$
    begin raise exception 'simulated failure after the ledger call'; end $$;
    create trigger refuse_partner_movement before insert on partner_movements
      for each row when (new.reference = 'fail-once') execute function refuse_partner_movement();`);
});
afterAll(async () => {
  await service?.close();
});

describe('a movement that failed after its ledger transfer', () => {
  it('is finished by the retry with its key, and moves the money once', async () => {
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    await deposit(partner.client, a.id, 10_000);
    const key = randomUUID();
    const body = { fromWalletId: a.id, toWalletId: b.id, amount: 4_000, reference: 'fail-once' };
    const failed = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(failed.response.status).toBe(500);
    expect(failed.error!.error.code).toBe('INTERNAL_ERROR');
    // The ledger transfer went through: the balances and the list already show it (without its reference).
    expect(await availableOf(partner.client, a.id)).toBe(6_000);
    expect((await allTransactions(partner.client, a.id))[0]).toMatchObject({ type: 'transfer_out', amount: 4_000, reference: '' });

    await service.sql.unsafe('drop trigger refuse_partner_movement on partner_movements');
    const retried = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(retried.response.status).toBe(200);
    const replay = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(replay.data!.data).toEqual(retried.data!.data);
    expect(await availableOf(partner.client, a.id)).toBe(6_000);
    expect(await availableOf(partner.client, b.id)).toBe(4_000);
    const [row] = await allTransactions(partner.client, a.id);
    expect(row).toMatchObject({ operationId: retried.data!.data.id, reference: 'fail-once', counterpartyAccountNumber: b.accountNumber });
    await expectLedgerInvariants(service);
  });
});
