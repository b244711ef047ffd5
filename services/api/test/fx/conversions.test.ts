// The conversion module (fx/fx-conversions.ts) against the real ledger and PostgreSQL: the
// amounts rounded once against the payer, the two linked legs through the FX positions (held,
// then posted or voided together; or posted at once), and rate locks consumed in the same
// transaction (used, expired, wrong pair, another merchant's, two uses racing). Cross-currency
// payouts through the API are in test/payouts (they use this module). Ledger invariants after each.
import { randomUUID } from 'node:crypto';
import { AccountFilterFlags, TransferFlags, u128FromUuid, type Ledger } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { write } from '../../src/db/write.ts';
import {
  convertThroughFxPositions, convertWithRateLock, type ConversionAmount, findFxConversion, fxConversionIdOf, settleHeldConversion,
} from '../../src/fx/fx-conversions.ts';
import { isRefusal, type Outcome } from '../../src/domain/outcomes.ts';
import { ensureWallet } from '../../src/wallets/wallets.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { expectLedgerInvariants, walletBalance } from '../collections/helpers.ts';
import { lockRate, scale, scaled } from './helpers.ts';
import { settleCollection } from '../../src/collections/ledger-collections.ts';
import { ensureCurrency, systemAccountId, walletAccountId } from '../../src/domain/ledger-accounts.ts';

const start = Date.parse('2026-11-24T01:00:30.000Z');
let clockMs = start;
let service: TestService;
let ledger: Ledger;

beforeAll(async () => {
  service = await startTestService({ now: () => clockMs });
  ledger = service.runtime.ledger;
});
afterAll(async () => {
  await service?.close();
});

/** A wallet of the merchant in `currency` holding `amount` (credited as a settled collection would). */
async function fundedWallet(currency: string, amount: bigint, merchantId = service.merchantId) {
  const wallet = await ensureWallet(service.sql, ledger, { merchantId, ownerType: 'merchant', ownerId: merchantId, currency });
  const settled = await settleCollection(ledger, {
    collectionId: randomUUID(), currency, amount, legs: [{ accountId: wallet.accountId, amount, escrow: false }],
  });
  expect(settled.ok).toBe(true);
  return wallet;
}

async function newLock(base: string, quote: string, client = service.client) {
  const locked = await lockRate(client, base, quote);
  expect(locked.response.status).toBe(200);
  return locked.data!.data;
}

/** A payout-style conversion: wallet -> payout clearing of the target currency, held, with a lock. */
async function convertForPayout(input: {
  lockId: string; from: string; to: string; amount: ConversionAmount; payoutId?: string; merchantId?: string; hold?: boolean;
}) {
  const merchantId = input.merchantId ?? service.merchantId;
  const payoutId = input.payoutId ?? randomUUID();
  const wallet = walletAccountId(merchantId, input.from);
  return await write(service, { prepare: (tx) => convertWithRateLock(tx, ledger, {
    conversionId: fxConversionIdOf('payout', payoutId), merchantId, purpose: 'payout', purposeId: payoutId,
    from: { accountId: wallet, currency: input.from },
    to: { accountId: systemAccountId('payout_clearing', input.to), currency: input.to },
    amount: input.amount, amountField: 'body.amount', hold: input.hold ?? true,
    rateLock: { id: input.lockId, field: 'body.fx_rate_lock_id' }, nowMs: clockMs,
  }) });
}

async function refusalOf(promise: Promise<unknown>): Promise<{ outcome: Outcome; field: string | undefined }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isRefusal(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { outcome: error.outcome, field: error.fields?.[0]?.field };
}

async function lockRow(id: string) {
  const [row] = await service.sql<{ used_at: Date | null; used_by_id: string | null }[]>`select used_at, used_by_id from fx_rate_locks where id = ${id}`;
  return row!;
}

/** ceil(a / b) and floor(a / b) for positive bigints. */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

