// The floor of one whole marketplace payment: the same database writes and ledger transfers, with
// nothing else (no HTTP, no validation, no authentication, no job queue, no webhook HTTP, no
// polling), in the bench's own process, at the same concurrency shape (a closed loop).
//
// "The same writes" is measured, not guessed: over the service's saturation run the bench reads
// pg_stat_user_tables before and after and divides by the payments completed (backlog.ts), so the
// floor writes, per payment, as many rows into each of the service's tables (public schema: the
// transaction, its events, the escrow hold, the payout, the webhook deliveries, the idempotency
// keys, the providers' records...) as the service did; the job queue's tables and the ledger's own
// (the ledger calls write those) are left out. Each row goes into a copy of its table
// (`LIKE ... INCLUDING ALL`: columns, checks, defaults, indexes; no foreign keys) in a
// `bench_market_floor` schema, built from a real row of the service's table with fresh values in
// every column of a unique index; an update rewrites a row the payment inserted (a new row
// version and its WAL, possibly HOT: a lower bound). The rows are committed in seven transactions
// per payment, one per point where the chain must commit before the next can start (collection
// created, settled, hold released, payout created, sent, succeeded, events delivered).
// The ledger transfers are the Ledger's own calls on the same engine: settleCollection (three
// legs, the seller's pending), releaseEscrow, reservePayout, commitPayout.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../../src/db/index.ts';
import type { TableWrites } from './backlog.ts';
import { payment_amount, payment_currency } from './chain.ts';
import { openWallet } from '../../src/domain/ledger-accounts.ts';
import { settleCollection } from '../../src/collections/ledger-collections.ts';
import { releaseEscrow } from '../../src/collections/splits/ledger-splits.ts';
import { commitPayout, reservePayout } from '../../src/payouts/ledger-payouts.ts';

const floor_schema = 'bench_market_floor';
const commits_per_payment = 7;
const floor_sellers = 50;

type Column = { name: string; type: string; unique: boolean; hasDefault: boolean };
type TablePlan = { name: string; template: Record<string, unknown>; columns: Column[]; insertsPerPayment: number; updatesPerPayment: number; owed: { ins: number; upd: number } };
type Write = { table: TablePlan; kind: 'insert' | 'update' };

export type Floor = { runPayment(): Promise<void>; describe(): string[] };

function freshValue(type: string): unknown {
  if (type === 'uuid') return randomUUID();
  if (/int|numeric/.test(type)) return Number.parseInt(randomBytes(5).toString('hex'), 16);
  return `floor-${randomUUID()}`;
}

