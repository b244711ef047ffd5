// Sends many requests' statements as one when they arrive faster than the database answers.
// Kept for its figure (decisions 0630, 0632): in a same-run pair on a quiet machine (2026-11-28,
// BENCH_ROUNDS=2 make bench-collections) the service reached 294 collections/s with every
// statement sent alone and 544-587/s with this batcher (three runs of main around it).
// Every statement costs the service a socket write and PostgreSQL a parse, a transaction and (for a
// write) a WAL flush; under load these, not the rows, are most of a collection's cost
// (docs/performance.md). Requests that arrive while `inFlightMax` statements are already under way
// wait for one to return and are then sent together, as ONE statement built by `run`. A lone
// request never waits: below `inFlightMax` concurrent statements each goes out at once, alone.
//
// A batched statement is atomic: when it fails (one member's check, two members colliding on a
// unique key), nothing of it was done, and the members are run again one by one, in arrival
// order, so each gets exactly the result or error it would have had unbatched (of two that
// collide, the first wins). Used for the final commit of a collection (group-commit.ts), the
// idempotency claim and the sandbox rails' initiation record.

export type StatementBatcher<In, Out> = {
  /** Runs `item`, alone or in one statement with other requests' items. */
  run(item: In): Promise<Out>;
};

/** Statements under way at once before the next ones wait to be batched (a few of the pool's connections). */
export const batchInFlightMax = 2;
/** Requests per statement at most: bounds the statement's size and the number of its shapes to prepare. */
export const batchSizeMax = 16;

export type StatementBatcherOptions<In, Out> = {
  /** One statement for all `items` (one or more); resolves with one result per item, in order. */
  run(items: In[]): Promise<Out[]>;
  inFlightMax?: number;
  batchMax?: number;
};

type Member<In, Out> = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

export function createStatementBatcher<In, Out>(options: StatementBatcherOptions<In, Out>): StatementBatcher<In, Out> {
  const inFlightMax = options.inFlightMax ?? batchInFlightMax;
  const batchMax = options.batchMax ?? batchSizeMax;
  const waiting: Member<In, Out>[] = [];
  let inFlight = 0;

  const runAlone = async (member: Member<In, Out>) => {
    try {
      member.resolve((await options.run([member.item]))[0]!);
    } catch (error) {
      member.reject(error);
    }
  };

  const runBatch = async (batch: Member<In, Out>[]) => {
    if (batch.length === 1) return await runAlone(batch[0]!);
    let results: Out[];
    try {
      results = await options.run(batch.map((member) => member.item));
    } catch {
      // Nothing of the batch was done: each member again, alone and in arrival order.
      for (const member of batch) await runAlone(member);
      return;
    }
    batch.forEach((member, index) => member.resolve(results[index]!));
  };

  const pump = () => {
    while (inFlight < inFlightMax && waiting.length > 0) {
      inFlight += 1;
      void runBatch(waiting.splice(0, batchMax)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    run(item) {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
