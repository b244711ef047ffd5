// Property tests (fast-check):
//  1. Sequential: random batches (plain, pending, post, void, balancing, linked chains,
//     resubmissions) give, event for event, the reference model's results and final balances.
//     With TigerBeetle available, the same sequence gives identical results on both engines
//     (differential test).
//  2. Concurrent: random batches submitted at once from several engine instances (separate
//     connection pools, as separate processes would be) across many accounts, racing posts and
//     voids of the same pending transfers: afterwards no constrained account is negative, every
//     ledger sums to zero, chains are all-or-nothing, each pending transfer was resolved at most
//     once, and the final balances equal the sum of exactly the transfers reported created.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AccountFlags,
  PostgresEngine,
  TransferFlags,
  u128Max,
  type LedgerEngine,
  type TransferInput,
} from '../src/index.ts';
import { fresh_database_url, id_space, open_tigerbeetle_engine, tb_available, tb_skip_reason, unique_ledger } from './support/engines.ts';
import { ReferenceLedger } from './support/reference-model.ts';

const code = 9;
const source_count = 2;
const constrained_count = 6;
const funding = 200n;
const runs_sequential = 60;
const runs_concurrent = 25;

type Spec =
  | { kind: 'plain'; dr: number; cr_offset: number; amount: number; balancing: boolean; linked: boolean }
  | { kind: 'pending'; dr: number; cr_offset: number; amount: number; linked: boolean }
  | { kind: 'post'; ref: number; partial: number | null; linked: boolean }
  | { kind: 'void'; ref: number; linked: boolean }
  | { kind: 'resubmit'; ref: number };

const account_count = source_count + constrained_count;
const spec_arbitrary: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('plain' as const), dr: fc.nat(account_count - 1), cr_offset: fc.integer({ min: 1, max: account_count - 1 }), amount: fc.integer({ min: 0, max: 150 }), balancing: fc.boolean(), linked: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pending' as const), dr: fc.nat(account_count - 1), cr_offset: fc.integer({ min: 1, max: account_count - 1 }), amount: fc.integer({ min: 0, max: 150 }), linked: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('post' as const), ref: fc.nat(), partial: fc.option(fc.nat(150)), linked: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), ref: fc.nat(), linked: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resubmit' as const), ref: fc.nat() }) },
);
const sequence_arbitrary = fc.array(fc.array(spec_arbitrary, { minLength: 1, maxLength: 25 }), { minLength: 1, maxLength: 6 });

/** Turns specs into concrete batches. `n` numbers ids; accounts are n(1..account_count). */
function resolve(specs: Spec[][], ledger: number, n: (i: number) => bigint): TransferInput[][] {
  const account = (i: number) => n(1 + i);
  let next_id = 1000;
  const all: TransferInput[] = [];
  const pendings: Array<{ id: bigint; amount: bigint }> = [];
  return specs.map((batch) => batch.map((spec): TransferInput => {
    let t: TransferInput;
    switch (spec.kind) {
      case 'plain':
      case 'pending': {
        const cr = (spec.dr + spec.cr_offset) % account_count;
        t = {
          id: n(next_id++), debit_account_id: account(spec.dr), credit_account_id: account(cr), amount: BigInt(spec.amount), ledger, code,
          flags: (spec.linked ? TransferFlags.linked : 0) |
            (spec.kind === 'pending' ? TransferFlags.pending : spec.balancing ? TransferFlags.balancing_debit : 0),
        };
        if (spec.kind === 'pending') pendings.push({ id: t.id, amount: t.amount! });
        break;
      }
      case 'post':
      case 'void': {
        const p = pendings.length > 0 ? pendings[spec.ref % pendings.length]! : { id: n(999), amount: 0n };
        const amount = spec.kind === 'void' ? 0n
          : spec.partial === null ? u128Max : BigInt(spec.partial) % (p.amount + 1n);
        t = {
          id: n(next_id++), pending_id: p.id, amount,
          flags: (spec.linked ? TransferFlags.linked : 0) |
            (spec.kind === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer),
        };
        break;
      }
      case 'resubmit':
        // Resubmit an earlier event unchanged (link flag included: it is one of its fields).
        t = all.length > 0 ? { ...all[spec.ref % all.length]! } : { id: n(next_id++), debit_account_id: account(0), credit_account_id: account(1), amount: 1n, ledger, code };
        break;
    }
    all.push(t);
    return t;
  }));
}

