// Collection outcomes handed to the provider outcome ingress as a provider's callback handler
// would hand them (provider-outcomes/, decision 0610), for the tests of the ingress and of the
// collections' apply job (provider-outcomes.test.ts, collections/outcome-ingress.test.ts). The
// service is read when a helper runs: the files start it in their beforeAll.
import type { RailOutcome } from '../../src/rails/types.ts';
import { applyQueuedOutcomesNow } from '../../src/provider-outcomes/run-now.ts';
import { createLogger } from '../../src/log.ts';
import { collect, succeeding_payer } from '../collections/helpers.ts';
import type { TestService } from '../helpers/service.ts';
import { expect } from 'vitest';

export const collectionsApplyJob = 'collections.apply_provider_outcomes';

export function sandboxOutcomeHelpers(current: () => TestService) {
  return {
    /** A KES mobile-money collection left pending at the sandbox, and the success outcome that would settle it. */
    async pendingCollection(amount: number): Promise<RailOutcome> {
      const service = current();
      const created = await collect(service.client, { amount, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
      expect(created.data!.data.status).toBe('pending');
      const id = created.data!.data.id;
      const [row] = await service.sql<{ provider_reference: string }[]>`select provider_reference from transactions where id = ${id}`;
      return { providerReference: row!.provider_reference, rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId: id };
    },
    /** Records outcomes as the sandbox provider's, through the ingress. */
    async record(...outcomes: RailOutcome[]): Promise<void> {
      await current().runtime.providerOutcomes.record(outcomes.map((outcome) => ({ kind: outcome.kind, provider: 'sandbox', outcome })));
    },
    /** Runs the collections' apply job over what the inbox queued. */
    async applyNow(): Promise<void> {
      const service = current();
      await applyQueuedOutcomesNow({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger: createLogger('silent') }, [collectionsApplyJob]);
    },
  };
}
