// Cross-currency transfers between a partner's wallets at a rate the partner locked, through the
// SDK's partner client: the conversion rounds once (down, on the receiving side), both wallets'
// balances and transaction lists agree with it, and each lock converts one transfer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { scaled } from '../fx/helpers.ts';
import { allTransactions, availableOf, createTestPartner, deposit, newWallet, type TestPartner } from './helpers.ts';

let service: TestService;
let partner: TestPartner;
let other: TestPartner;
// A clock that stands still, so a lock expires only when the test moves it.
let clockMs = Date.parse('2026-11-24T01:00:00Z');

beforeAll(async () => {
  service = await startTestService({ now: () => clockMs });
  partner = await createTestPartner(service, 'FX Partner');
  other = await createTestPartner(service, 'Other Partner');
});
afterAll(async () => {
  await service?.close();
});

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details?: { fields?: { field: string }[] } } }).error.details?.fields ?? []).map((f) => f.field);
}

async function lock(client = partner.client, baseCurrency = 'KES', quoteCurrency = 'NGN') {
  const { data, error, response } = await client.POST('/fx/rate-locks', { body: { baseCurrency, quoteCurrency } });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data;
}

describe('cross-currency transfers', () => {
  it('converts at the locked rate, rounding the received amount down once; lists and balances agree', async () => {
    const kes = await newWallet(partner.client, 'KES');
    const ngn = await newWallet(partner.client, 'NGN');
    await deposit(partner.client, kes.id, 100_000);
    const rateLock = await lock();
    expect(rateLock).toMatchObject({ baseCurrency: 'KES', quoteCurrency: 'NGN', used: false });
    const { data, error, response } = await partner.client.POST('/transfers', {
      body: { fromWalletId: kes.id, toWalletId: ngn.id, amount: 12_345, reference: 'fx-1', fxRateLockId: rateLock.id },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    const transfer = data!.data;
    // KES and NGN both have 2 decimals: toAmount = floor(12345 x rate), exactly.
    const expected = (12_345n * scaled(rateLock.lockedRate)) / 10n ** 30n;
    expect(BigInt(transfer.toAmount)).toBe(expected);
    expect(transfer).toMatchObject({ amount: 12_345, currency: 'KES', toCurrency: 'NGN', fxRate: rateLock.lockedRate, fxRateLockId: rateLock.id, status: 'success' });
    expect(await availableOf(partner.client, kes.id)).toBe(100_000 - 12_345);
    expect(await availableOf(partner.client, ngn.id)).toBe(transfer.toAmount);
    const [out] = await allTransactions(partner.client, kes.id);
    expect(out).toMatchObject({ type: 'transfer_out', amount: 12_345, currency: 'KES', balanceAfter: 87_655, operationId: transfer.id, counterpartyAccountNumber: ngn.accountNumber, reference: 'fx-1' });
    const [into] = await allTransactions(partner.client, ngn.id);
    expect(into).toMatchObject({ type: 'transfer_in', amount: transfer.toAmount, currency: 'NGN', balanceAfter: transfer.toAmount, operationId: transfer.id, counterpartyAccountNumber: kes.accountNumber });
    await expectLedgerInvariants(service);

    // The lock is spent: a second transfer with it is refused, nothing moves.
    const again = await partner.client.POST('/transfers', {
      body: { fromWalletId: kes.id, toWalletId: ngn.id, amount: 100, reference: 'fx-2', fxRateLockId: rateLock.id },
    });
    expect(again.response.status).toBe(422);
    expect(fieldsOf(again.error)).toEqual(['body.fxRateLockId']);
    expect(await availableOf(partner.client, kes.id)).toBe(87_655);
  });

  it('two transfers racing for one lock: exactly one converts', async () => {
    const kes = await newWallet(partner.client, 'KES');
    const ngn = await newWallet(partner.client, 'NGN');
    await deposit(partner.client, kes.id, 10_000);
    const rateLock = await lock();
    const results = await Promise.all([1, 2, 3].map((i) => partner.client.POST('/transfers', {
      body: { fromWalletId: kes.id, toWalletId: ngn.id, amount: 1_000, reference: `race-${i}`, fxRateLockId: rateLock.id },
    })));
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 422, 422]);
    expect(await availableOf(partner.client, kes.id)).toBe(9_000);
  });

  it('refuses: no lock for two currencies, a lock for one, another pair, another partner\'s lock, an expired lock, too small an amount; 402 when not covered (the lock stays usable)', async () => {
    const kes = await newWallet(partner.client, 'KES');
    const kes2 = await newWallet(partner.client, 'KES');
    const ngn = await newWallet(partner.client, 'NGN');
    await deposit(partner.client, kes.id, 1_000);
    const post = (body: Record<string, unknown>) => partner.client.POST('/transfers', { body: { reference: 'r', ...body } as never });

    const noLock = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 100 });
    expect(noLock.response.status).toBe(422);
    expect(fieldsOf(noLock.error)).toEqual(['body.toWalletId']);
    const kesNgn = await lock();
    const oneCurrency = await post({ fromWalletId: kes.id, toWalletId: kes2.id, amount: 100, fxRateLockId: kesNgn.id });
    expect(fieldsOf(oneCurrency.error)).toEqual(['body.fxRateLockId']);
    const otherPair = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 100, fxRateLockId: (await lock(partner.client, 'NGN', 'KES')).id });
    expect(otherPair.response.status).toBe(422);
    expect(fieldsOf(otherPair.error)).toEqual(['body.fxRateLockId']);
    const theirs = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 100, fxRateLockId: (await lock(other.client)).id });
    expect(theirs.response.status).toBe(422);
    expect(fieldsOf(theirs.error)).toEqual(['body.fxRateLockId']);
    const unknown = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 100, fxRateLockId: randomUUID() });
    expect(fieldsOf(unknown.error)).toEqual(['body.fxRateLockId']);

    const notCovered = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 1_001, fxRateLockId: kesNgn.id });
    expect(notCovered.response.status).toBe(402);
    expect(notCovered.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    // Nothing moved and the lock was not spent by the refusal.
    const covered = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 1_000, fxRateLockId: kesNgn.id });
    expect(covered.response.status).toBe(200);
    expect(await availableOf(partner.client, kes.id)).toBe(0);

    await deposit(partner.client, ngn.id, 100);
    const tiny = await post({ fromWalletId: ngn.id, toWalletId: kes.id, amount: 1, fxRateLockId: (await lock(partner.client, 'NGN', 'KES')).id });
    expect(tiny.response.status).toBe(422);
    expect(fieldsOf(tiny.error)).toEqual(['body.amount']);

    const expiring = await lock();
    clockMs += 16 * 60 * 1000;
    await deposit(partner.client, kes.id, 500);
    const expired = await post({ fromWalletId: kes.id, toWalletId: ngn.id, amount: 100, fxRateLockId: expiring.id });
    expect(expired.response.status).toBe(422);
    expect(fieldsOf(expired.error)).toEqual(['body.fxRateLockId']);
    const badPair = await partner.client.POST('/fx/rate-locks', { body: { baseCurrency: 'KES', quoteCurrency: 'KES' } });
    expect(badPair.response.status).toBe(422);
    expect(fieldsOf(badPair.error)).toEqual(['body.quoteCurrency']);
    await expectLedgerInvariants(service);
  });
});