async function open_accounts(engine: LedgerEngine, ledger: number, n: (i: number) => bigint, model?: ReferenceLedger): Promise<void> {
  const flags = (i: number) => (i < source_count ? 0 : AccountFlags.debits_must_not_exceed_credits);
  const results = await engine.createAccounts(Array.from({ length: account_count }, (_, i) => ({ id: n(1 + i), ledger, code, flags: flags(i) })));
  expect(results.every((r) => r.status === 'created')).toBe(true);
  const funding_batch: TransferInput[] = Array.from({ length: constrained_count }, (_, c) => ({
    id: n(100 + c), debit_account_id: n(1 + (c % source_count)), credit_account_id: n(1 + source_count + c), amount: funding, ledger, code,
  }));
  expect((await engine.createTransfers(funding_batch)).every((r) => r.status === 'created')).toBe(true);
  if (model) {
    for (let i = 0; i < account_count; i++) model.openAccount(n(1 + i), flags(i));
    model.apply(funding_batch);
  }
}

type RunOutcome = { statuses: string[][]; balances: Array<[bigint, bigint, bigint, bigint]> };

async function run_sequence(engine: LedgerEngine, specs: Spec[][]): Promise<RunOutcome & { model: RunOutcome }> {
  const ledger = unique_ledger();
  const n_space = id_space();
  const n = (i: number) => n_space(i);
  const model = new ReferenceLedger();
  await open_accounts(engine, ledger, n, model);
  const batches = resolve(specs, ledger, n);
  const statuses: string[][] = [];
  const model_statuses: string[][] = [];
  for (const batch of batches) {
    statuses.push((await engine.createTransfers(batch)).map((r) => r.status));
    model_statuses.push(model.apply(batch));
  }
  const ids = Array.from({ length: account_count }, (_, i) => n(1 + i));
  const accounts = await engine.lookupAccounts(ids);
  const balances = accounts.map((a) => [a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted] as [bigint, bigint, bigint, bigint]);
  const model_balances = ids.map((id) => {
    const a = model.accounts.get(id)!;
    return [a.dp, a.dpo, a.cp, a.cpo] as [bigint, bigint, bigint, bigint];
  });
  return { statuses, balances, model: { statuses: model_statuses, balances: model_balances } };
}

describe('property: sequential batches match the reference model (and TigerBeetle)', () => {
  let postgres: PostgresEngine;
  let tigerbeetle: LedgerEngine | null = null;
  beforeAll(async () => {
    postgres = new PostgresEngine({ url: await fresh_database_url() });
    await postgres.migrate();
    if (tb_available) tigerbeetle = open_tigerbeetle_engine();
    else console.log(`differential test: ${tb_skip_reason}`);
  });
  afterAll(async () => {
    await postgres?.close();
    await tigerbeetle?.close();
  });

  test('postgres = reference model; tigerbeetle = postgres when available', async () => {
    const seen = new Set<string>();
    await fc.assert(fc.asyncProperty(sequence_arbitrary, async (specs) => {
      const pg = await run_sequence(postgres, specs);
      for (const status of pg.statuses.flat()) seen.add(status);
      expect(pg.statuses).toEqual(pg.model.statuses);
      expect(pg.balances).toEqual(pg.model.balances);
      if (tigerbeetle) {
        const tb = await run_sequence(tigerbeetle, specs);
        expect(tb.statuses).toEqual(pg.statuses);
        expect(tb.balances).toEqual(pg.balances);
      }
    }), { numRuns: runs_sequential });
    // The generators must reach every outcome the model knows, or the property proves little.
    expect([...seen].sort()).toEqual(expect.arrayContaining([
      'created', 'exists', 'exceeds_credits', 'id_already_failed', 'linked_event_failed', 'linked_event_chain_open',
      'pending_transfer_already_posted', 'pending_transfer_already_voided', 'pending_transfer_not_found',
    ]));
  });
});

// ---- concurrent batches ----

const pending_count = 6;
const concurrent_spec = fc.record({
  batches: fc.array(fc.array(fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('plain' as const), dr: fc.nat(account_count - 1), cr_offset: fc.integer({ min: 1, max: account_count - 1 }), amount: fc.integer({ min: 1, max: 150 }), linked: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolve' as const), pending: fc.nat(pending_count - 1), post: fc.boolean(), linked: fc.boolean() }) },
  ), { minLength: 1, maxLength: 40 }), { minLength: 2, maxLength: 8 }),
});

type ConcurrentSpec = typeof concurrent_spec extends fc.Arbitrary<infer T> ? T : never;

