// Partner withdrawals through the SDK's partner client: destinations tokenized by the partner,
// the money reserved at once (402 when not covered), sent by a job through the sandbox payout
// rail, its outcome delivered later (a job): success posts the reservation, failure gives the
// money back (a withdrawal_reversal row), a transient failure is retried.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/service.ts';
import { expectLedgerInvariants, runJobs, startPayoutService } from '../payouts/helpers.ts';
import { allTransactions, availableOf, createTestPartner, deposit, newWallet, type TestPartner } from './helpers.ts';

let service: TestService;
let partner: TestPartner;
let other: TestPartner;

beforeAll(async () => {
  service = await startPayoutService();
  partner = await createTestPartner(service, 'Withdrawing Partner');
  other = await createTestPartner(service, 'Other Partner');
});
afterAll(async () => {
  await service?.close();
});

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details?: { fields?: { field: string }[] } } }).error.details?.fields ?? []).map((f) => f.field);
}

async function destination(client = partner.client, phone = '+254712346789', currency = 'KES'): Promise<string> {
  const { data, error, response } = await client.POST('/payout-destinations', {
    body: { destinationType: 'mobile_money', country: 'KE', currency, phone },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data.destinationRef;
}

async function withdraw(walletId: string, body: { amount: number; destinationRef: string; reference: string }, key = randomUUID()) {
  return await partner.client.POST('/wallets/{walletId}/withdrawals', {
    params: { path: { walletId }, header: { 'X-Idempotency-Key': key } }, body,
  });
}

async function withdrawalOf(id: string) {
  const read = await partner.client.GET('/withdrawals/{withdrawalId}', { params: { path: { withdrawalId: id } } });
  expect(read.response.status).toBe(200);
  return read.data!.data;
}

describe('payout destinations of a partner', () => {
  it('tokenizes once: the same details give the same destination, a masked label, never the details', async () => {
    const first = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700111222' } });
    const again = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '254700111222' } });
    expect(first.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    expect(first.data!.data).toMatchObject({ destinationType: 'mobile_money', country: 'KE', currency: 'KES', label: '****1222' });
    expect(first.data!.data.destinationRef).toMatch(/^dst_mm_[0-9a-z]{22}$/);
    expect(JSON.stringify(first.data)).not.toContain('700111222');
    // Another partner's same details are another destination.
    const theirs = await other.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700111222' } });
    expect(theirs.data!.data.destinationRef).not.toBe(first.data!.data.destinationRef);
    const missing = await partner.client.POST('/payout-destinations', { body: { destinationType: 'bank', country: 'KE', currency: 'KES' } });
    expect(missing.response.status).toBe(422);
    expect(fieldsOf(missing.error).sort()).toEqual(['body.bankAccountNumber', 'body.bankCode']);
  });
});

