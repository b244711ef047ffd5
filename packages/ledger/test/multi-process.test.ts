// Several OS processes hit the same accounts of the PostgreSQL engine at once: no lost update,
// no negative balance, no deadlock left unresolved.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AccountFlags, PostgresEngine, type TransferInput } from '../src/index.ts';
import { fresh_database_url, id_space } from './support/engines.ts';

const processes_count = 3;
const batches_per_process = 4;
const transfers_per_batch = 300;
const wallets_count = 12;
const wallet_funding = 3_000n;
const ledger = 77;
const code = 1;
const worker = path.join(import.meta.dirname, 'support', 'batch-worker.ts');

let url: string;
let engine: PostgresEngine;
beforeAll(async () => {
  url = await fresh_database_url();
  engine = new PostgresEngine({ url });
  await engine.migrate();
});
afterAll(async () => {
  await engine?.close();
});

function run_worker(batches: TransferInput[][]): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as string[][]) : reject(new Error(`worker exited ${code}: ${err}`))));
    child.stdin.end(JSON.stringify({ url, batches }, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
  });
}

test(`${processes_count} processes, same wallets, at once`, async () => {
  const n = id_space();
  const source = n(1);
  const wallets = Array.from({ length: wallets_count }, (_, i) => n(10 + i));
  await engine.createAccounts([{ id: source, ledger, code }, ...wallets.map((id) => ({ id, ledger, code, flags: AccountFlags.debits_must_not_exceed_credits }))]);
  await engine.createTransfers(wallets.map((w, i) => ({ id: n(100 + i), debit_account_id: source, credit_account_id: w, amount: wallet_funding, ledger, code })));

  // Deterministic pseudo-random traffic: far more debits than the wallets can cover.
  let seed = 42;
  const random = (m: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % m);
  let next = 1_000;
  const work: TransferInput[][][] = Array.from({ length: processes_count }, () =>
    Array.from({ length: batches_per_process }, () => Array.from({ length: transfers_per_batch }, () => {
      const dr = random(wallets_count);
      const cr = (dr + 1 + random(wallets_count - 1)) % wallets_count;
      return { id: n(next++), debit_account_id: wallets[dr]!, credit_account_id: wallets[cr]!, amount: BigInt(1 + random(400)), ledger, code };
    })));

  const statuses = await Promise.all(work.map(run_worker));

  const expected = new Map(wallets.map((w) => [w, { dpo: 0n, cpo: wallet_funding }]));
  let created = 0;
  let refused = 0;
  work.forEach((batches, p) => batches.forEach((batch, b) => batch.forEach((t, i) => {
    const status = statuses[p]![b]![i]!;
    expect(['created', 'exceeds_credits']).toContain(status);
    if (status !== 'created') return void refused++;
    created++;
    expected.get(t.debit_account_id!)!.dpo += t.amount!;
    expected.get(t.credit_account_id!)!.cpo += t.amount!;
  })));
  expect(created).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
  for (const a of await engine.lookupAccounts(wallets)) {
    expect({ dpo: a.debits_posted, cpo: a.credits_posted }).toEqual(expected.get(a.id));
    expect(a.debits_posted <= a.credits_posted).toBe(true);
  }
});
