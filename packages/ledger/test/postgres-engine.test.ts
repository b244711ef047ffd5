// What only the PostgreSQL engine has: its schema, its migration, its race handling, its
// expiry sweep.

import { afterAll, beforeAll, expect, test } from 'vitest';
import postgres from 'postgres';
import { randomUUID } from 'node:crypto';
import { AccountFlags, Ledger, LedgerUsageError, PostgresEngine, TransferFlags, idFromParts } from '../src/index.ts';
import { fresh_database_url, id_space } from './support/engines.ts';

const ledger = 5;
const code = 1;
let url: string;
let engine: PostgresEngine;
let rival: PostgresEngine;

beforeAll(async () => {
  url = await fresh_database_url();
  engine = new PostgresEngine({ url });
  rival = new PostgresEngine({ url });
  await Promise.all([engine.migrate(), rival.migrate()]);
});
afterAll(async () => {
  await engine?.close();
  await rival?.close();
});

test('migrate is idempotent and keeps everything in the `ledger` schema', async () => {
  await engine.migrate();
  const tables = await engine.sql<{ table_schema: string; table_name: string }[]>`
    SELECT table_schema, table_name FROM information_schema.tables
    WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 2`;
  expect(tables.map((t) => `${t.table_schema}.${t.table_name}`)).toEqual([
    'ledger.account_balances', 'ledger.accounts', 'ledger.transfer_failed_ids', 'ledger.transfers',
  ]);
});

test('an engine can share a postgres.js instance and leaves it open', async () => {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const shared = new PostgresEngine({ sql });
  const n = id_space();
  expect(await shared.createAccounts([{ id: n(1), ledger, code }])).toMatchObject([{ status: 'created' }]);
  await shared.close();
  expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  await sql.end();
});

test('the same new transfer id raced from two connections with different accounts: one created, one exists_with_different_*', async () => {
  const n = id_space();
  const [a, b, c, d] = [n(1), n(2), n(3), n(4)];
  await engine.createAccounts([a, b, c, d].map((id) => ({ id, ledger, code })));
  // Disjoint accounts, so the row locks do not serialise the two batches: the transfer's
  // primary key does, and the loser is re-run.
  for (let i = 0; i < 20; i++) {
    const id = n(100 + i);
    const [[x], [y]] = await Promise.all([
      engine.createTransfers([{ id, debit_account_id: a, credit_account_id: b, amount: 1n, ledger, code }]),
      rival.createTransfers([{ id, debit_account_id: c, credit_account_id: d, amount: 1n, ledger, code }]),
    ]);
    expect([x!.status, y!.status].sort()).toEqual(['created', 'exists_with_different_debit_account_id']);
  }
  const [ab, cd] = await engine.lookupAccounts([b, d]);
  expect(ab!.credits_posted + cd!.credits_posted).toBe(20n);
});

test('opening the same account from two connections at once creates it once', async () => {
  const id = idFromParts('test.account', randomUUID());
  const ledgers = [new Ledger(engine), new Ledger(rival)];
  const opened = await Promise.all(Array.from({ length: 6 }, (_, i) => ledgers[i % 2]!.openAccounts([{
    id, currency: 'GHS', code: 1, flags: AccountFlags.debits_must_not_exceed_credits | AccountFlags.history,
  }])));
  expect(opened.filter(([created]) => created)).toHaveLength(1);
});

test('expirePending releases due holds and reports how many', async () => {
  const n = id_space();
  const [a, b] = [n(1), n(2)];
  await engine.createAccounts([{ id: a, ledger, code }, { id: b, ledger, code, flags: AccountFlags.history }]);
  await engine.createTransfers([1, 2, 3].map((i) => ({ id: n(10 + i), debit_account_id: a, credit_account_id: b, amount: 5n, ledger, code, flags: TransferFlags.pending, timeout: 1 })));
  expect(await engine.expirePending()).toBe(0);
  await new Promise((r) => setTimeout(r, 1_100));
  // Two connections sweeping at once: each hold is released exactly once.
  const counts = await Promise.all([engine.expirePending(), rival.expirePending()]);
  expect(counts[0]! + counts[1]!).toBe(3);
  const [account] = await engine.lookupAccounts([b]);
  expect(account!.credits_pending).toBe(0n);
});

test('queries validate their limit', async () => {
  await expect(engine.getAccountTransfers({ account_id: 1n, limit: 0 })).rejects.toBeInstanceOf(LedgerUsageError);
  await expect(engine.queryAccounts({ limit: 8190 })).rejects.toBeInstanceOf(LedgerUsageError);
});

test('a page of an account\'s transfers reads index ranges of the page size, however long the account\'s history', async () => {
  // The engine's own statement, captured and EXPLAIN ANALYZEd: every node of its plan handles
  // at most one page of rows per side (two pages where the sides merge), although the account
  // has 3,000 transfers on each side.
  const captured: { query: string; params: unknown[] }[] = [];
  const sql = postgres(url, { max: 1, onnotice: () => {}, debug: (_connection, query, params) => captured.push({ query, params: params as unknown[] }) });
  const probe = new PostgresEngine({ sql });
  const n = id_space();
  const [payer, account, payee] = [n(1), n(2), n(3)];
  await probe.createAccounts([payer, account, payee].map((id) => ({ id, ledger, code, flags: AccountFlags.history })));
  const per_side = 3_000;
  await probe.createTransfers(Array.from({ length: 2 * per_side }, (_, i) => i % 2 === 0
    ? { id: n(10 + i), debit_account_id: payer, credit_account_id: account, amount: 2n, ledger, code }
    : { id: n(10 + i), debit_account_id: account, credit_account_id: payee, amount: 1n, ledger, code }));
  await sql`ANALYZE ledger.transfers`;
  const limit = 25;
  const newest = await probe.getAccountTransfers({ account_id: account, limit, flags: 4 });
  const middle = await probe.getAccountTransfers({ account_id: account, limit, flags: 4, timestamp_max: newest[limit - 1]!.timestamp - 1n - 3_000n });
  expect(newest.map((t) => t.id)).toEqual(Array.from({ length: limit }, (_, i) => n(10 + 2 * per_side - 1 - i)));
  expect(middle).toHaveLength(limit);
  const statement = captured.filter((c) => c.query.includes('UNION ALL')).at(-1)!;
  const [{ 'QUERY PLAN': [plan] }] = await sql.unsafe(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.query}`, statement.params as never[]) as unknown as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
  type PlanNode = { 'Node Type': string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => { nodes.push(node); node.Plans?.forEach(walk); };
  walk(plan.Plan);
  for (const node of nodes) {
    expect(node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0), JSON.stringify(node)).toBeLessThanOrEqual(2 * limit);
  }
  expect(nodes.some((node) => /Index Scan/.test(node['Node Type']))).toBe(true);
  expect(nodes.some((node) => /Bitmap|Seq Scan|^Sort$/.test(node['Node Type']))).toBe(false);
  await probe.close();
  await sql.end();
}, 60_000);