async function run_concurrent(engines: LedgerEngine[], spec: ConcurrentSpec): Promise<void> {
  const engine0 = engines[0]!;
  const ledger = unique_ledger();
  const n = id_space();
  await open_accounts(engine0, ledger, (i) => n(i));
  // Pending transfers made before the race: constrained account c holds 50 for a source.
  const pendings = Array.from({ length: pending_count }, (_, p) => ({
    id: n(500 + p), debit_account_id: n(1 + source_count + (p % constrained_count)), credit_account_id: n(1), amount: 50n,
    ledger, code, flags: TransferFlags.pending,
  }));
  expect((await engine0.createTransfers(pendings)).every((r) => r.status === 'created')).toBe(true);

  let next_id = 1000;
  const batches: TransferInput[][] = spec.batches.map((batch) => batch.map((e): TransferInput => {
    if (e.kind === 'plain') {
      const cr = (e.dr + e.cr_offset) % account_count;
      return { id: n(next_id++), debit_account_id: n(1 + e.dr), credit_account_id: n(1 + cr), amount: BigInt(e.amount), ledger, code, flags: e.linked ? TransferFlags.linked : 0 };
    }
    return {
      id: n(next_id++), pending_id: pendings[e.pending]!.id, amount: e.post ? u128Max : 0n,
      flags: (e.linked ? TransferFlags.linked : 0) | (e.post ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer),
    };
  }));

  const results = await Promise.all(batches.map((b, i) => engines[i % engines.length]!.createTransfers(b)));

  // Expected balances: the funding, the pendings, then every transfer reported created.
  const expected = new Map<bigint, { dp: bigint; dpo: bigint; cp: bigint; cpo: bigint }>();
  for (let i = 0; i < account_count; i++) expected.set(n(1 + i), { dp: 0n, dpo: 0n, cp: 0n, cpo: 0n });
  for (let c = 0; c < constrained_count; c++) {
    expected.get(n(1 + (c % source_count)))!.dpo += funding;
    expected.get(n(1 + source_count + c))!.cpo += funding;
  }
  for (const p of pendings) {
    expected.get(p.debit_account_id)!.dp += p.amount;
    expected.get(p.credit_account_id)!.cp += p.amount;
  }
  const resolutions = new Map<bigint, number>();
  batches.forEach((batch, b) => {
    let chain: string[] = [];
    batch.forEach((t, i) => {
      const status = results[b]![i]!.status;
      expect(['created', 'exceeds_credits', 'linked_event_failed', 'linked_event_chain_open', 'pending_transfer_already_posted', 'pending_transfer_already_voided']).toContain(status);
      chain.push(status);
      if (((t.flags ?? 0) & TransferFlags.linked) === 0 || i === batch.length - 1) {
        // A chain (or a lone event) is all created or none.
        expect(chain.every((s) => s === 'created') || chain.every((s) => s !== 'created')).toBe(true);
        chain = [];
      }
      if (status !== 'created') return;
      if (t.pending_id) {
        resolutions.set(t.pending_id, (resolutions.get(t.pending_id) ?? 0) + 1);
        const p = pendings.find((x) => x.id === t.pending_id)!;
        expected.get(p.debit_account_id)!.dp -= p.amount;
        expected.get(p.credit_account_id)!.cp -= p.amount;
        if (((t.flags ?? 0) & TransferFlags.post_pending_transfer) !== 0) {
          expected.get(p.debit_account_id)!.dpo += p.amount;
          expected.get(p.credit_account_id)!.cpo += p.amount;
        }
      } else {
        expected.get(t.debit_account_id!)!.dpo += t.amount!;
        expected.get(t.credit_account_id!)!.cpo += t.amount!;
      }
    });
  });
  for (const count of resolutions.values()) expect(count).toBe(1);

  const accounts = await engine0.lookupAccounts([...expected.keys()]);
  let sum_dp = 0n, sum_cp = 0n, sum_dpo = 0n, sum_cpo = 0n;
  for (const a of accounts) {
    expect({ dp: a.debits_pending, dpo: a.debits_posted, cp: a.credits_pending, cpo: a.credits_posted }).toEqual(expected.get(a.id));
    if ((a.flags & AccountFlags.debits_must_not_exceed_credits) !== 0) {
      expect(a.debits_pending + a.debits_posted <= a.credits_posted).toBe(true);
    }
    sum_dp += a.debits_pending; sum_cp += a.credits_pending; sum_dpo += a.debits_posted; sum_cpo += a.credits_posted;
  }
  expect(sum_dp).toBe(sum_cp);
  expect(sum_dpo).toBe(sum_cpo);
}

describe('property: concurrent batches keep every invariant', () => {
  const engines: PostgresEngine[] = [];
  beforeAll(async () => {
    const url = await fresh_database_url();
    for (let i = 0; i < 3; i++) engines.push(new PostgresEngine({ url, poolConnectionsMax: 4 }));
    await Promise.all(engines.map((e) => e.migrate())); // concurrent migrations must be safe too
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  test('postgres: three connection pools racing', async () => {
    await fc.assert(fc.asyncProperty(concurrent_spec, (spec) => run_concurrent(engines, spec)), { numRuns: runs_concurrent });
  });

  test.skipIf(!tb_available)('tigerbeetle: concurrent requests', async () => {
    const tb = open_tigerbeetle_engine();
    try {
      await fc.assert(fc.asyncProperty(concurrent_spec, (spec) => run_concurrent([tb], spec)), { numRuns: runs_concurrent });
    } finally {
      await tb.close();
    }
  });
});
