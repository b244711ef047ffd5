// A rail call's synchronous failure in the domain's words (outcomes.ts RailCallOutcome). WHICH
// kind of failure it is (refused for certain, or ambiguous) is decided by rails/errors.ts
// railFailureOf alone; this module only words it for the client.
import { RailDeclinedError, railFailureOf } from '../rails/errors.ts';
import type { Rail } from '../rails/types.ts';
import type { Sql } from '../db/index.ts';
import type { RailRegistry } from '../rails/registry.ts';
import type { CollectionRoute } from '../rails/routed-calls.ts';
import { fieldsRefusalMessage, Refusal } from '../domain/outcomes.ts';

/** The refusal for a failed rail call, or `error` itself when it is not a rail failure (a bug). */
export function railRefusal(error: unknown, rail: Rail, options: { timedOutRetry?: string } = {}): unknown {
  switch (railFailureOf(error)) {
    case 'rail_unavailable':
      return new Refusal('rail_unavailable', `The ${rail} rail is temporarily unavailable. Nothing was created; retry later.`, { cause: error });
    case 'rail_timed_out':
      return new Refusal('rail_timed_out',
        `The ${rail} rail did not answer in time. ${options.timedOutRetry ?? 'Retry with the same Idempotency-Key: the retry completes this request instead of charging again.'}`,
        { cause: error });
    case 'rail_declined_request':
      return new Refusal('rail_declined_request', fieldsRefusalMessage, {
        fields: [{ field: declinedFieldOf(error), message: `the ${rail} rail rejected the request: ${(error as Error).message}` }],
        cause: error,
      });
    case null:
      return error;
  }
}

/**
 * The route of a collection (decision 0642): its rail and currency, and its country, which is
 * its sub-merchant's (a collection names no other); read only when the routing table routes the
 * (rail, currency) differently by country, so a deployment that does not pays no query.
 */
export async function collectionRoute(deps: { sql: Sql; rails: RailRegistry }, request: { rail: Rail; currency: string; sub_merchant_id?: string | null }): Promise<CollectionRoute> {
  let country: string | null = null;
  if (request.sub_merchant_id && deps.rails.routeDependsOnCountry(request.rail, request.currency)) {
    const [row] = await deps.sql<{ country: string }[]>`select country from sub_merchants where id = ${request.sub_merchant_id}`;
    country = row?.country ?? null;
  }
  return { rail: request.rail, currency: request.currency, country };
}

/** The field a provider named when it refused (a connector's RailDeclinedError.field), else the body. */
function declinedFieldOf(error: unknown): string {
  return error instanceof RailDeclinedError && error.field !== null ? error.field : 'body';
}