async function planTable(sql: Sql, qualified: string, per: { inserted: number; updated: number }): Promise<TablePlan | null> {
  const [schema, table] = qualified.split('.') as [string, string];
  const [row] = await sql<{ t: Record<string, unknown> }[]>`select to_jsonb(t) as t from ${sql(schema)}.${sql(table)} t limit 1`;
  if (!row) return null;
  const copy = `${floor_schema}.${table}`;
  await sql.unsafe(`create table if not exists ${copy} (like ${schema}.${table} including all)`);
  const columns = await sql<Omit<Column, 'unique'>[]>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.atthasdef or a.attidentity <> '' as "hasDefault"
    from pg_attribute a where a.attrelid = ${copy}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`;
  const indexes = await sql<{ names: string[] }[]>`
    select array(select a.attname from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any (i.indkey)) as names
    from pg_index i where i.indrelid = ${copy}::regclass and i.indisunique`;
  // One column of each unique index takes a fresh value (a uuid first, then a number, then text: a
  // text column may have a CHECK that a random value breaks, so the longest, an identifier rather
  // than a kind); the others keep the template's.
  // Hand-checking is cheaper than guessing: a floor that cannot insert a row stops the bench.
  const fresh = new Set<string>();
  const rank = (c: Omit<Column, 'unique'>) => (c.type === 'uuid' ? 0 : /int|numeric/.test(c.type) ? 1 : 2);
  for (const index of indexes) {
    // A null never collides in a unique index (and may be what a CHECK wants): such columns stay null.
    const candidates = columns.filter((c) => index.names.includes(c.name) && row.t[c.name] !== null).sort((a, b) => rank(a) - rank(b) || String(row.t[b.name]).length - String(row.t[a.name]).length);
    if (candidates[0] && !candidates.some((c) => fresh.has(c.name))) fresh.add(candidates[0].name);
  }
  return { name: copy, template: row.t, columns: columns.map((c) => ({ ...c, unique: fresh.has(c.name) })), insertsPerPayment: per.inserted, updatesPerPayment: per.updated, owed: { ins: 0, upd: 0 } };
}

/** How many of `perPayment` this payment does: whole ones, and a fraction carried over to the next payment. */
function take(plan: TablePlan, key: 'ins' | 'upd', perPayment: number): number {
  plan.owed[key] += perPayment;
  const n = Math.floor(plan.owed[key]);
  plan.owed[key] -= n;
  return n;
}

async function insertRow(q: Sql, plan: TablePlan): Promise<string> {
  const values: Record<string, unknown> = { ...plan.template };
  const columns = plan.columns.filter((c) => !(c.unique && c.hasDefault));
  for (const c of columns) if (c.unique) values[c.name] = freshValue(c.type);
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const [row] = await q.unsafe<{ ctid: string }[]>(
    `insert into ${plan.name} (${list}) select ${list} from jsonb_populate_record(null::${plan.name}, $1::text::jsonb) returning ctid::text`, [JSON.stringify(values)]);
  return row!.ctid;
}

export async function prepareFloor(sql: Sql, ledger: Ledger, perPayment: TableWrites): Promise<Floor> {
  await sql.unsafe(`drop schema if exists ${floor_schema} cascade; create schema ${floor_schema}`);
  const plans: TablePlan[] = [];
  for (const [name, per] of perPayment) {
    // The job queue's own bookkeeping is not the payment's (graphile_worker.*, the runners' heartbeats).
    if (!name.startsWith('public.') || name === 'public.job_runner_heartbeats' || per.inserted + per.updated < 0.05) continue;
    const plan = await planTable(sql, name, per);
    if (plan) plans.push(plan);
  }
  const open = async () => (await openWallet(ledger, { ownerId: randomUUID(), currency: payment_currency })).accountId;
  const platform = await open();
  const tax = await open();
  const sellers: bigint[] = [];
  for (let i = 0; i < floor_sellers; i += 1) sellers.push(await open());
  let next = 0;
  const fee = BigInt(payment_amount) / 10n;
  const taxAmount = (BigInt(payment_amount) * 16n) / 100n;
  const sellerAmount = BigInt(payment_amount) - fee - taxAmount;

  const ledgerStep = async (step: number, ids: { collectionId: string; payoutId: string; seller: bigint; escrow: bigint | null }) => {
    const fail = (what: string, r: { ok: boolean }) => { if (!r.ok) throw new Error(`floor ledger ${what}: ${JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`); };
    if (step === 1) {
      const settled = await settleCollection(ledger, { collectionId: ids.collectionId, currency: payment_currency, amount: BigInt(payment_amount),
        legs: [{ accountId: platform, amount: fee, escrow: false }, { accountId: tax, amount: taxAmount, escrow: false }, { accountId: ids.seller, amount: sellerAmount, escrow: true }] });
      fail('settle', settled);
      ids.escrow = settled.escrowTransferIds[0]!;
    }
    if (step === 2) fail('release', await releaseEscrow(ledger, ids.escrow!));
    if (step === 3) fail('reserve', await reservePayout(ledger, { payoutId: ids.payoutId, walletAccountId: ids.seller, currency: payment_currency, amount: sellerAmount }));
    if (step === 5) fail('commit', await commitPayout(ledger, ids.payoutId));
  };

  return {
    async runPayment() {
      const writes: Write[] = [];
      for (const plan of plans) {
        for (let i = take(plan, 'ins', plan.insertsPerPayment); i > 0; i -= 1) writes.push({ table: plan, kind: 'insert' });
      }
      for (const plan of plans) {
        for (let i = take(plan, 'upd', plan.updatesPerPayment); i > 0; i -= 1) writes.push({ table: plan, kind: 'update' });
      }
      const inserted = new Map<string, string>();
      const ids = { collectionId: randomUUID(), payoutId: randomUUID(), seller: sellers[next++ % sellers.length]!, escrow: null as bigint | null };
      const perStep = Math.ceil(writes.length / commits_per_payment);
      for (let step = 0; step < commits_per_payment; step += 1) {
        const mine = writes.slice(step * perStep, (step + 1) * perStep);
        if (mine.length > 0) {
          await sql.begin(async (q) => {
            for (const write of mine) {
              if (write.kind === 'insert') inserted.set(write.table.name, await insertRow(q as unknown as Sql, write.table));
              else {
                const ctid = inserted.get(write.table.name) ?? await insertRow(q as unknown as Sql, write.table);
                const column = write.table.columns.find((c) => !c.unique)?.name ?? write.table.columns[0]!.name;
                const [row] = await q.unsafe<{ ctid: string }[]>(`update ${write.table.name} set "${column}" = "${column}" where ctid = $1::tid returning ctid::text`, [ctid]);
                if (row) inserted.set(write.table.name, row.ctid);
              }
            }
          });
        }
        await ledgerStep(step, ids);
      }
    },
    describe() {
      const rows = plans.map((p) => `${p.name.replace(`${floor_schema}.`, '')} +${p.insertsPerPayment.toFixed(1)}/~${p.updatesPerPayment.toFixed(1)}`);
      return [`floor: per payment ${commits_per_payment} commits of the rows the service wrote (table +inserted/~updated): ${rows.join(', ')}; ledger: settle 3 legs, release, reserve, commit`];
    },
  };
}
