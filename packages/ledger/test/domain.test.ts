// The domain layer (what the service calls), on each engine.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Ledger, LedgerUsageError, TransferCode, TransferFlags, batch_events_max, history_page_max, holdLegId, idFromUuid, splitHoldId, type LedgerEngine } from '../src/index.ts';
import { engine_cases } from './support/engines.ts';

for (const engine_case of engine_cases) {
  describe.skipIf(engine_case.skip)(`domain ledger: ${engine_case.name}`, () => {
    let engine: LedgerEngine;
    let ledger: Ledger;

    beforeAll(async () => {
      engine = await engine_case.open();
      ledger = new Ledger(engine);
    });
    afterAll(async () => {
      await engine?.close();
    });

    async function wallet(currency = 'NGN'): Promise<bigint> {
      return (await ledger.openWallet({ ownerId: randomUUID(), currency })).accountId;
    }

    /** Credits a wallet through a settled collection. */
    async function fund(accountId: bigint, amount: bigint, currency = 'NGN'): Promise<void> {
      const result = await ledger.settleCollection({
        collectionId: randomUUID(), currency, amount, legs: [{ accountId, amount, escrow: false }],
      });
      expect(result.ok).toBe(true);
    }

    test('openWallet is idempotent: one account per owner and currency', async () => {
      const ownerId = randomUUID();
      const first = await ledger.openWallet({ ownerId, currency: 'KES' });
      const again = await ledger.openWallet({ ownerId, currency: 'KES' });
      const other = await ledger.openWallet({ ownerId, currency: 'NGN' });
      expect(first.created).toBe(true);
      expect(again).toEqual({ accountId: first.accountId, created: false });
      expect(other.accountId).not.toBe(first.accountId);
      expect(ledger.walletAccountId(ownerId, 'KES')).toBe(first.accountId);
      expect(await ledger.balance(first.accountId)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.balance(12345n)).toBeNull();
      expect(() => ledger.walletAccountId(ownerId, 'XXX')).toThrow(LedgerUsageError);
    });

    test('reserveSplitRefund: a held leg shrinks its hold, a wallet leg is reserved; all or none; regrowHold puts it back', async () => {
      const seller = await wallet();
      const platform = await wallet();
      const collectionId = randomUUID();
      const settled = await ledger.settleCollection({
        collectionId, currency: 'NGN', amount: 1_000n,
        legs: [{ accountId: seller, amount: 800n, escrow: true }, { accountId: platform, amount: 200n, escrow: false }],
      });
      expect(settled.ok).toBe(true);
      const holdId = idFromUuid(collectionId, 0);
      // The platform cannot cover 300: nothing moves, the hold included.
      const refused = await ledger.reserveSplitRefund({ refundId: randomUUID(), currency: 'NGN', legs: [
        { kind: 'hold', leg: 0, accountId: seller, collectionId, holdPendingId: holdId, keep: 500n },
        { kind: 'wallet', leg: 1, accountId: platform, amount: 300n },
      ] });
      expect(refused).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 800n });
      expect(await ledger.balance(platform)).toEqual({ available: 200n, pending: 0n });
      const refundId = randomUUID();
      const reserve = () => ledger.reserveSplitRefund({ refundId, currency: 'NGN', legs: [
        { kind: 'hold', leg: 0, accountId: seller, collectionId, holdPendingId: holdId, keep: 560n },
        { kind: 'wallet', leg: 1, accountId: platform, amount: 60n },
      ] });
      expect((await reserve()).ok).toBe(true);
      expect(await reserve()).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 560n });
      expect(await ledger.balance(platform)).toEqual({ available: 140n, pending: 0n });
      // The rail refused it: the reservation is voided and the hold regrown.
      expect((await ledger.cancelSplitRefund(refundId, [1])).ok).toBe(true);
      const regrown = await ledger.regrowHold({ operationId: refundId, collectionId, currency: 'NGN', pendingId: splitHoldId(refundId, 0), newHoldId: 77n, accountId: seller, amount: 800n });
      expect(regrown.ok).toBe(true);
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 800n });
      expect(await ledger.balance(platform)).toEqual({ available: 200n, pending: 0n });
      expect((await ledger.releaseEscrow(77n)).ok).toBe(true);
      expect(await ledger.balance(seller)).toEqual({ available: 800n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('settleCollection splits into wallets and fees in one chain; escrow legs stay pending until released', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      const fees = ledger.systemAccountId('platform_fees', 'NGN');
      const collectionId = randomUUID();
      const settle = () => ledger.settleCollection({
        collectionId, currency: 'NGN', amount: 10_000n,
        legs: [
          { accountId: merchant, amount: 7_000n, escrow: false },
          { accountId: seller, amount: 2_500n, escrow: true },
          { accountId: fees, amount: 500n, escrow: false },
        ],
      });
      const result = await settle();
      expect(result).toMatchObject({ ok: true, replayed: false });
      expect(result.escrowTransferIds).toEqual([idFromUuid(collectionId, 1)]);
      expect(await ledger.balance(merchant)).toEqual({ available: 7_000n, pending: 0n });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 2_500n });
      const [transfer] = await engine.lookupTransfers([idFromUuid(collectionId, 1)]);
      expect(transfer!.code).toBe(TransferCode.collection_escrow_leg);

      // A retried settlement moves nothing more.
      expect(await settle()).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 7_000n, pending: 0n });

      const escrowId = result.escrowTransferIds[0]!;
      expect(await ledger.releaseEscrow(escrowId)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.balance(seller)).toEqual({ available: 2_500n, pending: 0n });
      expect(await ledger.releaseEscrow(escrowId)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.returnEscrow(escrowId)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.releaseEscrow(idFromUuid(randomUUID(), 0))).toMatchObject({ ok: false, failure: 'hold_not_found' });
    });

    test('settleCollections: each collection its own chain in one batch; one that cannot settle fails alone', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      const replayedId = randomUUID();
      const replayed = { collectionId: replayedId, currency: 'NGN', amount: 300n, legs: [{ accountId: merchant, amount: 300n, escrow: false }] };
      expect(await ledger.settleCollection(replayed)).toMatchObject({ ok: true, replayed: false });
      const held = { collectionId: randomUUID(), currency: 'NGN', amount: 700n, legs: [
        { accountId: merchant, amount: 200n, escrow: false }, { accountId: seller, amount: 500n, escrow: true }] };
      const missing = { collectionId: randomUUID(), currency: 'NGN', amount: 900n, legs: [
        { accountId: merchant, amount: 400n, escrow: false }, { accountId: 987_654_321n, amount: 500n, escrow: false }] };
      const plain = { collectionId: randomUUID(), currency: 'NGN', amount: 1_000n, legs: [{ accountId: merchant, amount: 1_000n, escrow: false }] };

      const results = await ledger.settleCollections([held, missing, replayed, plain]);
      expect(results.map((r) => (r.ok ? (r.replayed ? 'replayed' : 'settled') : r.failure))).toEqual(['settled', 'account_not_found', 'replayed', 'settled']);
      expect(results[0]!.escrowTransferIds).toEqual([idFromUuid(held.collectionId, 1)]);
      expect(results[2]!.escrowTransferIds).toEqual([]);
      // The failed chain moved nothing, not even its first (valid) leg.
      expect(await engine.lookupTransfers([idFromUuid(missing.collectionId, 0)])).toEqual([]);
      expect(await ledger.balance(merchant)).toEqual({ available: 300n + 200n + 1_000n, pending: 0n });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 500n });
      expect(await ledger.settleCollections([])).toEqual([]);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('settleCollections splits more legs than one batch holds without splitting a chain', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      // 2 legs each, and one more chain than fits in a batch of batch_events_max legs.
      const count = Math.floor(batch_events_max / 2) + 1;
      const settlements = Array.from({ length: count }, () => ({
        collectionId: randomUUID(), currency: 'NGN', amount: 3n,
        legs: [{ accountId: merchant, amount: 2n, escrow: false }, { accountId: seller, amount: 1n, escrow: false }],
      }));
      const results = await ledger.settleCollections(settlements);
      expect(results.every((r) => r.ok && !r.replayed)).toBe(true);
      expect(await ledger.balance(merchant)).toEqual({ available: BigInt(2 * count), pending: 0n });
      expect(await ledger.balance(seller)).toEqual({ available: BigInt(count), pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    }, 60_000);

    test('returnEscrow voids the hold back to rail clearing', async () => {
      const seller = await wallet();
      const result = await ledger.settleCollection({
        collectionId: randomUUID(), currency: 'NGN', amount: 900n,
        legs: [{ accountId: seller, amount: 900n, escrow: true, timeoutSeconds: 3600 }],
      });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 900n });
      expect(await ledger.returnEscrow(result.escrowTransferIds[0]!)).toMatchObject({ ok: true });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.releaseEscrow(result.escrowTransferIds[0]!)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
    });

    test('settleCollection refuses legs that do not add up, and fails whole on a missing wallet', async () => {
      const merchant = await wallet();
      await expect(ledger.settleCollection({
        collectionId: randomUUID(), currency: 'NGN', amount: 100n, legs: [{ accountId: merchant, amount: 99n, escrow: false }],
      })).rejects.toBeInstanceOf(LedgerUsageError);
      const result = await ledger.settleCollection({
        collectionId: randomUUID(), currency: 'NGN', amount: 100n,
        legs: [{ accountId: merchant, amount: 60n, escrow: false }, { accountId: 424242n, amount: 40n, escrow: false }],
      });
      expect(result).toMatchObject({ ok: false, failure: 'account_not_found', status: 'credit_account_not_found' });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
    });

    test('refund reverses legs; when a wallet cannot cover it: insufficient_funds and nothing moves', async () => {
      const merchant = await wallet();
      const fees = ledger.systemAccountId('platform_fees', 'NGN');
      await fund(merchant, 1_000n);
      const too_much = await ledger.refund({
        refundId: randomUUID(), currency: 'NGN',
        legs: [{ accountId: merchant, amount: 800n }, { accountId: merchant, amount: 300n }],
      });
      expect(too_much).toMatchObject({ ok: false, failure: 'insufficient_funds', status: 'exceeds_credits' });
      expect(await ledger.balance(merchant)).toEqual({ available: 1_000n, pending: 0n });

      const refundId = randomUUID();
      const partial = await ledger.refund({ refundId, currency: 'NGN', legs: [{ accountId: merchant, amount: 400n }] });
      expect(partial).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.refund({ refundId, currency: 'NGN', legs: [{ accountId: merchant, amount: 400n }] })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.refund({ refundId, currency: 'NGN', legs: [{ accountId: merchant, amount: 401n }] })).toMatchObject({ ok: false, failure: 'conflicting_resubmission' });
      expect(await ledger.balance(merchant)).toEqual({ available: 600n, pending: 0n });
      expect(fees).toBeTypeOf('bigint');
    });

    test('two-phase refunds: reserve holds, commit posts, cancel returns; insufficient funds reserves nothing', async () => {
      const merchant = await wallet();
      await fund(merchant, 1_000n);
      expect(await ledger.reserveRefund({ refundId: randomUUID(), walletAccountId: merchant, currency: 'NGN', amount: 1_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(merchant)).toEqual({ available: 1_000n, pending: 0n });

      const posted = randomUUID();
      expect(await ledger.reserveRefund({ refundId: posted, walletAccountId: merchant, currency: 'NGN', amount: 600n })).toMatchObject({ ok: true });
      expect(await ledger.reserveRefund({ refundId: posted, walletAccountId: merchant, currency: 'NGN', amount: 600n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 400n, pending: 0n });
      // The reserved money cannot be refunded twice.
      expect(await ledger.reserveRefund({ refundId: randomUUID(), walletAccountId: merchant, currency: 'NGN', amount: 401n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.commitRefund(posted)).toMatchObject({ ok: true });
      expect(await ledger.commitRefund(posted)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.cancelRefund(posted)).toMatchObject({ ok: false, failure: 'hold_already_posted' });

      const voided = randomUUID();
      expect(await ledger.reserveRefund({ refundId: voided, walletAccountId: merchant, currency: 'NGN', amount: 400n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.cancelRefund(voided)).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 400n, pending: 0n });
      expect(await ledger.commitRefund(voided)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('payouts: reserve holds, commit posts, cancel returns; insufficient funds reserves nothing', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 5_000n, 'KES');
      const failing = await ledger.reservePayout({ payoutId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 5_001n });
      expect(failing).toMatchObject({ ok: false, failure: 'insufficient_funds' });

      const paid = randomUUID();
      expect(await ledger.reservePayout({ payoutId: paid, walletAccountId: merchant, currency: 'KES', amount: 3_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 2_000n, pending: 0n });
      // The held amount cannot be spent twice.
      expect(await ledger.reservePayout({ payoutId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 2_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.commitPayout(paid)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.commitPayout(paid)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.cancelPayout(paid)).toMatchObject({ ok: false, failure: 'hold_already_posted' });

      const cancelled = randomUUID();
      await ledger.reservePayout({ payoutId: cancelled, walletAccountId: merchant, currency: 'KES', amount: 1_500n });
      expect(await ledger.balance(merchant)).toEqual({ available: 500n, pending: 0n });
      expect(await ledger.cancelPayout(cancelled)).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 2_000n, pending: 0n });
      expect(await ledger.commitPayout(cancelled)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.commitPayout(randomUUID())).toMatchObject({ ok: false, failure: 'hold_not_found' });
    });

    test('disputes: the hold leaves available at once; won voids it, lost posts it, exactly one of them; insufficient funds holds nothing', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 5_000n, 'KES');
      expect(await ledger.holdDispute({ disputeId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 5_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(merchant)).toEqual({ available: 5_000n, pending: 0n });

      const lost = randomUUID();
      expect(await ledger.holdDispute({ disputeId: lost, walletAccountId: merchant, currency: 'KES', amount: 2_000n })).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.holdDispute({ disputeId: lost, walletAccountId: merchant, currency: 'KES', amount: 2_000n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });
      expect(await ledger.postDisputeHold(lost)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.postDisputeHold(lost)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.returnDisputeHold(lost)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });

      const won = randomUUID();
      expect(await ledger.holdDispute({ disputeId: won, walletAccountId: merchant, currency: 'KES', amount: 3_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.returnDisputeHold(won)).toMatchObject({ ok: true });
      expect(await ledger.postDisputeHold(won)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('hold chains: all holds or none; post and void whole lists, in groups, idempotently', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 10_000n, 'KES');
      const clearing = ledger.systemAccountId('payout_clearing', 'KES');
      const legs = (amounts: bigint[]) => amounts.map((amount) => {
        const ownerId = randomUUID();
        return { id: holdLegId(ownerId, 0), debitAccountId: merchant, creditAccountId: clearing, currency: 'KES', amount, code: TransferCode.payout, ownerId };
      });
      // Each leg alone fits, the chain does not: nothing is held.
      expect(await ledger.holdChain(legs([6_000n, 4_000n, 1n]))).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(merchant)).toEqual({ available: 10_000n, pending: 0n });
      const chain = legs([1_000n, 2_000n, 3_000n]);
      expect(await ledger.holdChain(chain)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.holdChain(chain)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 4_000n, pending: 0n });
      const [a, b, c] = chain.map((leg) => leg.id);
      const posted = await ledger.postHoldGroups([[a!], [b!]]);
      expect(posted.map((r) => r.ok)).toEqual([true, true]);
      expect(await ledger.postHolds([a!])).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.voidHolds([c!])).toMatchObject({ ok: true });
      expect(await ledger.voidHoldGroups([[c!]])).toMatchObject([{ ok: true, replayed: true }]);
      expect(await ledger.postHolds([c!])).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.balance(merchant)).toEqual({ available: 7_000n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('convert moves through the FX positions of both currencies, rounding once', async () => {
      const ownerId = randomUUID();
      const usd = (await ledger.openWallet({ ownerId, currency: 'USD' })).accountId;
      const ngn = (await ledger.openWallet({ ownerId, currency: 'NGN' })).accountId;
      await fund(usd, 10_000n, 'USD');
      const conversionId = randomUUID();
      // 33.33 USD at 1520.255 NGN/USD = 50670.09915 NGN -> 5_067_009 kobo (rounded down).
      const result = await ledger.convert({
        conversionId, fromAccountId: usd, toAccountId: ngn, fromCurrency: 'USD', toCurrency: 'NGN', amount: 3_333n, rate: '1520.255',
      });
      expect(result).toMatchObject({ ok: true, toAmount: 5_067_009n });
      expect(await ledger.balance(usd)).toEqual({ available: 6_667n, pending: 0n });
      expect(await ledger.balance(ngn)).toEqual({ available: 5_067_009n, pending: 0n });
      expect(await ledger.convert({
        conversionId, fromAccountId: usd, toAccountId: ngn, fromCurrency: 'USD', toCurrency: 'NGN', amount: 3_333n, rate: '1520.255',
      })).toMatchObject({ ok: true, replayed: true });
      // Not enough USD: neither leg moves.
      const refused = await ledger.convert({
        conversionId: randomUUID(), fromAccountId: usd, toAccountId: ngn, fromCurrency: 'USD', toCurrency: 'NGN', amount: 6_668n,
        rate: { numerator: 3n, denominator: 2n }, rounding: 'half_even',
      });
      expect(refused).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(ngn)).toEqual({ available: 5_067_009n, pending: 0n });
      // A wallet of the wrong currency is refused by the ledger itself.
      const wrong = await ledger.convert({
        conversionId: randomUUID(), fromAccountId: ngn, toAccountId: usd, fromCurrency: 'USD', toCurrency: 'NGN', amount: 1n, rate: '1',
      });
      expect(wrong).toMatchObject({ ok: false, failure: 'currency_mismatch' });
      const tiny = await ledger.convert({
        conversionId: randomUUID(), fromAccountId: ngn, toAccountId: usd, fromCurrency: 'NGN', toCurrency: 'USD', amount: 1n, rate: '0.0006',
      });
      expect(tiny).toMatchObject({ ok: false, failure: 'amount_too_small', toAmount: 0n });
    });

    test('moveConversion: amounts fixed by the caller, posted at once or held on both ledgers and posted or voided together', async () => {
      const ownerId = randomUUID();
      const usd = (await ledger.openWallet({ ownerId, currency: 'USD' })).accountId;
      const kes = (await ledger.openWallet({ ownerId: randomUUID(), currency: 'KES' })).accountId;
      await fund(usd, 10_000n, 'USD');
      const kesPayouts = ledger.systemAccountId('payout_clearing', 'KES');
      const fxUsd = ledger.systemAccountId('fx_position', 'USD');
      const fxKes = ledger.systemAccountId('fx_position', 'KES');
      const clearingCredits = async () => {
        const [clearing] = await engine.lookupAccounts([kesPayouts]);
        return { pending: clearing!.credits_pending, posted: clearing!.credits_posted };
      };
      const clearingBefore = await clearingCredits();
      // Held: the wallet's available balance drops at once on the USD ledger; KES leaves the FX position as a hold.
      const held = randomUUID();
      const args = { conversionId: held, fromAccountId: usd, fromCurrency: 'USD', fromAmount: 2_500n, toAccountId: kesPayouts, toCurrency: 'KES', toAmount: 322_500n, pending: true };
      expect(await ledger.moveConversion(args)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.moveConversion(args)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      const [legFrom, legTo] = ledger.conversionTransferIds(held);
      const transfers = await engine.lookupTransfers([legFrom, legTo]);
      expect(transfers.map((t) => [t.debit_account_id, t.credit_account_id, t.amount, (t.flags & TransferFlags.pending) !== 0]))
        .toEqual([[usd, fxUsd, 2_500n, true], [fxKes, kesPayouts, 322_500n, true]]);
      expect(await ledger.commitConversion(held)).toMatchObject({ ok: true });
      expect(await ledger.commitConversion(held)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.cancelConversion(held)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      expect(await clearingCredits()).toEqual({ pending: clearingBefore.pending, posted: clearingBefore.posted + 322_500n });
      // Voided: both holds go back; the wallet has its money again.
      const voided = randomUUID();
      expect(await ledger.moveConversion({ ...args, conversionId: voided, fromAmount: 7_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(usd)).toEqual({ available: 500n, pending: 0n });
      expect(await ledger.cancelConversion(voided)).toMatchObject({ ok: true });
      expect(await ledger.commitConversion(voided)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      // More than the wallet holds: nothing moves on either ledger.
      const refused = randomUUID();
      expect(await ledger.moveConversion({ ...args, conversionId: refused, fromAmount: 7_501n })).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await engine.lookupTransfers(ledger.conversionTransferIds(refused))).toEqual([]);
      // Posted at once, into a wallet.
      expect(await ledger.moveConversion({ ...args, conversionId: randomUUID(), toAccountId: kes, fromAmount: 100n, toAmount: 12_900n, pending: false })).toMatchObject({ ok: true });
      expect(await ledger.balance(kes)).toEqual({ available: 12_900n, pending: 0n });
      expect(await ledger.commitConversion(randomUUID())).toMatchObject({ ok: false, failure: 'hold_not_found' });
      await expect(ledger.moveConversion({ ...args, conversionId: randomUUID(), toCurrency: 'USD' })).rejects.toThrow(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('accountHistory: a wallet statement newest first, each movement with the balance right after it, paged', async () => {
      const seller = await wallet('KES');
      const collectionId = randomUUID();
      const escrowId = randomUUID();
      const refundId = randomUUID();
      const payoutId = randomUUID();
      await ledger.settleCollection({ collectionId, currency: 'KES', amount: 10_000n, legs: [{ accountId: seller, amount: 10_000n, escrow: false }] });
      const held = await ledger.settleCollection({ collectionId: escrowId, currency: 'KES', amount: 4_000n, legs: [{ accountId: seller, amount: 4_000n, escrow: true }] });
      await ledger.reserveRefund({ refundId, walletAccountId: seller, currency: 'KES', amount: 1_500n });
      await ledger.cancelRefund(refundId);
      await ledger.releaseEscrow(held.escrowTransferIds[0]!);
      await ledger.reservePayout({ payoutId, walletAccountId: seller, currency: 'KES', amount: 12_000n });
      await ledger.commitPayout(payoutId);
      // A movement of another wallet is not in this one's statement.
      await fund(await wallet('KES'), 77n, 'KES');

      const all = await ledger.accountHistory({ accountId: seller, limit: 100 });
      const summary = all.map((m) => [m.transfer.code, m.transfer.flags, m.direction, m.transfer.amount, m.balanceAfter.available, m.balanceAfter.pending]);
      expect(summary).toEqual([
        [TransferCode.payout, TransferFlags.post_pending_transfer, 'debit', 12_000n, 2_000n, 0n],
        [TransferCode.payout, TransferFlags.pending, 'debit', 12_000n, 2_000n, 0n],
        [TransferCode.collection_escrow_leg, TransferFlags.post_pending_transfer, 'credit', 4_000n, 14_000n, 0n],
        [TransferCode.refund_leg, TransferFlags.void_pending_transfer, 'debit', 1_500n, 10_000n, 4_000n],
        [TransferCode.refund_leg, TransferFlags.pending, 'debit', 1_500n, 8_500n, 4_000n],
        [TransferCode.collection_escrow_leg, TransferFlags.pending, 'credit', 4_000n, 10_000n, 4_000n],
        [TransferCode.collection_leg, 0, 'credit', 10_000n, 10_000n, 0n],
      ]);
      // Posts and voids belong to the same service object as the hold they resolve.
      expect(all[0]!.transfer.user_data_128).toBe(all[1]!.transfer.user_data_128);
      expect(all[0]!.transfer.pending_id).toBe(all[1]!.transfer.id);
      // The newest balance is the account's balance now.
      expect(await ledger.balance(seller)).toEqual(all[0]!.balanceAfter);
      const fresh = await wallet('KES');
      const states = await ledger.accountStates([seller, fresh, 987_654_321n]);
      expect(states.get(seller)).toMatchObject({ balance: all[0]!.balanceAfter, lastMovementAt: all[0]!.transfer.timestamp });
      expect(states.get(fresh)).toMatchObject({ balance: { available: 0n, pending: 0n }, lastMovementAt: null });
      expect(states.get(fresh)!.openedAt).toBeGreaterThan(0n);
      expect(states.has(987_654_321n)).toBe(false);

      // Pages of 3 by the last timestamp give the same movements, in order, once each.
      const paged: bigint[] = [];
      let before: bigint | undefined;
      for (;;) {
        const page = await ledger.accountHistory({ accountId: seller, limit: 3, ...(before === undefined ? {} : { before }) });
        paged.push(...page.map((m) => m.transfer.id));
        if (page.length < 3) break;
        before = page[page.length - 1]!.transfer.timestamp;
      }
      expect(paged).toEqual(all.map((m) => m.transfer.id));
      expect(await ledger.accountHistory({ accountId: seller, limit: 5, before: all[all.length - 1]!.transfer.timestamp })).toEqual([]);
      expect(await ledger.accountHistory({ accountId: seller, limit: 5, before: 1n })).toEqual([]);
      expect(await ledger.accountHistory({ accountId: 987_654_321n, limit: 5 })).toEqual([]);
      await expect(ledger.accountHistory({ accountId: seller, limit: 0 })).rejects.toBeInstanceOf(LedgerUsageError);
      await expect(ledger.accountHistory({ accountId: seller, limit: history_page_max + 1 })).rejects.toBeInstanceOf(LedgerUsageError);
    });

    test('checkInvariants: every currency ledger sums to zero and no wallet is negative', async () => {
      const report = await ledger.checkInvariants();
      expect(report.negativeWallets).toEqual([]);
      expect(report.ledgerSums.every((s) => s.balanced)).toBe(true);
      expect(report.ok).toBe(true);
      expect(report.ledgerSums.map((s) => s.currency)).toEqual(expect.arrayContaining(['NGN', 'KES', 'USD']));
    });
  });
}
