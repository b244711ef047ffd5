// The one way a rail's final outcome (a collection or a refund succeeded or failed) enters the
// service. Whoever learns it calls acceptRailOutcome(s): today the sandbox rails' poller
// (connectors/sandbox/collection-rails/outcome-poller.ts), tomorrow a real provider's callback handler (an HTTP route
// that checks the provider's signature, maps its body to a RailOutcome and answers 2xx only when
// this resolved, so that the provider sends it again otherwise). Settlement behind this seam is
// idempotent: an outcome delivered twice, or for a transaction no longer pending, changes nothing.
//
// A batch settles together: the collection outcomes in one database transaction and one ledger
// batch (collections/collections.ts applyCollectionOutcomes); refund outcomes, rarer, one transaction
// each, a few at once.
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../db/index.ts';
import { applyCollectionOutcomes } from '../collections/collections.ts';
import { applyRefundOutcome } from '../collections/refunds.ts';
import { mapWithConcurrency } from '../map-with-concurrency.ts';
import type { RailRegistry } from './registry.ts';
import type { RailOutcome } from './types.ts';

export type RailOutcomeIngress = {
  /** Settles one outcome; throws when it must be delivered again (the caller retries). */
  acceptRailOutcome(outcome: RailOutcome): Promise<void>;
  /** Settles a batch; per outcome, in order: null when settled, else the error (deliver it again). */
  acceptRailOutcomes(outcomes: readonly RailOutcome[]): Promise<(unknown | null)[]>;
};

export function createRailOutcomeIngress(deps: { sql: Sql; ledger: Ledger; rails: RailRegistry },
  options: { refundOutcomesAtOnce: number }): RailOutcomeIngress {
  const acceptRailOutcomes = async (outcomes: readonly RailOutcome[]): Promise<(unknown | null)[]> => {
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
  };
  return {
    acceptRailOutcomes,
    async acceptRailOutcome(outcome) {
      const [answer] = await acceptRailOutcomes([outcome]);
      if (answer !== null && answer !== undefined) throw answer;
    },
  };
}
