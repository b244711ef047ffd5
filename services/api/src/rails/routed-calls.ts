// A new collection's initiation along its route (decision 0641; docs/providers.md "Failover"):
// the route's providers in order (RailRegistry.providersFor), each behind its own breaker.
//
//   - refused before accepting (railFailureOf = rail_unavailable: its breaker is open, it is down,
//     it answered "not accepted"): the next provider is tried;
//   - declined (rail_declined_request: the request itself is invalid): no fallback, the client
//     is answered (another provider would be asked the same invalid thing);
//   - may have accepted (rail_timed_out: no answer in time after sending): no fallback unless the
//     provider's own status query (findCollection) answers that it holds nothing; if it holds
//     the collection, that is the answer; if the query fails too, the timeout is the answer (the
//     caller keeps its idempotency record, and a retry resumes at the same provider).
//   - the last provider's failure is the answer, as it was with one provider per rail.
//
// A resumed run (a retry after a crash or a timeout) first asks every provider of the rail
// whether it holds the collection (findCollectionAnywhere): it may have reached one before the
// route changed or its breaker opened, and initiating at another would charge the payer twice.
import { railFailureOf } from './errors.ts';
import type { HeldCollection, RailRegistry } from './registry.ts';
import type { CollectionInitiation, Rail, RailLogger } from './types.ts';

export type CollectionRoute = { rail: Rail; currency: string; country: string | null };

export async function initiateCollectionRouted(rails: RailRegistry, route: CollectionRoute, request: CollectionInitiation,
  options: { resumed: boolean; logger?: RailLogger }): Promise<HeldCollection> {
  const providers = rails.providersFor(route);
  // With one provider (the sandbox's default) a resumed run initiates again: idempotent on the
  // transaction id, it answers as the first time (the behaviour before routing).
  if (options.resumed && rails.providersOfRail(route.rail).length > 1) {
    const held = await rails.findCollectionAnywhere(route.rail, request.transactionId);
    if (held !== null) return held;
  }
  for (const [index, provider] of providers.entries()) {
    const connector = rails.connectorFor(route.rail, provider);
    const isLast = index === providers.length - 1;
    try {
      return { provider, initiation: await connector.initiateCollection(request) };
    } catch (error) {
      const failure = railFailureOf(error);
      if (isLast || (failure !== 'rail_unavailable' && failure !== 'rail_timed_out')) throw error;
      if (failure === 'rail_timed_out') {
        // Ambiguous: only the provider's own word that it holds nothing lets the next one try.
        const held = await connector.findCollection(request.transactionId).catch(() => undefined);
        if (held === undefined) throw error;
        if (held !== null) return { provider, initiation: held };
      }
      options.logger?.warn('provider refused a collection before accepting it; trying the next provider of its route', {
        transaction_id: request.transactionId, rail: route.rail, provider, next_provider: providers[index + 1], failure,
      });
    }
  }
  throw new Error('unreachable: a route has at least one provider');
}
