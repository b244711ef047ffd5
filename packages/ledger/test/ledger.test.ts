// The generic Ledger (accounts, chains of transfers and holds, balances, statements), on each
// engine. What callers compose from it is tested with them (the service: test/ledger/).

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AccountFlags, Ledger, LedgerUsageError, TransferFlags, batchEventsMax, historyPageMax, holdLegId, holdResolutionId,
  idFromParts, idFromUuid, u128FromUuid, type ChainStep, type LedgerEngine,
} from '../src/index.ts';
import { engine_cases } from './support/engines.ts';

const limited = AccountFlags.debits_must_not_exceed_credits | AccountFlags.history;

for (const engine_case of engine_cases) {
  describe.skipIf(engine_case.skip)(`ledger: ${engine_case.name}`, () => {
    let engine: LedgerEngine;
    let ledger: Ledger;
    let source: bigint;

    beforeAll(async () => {
      engine = await engine_case.open();
      ledger = new Ledger(engine);
      source = await account(0); // may go negative: where test money comes from
    });
    afterAll(async () => {
      await engine?.close();
    });

    async function account(flags = limited, currency = 'KES'): Promise<bigint> {
      const id = idFromParts('test.account', randomUUID());
      expect(await ledger.openAccounts([{ id, currency, code: 7, flags, userData128: 42n }])).toEqual([true]);
      return id;
    }
    const move = (from: bigint, to: bigint, amount: bigint, extra: Partial<ChainStep> = {}): ChainStep => ({
      id: idFromUuid(randomUUID(), 0), debitAccountId: from, creditAccountId: to, amount, currency: 'KES', code: 9, userData128: 5n, ...extra,
    } as ChainStep);

    test('openAccounts: created once, then exists; the fields are the caller\'s', async () => {
      const id = idFromParts('test.account', randomUUID());
      const spec = { id, currency: 'KES', code: 7, flags: limited, userData128: 42n };
      expect(await ledger.openAccounts([spec])).toEqual([true]);
      expect(await ledger.openAccounts([spec])).toEqual([false]);
      const [stored] = await engine.lookupAccounts([id]);
      expect(stored).toMatchObject({ ledger: 404, code: 7, flags: limited, user_data_128: 42n });
      await expect(ledger.openAccounts([{ ...spec, code: 8 }])).rejects.toThrow(/exists_with_different_code/);
      await expect(ledger.openAccounts([{ ...spec, currency: 'XXX' }])).rejects.toBeInstanceOf(LedgerUsageError);
    });

    test('a chain lands whole or not at all, and a resubmitted chain answers replayed', async () => {
      const a = await account();
      const b = await account();
      const chain = [move(source, a, 1_000n), move(a, b, 400n)];
      expect(await ledger.submitChain(chain)).toEqual({ ok: true, transferIds: chain.map((s) => s.id), replayed: false });
      expect(await ledger.submitChain(chain)).toMatchObject({ ok: true, replayed: true });
      const [first] = await engine.lookupTransfers([chain[0]!.id]);
      expect(first).toMatchObject({ flags: TransferFlags.linked, code: 9, user_data_128: 5n, ledger: 404 });
      const refused = [move(a, b, 100n), move(b, a, 10_000n)];
      expect(await ledger.submitChain(refused)).toMatchObject({ ok: false, failure: 'insufficient_funds', status: 'exceeds_credits' });
      expect(await ledger.balance(a)).toEqual({ available: 600n, pending: 0n });
      expect(await ledger.submitChain([move(a, 12345n, 1n)])).toMatchObject({ ok: false, failure: 'account_not_found' });
      expect(await ledger.submitChain([{ ...chain[1]!, amount: 1n } as ChainStep])).toMatchObject({ ok: false, failure: 'conflicting_resubmission' });
      await expect(ledger.submitChain([])).rejects.toBeInstanceOf(LedgerUsageError);
    });

    test('holds: held at once, posted whole or voided; one resolution only; a timeout is the caller\'s', async () => {
      const a = await account();
      const b = await account();
      await ledger.submitChain([move(source, a, 1_000n)]);
      const hold = move(a, b, 300n, { pending: true, timeoutSeconds: 3_600 });
      expect((await ledger.submitChain([hold])).ok).toBe(true);
      const [held] = await engine.lookupTransfers([hold.id]);
      expect(held).toMatchObject({ flags: TransferFlags.pending, timeout: 3_600 });
      expect(await ledger.balance(a)).toEqual({ available: 700n, pending: 0n });
      expect(await ledger.balance(b)).toEqual({ available: 0n, pending: 300n });
      const post = { id: idFromUuid(randomUUID(), 0), pendingId: hold.id, resolve: 'post' as const };
      expect((await ledger.submitChain([post])).ok).toBe(true);
      expect(await ledger.balance(b)).toEqual({ available: 300n, pending: 0n });
      expect(await ledger.submitChain([{ id: idFromUuid(randomUUID(), 0), pendingId: hold.id, resolve: 'void' }]))
        .toMatchObject({ ok: false, failure: 'hold_already_posted' });
      expect(await ledger.submitChain([{ id: idFromUuid(randomUUID(), 0), pendingId: 999n, resolve: 'void' }]))
        .toMatchObject({ ok: false, failure: 'hold_not_found' });
    });

    test('hold chains and their posts and voids, whole lists and groups, idempotently', async () => {
      const a = await account();
      const clearing = await account(0);
      await ledger.submitChain([move(source, a, 1_000n)]);
      const owner = randomUUID();
      const legs = [0, 1].map((leg) => ({ id: holdLegId(owner, leg), debitAccountId: a, creditAccountId: clearing, currency: 'KES', amount: 200n, code: 4, ownerId: owner }));
      expect((await ledger.holdChain(legs)).ok).toBe(true);
      const [leg0] = await engine.lookupTransfers([legs[0]!.id]);
      expect(leg0).toMatchObject({ user_data_128: u128FromUuid(owner), flags: TransferFlags.pending | TransferFlags.linked });
      const tooMuch = randomUUID();
      expect(await ledger.holdChain([{ ...legs[0]!, id: holdLegId(tooMuch, 0), ownerId: tooMuch }, { ...legs[0]!, id: holdLegId(tooMuch, 1), ownerId: tooMuch, amount: 5_000n }]))
        .toMatchObject({ ok: false, failure: 'insufficient_funds' });
      expect(await ledger.balance(a)).toEqual({ available: 600n, pending: 0n });
      expect(await ledger.postHolds([legs[0]!.id])).toEqual({ ok: true, transferIds: [holdResolutionId(legs[0]!.id, 'post')], replayed: false });
      expect(await ledger.postHolds([legs[0]!.id])).toMatchObject({ ok: true, replayed: true });
      const other = randomUUID();
      await ledger.holdChain([{ ...legs[0]!, id: holdLegId(other, 0), ownerId: other }]);
      const [voided, missing] = await ledger.voidHoldGroups([[legs[1]!.id, holdLegId(other, 0)], [holdLegId(randomUUID(), 0)]]);
      expect(voided).toMatchObject({ ok: true, replayed: false });
      expect(missing).toMatchObject({ ok: false, failure: 'hold_not_found' });
      expect(await ledger.balance(a)).toEqual({ available: 800n, pending: 0n });
      await expect(ledger.postHolds([])).rejects.toBeInstanceOf(LedgerUsageError);
    });

    test('submitChains: more events than one request holds, no chain split across two, each answered alone', async () => {
      const a = await account(0);
      const b = await account(0);
      const chains = Array.from({ length: Math.ceil(batchEventsMax / 3) + 5 }, () => [move(a, b, 1n), move(a, b, 1n), move(a, b, 1n)]);
      chains[7] = [move(a, b, 1n), move(a, 12345n, 1n)];
      const results = await ledger.submitChains(chains);
      expect(results.filter((r) => r.ok)).toHaveLength(chains.length - 1);
      expect(results[7]).toMatchObject({ ok: false, failure: 'account_not_found' });
      expect(await ledger.balance(b)).toEqual({ available: BigInt((chains.length - 1) * 3), pending: 0n });
    });

    test('statements: history newest first, postings of a period oldest first, the balance at a past moment', async () => {
      const a = await account();
      const b = await account();
      const steps = [move(source, a, 1_000n), move(a, b, 300n), move(a, b, 200n, { pending: true }), move(source, a, 50n)];
      for (const step of steps) expect((await ledger.submitChain([step])).ok).toBe(true);
      const history = await ledger.accountHistory({ accountId: a, limit: 10 });
      expect(history.map((m) => [m.transfer.id, m.direction, m.balanceAfter.available])).toEqual([
        [steps[3]!.id, 'credit', 550n], [steps[2]!.id, 'debit', 500n], [steps[1]!.id, 'debit', 700n], [steps[0]!.id, 'credit', 1_000n],
      ]);
      const page2 = await ledger.accountHistory({ accountId: a, before: history[1]!.transfer.timestamp, limit: 1 });
      expect(page2.map((m) => m.transfer.id)).toEqual([steps[1]!.id]);
      const times = [...history].reverse().map((m) => m.transfer.timestamp);
      const period = await ledger.postings({ accountId: a, from: times[1]!, to: times[2]!, limit: 10 });
      expect(period.map((m) => m.transfer.id)).toEqual([steps[1]!.id, steps[2]!.id]);
      const after = await ledger.postings({ accountId: a, from: times[0]!, to: times[3]!, after: times[1]!, limit: 1 });
      expect(after.map((m) => m.transfer.id)).toEqual([steps[2]!.id]);
      expect(await ledger.postings({ accountId: a, from: times[3]! + 1n, to: times[3]! + 2n, limit: 5 })).toEqual([]);
      expect(await ledger.balanceAt({ accountId: a, at: times[0]! - 1n })).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.balanceAt({ accountId: a, at: times[1]! })).toEqual({ available: 700n, pending: 0n });
      expect(await ledger.balanceAt({ accountId: a, at: times[2]! + 1n })).toEqual({ available: 500n, pending: 0n });
      expect(await ledger.balanceAt({ accountId: b, at: times[2]! })).toEqual({ available: 300n, pending: 200n });
      expect(await ledger.balanceAt({ accountId: 12345n, at: times[2]! })).toBeNull();
      await expect(ledger.balanceAt({ accountId: source, at: times[2]! })).rejects.toBeInstanceOf(LedgerUsageError);
      await expect(ledger.postings({ accountId: a, from: times[2]!, to: times[1]!, limit: 5 })).rejects.toBeInstanceOf(LedgerUsageError);
      await expect(ledger.accountHistory({ accountId: a, limit: historyPageMax + 1 })).rejects.toBeInstanceOf(LedgerUsageError);
      const states = await ledger.accountStates([a, 12345n]);
      expect([...states.keys()]).toEqual([a]);
      expect(states.get(a)).toMatchObject({ balance: { available: 550n, pending: 0n }, lastMovementAt: times[3] });
    });

    test('checkInvariants: every ledger balanced, no account past its limit', async () => {
      const report = await ledger.checkInvariants();
      expect(report.ok).toBe(true);
      expect(report.negativeAccounts).toEqual([]);
      expect(report.ledgerSums.find((s) => s.currency === 'KES')).toMatchObject({ balanced: true });
    });
  });
}