describe('fixed target (a payout): the wallet pays to_amount / rate rounded up, held on both ledgers', () => {
  it('reserves, then posts both legs together; the lock is used by the same commit', async () => {
    await fundedWallet('USD', 100_000n); // 1,000.00 USD
    const lock = await newLock('USD', 'KES');
    const payoutId = randomUUID();
    const kesClearing = systemAccountId('payout_clearing', 'KES');
    await ensureCurrency(ledger, 'KES');
    const conversion = await convertForPayout({ lockId: lock.id, from: 'USD', to: 'KES', amount: { to: 1_000_000n }, payoutId });
    // 10,000.00 KES at r KES/USD costs 1,000,000 / r US cents, rounded up (both currencies have 2 decimals).
    const expectedFrom = ceilDiv(1_000_000n * 10n ** scale, scaled(lock.locked_rate));
    expect(conversion).toMatchObject({
      id: fxConversionIdOf('payout', payoutId), purpose: 'payout', purpose_id: payoutId, rate_lock_id: lock.id,
      from_currency: 'USD', from_amount: expectedFrom, to_currency: 'KES', to_amount: 1_000_000n,
      rate: String(lock.locked_rate), fixed_side: 'to', status: 'held',
    });
    // The payer bears the rounding: what the wallet pays is worth at least the payout, by less than one cent.
    const worth = expectedFrom * scaled(lock.locked_rate);
    expect(worth >= 1_000_000n * 10n ** scale && worth < 1_000_000n * 10n ** scale + scaled(lock.locked_rate)).toBe(true);
    expect(await walletBalance(service, service.merchantId, 'USD')).toEqual({ available: 100_000n - expectedFrom, pending: 0n });
    expect(await lockRow(lock.id)).toMatchObject({ used_at: new Date(clockMs), used_by_id: payoutId });
    // The clearing account's own transfers, not its balance: on the TigerBeetle run
    // (vitest.tigerbeetle.config.ts) other test files move KES through the same system account at once.
    const [held, ...moreHeld] = await ledger.engine.getAccountTransfers({
      account_id: kesClearing, user_data_128: u128FromUuid(conversion.id), limit: 10, flags: AccountFilterFlags.credits,
    });
    expect(moreHeld).toEqual([]);
    expect(held).toMatchObject({ credit_account_id: kesClearing, amount: 1_000_000n });
    expect(held!.flags & TransferFlags.pending).toBe(TransferFlags.pending);
    await expectLedgerInvariants(service);

    await settleHeldConversion(service.sql, ledger, conversion.id, 'post');
    await settleHeldConversion(service.sql, ledger, conversion.id, 'post'); // idempotent
    // Posted whole, once: one post of the hold, for its full amount (none left pending).
    const posts = (await ledger.engine.getAccountTransfers({ account_id: kesClearing, timestamp_min: held!.timestamp, limit: 8189, flags: AccountFilterFlags.credits }))
      .filter((transfer) => transfer.pending_id === held!.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.flags & TransferFlags.post_pending_transfer).toBe(TransferFlags.post_pending_transfer);
    expect(posts[0]!.amount).toBe(1_000_000n);
    expect(await walletBalance(service, service.merchantId, 'USD')).toEqual({ available: 100_000n - expectedFrom, pending: 0n });
    expect((await findFxConversion(service.sql, conversion.id))!.status).toBe('posted');
    await expectLedgerInvariants(service);
  });

  it('a failed or cancelled payout voids both legs: the wallet has every cent back', async () => {
    await fundedWallet('GHS', 100_000n);
    const before = await walletBalance(service, service.merchantId, 'GHS');
    const lock = await newLock('GHS', 'UGX'); // 2 decimals -> 0 decimals
    const conversion = await convertForPayout({ lockId: lock.id, from: 'GHS', to: 'UGX', amount: { to: 250_000n } });
    // 250,000 UGX (no minor unit) at r UGX/GHS = 250,000 / r GHS = 25,000,000 / r pesewas, rounded up.
    expect(conversion.from_amount).toBe(ceilDiv(25_000_000n * 10n ** scale, scaled(lock.locked_rate)));
    expect((await walletBalance(service, service.merchantId, 'GHS')).available).toBe(before.available - conversion.from_amount);
    await settleHeldConversion(service.sql, ledger, conversion.id, 'void');
    expect(await walletBalance(service, service.merchantId, 'GHS')).toEqual(before);
    expect((await findFxConversion(service.sql, conversion.id))!.status).toBe('voided');
    // The lock stays used: a lock serves at most one payout, whatever became of it.
    expect((await lockRow(lock.id)).used_at).not.toBeNull();
    await expect(settleHeldConversion(service.sql, ledger, conversion.id, 'post')).rejects.toThrow(/hold_already_voided/);
    await expectLedgerInvariants(service);
  });

  it('a wallet that cannot cover the converted amount: 402 outcome, nothing moved, the lock still free', async () => {
    await fundedWallet('ZAR', 1_000n); // 10.00 ZAR
    const lock = await newLock('ZAR', 'KES');
    const before = await walletBalance(service, service.merchantId, 'ZAR');
    expect(await refusalOf(convertForPayout({ lockId: lock.id, from: 'ZAR', to: 'KES', amount: { to: 1_000_000n } })))
      .toEqual({ outcome: 'fx_conversion_exceeds_wallet_balance', field: undefined });
    expect(await walletBalance(service, service.merchantId, 'ZAR')).toEqual(before);
    expect(await lockRow(lock.id)).toEqual({ used_at: null, used_by_id: null });
    // The same lock then serves a payout the wallet can cover.
    const small = await convertForPayout({ lockId: lock.id, from: 'ZAR', to: 'KES', amount: { to: 500n } });
    expect(small.status).toBe('held');
    await expectLedgerInvariants(service);
  });

  it('a resumed run (same payout) finds its own lock use and conversion: nothing moves twice', async () => {
    await fundedWallet('EUR', 20_000n);
    const lock = await newLock('EUR', 'XOF');
    const payoutId = randomUUID();
    const first = await convertForPayout({ lockId: lock.id, from: 'EUR', to: 'XOF', amount: { to: 65_000n }, payoutId });
    const after = await walletBalance(service, service.merchantId, 'EUR');
    const again = await convertForPayout({ lockId: lock.id, from: 'EUR', to: 'XOF', amount: { to: 65_000n }, payoutId });
    expect(again).toEqual(first);
    expect(await walletBalance(service, service.merchantId, 'EUR')).toEqual(after);
    await expectLedgerInvariants(service);
  });
});