describe('withdrawals', () => {
  it('reserves at once, sends through the rail, and posts on success: balance and list agree', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 10_000);
    const ref = await destination();
    const created = await withdraw(wallet.id, { amount: 4_000, destinationRef: ref, reference: 'cash-out-1' });
    expect(created.response.status).toBe(200);
    expect(created.data!.data).toMatchObject({ walletId: wallet.id, amount: 4_000, currency: 'KES', destinationRef: ref, status: 'pending', failureReason: null, reference: 'cash-out-1' });
    // Reserved before any rail answer.
    expect(await availableOf(partner.client, wallet.id)).toBe(6_000);
    await runJobs(service);
    const done = await withdrawalOf(created.data!.data.id);
    expect(done.status).toBe('success');
    expect(await availableOf(partner.client, wallet.id)).toBe(6_000);
    const rows = await allTransactions(partner.client, wallet.id);
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.status, r.reference])).toEqual([
      ['withdrawal', 4_000, 6_000, 'success', 'cash-out-1'],
      ['deposit', 10_000, 10_000, 'success', 'top-up'],
    ]);
    expect(rows[0]!.operationId).toBe(created.data!.data.id);
    await expectLedgerInvariants(service);
  });

  it('a failed withdrawal gives the money back (withdrawal_reversal) and says why', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 5_000);
    const ref = await destination(partner.client, '+254709900001'); // sandbox: invalid_account
    const created = await withdraw(wallet.id, { amount: 5_000, destinationRef: ref, reference: 'to-a-bad-account' });
    expect(created.response.status).toBe(200);
    expect(await availableOf(partner.client, wallet.id)).toBe(0);
    await runJobs(service);
    expect(await withdrawalOf(created.data!.data.id)).toMatchObject({ status: 'failed', failureReason: 'invalid_account' });
    expect(await availableOf(partner.client, wallet.id)).toBe(5_000);
    const rows = await allTransactions(partner.client, wallet.id);
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.status])).toEqual([
      ['withdrawal_reversal', 5_000, 5_000, 'success'],
      ['withdrawal', 5_000, 0, 'failed'],
      ['deposit', 5_000, 5_000, 'success'],
    ]);
    await expectLedgerInvariants(service);
  });

  it('retries a transient failure and then succeeds', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 3_000);
    const ref = await destination(partner.client, '+254709900004'); // sandbox: transient twice, then success
    const created = await withdraw(wallet.id, { amount: 3_000, destinationRef: ref, reference: 'flaky' });
    await runJobs(service);
    expect(await withdrawalOf(created.data!.data.id)).toMatchObject({ status: 'success' });
    expect(await availableOf(partner.client, wallet.id)).toBe(0);
  });

  it('402 INSUFFICIENT_FUNDS when not covered: nothing reserved, no row, no send', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 999);
    const refused = await withdraw(wallet.id, { amount: 1_000, destinationRef: await destination(), reference: 'too much' });
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await availableOf(partner.client, wallet.id)).toBe(999);
    const [count] = await service.sql<{ n: number }[]>`select count(*)::int as n from partner_movements where from_wallet_id = ${wallet.id}`;
    expect(count!.n).toBe(0);
  });

  it('concurrent withdrawals never reserve more than the balance', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 5_000);
    const ref = await destination();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => withdraw(wallet.id, { amount: 1_000, destinationRef: ref, reference: `w${i}` })));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.response.status === 402)).toHaveLength(7);
    expect(await availableOf(partner.client, wallet.id)).toBe(0);
    await runJobs(service);
    await expectLedgerInvariants(service);
  });

  it('replays under its key (reserved once); another body is 409', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 2_000);
    const ref = await destination();
    const key = randomUUID();
    const body = { amount: 700, destinationRef: ref, reference: 'once' };
    const first = await withdraw(wallet.id, body, key);
    const again = await withdraw(wallet.id, body, key);
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    const conflict = await withdraw(wallet.id, { ...body, amount: 701 }, key);
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await availableOf(partner.client, wallet.id)).toBe(1_300);
  });

  it('refuses raw details, another partner\'s destination, another currency (422 naming destinationRef); 404 for another partner\'s wallet and withdrawal', async () => {
    const wallet = await newWallet(partner.client);
    await deposit(partner.client, wallet.id, 2_000);
    const theirsRef = await destination(other.client);
    const ngnRef = await destination(partner.client, '+2348031234567', 'NGN');
    for (const destinationRef of ['+254712345678', theirsRef, ngnRef, 'dst_mm_nope']) {
      const refused = await withdraw(wallet.id, { amount: 100, destinationRef, reference: 'x' });
      expect(refused.response.status, destinationRef).toBe(422);
      expect(fieldsOf(refused.error)).toEqual(['body.destinationRef']);
    }
    const bad = await withdraw(wallet.id, { amount: 0, destinationRef: '', reference: '' });
    expect(fieldsOf(bad.error).sort()).toEqual(['body.amount', 'body.destinationRef', 'body.reference']);
    const theirWallet = await newWallet(other.client);
    const notMine = await withdraw(theirWallet.id, { amount: 100, destinationRef: await destination(), reference: 'x' });
    expect(notMine.response.status).toBe(404);
    const created = await withdraw(wallet.id, { amount: 100, destinationRef: await destination(), reference: 'mine' });
    const peek = await other.client.GET('/withdrawals/{withdrawalId}', { params: { path: { withdrawalId: created.data!.data.id } } });
    expect(peek.response.status).toBe(404);
    expect(await availableOf(partner.client, wallet.id)).toBe(1_900);
  });
});
