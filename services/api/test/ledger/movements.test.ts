// The service's money movements (each capability's ledger-*.ts, composed of @payagg/ledger's
// generic chains and holds), on each engine: PostgreSQL always, TigerBeetle when TB_ADDRESSES
// names a replica. Moved here from the ledger package with the code they test (decision 0620).

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Ledger, LedgerUsageError, TransferFlags, batchEventsMax, historyPageMax, holdLegId, idFromUuid, type LedgerEngine } from '@payagg/ledger';
import { engineCases } from './engines.ts';
import { cancelRefund, commitRefund, reserveRefund, settleCollection, settleCollections } from '../../src/collections/ledger-collections.ts';
import { holdDispute, postDisputeHold, returnDisputeHold } from '../../src/collections/disputes/ledger-disputes.ts';
import { openWallet, systemAccountId, TransferCode, walletAccountId } from '../../src/domain/ledger-accounts.ts';
import { cancelConversion, commitConversion, conversionTransferIds, moveConversion } from '../../src/fx/ledger-conversions.ts';
import { deposit, transferBetweenWallets } from '../../src/partner-wallets/ledger-partner-wallets.ts';
import { cancelPayout, commitPayout, reservePayout } from '../../src/payouts/ledger-payouts.ts';
import { cancelSplitRefund, regrowHold, releaseEscrow, reserveSplitRefund, returnEscrow, splitHoldId } from '../../src/collections/splits/ledger-splits.ts';

