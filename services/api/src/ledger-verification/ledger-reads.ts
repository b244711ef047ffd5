// What the verification reads from the ledger: transfers by id in as few lookups as hold them, and
// the state of a hold (a pending transfer) given the ids its resolution may carry. Reads only.
import { batchEventsMax, nsPerS, TransferFlags, type Ledger, type Transfer } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import type { Violation } from './violations.ts';

/** What every check gets: the ledger, the service's database, the run's clock, where violations go. */
export type Check = { ledger: Ledger; sql: Sql; nowNs: bigint; report(violation: Violation): void };

export const rowPageSize = 500;

/** Every row a keyset `query` answers (ordered by id, at most rowPageSize after `after`), a page at a time. */
export async function* pages<Row extends { id: string }>(query: (after: string) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await query(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < rowPageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The transfers of `ids` that exist, by id (lookups of at most a batch each). */
export async function lookupTransfers(ledger: Ledger, ids: readonly bigint[]): Promise<Map<bigint, Transfer>> {
  const found = new Map<bigint, Transfer>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += batchEventsMax) {
    for (const transfer of await ledger.engine.lookupTransfers(unique.slice(i, i + batchEventsMax))) found.set(transfer.id, transfer);
  }
  return found;
}

/** absent: no such pending transfer; expired: its ledger timeout passed unresolved (the ledger voids it). */
export type HoldState = 'absent' | 'pending' | 'posted' | 'voided' | 'expired';

/** A pending transfer's timeout has passed at `nowNs` (TigerBeetle voids it then; so does the PostgreSQL engine). */
export function expiredAt(pending: Transfer, nowNs: bigint): boolean {
  return pending.timeout > 0 && pending.timestamp + BigInt(pending.timeout) * nsPerS <= nowNs;
}

/**
 * The state of the hold `pendingId`: `resolutionIds` are every id a post or void of it may carry
 * (each capability derives its own), all looked up in `found`.
 */
export function holdState(found: Map<bigint, Transfer>, pendingId: bigint, resolutionIds: readonly bigint[], nowNs: bigint): HoldState {
  const pending = found.get(pendingId);
  if (!pending || (pending.flags & TransferFlags.pending) === 0) return 'absent';
  for (const id of resolutionIds) {
    const resolution = found.get(id);
    if (!resolution || resolution.pending_id !== pendingId) continue;
    if ((resolution.flags & TransferFlags.post_pending_transfer) !== 0) return 'posted';
    if ((resolution.flags & TransferFlags.void_pending_transfer) !== 0) return 'voided';
  }
  return expiredAt(pending, nowNs) ? 'expired' : 'pending';
}