describe('rate locks as conversions use them', () => {
  it('refuses, naming the field: another merchant\'s lock, a lock of another pair, a used lock, an expired lock', async () => {
    await fundedWallet('USD', 100_000n);
    const other = await service.createMerchant('Other');
    const theirs = await newLock('USD', 'KES', other.client);
    expect(await refusalOf(convertForPayout({ lockId: theirs.id, from: 'USD', to: 'KES', amount: { to: 100n } })))
      .toEqual({ outcome: 'fx_rate_lock_not_found', field: 'body.fx_rate_lock_id' });
    expect(await refusalOf(convertForPayout({ lockId: randomUUID(), from: 'USD', to: 'KES', amount: { to: 100n } })))
      .toEqual({ outcome: 'fx_rate_lock_not_found', field: 'body.fx_rate_lock_id' });
    const reversed = await newLock('KES', 'USD');
    expect(await refusalOf(convertForPayout({ lockId: reversed.id, from: 'USD', to: 'KES', amount: { to: 100n } })))
      .toEqual({ outcome: 'fx_rate_lock_currency_mismatch', field: 'body.fx_rate_lock_id' });
    const otherQuote = await newLock('USD', 'NGN');
    expect(await refusalOf(convertForPayout({ lockId: otherQuote.id, from: 'USD', to: 'KES', amount: { to: 100n } })))
      .toEqual({ outcome: 'fx_rate_lock_currency_mismatch', field: 'body.fx_rate_lock_id' });
    const once = await newLock('USD', 'KES');
    await convertForPayout({ lockId: once.id, from: 'USD', to: 'KES', amount: { to: 100n } });
    expect(await refusalOf(convertForPayout({ lockId: once.id, from: 'USD', to: 'KES', amount: { to: 100n } })))
      .toEqual({ outcome: 'fx_rate_lock_used', field: 'body.fx_rate_lock_id' });
    const expiring = await newLock('USD', 'KES');
    try {
      clockMs = Date.parse(expiring.expires_at) - 1;
      const lastMoment = await convertForPayout({ lockId: (await newLockAt(clockMs - 899_999)).id, from: 'USD', to: 'KES', amount: { to: 100n } });
      expect(lastMoment.status).toBe('held');
      clockMs = Date.parse(expiring.expires_at); // expires_at itself is too late
      expect(await refusalOf(convertForPayout({ lockId: expiring.id, from: 'USD', to: 'KES', amount: { to: 100n } })))
        .toEqual({ outcome: 'fx_rate_lock_expired', field: 'body.fx_rate_lock_id' });
      expect(await lockRow(expiring.id)).toEqual({ used_at: null, used_by_id: null });
    } finally {
      clockMs = start;
    }
    await expectLedgerInvariants(service);
  });

  it('two uses of one lock at once: exactly one wins, the other is refused as used; money moved once', async () => {
    await fundedWallet('USD', 100_000n);
    for (let round = 0; round < 5; round += 1) {
      const lock = await newLock('USD', 'TZS');
      const before = await walletBalance(service, service.merchantId, 'USD');
      const results = await Promise.allSettled([0, 1, 2].map(() =>
        convertForPayout({ lockId: lock.id, from: 'USD', to: 'TZS', amount: { to: 2_500_000n } })));
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const r of lost) expect(isRefusal((r as PromiseRejectedResult).reason, 'fx_rate_lock_used')).toBe(true);
      const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof convertForPayout>>>).value;
      expect((await lockRow(lock.id)).used_by_id).toBe(winner.purpose_id);
      expect(await walletBalance(service, service.merchantId, 'USD')).toEqual({ available: before.available - winner.from_amount, pending: 0n });
    }
    await expectLedgerInvariants(service);
  });
});

