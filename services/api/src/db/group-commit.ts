// Group commit for one-statement commits (single-statement-commit.ts). A commit waits for the
// disk, and every statement costs the service a socket write and PostgreSQL a parse, a transaction
// and a WAL flush. When requests reach their final write faster than commits return, those that
// arrive while `inFlightMax` commits are already under way wait for one to finish and are then
// sent together, as ONE statement: one round trip, one transaction, one flush for all of them
// (PostgreSQL's own commit_delay idea, done where the statements are made). A lone request never
// waits: below `inFlightMax` concurrent commits each goes out at once, alone.
//
// A batch is atomic, and one member's failed check (payagg_expect_one_row) aborts it all; the
// members are then committed one by one, so only the one at fault fails, with its own error,
// exactly as without batching. Each member's writes commit together or not at all either way.
// (Tested in test/collections/group-commit.test.ts.)
import type { Sql } from './index.ts';
import { type CommitWrite, commitInOneStatement } from './single-statement-commit.ts';

export type GroupCommit = {
  /** Commits `writes` in one statement, possibly together with other requests' writes. */
  commit(writes: CommitWrite[]): Promise<void>;
};

/** Commits under way at once before the next ones wait to be batched (a few of the pool's connections). */
export const group_commit_in_flight_max = 2;
/** Requests per statement at most: bounds the statement's size and the number of its shapes to prepare. */
export const group_commit_batch_max = 16;

type Member = { writes: CommitWrite[]; resolve: () => void; reject: (error: unknown) => void };

export function createGroupCommit(sql: Sql, options: { inFlightMax?: number; batchMax?: number } = {}): GroupCommit {
  const inFlightMax = options.inFlightMax ?? group_commit_in_flight_max;
  const batchMax = options.batchMax ?? group_commit_batch_max;
  const waiting: Member[] = [];
  let inFlight = 0;

  const commitAlone = async (member: Member) => {
    try {
      await commitInOneStatement(sql, member.writes);
      member.resolve();
    } catch (error) {
      member.reject(error);
    }
  };

  const commitBatch = async (batch: Member[]) => {
    if (batch.length === 1) return await commitAlone(batch[0]!);
    try {
      await commitInOneStatement(sql, batch.flatMap((member) => member.writes));
      for (const member of batch) member.resolve();
    } catch {
      // Nothing of the batch was written: each member again, alone and in arrival order (of two
      // that collide, the first wins, as it would have unbatched), so only the one at fault fails.
      for (const member of batch) await commitAlone(member);
    }
  };

  const pump = () => {
    while (inFlight < inFlightMax && waiting.length > 0) {
      inFlight += 1;
      void commitBatch(waiting.splice(0, batchMax)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    commit(writes) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ writes, resolve, reject });
        pump();
      });
    },
  };
}
