// How collections settle a batch of rail outcomes (a collection or a refund succeeded or failed),
// as the collections' apply job (jobs/apply-provider-outcomes.ts) hands them over from the
// provider outcome inbox (provider-outcomes/, decision 0610). Settlement is idempotent: an outcome
// applied twice, or for a transaction no longer pending, changes nothing.
//
// A batch settles together: the collection outcomes in one database transaction and one ledger
// batch (collections.ts applyCollectionOutcomes); refund outcomes, rarer, one transaction each, a
// few at once.
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import { applyCollectionOutcomes } from './collections.ts';
import { applyRefundOutcome } from './refunds.ts';
import { mapWithConcurrency } from '../map-with-concurrency.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { RailOutcome } from '../rails/types.ts';

/** Per outcome, in order: null when settled (or nothing left to do), else the error (apply it again later). */
export async function applyRailOutcomes(deps: { sql: Sql; ledger: Ledger; rails: RailRegistry },
  outcomes: readonly RailOutcome[], options: { refundOutcomesAtOnce: number }): Promise<(unknown | null)[]> {
  const answers: (unknown | null)[] = outcomes.map(() => null);
  const collections = [...outcomes.keys()].filter((i) => outcomes[i]!.kind === 'collection');
  const refunds = [...outcomes.keys()].filter((i) => outcomes[i]!.kind !== 'collection');
  if (collections.length > 0) {
    const settled = await applyCollectionOutcomes(deps, collections.map((i) => outcomes[i]!));
    collections.forEach((i, k) => { answers[i] = settled[k]; });
  }
  await mapWithConcurrency(refunds, options.refundOutcomesAtOnce, async (i) => {
    answers[i] = await applyRefundOutcome(deps, outcomes[i]!).then(() => null, (error: unknown) => error ?? new Error('refund outcome failed'));
  });
  return answers;
}
