// Commits several writes in ONE statement: each write becomes a data-modifying CTE, and
// PostgreSQL runs a single statement outside BEGIN/COMMIT as its own atomic transaction, durable
// on return like any synchronous commit. One round trip where `sql.begin` takes two more than
// there are writes (BEGIN, each write, COMMIT): on the collection path, socket writes are the
// largest cost (docs/collections.md, "Throughput").
//
// What it cannot do: a write that depends on another's result computed in JavaScript (all values
// must be known before sending), or a conditional abort decided in JavaScript. The one check it
// offers is the common one, "this write touched exactly one row", done in SQL
// (migrations/0004_one_statement_commit.sql), which aborts the whole statement.
import type { PendingQuery, Sql } from './index.ts';

export type CommitWrite = {
  /** Named in the error when `expectOneRow` fails (a bug, never a client error). */
  name: string;
  /** An INSERT/UPDATE/DELETE built with `sql` but not awaited, ending in `returning 1`. */
  statement: PendingQuery;
  /** Abort everything unless this write touched exactly one row. */
  expectOneRow: boolean;
};

export async function commitInOneStatement(sql: Sql, writes: CommitWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const ctes = writes
    .map((write, index) => sql`${sql(`w${index}`)} as (${write.statement})`)
    .reduce((joined, cte) => sql`${joined}, ${cte}`);
  const checks = writes
    .map((write, index) => write.expectOneRow
      ? sql`payagg_expect_one_row((select count(*) from ${sql(`w${index}`)}), ${write.name})`
      : sql`true`)
    .reduce((joined, check) => sql`${joined} and ${check}`);
  await sql`with ${ctes} select ${checks} as ok`;
}
