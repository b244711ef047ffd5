// Issue 26, "rows locked in a consistent order": the two deadlocks the soak saw, each played out
// step by step so it happens every time. Another transaction holds the first row (in id order)
// of what a statement is about to lock, the statement starts, and then the other transaction
// takes the second row. A statement that locks in id order waits on the first row holding
// nothing, and both finish; one that locks in its input's order (completion order, the order a
// relay's fan-out happened to produce) already holds the second row, and PostgreSQL's deadlock
// detector aborts one of the two (40P01). Before the fix both cases here failed that way
// (decision 0570).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/index.ts';
import { recordProviderReferences } from '../../src/payouts/payout-provider-references.ts';
import { deliverEndpointJobName, enqueueEndpointDeliveries } from '../../src/webhooks/jobs.ts';
import type { TestService } from '../helpers/service.ts';
import { waitForValue } from '../helpers/worker-process.ts';
import { createPayout, destinationRef, fundedWallet, startPayoutService } from '../payouts/helpers.ts';

/** How long the statement under test may take to reach its lock wait on a shared machine. */
const lockWaitMs = 15_000;

let service: TestService;
beforeAll(async () => { service = await startPayoutService(); });
afterAll(async () => { await service?.close(); });

/** Waits until some backend other than the holder waits on a row lock (the statement under test). */
async function untilSomeoneWaitsOnALock(sql: Sql, holderPid: number): Promise<void> {
  await waitForValue(async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> ${holderPid} and wait_event_type = 'Lock'`;
    return row!.n > 0 ? true : null;
  }, () => 'the statement under test to wait on the held row', lockWaitMs);
}

/**
 * Holds `first` (FOR UPDATE, via `lockFirst`), starts `statement`, waits until it waits on a lock,
 * then takes `second` (`lockSecond`) in the holding transaction and commits. Returns the errors.
 */
async function playOut(lockFirst: (q: Sql) => Promise<unknown>, statement: () => Promise<unknown>, lockSecond: (q: Sql) => Promise<unknown>): Promise<string[]> {
  const holder = await service.sql.reserve();
  const errors: string[] = [];
  try {
    const [self] = await holder<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const pid = self!.pid;
    await holder`begin`;
    await lockFirst(holder as unknown as Sql);
    const running = statement().catch((error: { code?: string; message: string }) => errors.push(`statement: ${error.code} ${error.message}`));
    await untilSomeoneWaitsOnALock(service.sql, pid);
    await lockSecond(holder as unknown as Sql).catch((error: { code?: string; message: string }) => errors.push(`holder: ${error.code} ${error.message}`));
    await holder`commit`.catch(() => holder`rollback`);
    await running;
  } finally {
    holder.release();
  }
  return errors;
}

describe('rows locked in id order', () => {
  it("a send's provider references, arriving in completion order, against an outcome locking the same payouts in id order", async () => {
    const walletId = await fundedWallet(service, service.client, 1_000);
    const ref = await destinationRef(service.client);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 10, currency: 'KES' });
      expect(created.response.status).toBe(200);
      ids.push(created.data!.data.id);
    }
    const [low, high] = ids.sort();
    const errors = await playOut(
      (q) => q`select 1 from payouts where id = ${low!} for update`,
      // The later id finished first.
      () => recordProviderReferences(service.sql, [{ id: high!, reference: 'ref-high' }, { id: low!, reference: 'ref-low' }]),
      (q) => q`select 1 from payouts where id = ${high!} for update`,
    );
    expect(errors).toEqual([]);
    const rows = await service.sql<{ id: string; provider_reference: string }[]>`
      select id, provider_reference from payouts where id = any(${ids}::uuid[]) order by id`;
    expect(rows.map((row) => row.provider_reference)).toEqual(['ref-low', 'ref-high']);
  });

  it("the webhook sweep's and the relay's deliver jobs, added for the same endpoints in different orders", async () => {
    const [low, high] = [randomUUID(), randomUUID()].sort();
    await enqueueEndpointDeliveries(service.sql, [low!, high!]); // both endpoints' jobs wait, as between sweeps
    const jobRow = (q: Sql, endpointId: string) => q`
      select 1 from graphile_worker._private_jobs where key = ${`${deliverEndpointJobName}:${endpointId}`} for update`;
    const errors = await playOut(
      (q) => jobRow(q, low!),
      () => enqueueEndpointDeliveries(service.sql, [high!, low!]),
      (q) => jobRow(q, high!),
    );
    expect(errors).toEqual([]);
    const [jobs] = await service.sql<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs where key like ${`${deliverEndpointJobName}:%`}`;
    expect(jobs!.n).toBe(2);
  });
});
