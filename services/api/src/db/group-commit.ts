// Group commit for one-statement commits (single-statement-commit.ts). A commit waits for the
// disk; when requests reach their final write faster than commits return, those that arrive while
// two commits are under way are sent together as ONE statement: one round trip, one transaction,
// one WAL flush for all of them (PostgreSQL's own commit_delay idea, done where the statements are
// made). The batching rules, and why a member at fault fails alone, are in statement-batcher.ts.
// Each member's writes commit together or not at all either way.
// (Tested in test/collections/group-commit.test.ts.)
import type { Sql } from './index.ts';
import { type CommitWrite, commitInOneStatement } from './single-statement-commit.ts';
import { createStatementBatcher } from './statement-batcher.ts';

export type GroupCommit = {
  /** Commits `writes` in one statement, possibly together with other requests' writes. */
  commit(writes: CommitWrite[]): Promise<void>;
};

export function createGroupCommit(sql: Sql, options: { inFlightMax?: number; batchMax?: number } = {}): GroupCommit {
  const batcher = createStatementBatcher<CommitWrite[], void>({
    ...options,
    run: async (members) => {
      await commitInOneStatement(sql, members.flat());
      return members.map(() => undefined);
    },
  });
  return { commit: (writes) => batcher.run(writes) };
}
