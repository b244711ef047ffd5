// Group commit (src/db/group-commit.ts): requests that reach their final write while earlier
// commits are under way are sent together as one statement; a member at fault fails alone. Checked
// against the real database: which statements PostgreSQL ran (by their transaction ids) and which
// rows exist afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/db/group-commit.ts';
import type { CommitWrite } from '../../src/db/single-statement-commit.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, deliverAll, expectLedgerInvariants } from './helpers.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  // Each row records the transaction that wrote it: rows sharing an xid were one statement.
  await service.sql`create table group_commit_probe (id int primary key, xid bigint not null default txid_current())`;
});
afterAll(async () => { await service?.close(); });

const probeWrite = (id: number, expectOneRow = true): CommitWrite => ({
  name: `probe ${id}`,
  // id < 0 matches nothing: a write that touches no row, so its expectOneRow check fails.
  statement: id < 0
    ? service.sql`update group_commit_probe set id = id where id = ${id} returning 1`
    : service.sql`insert into group_commit_probe (id) values (${id}) returning 1`,
  expectOneRow,
});

async function probes(ids: number[]): Promise<Map<number, string>> {
  const rows = await service.sql<{ id: number; xid: string }[]>`select id, xid::text from group_commit_probe where id = any(${ids})`;
  return new Map(rows.map((r) => [r.id, r.xid]));
}

describe('createGroupCommit', () => {
  it('sends a lone commit at once, alone', async () => {
    const group = createGroupCommit(service.sql, { inFlightMax: 1 });
    await group.commit([probeWrite(1), probeWrite(2)]);
    const stored = await probes([1, 2]);
    expect(stored.size).toBe(2);
    expect(stored.get(1)).toBe(stored.get(2)); // one member's writes: one transaction
  });

  it('batches the commits that wait behind one under way into one statement', async () => {
    const group = createGroupCommit(service.sql, { inFlightMax: 1, batchMax: 16 });
    const ids = [11, 12, 13, 14, 15];
    await Promise.all(ids.map((id) => group.commit([probeWrite(id)])));
    const stored = await probes(ids);
    expect(stored.size).toBe(5);
    // The first went alone; the four that arrived while it was under way went together.
    expect(stored.get(11)).not.toBe(stored.get(12));
    expect(new Set([12, 13, 14, 15].map((id) => stored.get(id))).size).toBe(1);
  });

  it('never puts more than batchMax members in one statement', async () => {
    const group = createGroupCommit(service.sql, { inFlightMax: 1, batchMax: 2 });
    const ids = [21, 22, 23, 24, 25];
    await Promise.all(ids.map((id) => group.commit([probeWrite(id)])));
    const stored = await probes(ids);
    const sizes = [...new Set(stored.values())].map((xid) => [...stored.values()].filter((x) => x === xid).length);
    expect(sizes.sort()).toEqual([1, 2, 2]);
  });

  it('fails only the member at fault, with its own error; the others commit', async () => {
    const group = createGroupCommit(service.sql, { inFlightMax: 1 });
    const results = await Promise.allSettled([
      group.commit([probeWrite(31)]),
      group.commit([probeWrite(32)]),
      group.commit([probeWrite(33), probeWrite(-1)]), // its second write touches no row
      group.commit([probeWrite(34)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/probe -1/);
    const stored = await probes([31, 32, 33, 34]);
    expect([...stored.keys()].sort()).toEqual([31, 32, 34]); // 33 is not half-written
  });

  it('fails a member whose write conflicts, and only it, when two members collide', async () => {
    const group = createGroupCommit(service.sql, { inFlightMax: 1 });
    const results = await Promise.allSettled([
      group.commit([probeWrite(41)]),
      group.commit([probeWrite(42)]),
      group.commit([probeWrite(42)]), // the same primary key as the member before it
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect([...(await probes([41, 42])).keys()].sort()).toEqual([41, 42]);
  });
});

describe('collections through the service', () => {
  it('many concurrent collections each get their own row, event and stored response', async () => {
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => collect(service.client, {
      amount: 100 + i, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: `group-${i}`,
    }, randomUUID())));
    expect(created.map((c) => c.response.status)).toEqual(created.map(() => 200));
    const ids = created.map((c) => c.data!.data.id);
    expect(new Set(ids).size).toBe(40);
    const rows = await service.sql<{ id: string; amount: bigint }[]>`select id, amount from transactions where id = any(${ids})`;
    expect(rows.length).toBe(40);
    const events = await service.sql<{ n: number }[]>`
      select count(*)::int as n from events where resource_id = any(${ids}) and type = 'transaction.pending'`;
    expect(events[0]!.n).toBe(40);
    const stored = await service.sql<{ n: number }[]>`
      select count(*)::int as n from idempotency_keys where resource_id = any(${ids}) and response_status = 200`;
    expect(stored[0]!.n).toBe(40);
    await deliverAll(service);
    await expectLedgerInvariants(service);
  });
});
