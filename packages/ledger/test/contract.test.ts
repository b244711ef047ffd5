// The engine contract: every flag and result code this package uses, run against each engine.
// PostgreSQL always; TigerBeetle when TB_ADDRESSES is set (otherwise skipped, and the run says why).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AccountFilterFlags,
  AccountFlags,
  LedgerUsageError,
  TransferFlags,
  batchEventsMax,
  u128Max,
  type AccountInput,
  type LedgerEngine,
  type TransferInput,
} from '../src/index.ts';
import { engine_cases, id_space, unique_ledger } from './support/engines.ts';

const code = 7;

for (const engine_case of engine_cases) {
  describe.skipIf(engine_case.skip)(`ledger engine contract: ${engine_case.name}`, () => {
    let engine: LedgerEngine;
    const id = id_space();
    let next = 1;
    const fresh = (): bigint => id(next++);
    const ledger = unique_ledger();
    const other_ledger = ledger + 1;

    beforeAll(async () => {
      engine = await engine_case.open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    async function accounts(...flags: number[]): Promise<bigint[]> {
      const batch: AccountInput[] = flags.map((f) => ({ id: fresh(), ledger, code, flags: f }));
      const results = await engine.createAccounts(batch);
      expect(results.map((r) => r.status)).toEqual(batch.map(() => 'created'));
      return batch.map((a) => a.id);
    }

    const transfer = (t: Partial<TransferInput>): TransferInput => ({ id: fresh(), ledger, code, ...t });

    async function statuses(batch: TransferInput[]): Promise<string[]> {
      return (await engine.createTransfers(batch)).map((r) => r.status);
    }

    async function balances(account_id: bigint) {
      const [a] = await engine.lookupAccounts([account_id]);
      if (!a) throw new Error(`account ${account_id} not found`);
      return { dp: a.debits_pending, dpo: a.debits_posted, cp: a.credits_pending, cpo: a.credits_posted };
    }

    /** A funded account: `amount` credited from an unconstrained source. */
    async function funded(amount: bigint, flags: number = AccountFlags.debits_must_not_exceed_credits): Promise<bigint> {
      const [source, account] = await accounts(0, flags);
      expect(await statuses([transfer({ debit_account_id: source!, credit_account_id: account!, amount })])).toEqual(['created']);
      return account!;
    }

    describe('create_accounts', () => {
      test('created, then exists with the original timestamp', async () => {
        const a: AccountInput = { id: fresh(), ledger, code, user_data_128: 5n, user_data_64: 6n, user_data_32: 7 };
        const [first] = await engine.createAccounts([a]);
        expect(first!.status).toBe('created');
        const [again] = await engine.createAccounts([a]);
        expect(again).toEqual({ status: 'exists', timestamp: first!.timestamp });
        const [found] = await engine.lookupAccounts([a.id]);
        expect(found).toMatchObject({ id: a.id, ledger, code, user_data_128: 5n, user_data_64: 6n, user_data_32: 7, flags: 0, timestamp: first!.timestamp });
        expect(found!.debits_posted + found!.credits_posted + found!.debits_pending + found!.credits_pending).toBe(0n);
      });

      test('exists_with_different_* in precedence order', async () => {
        const a: AccountInput = { id: fresh(), ledger, code, flags: AccountFlags.history, user_data_128: 1n, user_data_64: 2n, user_data_32: 3 };
        await engine.createAccounts([a]);
        const results = await engine.createAccounts([
          { ...a, flags: 0, user_data_128: 9n },
          { ...a, user_data_128: 9n, user_data_64: 9n },
          { ...a, user_data_64: 9n, user_data_32: 9 },
          { ...a, user_data_32: 9, ledger: other_ledger },
          { ...a, ledger: other_ledger, code: code + 1 },
          { ...a, code: code + 1 },
        ]);
        expect(results.map((r) => r.status)).toEqual([
          'exists_with_different_flags',
          'exists_with_different_user_data_128',
          'exists_with_different_user_data_64',
          'exists_with_different_user_data_32',
          'exists_with_different_ledger',
          'exists_with_different_code',
        ]);
      });

      test('field validation codes', async () => {
        const results = await engine.createAccounts([
          { id: fresh(), ledger, code, reserved: 1 },
          { id: 0n, ledger, code },
          { id: u128Max, ledger, code },
          { id: fresh(), ledger, code, flags: AccountFlags.debits_must_not_exceed_credits | AccountFlags.credits_must_not_exceed_debits },
          { id: fresh(), ledger, code, debits_pending: 1n },
          { id: fresh(), ledger, code, debits_posted: 1n },
          { id: fresh(), ledger, code, credits_pending: 1n },
          { id: fresh(), ledger, code, credits_posted: 1n },
          { id: fresh(), ledger: 0, code },
          { id: fresh(), ledger, code: 0 },
          { id: fresh(), ledger, code, timestamp: 1n },
        ]);
        expect(results.map((r) => r.status)).toEqual([
          'reserved_field',
          'id_must_not_be_zero',
          'id_must_not_be_int_max',
          'flags_are_mutually_exclusive',
          'debits_pending_must_be_zero',
          'debits_posted_must_be_zero',
          'credits_pending_must_be_zero',
          'credits_posted_must_be_zero',
          'ledger_must_not_be_zero',
          'code_must_not_be_zero',
          'timestamp_must_be_zero',
        ]);
      });

      test('a linked chain of accounts is created whole or not at all', async () => {
        const [a, b, c, d] = [fresh(), fresh(), fresh(), fresh()];
        const results = await engine.createAccounts([
          { id: a, ledger, code, flags: AccountFlags.linked },
          { id: b, ledger, code, flags: AccountFlags.linked },
          { id: c, ledger: 0, code }, // fails: the chain rolls back
          { id: d, ledger, code }, // independent of the chain
        ]);
        expect(results.map((r) => r.status)).toEqual(['linked_event_failed', 'linked_event_failed', 'ledger_must_not_be_zero', 'created']);
        expect((await engine.lookupAccounts([a, b, c, d])).map((x) => x.id)).toEqual([d]);

        const open = await engine.createAccounts([{ id: fresh(), ledger, code }, { id: fresh(), ledger, code, flags: AccountFlags.linked }]);
        expect(open.map((r) => r.status)).toEqual(['created', 'linked_event_chain_open']);
      });
    });

    describe('create_transfers: validation', () => {
      test('id, account, pending_id, timeout, ledger and code checks', async () => {
        const [a, b] = await accounts(0, 0);
        const c = fresh(); // never created
        const x = { debit_account_id: a!, credit_account_id: b!, amount: 1n };
        const results = await statuses([
          transfer({ ...x, id: 0n }),
          transfer({ ...x, id: u128Max }),
          transfer({ ...x, debit_account_id: 0n }),
          transfer({ ...x, debit_account_id: u128Max }),
          transfer({ ...x, credit_account_id: 0n }),
          transfer({ ...x, credit_account_id: u128Max }),
          transfer({ ...x, credit_account_id: a! }),
          transfer({ ...x, pending_id: 5n }),
          transfer({ ...x, timeout: 1 }),
          transfer({ ...x, ledger: 0 }),
          transfer({ ...x, code: 0 }),
          transfer({ ...x, debit_account_id: c }),
          transfer({ ...x, credit_account_id: c }),
          transfer({ ...x, timestamp: 1n }),
        ]);
        expect(results).toEqual([
          'id_must_not_be_zero',
          'id_must_not_be_int_max',
          'debit_account_id_must_not_be_zero',
          'debit_account_id_must_not_be_int_max',
          'credit_account_id_must_not_be_zero',
          'credit_account_id_must_not_be_int_max',
          'accounts_must_be_different',
          'pending_id_must_be_zero',
          'timeout_reserved_for_pending_transfer',
          'ledger_must_not_be_zero',
          'code_must_not_be_zero',
          'debit_account_not_found',
          'credit_account_not_found',
          'timestamp_must_be_zero',
        ]);
      });

      test('ledgers must match', async () => {
        const [a] = await accounts(0);
        const foreign = fresh();
        await engine.createAccounts([{ id: foreign, ledger: other_ledger, code }]);
        const [b] = await accounts(0);
        expect(await statuses([
          transfer({ debit_account_id: a!, credit_account_id: foreign, amount: 1n }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, ledger: other_ledger }),
        ])).toEqual(['accounts_must_have_the_same_ledger', 'transfer_must_have_the_same_ledger_as_accounts']);
      });

      test('exceeds_credits and exceeds_debits, then id_already_failed for ever', async () => {
        const limited = await funded(10n);
        const [sink] = await accounts(0);
        const [capped] = await accounts(AccountFlags.credits_must_not_exceed_debits);
        const over = transfer({ debit_account_id: limited, credit_account_id: sink!, amount: 11n });
        const capped_over = transfer({ debit_account_id: sink!, credit_account_id: capped!, amount: 1n });
        expect(await statuses([over, capped_over])).toEqual(['exceeds_credits', 'exceeds_debits']);
        expect(await balances(limited)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 10n });
        // Even once the account could cover it, the failed id stays failed.
        expect(await statuses([transfer({ debit_account_id: sink!, credit_account_id: limited, amount: 100n })])).toEqual(['created']);
        expect(await statuses([over])).toEqual(['id_already_failed']);
        expect(await statuses([transfer({ ...over, id: fresh() })])).toEqual(['created']);
      });

      test('a pending debit counts against debits_must_not_exceed_credits', async () => {
        const limited = await funded(10n);
        const [sink] = await accounts(0);
        expect(await statuses([
          transfer({ debit_account_id: limited, credit_account_id: sink!, amount: 7n, flags: TransferFlags.pending }),
          transfer({ debit_account_id: limited, credit_account_id: sink!, amount: 4n }),
          transfer({ debit_account_id: limited, credit_account_id: sink!, amount: 3n }),
        ])).toEqual(['created', 'exceeds_credits', 'created']);
        expect(await balances(limited)).toEqual({ dp: 7n, dpo: 3n, cp: 0n, cpo: 10n });
      });

      test('overflow checks', async () => {
        const [a, b, c, d, e, f] = await accounts(0, 0, 0, 0, 0, 0);
        expect(await statuses([
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: u128Max }),
          transfer({ debit_account_id: a!, credit_account_id: c!, amount: 1n }),
          transfer({ debit_account_id: d!, credit_account_id: b!, amount: 1n }),
          transfer({ debit_account_id: c!, credit_account_id: d!, amount: u128Max, flags: TransferFlags.pending }),
          transfer({ debit_account_id: c!, credit_account_id: e!, amount: 1n, flags: TransferFlags.pending }),
          transfer({ debit_account_id: f!, credit_account_id: d!, amount: 1n, flags: TransferFlags.pending }),
        ])).toEqual([
          'created',
          'overflows_debits_posted',
          'overflows_credits_posted',
          'created',
          'overflows_debits_pending',
          'overflows_credits_pending',
        ]);
        const [g, h, i, j] = await accounts(0, 0, 0, 0);
        const half = u128Max / 2n + 1n;
        expect(await statuses([
          transfer({ debit_account_id: g!, credit_account_id: h!, amount: half, flags: TransferFlags.pending }),
          transfer({ debit_account_id: g!, credit_account_id: i!, amount: half }),
          transfer({ debit_account_id: j!, credit_account_id: h!, amount: half }),
        ])).toEqual(['created', 'overflows_debits', 'overflows_credits']);
      });

      test('flags this package does not support are refused before submission', async () => {
        const [a, b] = await accounts(0, 0);
        await expect(engine.createTransfers([transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, flags: 64 })]))
          .rejects.toBeInstanceOf(LedgerUsageError);
        await expect(engine.createAccounts([{ id: fresh(), ledger, code, flags: 32 }])).rejects.toBeInstanceOf(LedgerUsageError);
      });

      test(`batches are limited to ${batchEventsMax} events`, async () => {
        const too_many = Array.from({ length: batchEventsMax + 1 }, () => transfer({ amount: 1n }));
        await expect(engine.createTransfers(too_many)).rejects.toBeInstanceOf(LedgerUsageError);
        expect(await engine.createTransfers([])).toEqual([]);
      });
    });

    describe('linked chains', () => {
      test('a failing member rolls back the whole chain; other chains are independent', async () => {
        const limited = await funded(100n);
        const [b, c] = await accounts(0, 0);
        const results = await statuses([
          transfer({ debit_account_id: limited, credit_account_id: b!, amount: 60n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: limited, credit_account_id: c!, amount: 30n, flags: TransferFlags.linked | TransferFlags.pending }),
          transfer({ debit_account_id: limited, credit_account_id: b!, amount: 20n }), // 110 > 100
          transfer({ debit_account_id: limited, credit_account_id: c!, amount: 5n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: limited, credit_account_id: b!, amount: 5n }),
          transfer({ debit_account_id: limited, credit_account_id: b!, amount: 1n }),
        ]);
        expect(results).toEqual(['linked_event_failed', 'linked_event_failed', 'exceeds_credits', 'created', 'created', 'created']);
        expect(await balances(limited)).toEqual({ dp: 0n, dpo: 11n, cp: 0n, cpo: 100n });
        expect(await balances(c!)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 5n });
      });

      test('members after the failure answer linked_event_failed; an open chain fails whole', async () => {
        const [a, b] = await accounts(0, 0);
        expect(await statuses([
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: a!, credit_account_id: a!, amount: 1n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n }),
        ])).toEqual(['linked_event_failed', 'accounts_must_be_different', 'linked_event_failed']);
        expect(await statuses([
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, flags: TransferFlags.linked }),
        ])).toEqual(['created', 'linked_event_failed', 'linked_event_chain_open']);
        expect(await balances(b!)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 1n });
      });

      test('a chain may span ledgers (each transfer within one)', async () => {
        const [a, b] = await accounts(0, 0);
        const [c, d] = [fresh(), fresh()];
        await engine.createAccounts([{ id: c, ledger: other_ledger, code }, { id: d, ledger: other_ledger, code }]);
        expect(await statuses([
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 3n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: c, credit_account_id: d, amount: 4n, ledger: other_ledger }),
        ])).toEqual(['created', 'created']);
      });

      test('a resubmitted chain answers exists for its first member, linked_event_failed after', async () => {
        const [a, b] = await accounts(0, 0);
        const chain = [
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n, flags: TransferFlags.linked }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 2n }),
        ];
        expect(await statuses(chain)).toEqual(['created', 'created']);
        expect(await statuses(chain)).toEqual(['exists', 'linked_event_failed']);
        expect(await balances(b!)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 3n });
      });
    });

    describe('two-phase transfers', () => {
      test('pending, then post in full (amount u128Max) or in part', async () => {
        const limited = await funded(100n);
        const [b] = await accounts(0);
        const p1 = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 40n, flags: TransferFlags.pending, user_data_64: 9n });
        const p2 = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 30n, flags: TransferFlags.pending });
        expect(await statuses([p1, p2])).toEqual(['created', 'created']);
        expect(await balances(limited)).toEqual({ dp: 70n, dpo: 0n, cp: 0n, cpo: 100n });
        const post1 = transfer({ pending_id: p1.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 });
        const post2 = transfer({ pending_id: p2.id, amount: 10n, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 });
        expect(await statuses([post1, post2])).toEqual(['created', 'created']);
        expect(await balances(limited)).toEqual({ dp: 0n, dpo: 50n, cp: 0n, cpo: 100n });
        expect(await balances(b!)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 50n });
        const [stored] = await engine.lookupTransfers([post1.id]);
        // A post inherits accounts, ledger, code and user_data from its pending transfer.
        expect(stored).toMatchObject({ debit_account_id: limited, credit_account_id: b!, amount: 40n, ledger, code, user_data_64: 9n, pending_id: p1.id, flags: TransferFlags.post_pending_transfer, timeout: 0 });
        // Posting again, or voiding a posted transfer, fails; a resubmitted post is exists.
        expect(await statuses([
          transfer({ pending_id: p1.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 }),
          transfer({ pending_id: p2.id, flags: TransferFlags.void_pending_transfer, ledger: 0, code: 0 }),
          post1,
        ])).toEqual(['pending_transfer_already_posted', 'pending_transfer_already_posted', 'exists']);
      });

      test('void releases the hold; a second void or a post after it fails', async () => {
        const limited = await funded(100n);
        const [b] = await accounts(0);
        const p = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 40n, flags: TransferFlags.pending });
        await statuses([p]);
        const void1 = transfer({ pending_id: p.id, amount: 0n, flags: TransferFlags.void_pending_transfer, ledger: 0, code: 0 });
        expect(await statuses([void1])).toEqual(['created']);
        expect(await balances(limited)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 100n });
        expect(await statuses([
          transfer({ pending_id: p.id, flags: TransferFlags.void_pending_transfer, ledger: 0, code: 0 }),
          transfer({ pending_id: p.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 }),
          void1,
        ])).toEqual(['pending_transfer_already_voided', 'pending_transfer_already_voided', 'exists']);
      });

      test('post/void validation codes', async () => {
        const [a, b, c] = await accounts(0, 0, 0);
        const p = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 40n, flags: TransferFlags.pending });
        const plain = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n });
        await statuses([p, plain]);
        const post = (t: Partial<TransferInput>) => transfer({ pending_id: p.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0, ...t });
        const results = await statuses([
          post({ flags: TransferFlags.post_pending_transfer | TransferFlags.void_pending_transfer }),
          post({ flags: TransferFlags.post_pending_transfer | TransferFlags.pending }),
          post({ flags: TransferFlags.post_pending_transfer | TransferFlags.balancing_debit }),
          post({ pending_id: 0n }),
          post({ pending_id: u128Max }),
          ((self) => post({ id: self, pending_id: self }))(fresh()),
          post({ timeout: 5 }),
          post({ pending_id: fresh() }),
          post({ pending_id: plain.id }),
          post({ debit_account_id: c! }),
          post({ credit_account_id: c! }),
          post({ ledger: other_ledger }),
          post({ code: code + 1 }),
          post({ amount: 41n }),
          post({ amount: 39n, flags: TransferFlags.void_pending_transfer }),
        ]);
        expect(results).toEqual([
          'flags_are_mutually_exclusive',
          'flags_are_mutually_exclusive',
          'flags_are_mutually_exclusive',
          'pending_id_must_not_be_zero',
          'pending_id_must_not_be_int_max',
          'pending_id_must_be_different',
          'timeout_reserved_for_pending_transfer',
          'pending_transfer_not_found',
          'pending_transfer_not_pending',
          'pending_transfer_has_different_debit_account_id',
          'pending_transfer_has_different_credit_account_id',
          'pending_transfer_has_different_ledger',
          'pending_transfer_has_different_code',
          'exceeds_pending_transfer_amount',
          'pending_transfer_has_different_amount',
        ]);
        // Nothing above touched the hold.
        expect(await balances(a!)).toEqual({ dp: 40n, dpo: 1n, cp: 0n, cpo: 0n });
      });

      test('a pending transfer and its post in one batch; a void inside a failed chain is undone', async () => {
        const [a, b] = await accounts(0, 0);
        const p = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 5n, flags: TransferFlags.pending });
        const v = transfer({ pending_id: p.id, flags: TransferFlags.void_pending_transfer | TransferFlags.linked, ledger: 0, code: 0 });
        expect(await statuses([p, v, transfer({ debit_account_id: a!, credit_account_id: a!, amount: 1n })]))
          .toEqual(['created', 'linked_event_failed', 'accounts_must_be_different']);
        expect(await balances(a!)).toEqual({ dp: 5n, dpo: 0n, cp: 0n, cpo: 0n });
        expect(await statuses([transfer({ pending_id: p.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 })])).toEqual(['created']);
        expect(await balances(a!)).toEqual({ dp: 0n, dpo: 5n, cp: 0n, cpo: 0n });
      });

      test('a pending transfer past its timeout expires: the hold is released, post/void answer pending_transfer_expired', async () => {
        const limited = await funded(100n, AccountFlags.debits_must_not_exceed_credits | AccountFlags.history);
        const [b] = await accounts(0);
        const p = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 60n, flags: TransferFlags.pending, timeout: 1 });
        const kept = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 10n, flags: TransferFlags.pending, timeout: 3600 });
        expect(await statuses([p, kept])).toEqual(['created', 'created']);
        expect(await balances(limited)).toEqual({ dp: 70n, dpo: 0n, cp: 0n, cpo: 100n });
        const deadline = Date.now() + 10_000;
        while ((await balances(limited)).dp !== 10n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        expect(await balances(limited)).toEqual({ dp: 10n, dpo: 0n, cp: 0n, cpo: 100n });
        expect(await balances(b!)).toEqual({ dp: 0n, dpo: 0n, cp: 10n, cpo: 0n });
        expect(await statuses([
          transfer({ pending_id: p.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 }),
          transfer({ pending_id: p.id, flags: TransferFlags.void_pending_transfer, ledger: 0, code: 0 }),
          transfer({ pending_id: kept.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 }),
        ])).toEqual(['pending_transfer_expired', 'pending_transfer_expired', 'created']);
        // Balance history lists transfers only: TigerBeetle records no entry for the expiry itself.
        const history = await engine.getAccountBalances({ account_id: limited, limit: 100 });
        expect(history.map((h) => h.debits_pending)).toEqual([0n, 60n, 70n, 0n]);
        // The expired transfer itself is unchanged (TigerBeetle keeps it as it was created).
        const [stored] = await engine.lookupTransfers([p.id]);
        expect(stored).toMatchObject({ amount: 60n, timeout: 1, flags: TransferFlags.pending });
      });
    });

    describe('balancing transfers', () => {
      test('balancing_debit moves at most what the debit account holds', async () => {
        const limited = await funded(30n);
        const [b] = await accounts(0);
        const sweep = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 1000n, flags: TransferFlags.balancing_debit });
        expect(await statuses([sweep])).toEqual(['created']);
        const [stored] = await engine.lookupTransfers([sweep.id]);
        expect(stored!.amount).toBe(30n);
        expect(await balances(limited)).toEqual({ dp: 0n, dpo: 30n, cp: 0n, cpo: 30n });
        // Resubmitted with an amount >= what moved: exists; below it: exists_with_different_amount.
        expect(await statuses([sweep, { ...sweep, amount: 30n }, { ...sweep, amount: 29n }]))
          .toEqual(['exists', 'exists', 'exists_with_different_amount']);
        // Nothing left: a balancing transfer of zero is created (TigerBeetle >= 0.16).
        const empty = transfer({ debit_account_id: limited, credit_account_id: b!, amount: 5n, flags: TransferFlags.balancing_debit });
        expect(await statuses([empty])).toEqual(['created']);
        expect((await engine.lookupTransfers([empty.id]))[0]!.amount).toBe(0n);
      });

      test('balancing_credit moves at most what brings the credit account to its debits', async () => {
        const [a, capped, source] = await accounts(0, AccountFlags.credits_must_not_exceed_debits, 0);
        // capped has 25 debits posted.
        await statuses([transfer({ debit_account_id: capped!, credit_account_id: source!, amount: 25n })]);
        const fill = transfer({ debit_account_id: a!, credit_account_id: capped!, amount: 100n, flags: TransferFlags.balancing_credit | TransferFlags.pending });
        expect(await statuses([fill])).toEqual(['created']);
        expect((await engine.lookupTransfers([fill.id]))[0]!.amount).toBe(25n);
        expect(await balances(capped!)).toEqual({ dp: 0n, dpo: 25n, cp: 25n, cpo: 0n });
      });
    });

    describe('idempotent resubmission', () => {
      test('same fields: exists with the original timestamp and nothing moves', async () => {
        const [a, b] = await accounts(0, 0);
        const t = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 9n, user_data_128: 1n, user_data_64: 2n, user_data_32: 3 });
        const [first] = await engine.createTransfers([t]);
        const [again] = await engine.createTransfers([t]);
        expect(again).toEqual({ status: 'exists', timestamp: first!.timestamp });
        expect(await balances(b!)).toEqual({ dp: 0n, dpo: 0n, cp: 0n, cpo: 9n });
        // Twice in one batch: the second is exists too.
        const u = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n });
        expect(await statuses([u, u])).toEqual(['created', 'exists']);
      });

      test('different fields: exists_with_different_* in precedence order', async () => {
        const [a, b, c] = await accounts(0, 0, 0);
        const t = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 9n, user_data_128: 1n, user_data_64: 2n, user_data_32: 3, flags: TransferFlags.pending, timeout: 600 });
        await statuses([t]);
        expect(await statuses([
          { ...t, flags: 0, pending_id: 1n },
          { ...t, pending_id: 1n, timeout: 1 },
          { ...t, timeout: 1, debit_account_id: c! },
          { ...t, debit_account_id: c!, credit_account_id: c! },
          { ...t, credit_account_id: c!, amount: 8n },
          { ...t, amount: 8n, user_data_128: 0n },
          { ...t, user_data_128: 0n, user_data_64: 0n },
          { ...t, user_data_64: 0n, user_data_32: 0 },
          { ...t, user_data_32: 0, ledger: other_ledger },
          { ...t, ledger: other_ledger, code: code + 1 },
          { ...t, code: code + 1 },
        ])).toEqual([
          'exists_with_different_flags',
          'exists_with_different_pending_id',
          'exists_with_different_timeout',
          'exists_with_different_debit_account_id',
          'exists_with_different_credit_account_id',
          'exists_with_different_amount',
          'exists_with_different_user_data_128',
          'exists_with_different_user_data_64',
          'exists_with_different_user_data_32',
          'exists_with_different_ledger',
          'exists_with_different_code',
        ]);
      });

      test('a resubmitted post/void compares against what it recorded', async () => {
        const [a, b] = await accounts(0, 0);
        const p = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 10n, flags: TransferFlags.pending, user_data_32: 4 });
        const q = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 10n, flags: TransferFlags.pending });
        await statuses([p, q]);
        const post = transfer({ pending_id: p.id, amount: u128Max, flags: TransferFlags.post_pending_transfer, ledger: 0, code: 0 });
        const void_ = transfer({ pending_id: q.id, amount: 0n, flags: TransferFlags.void_pending_transfer, ledger: 0, code: 0 });
        await statuses([post, void_]);
        expect(await statuses([
          post,
          { ...post, amount: 10n },
          { ...post, amount: 9n },
          { ...post, user_data_32: 4 },
          { ...post, user_data_32: 5 },
          { ...post, code: code },
          { ...post, code: code + 1 },
          void_,
          { ...void_, amount: 10n },
          { ...void_, debit_account_id: a! },
          { ...void_, debit_account_id: b! },
        ])).toEqual([
          'exists',
          'exists',
          'exists_with_different_amount',
          'exists',
          'exists_with_different_user_data_32',
          'exists',
          'exists_with_different_code',
          'exists',
          'exists',
          'exists',
          'exists_with_different_debit_account_id',
        ]);
      });
    });

    describe('lookups and queries', () => {
      test('lookups return found rows only, in request order', async () => {
        const [a, b] = await accounts(0, 0);
        const t1 = transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n });
        const t2 = transfer({ debit_account_id: b!, credit_account_id: a!, amount: 2n });
        await statuses([t1, t2]);
        expect((await engine.lookupAccounts([b!, fresh(), a!])).map((x) => x.id)).toEqual([b, a]);
        expect((await engine.lookupTransfers([t2.id, fresh(), t1.id])).map((x) => x.amount)).toEqual([2n, 1n]);
        expect(await engine.lookupAccounts([])).toEqual([]);
      });

      test('account transfers: debits/credits, code filter, reversed, paging by timestamp', async () => {
        const [a, b] = await accounts(AccountFlags.history, 0);
        const batch = [
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 1n }),
          transfer({ debit_account_id: b!, credit_account_id: a!, amount: 2n, code: code + 1 }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 3n }),
          transfer({ debit_account_id: b!, credit_account_id: a!, amount: 4n }),
          transfer({ debit_account_id: a!, credit_account_id: b!, amount: 5n, user_data_32: 42 }),
        ];
        await statuses(batch);
        const amounts = async (filter: Partial<Parameters<LedgerEngine['getAccountTransfers']>[0]>) =>
          (await engine.getAccountTransfers({ account_id: a!, limit: 100, ...filter })).map((t) => t.amount);
        expect(await amounts({ flags: AccountFilterFlags.debits | AccountFilterFlags.credits })).toEqual([1n, 2n, 3n, 4n, 5n]);
        expect(await amounts({ flags: AccountFilterFlags.debits })).toEqual([1n, 3n, 5n]);
        expect(await amounts({ flags: AccountFilterFlags.credits | AccountFilterFlags.reversed })).toEqual([4n, 2n]);
        expect(await amounts({ code: code + 1 })).toEqual([2n]);
        expect(await amounts({ user_data_32: 42 })).toEqual([5n]);
        const page1 = await engine.getAccountTransfers({ account_id: a!, limit: 2 });
        expect(page1.map((t) => t.amount)).toEqual([1n, 2n]);
        const page2 = await engine.getAccountTransfers({ account_id: a!, limit: 2, timestamp_min: page1[1]!.timestamp + 1n });
        expect(page2.map((t) => t.amount)).toEqual([3n, 4n]);
        const before = await engine.getAccountTransfers({ account_id: a!, limit: 10, timestamp_max: page1[1]!.timestamp });
        expect(before.map((t) => t.amount)).toEqual([1n, 2n]);

        // History: one balance per change of a history account.
        const history = await engine.getAccountBalances({ account_id: a!, limit: 100 });
        expect(history.map((h) => h.credits_posted - h.debits_posted)).toEqual([-1n, 1n, -2n, 2n, -3n]);
        const all = await engine.getAccountTransfers({ account_id: a!, limit: 100 });
        expect(history.map((h) => h.timestamp)).toEqual(all.map((t) => t.timestamp));
        // Accounts without flags.history keep none.
        expect(await engine.getAccountBalances({ account_id: b!, limit: 100 })).toEqual([]);
      });

      test('query accounts by ledger and code, ordered by timestamp', async () => {
        const query_ledger = unique_ledger();
        const ids = [fresh(), fresh(), fresh()];
        await engine.createAccounts([
          { id: ids[0]!, ledger: query_ledger, code: 1 },
          { id: ids[1]!, ledger: query_ledger, code: 2 },
          { id: ids[2]!, ledger: query_ledger, code: 1 },
        ]);
        expect((await engine.queryAccounts({ ledger: query_ledger, limit: 10 })).map((a) => a.id)).toEqual(ids);
        expect((await engine.queryAccounts({ ledger: query_ledger, code: 1, limit: 10 })).map((a) => a.id)).toEqual([ids[0], ids[2]]);
        expect((await engine.queryAccounts({ ledger: query_ledger, limit: 10, flags: 1 })).map((a) => a.id)).toEqual([...ids].reverse());
      });
    });
  });
}