describe('fixed source (a transfer of a given amount): the recipient gets from_amount x rate rounded down, posted at once', () => {
  it('moves into a wallet of the other currency; an amount worth less than one minor unit is refused', async () => {
    const source = await fundedWallet('KES', 500_000n);
    const ownerId = randomUUID();
    const target = await ensureWallet(service.sql, ledger, { merchantId: service.merchantId, ownerType: 'merchant', ownerId, currency: 'RWF' });
    const rate = '10.5549'; // RWF per KES
    const transferId = randomUUID();
    const conversion = await write(service, { prepare: (tx) => convertThroughFxPositions(tx, ledger, {
      conversionId: fxConversionIdOf('transfer', transferId), merchantId: null, purpose: 'transfer', purposeId: transferId,
      from: { accountId: source.accountId, currency: 'KES' }, to: { accountId: target.accountId, currency: 'RWF' },
      amount: { from: 12_345n }, amountField: 'amount', hold: false, rate, rateLockId: null,
    }) });
    // 123.45 KES x 10.5549 = 1303.002405 RWF (no minor unit): 1303, the 0.002405 RWF stays in the FX position.
    expect(conversion).toMatchObject({ from_amount: 12_345n, to_amount: 1_303n, fixed_side: 'from', status: 'posted', merchant_id: null });
    expect(await walletBalance(service, ownerId, 'RWF')).toEqual({ available: 1_303n, pending: 0n });
    const tiny = randomUUID();
    expect(await refusalOf(write(service, { prepare: (tx) => convertThroughFxPositions(tx, ledger, {
      conversionId: fxConversionIdOf('transfer', tiny), merchantId: null, purpose: 'transfer', purposeId: tiny,
      from: { accountId: source.accountId, currency: 'KES' }, to: { accountId: target.accountId, currency: 'RWF' },
      amount: { from: 9n }, amountField: 'amount', hold: false, rate, rateLockId: null,
    }) }))).toEqual({ outcome: 'fx_conversion_amount_too_small', field: 'amount' });
    await expectLedgerInvariants(service);
  });

  it('the wallet statement shows both sides as fx_conversion entries carrying the conversion id', async () => {
    const [row] = await service.sql<{ id: string; purpose_id: string }[]>`select id, purpose_id from fx_conversions where purpose = 'transfer' limit 1`;
    const [wallet] = await service.sql<{ id: string }[]>`select id from wallets where owner_id = ${service.merchantId} and currency = 'KES'`;
    const entries = await service.client.GET('/wallets/{id}/entries', { params: { path: { id: wallet!.id } } });
    expect(entries.data!.data[0]).toMatchObject({ type: 'fx_conversion', direction: 'debit', amount: 12_345, fx_conversion_id: row!.id, phase: 'posted' });
  });
});

/** A lock made at `ms` (the clock goes back to where it was). */
async function newLockAt(ms: number) {
  const saved = clockMs;
  clockMs = ms;
  try {
    return await newLock('USD', 'KES');
  } finally {
    clockMs = saved;
  }
}