for (const engine_case of engineCases) {
  describe.skipIf(engine_case.skip)(`money movements: ${engine_case.name}`, () => {
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
      return (await openWallet(ledger, { ownerId: randomUUID(), currency })).accountId;
    }

    /** Credits a wallet through a settled collection. */
    async function fund(accountId: bigint, amount: bigint, currency = 'NGN'): Promise<void> {
      const result = await settleCollection(ledger, {
        collectionId: randomUUID(), currency, amount, legs: [{ accountId, amount, escrow: false }],
      });
      expect(result.ok).toBe(true);
    }

    test('openWallet is idempotent: one account per owner and currency', async () => {
      const ownerId = randomUUID();
      const first = await openWallet(ledger, { ownerId, currency: 'KES' });
      const again = await openWallet(ledger, { ownerId, currency: 'KES' });
      const other = await openWallet(ledger, { ownerId, currency: 'NGN' });
      expect(first.created).toBe(true);
      expect(again).toEqual({ accountId: first.accountId, created: false });
      expect(other.accountId).not.toBe(first.accountId);
      expect(walletAccountId(ownerId, 'KES')).toBe(first.accountId);
      expect(await ledger.balance(first.accountId)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.balance(12345n)).toBeNull();
      expect(() => walletAccountId(ownerId, 'XXX')).toThrow(LedgerUsageError);
    });

    test('reserveSplitRefund: a held leg shrinks its hold, a wallet leg is reserved; all or none; regrowHold puts it back', async () => {
      const seller = await wallet();
      const platform = await wallet();
      const collectionId = randomUUID();
      const settled = await settleCollection(ledger, {
        collectionId, currency: 'NGN', amount: 1_000n,
        legs: [{ accountId: seller, amount: 800n, escrow: true }, { accountId: platform, amount: 200n, escrow: false }],
      });
      expect(settled.ok).toBe(true);
      const holdId = idFromUuid(collectionId, 0);
      // The platform cannot cover 300: nothing moves, the hold included.
      const refused = await reserveSplitRefund(ledger, { refundId: randomUUID(), currency: 'NGN', legs: [
        { kind: 'hold', leg: 0, accountId: seller, collectionId, holdPendingId: holdId, keep: 500n },
        { kind: 'wallet', leg: 1, accountId: platform, amount: 300n },
      ] });
      expect(refused).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 800n });
      expect(await ledger.balance(platform)).toEqual({ available: 200n, pending: 0n });
      const refundId = randomUUID();
      const reserve = () => reserveSplitRefund(ledger, { refundId, currency: 'NGN', legs: [
        { kind: 'hold', leg: 0, accountId: seller, collectionId, holdPendingId: holdId, keep: 560n },
        { kind: 'wallet', leg: 1, accountId: platform, amount: 60n },
      ] });
      expect((await reserve()).ok).toBe(true);
      expect(await reserve()).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 560n });
      expect(await ledger.balance(platform)).toEqual({ available: 140n, pending: 0n });
      // The rail refused it: the reservation is voided and the hold regrown.
      expect((await cancelSplitRefund(ledger, refundId, [1])).ok).toBe(true);
      // A fresh id: a TigerBeetle replica keeps every run's transfers.
      const newHoldId = idFromUuid(randomUUID(), 0);
      const regrown = await regrowHold(ledger, { operationId: refundId, collectionId, currency: 'NGN', pendingId: splitHoldId(refundId, 0), newHoldId, accountId: seller, amount: 800n });
      expect(regrown.ok).toBe(true);
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 800n });
      expect(await ledger.balance(platform)).toEqual({ available: 200n, pending: 0n });
      expect((await releaseEscrow(ledger, newHoldId)).ok).toBe(true);
      expect(await ledger.balance(seller)).toEqual({ available: 800n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('settleCollection splits into wallets and fees in one chain; escrow legs stay pending until released', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      const fees = systemAccountId('platform_fees', 'NGN');
      const collectionId = randomUUID();
      const settle = () => settleCollection(ledger, {
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
      expect(await releaseEscrow(ledger, escrowId)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.balance(seller)).toEqual({ available: 2_500n, pending: 0n });
      expect(await releaseEscrow(ledger, escrowId)).toMatchObject({ ok: true, replayed: true });
      expect(await returnEscrow(ledger, escrowId)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await releaseEscrow(ledger, idFromUuid(randomUUID(), 0))).toMatchObject({ ok: false, failure: 'hold_not_found' });
    });

    test('settleCollections: each collection its own chain in one batch; one that cannot settle fails alone', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      const replayedId = randomUUID();
      const replayed = { collectionId: replayedId, currency: 'NGN', amount: 300n, legs: [{ accountId: merchant, amount: 300n, escrow: false }] };
      expect(await settleCollection(ledger, replayed)).toMatchObject({ ok: true, replayed: false });
      const held = { collectionId: randomUUID(), currency: 'NGN', amount: 700n, legs: [
        { accountId: merchant, amount: 200n, escrow: false }, { accountId: seller, amount: 500n, escrow: true }] };
      const missing = { collectionId: randomUUID(), currency: 'NGN', amount: 900n, legs: [
        { accountId: merchant, amount: 400n, escrow: false }, { accountId: 987_654_321n, amount: 500n, escrow: false }] };
      const plain = { collectionId: randomUUID(), currency: 'NGN', amount: 1_000n, legs: [{ accountId: merchant, amount: 1_000n, escrow: false }] };

      const results = await settleCollections(ledger, [held, missing, replayed, plain]);
      expect(results.map((r) => (r.ok ? (r.replayed ? 'replayed' : 'settled') : r.failure))).toEqual(['settled', 'account_not_found', 'replayed', 'settled']);
      expect(results[0]!.escrowTransferIds).toEqual([idFromUuid(held.collectionId, 1)]);
      expect(results[2]!.escrowTransferIds).toEqual([]);
      // The failed chain moved nothing, not even its first (valid) leg.
      expect(await engine.lookupTransfers([idFromUuid(missing.collectionId, 0)])).toEqual([]);
      expect(await ledger.balance(merchant)).toEqual({ available: 300n + 200n + 1_000n, pending: 0n });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 500n });
      expect(await settleCollections(ledger, [])).toEqual([]);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('settleCollections splits more legs than one batch holds without splitting a chain', async () => {
      const merchant = await wallet();
      const seller = await wallet();
      // 2 legs each, and one more chain than fits in a batch of batchEventsMax legs.
      const count = Math.floor(batchEventsMax / 2) + 1;
      const settlements = Array.from({ length: count }, () => ({
        collectionId: randomUUID(), currency: 'NGN', amount: 3n,
        legs: [{ accountId: merchant, amount: 2n, escrow: false }, { accountId: seller, amount: 1n, escrow: false }],
      }));
      const results = await settleCollections(ledger, settlements);
      expect(results.every((r) => r.ok && !r.replayed)).toBe(true);
      expect(await ledger.balance(merchant)).toEqual({ available: BigInt(2 * count), pending: 0n });
      expect(await ledger.balance(seller)).toEqual({ available: BigInt(count), pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    }, 60_000);

    test('returnEscrow voids the hold back to rail clearing', async () => {
      const seller = await wallet();
      const result = await settleCollection(ledger, {
        collectionId: randomUUID(), currency: 'NGN', amount: 900n,
        legs: [{ accountId: seller, amount: 900n, escrow: true, timeoutSeconds: 3600 }],
      });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 900n });
      expect(await returnEscrow(ledger, result.escrowTransferIds[0]!)).toMatchObject({ ok: true });
      expect(await ledger.balance(seller)).toEqual({ available: 0n, pending: 0n });
      expect(await releaseEscrow(ledger, result.escrowTransferIds[0]!)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
    });

    test('settleCollection refuses legs that do not add up, and fails whole on a missing wallet', async () => {
      const merchant = await wallet();
      await expect(settleCollection(ledger, {
        collectionId: randomUUID(), currency: 'NGN', amount: 100n, legs: [{ accountId: merchant, amount: 99n, escrow: false }],
      })).rejects.toBeInstanceOf(LedgerUsageError);
      const result = await settleCollection(ledger, {
        collectionId: randomUUID(), currency: 'NGN', amount: 100n,
        legs: [{ accountId: merchant, amount: 60n, escrow: false }, { accountId: 424242n, amount: 40n, escrow: false }],
      });
      expect(result).toMatchObject({ ok: false, failure: 'account_not_found', status: 'credit_account_not_found' });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
    });

    test('two-phase refunds: reserve holds, commit posts, cancel returns; insufficient funds reserves nothing', async () => {
      const merchant = await wallet();
      await fund(merchant, 1_000n);
      expect(await reserveRefund(ledger, { refundId: randomUUID(), walletAccountId: merchant, currency: 'NGN', amount: 1_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(merchant)).toEqual({ available: 1_000n, pending: 0n });

      const posted = randomUUID();
      expect(await reserveRefund(ledger, { refundId: posted, walletAccountId: merchant, currency: 'NGN', amount: 600n })).toMatchObject({ ok: true });
      expect(await reserveRefund(ledger, { refundId: posted, walletAccountId: merchant, currency: 'NGN', amount: 600n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 400n, pending: 0n });
      // The reserved money cannot be refunded twice.
      expect(await reserveRefund(ledger, { refundId: randomUUID(), walletAccountId: merchant, currency: 'NGN', amount: 401n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await commitRefund(ledger, posted)).toMatchObject({ ok: true });
      expect(await commitRefund(ledger, posted)).toMatchObject({ ok: true, replayed: true });
      expect(await cancelRefund(ledger, posted)).toMatchObject({ ok: false, failure: 'hold_already_posted' });

      const voided = randomUUID();
      expect(await reserveRefund(ledger, { refundId: voided, walletAccountId: merchant, currency: 'NGN', amount: 400n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
      expect(await cancelRefund(ledger, voided)).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 400n, pending: 0n });
      expect(await commitRefund(ledger, voided)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('payouts: reserve holds, commit posts, cancel returns; insufficient funds reserves nothing', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 5_000n, 'KES');
      const failing = await reservePayout(ledger, { payoutId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 5_001n });
      expect(failing).toMatchObject({ ok: false, failure: 'insufficient_funds' });

      const paid = randomUUID();
      expect(await reservePayout(ledger, { payoutId: paid, walletAccountId: merchant, currency: 'KES', amount: 3_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 2_000n, pending: 0n });
      // The held amount cannot be spent twice.
      expect(await reservePayout(ledger, { payoutId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 2_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await commitPayout(ledger, paid)).toMatchObject({ ok: true, replayed: false });
      expect(await commitPayout(ledger, paid)).toMatchObject({ ok: true, replayed: true });
      expect(await cancelPayout(ledger, paid)).toMatchObject({ ok: false, failure: 'hold_already_posted' });

      const cancelled = randomUUID();
      await reservePayout(ledger, { payoutId: cancelled, walletAccountId: merchant, currency: 'KES', amount: 1_500n });
      expect(await ledger.balance(merchant)).toEqual({ available: 500n, pending: 0n });
      expect(await cancelPayout(ledger, cancelled)).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 2_000n, pending: 0n });
      expect(await commitPayout(ledger, cancelled)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await commitPayout(ledger, randomUUID())).toMatchObject({ ok: false, failure: 'hold_not_found' });
    });

    test('disputes: the hold leaves available at once; won voids it, lost posts it, exactly one of them; insufficient funds holds nothing', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 5_000n, 'KES');
      expect(await holdDispute(ledger, { disputeId: randomUUID(), walletAccountId: merchant, currency: 'KES', amount: 5_001n }))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(merchant)).toEqual({ available: 5_000n, pending: 0n });

      const lost = randomUUID();
      expect(await holdDispute(ledger, { disputeId: lost, walletAccountId: merchant, currency: 'KES', amount: 2_000n })).toMatchObject({ ok: true, replayed: false });
      expect(await holdDispute(ledger, { disputeId: lost, walletAccountId: merchant, currency: 'KES', amount: 2_000n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });
      expect(await postDisputeHold(ledger, lost)).toMatchObject({ ok: true, replayed: false });
      expect(await postDisputeHold(ledger, lost)).toMatchObject({ ok: true, replayed: true });
      expect(await returnDisputeHold(ledger, lost)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });

      const won = randomUUID();
      expect(await holdDispute(ledger, { disputeId: won, walletAccountId: merchant, currency: 'KES', amount: 3_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(merchant)).toEqual({ available: 0n, pending: 0n });
      expect(await returnDisputeHold(ledger, won)).toMatchObject({ ok: true });
      expect(await postDisputeHold(ledger, won)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.balance(merchant)).toEqual({ available: 3_000n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('hold chains: all holds or none; post and void whole lists, in groups, idempotently', async () => {
      const merchant = await wallet('KES');
      await fund(merchant, 10_000n, 'KES');
      const clearing = systemAccountId('payout_clearing', 'KES');
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

    test('moveConversion: amounts fixed by the caller, posted at once or held on both ledgers and posted or voided together', async () => {
      const ownerId = randomUUID();
      const usd = (await openWallet(ledger, { ownerId, currency: 'USD' })).accountId;
      const kes = (await openWallet(ledger, { ownerId: randomUUID(), currency: 'KES' })).accountId;
      await fund(usd, 10_000n, 'USD');
      const kesPayouts = systemAccountId('payout_clearing', 'KES');
      const fxUsd = systemAccountId('fx_position', 'USD');
      const fxKes = systemAccountId('fx_position', 'KES');
      const clearingCredits = async () => {
        const [clearing] = await engine.lookupAccounts([kesPayouts]);
        return { pending: clearing!.credits_pending, posted: clearing!.credits_posted };
      };
      const clearingBefore = await clearingCredits();
      // Held: the wallet's available balance drops at once on the USD ledger; KES leaves the FX position as a hold.
      const held = randomUUID();
      const args = { conversionId: held, fromAccountId: usd, fromCurrency: 'USD', fromAmount: 2_500n, toAccountId: kesPayouts, toCurrency: 'KES', toAmount: 322_500n, pending: true };
      expect(await moveConversion(ledger, args)).toMatchObject({ ok: true, replayed: false });
      expect(await moveConversion(ledger, args)).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      const [legFrom, legTo] = conversionTransferIds(held);
      const transfers = await engine.lookupTransfers([legFrom, legTo]);
      expect(transfers.map((t) => [t.debit_account_id, t.credit_account_id, t.amount, (t.flags & TransferFlags.pending) !== 0]))
        .toEqual([[usd, fxUsd, 2_500n, true], [fxKes, kesPayouts, 322_500n, true]]);
      expect(await commitConversion(ledger, held)).toMatchObject({ ok: true });
      expect(await commitConversion(ledger, held)).toMatchObject({ ok: true, replayed: true });
      expect(await cancelConversion(ledger, held)).toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      expect(await clearingCredits()).toEqual({ pending: clearingBefore.pending, posted: clearingBefore.posted + 322_500n });
      // Voided: both holds go back; the wallet has its money again.
      const voided = randomUUID();
      expect(await moveConversion(ledger, { ...args, conversionId: voided, fromAmount: 7_000n })).toMatchObject({ ok: true });
      expect(await ledger.balance(usd)).toEqual({ available: 500n, pending: 0n });
      expect(await cancelConversion(ledger, voided)).toMatchObject({ ok: true });
      expect(await commitConversion(ledger, voided)).toMatchObject({ ok: false, failure: 'hold_already_voided' });
      expect(await ledger.balance(usd)).toEqual({ available: 7_500n, pending: 0n });
      // More than the wallet holds: nothing moves on either ledger.
      const refused = randomUUID();
      expect(await moveConversion(ledger, { ...args, conversionId: refused, fromAmount: 7_501n })).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await engine.lookupTransfers(conversionTransferIds(refused))).toEqual([]);
      // Posted at once, into a wallet.
      expect(await moveConversion(ledger, { ...args, conversionId: randomUUID(), toAccountId: kes, fromAmount: 100n, toAmount: 12_900n, pending: false })).toMatchObject({ ok: true });
      expect(await ledger.balance(kes)).toEqual({ available: 12_900n, pending: 0n });
      expect(await commitConversion(ledger, randomUUID())).toMatchObject({ ok: false, failure: 'hold_not_found' });
      await expect(moveConversion(ledger, { ...args, conversionId: randomUUID(), toCurrency: 'USD' })).rejects.toThrow(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('accountHistory: a wallet statement newest first, each movement with the balance right after it, paged', async () => {
      const seller = await wallet('KES');
      const collectionId = randomUUID();
      const escrowId = randomUUID();
      const refundId = randomUUID();
      const payoutId = randomUUID();
      await settleCollection(ledger, { collectionId, currency: 'KES', amount: 10_000n, legs: [{ accountId: seller, amount: 10_000n, escrow: false }] });
      const held = await settleCollection(ledger, { collectionId: escrowId, currency: 'KES', amount: 4_000n, legs: [{ accountId: seller, amount: 4_000n, escrow: true }] });
      await reserveRefund(ledger, { refundId, walletAccountId: seller, currency: 'KES', amount: 1_500n });
      await cancelRefund(ledger, refundId);
      await releaseEscrow(ledger, held.escrowTransferIds[0]!);
      await reservePayout(ledger, { payoutId, walletAccountId: seller, currency: 'KES', amount: 12_000n });
      await commitPayout(ledger, payoutId);
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
      await expect(ledger.accountHistory({ accountId: seller, limit: historyPageMax + 1 })).rejects.toBeInstanceOf(LedgerUsageError);
    });

    test('checkInvariants: every currency ledger sums to zero and no wallet is negative', async () => {
      const report = await ledger.checkInvariants();
      expect(report.negativeAccounts).toEqual([]);
      expect(report.ledgerSums.every((s) => s.balanced)).toBe(true);
      expect(report.ok).toBe(true);
      expect(report.ledgerSums.map((s) => s.currency)).toEqual(expect.arrayContaining(['NGN', 'KES', 'USD']));
    });

    test('a deposit credits the wallet from deposit clearing, once per id', async () => {
      const accountId = await wallet('KES');
      const depositId = randomUUID();
      const first = await deposit(ledger, { depositId, walletAccountId: accountId, currency: 'KES', amount: 5_000n });
      expect(first).toMatchObject({ ok: true, replayed: false, transferIds: [idFromUuid(depositId, 0)] });
      const again = await deposit(ledger, { depositId, walletAccountId: accountId, currency: 'KES', amount: 5_000n });
      expect(again).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(accountId)).toEqual({ available: 5_000n, pending: 0n });
      const [transfer] = await engine.lookupTransfers([idFromUuid(depositId, 0)]);
      expect(transfer!.code).toBe(TransferCode.wallet_deposit);
      expect(transfer!.debit_account_id).toBe(systemAccountId('deposit_clearing', 'KES'));
      expect(await deposit(ledger, { depositId: randomUUID(), walletAccountId: accountId, currency: 'KES', amount: 0n }).catch((e) => e)).toBeInstanceOf(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('a transfer moves all or nothing, never past the payer\'s balance, and not across currencies', async () => {
      const payer = await wallet('KES');
      const payee = await wallet('KES');
      await deposit(ledger, { depositId: randomUUID(), walletAccountId: payer, currency: 'KES', amount: 1_000n });
      const tooMuch = await transferBetweenWallets(ledger, { transferId: randomUUID(), fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_001n });
      expect(tooMuch).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      const transferId = randomUUID();
      const moved = await transferBetweenWallets(ledger, { transferId, fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_000n });
      expect(moved).toMatchObject({ ok: true, replayed: false });
      expect(await transferBetweenWallets(ledger, { transferId, fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_000n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(payer)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.balance(payee)).toEqual({ available: 1_000n, pending: 0n });
      const ngn = await wallet('NGN');
      await deposit(ledger, { depositId: randomUUID(), walletAccountId: payee, currency: 'KES', amount: 1n });
      expect(await transferBetweenWallets(ledger, { transferId: randomUUID(), fromAccountId: payee, toAccountId: ngn, currency: 'KES', amount: 1n }))
        .toMatchObject({ ok: false, failure: 'currency_mismatch' });
      expect(await transferBetweenWallets(ledger, { transferId: randomUUID(), fromAccountId: payee, toAccountId: payee, currency: 'KES', amount: 1n }).catch((e) => e))
        .toBeInstanceOf(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('concurrent transfers out of one wallet take exactly what it holds', async () => {
      const payer = await wallet('KES');
      const payees = await Promise.all([wallet('KES'), wallet('KES'), wallet('KES')]);
      await deposit(ledger, { depositId: randomUUID(), walletAccountId: payer, currency: 'KES', amount: 10_000n });
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => transferBetweenWallets(ledger, {
        transferId: randomUUID(), fromAccountId: payer, toAccountId: payees[i % 3]!, currency: 'KES', amount: 700n,
      })));
      expect(results.filter((r) => r.ok)).toHaveLength(14);
      expect(results.filter((r) => !r.ok && r.failure === 'insufficient_funds')).toHaveLength(16);
      expect(await ledger.balance(payer)).toEqual({ available: 200n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });
  });
}
