// The one way the service commits a write. A caller describes its unit of work; this module picks
// how it reaches PostgreSQL:
//
//   { writes }            every value is known before sending (rows built in JavaScript, the stored
//                         idempotent response): ONE statement, the writes as data-modifying CTEs
//                         (single-statement-commit.ts), batched with other requests' under load
//                         (group-commit.ts). One round trip; the collections fast path.
//   { prepare, writes? }  the unit must read before it writes (rows under a lock, checks that may
//                         refuse, ledger calls, values returned by an earlier write): a transaction
//                         (`sql.begin`): `prepare` runs first, then `writes` (built from what
//                         prepare returned), then COMMIT. Anything thrown rolls everything back.
//
// Either way each write is named and may demand that it touched exactly one row (a failed demand
// is a bug, never a client error: the whole unit is undone). Rail and other network calls never
// run inside a unit (STYLE: provider calls stay outside the database transaction).
import type { GroupCommit } from './group-commit.ts';
import type { Queryable, Sql, Tx } from './index.ts';
import { type CommitWrite, commitInOneStatement } from './single-statement-commit.ts';

export type { CommitWrite } from './single-statement-commit.ts';

/** Where a unit is written: the pool, and the group commit that batches one-statement units. */
export type WriteTarget = { sql: Sql; groupCommit?: GroupCommit };

/** Writes whose values are all known before sending, built on `q`. */
export type StatementWrites = { writes: (q: Queryable) => CommitWrite[] };

/** Reads and checks first (`prepare`, under locks), then the writes that follow from them. */
export type PreparedWrites<T> = {
  prepare: (tx: Tx) => Promise<T>;
  writes?: (q: Queryable, prepared: T) => CommitWrite[];
};

export async function write(target: WriteTarget, unit: StatementWrites): Promise<void>;
export async function write<T>(target: WriteTarget, unit: PreparedWrites<T>): Promise<T>;
export async function write<T>(target: WriteTarget, unit: StatementWrites | PreparedWrites<T>): Promise<T | void> {
  if (!('prepare' in unit)) {
    const writes = unit.writes(target.sql);
    await (target.groupCommit ? target.groupCommit.commit(writes) : commitInOneStatement(target.sql, writes));
    return;
  }
  return await target.sql.begin(async (tx) => {
    const prepared = await unit.prepare(tx);
    for (const write of unit.writes?.(tx, prepared) ?? []) {
      const rows = await write.statement;
      if (write.expectOneRow && rows.length !== 1) {
        // The transaction's form of the one-statement check (migrations/0004_one_statement_commit.sql).
        throw new Error(`transaction commit: ${write.name} wrote ${rows.length} rows, expected 1`);
      }
    }
    return prepared;
  }) as T;
}
