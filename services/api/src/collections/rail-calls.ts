// A rail call's synchronous failure in the domain's words (outcomes.ts RailCallOutcome). WHICH
// kind of failure it is (refused for certain, or ambiguous) is decided by rails/errors.ts
// railFailureOf alone; this module only words it for the client.
import { RailDeclinedError, railFailureOf } from '../rails/errors.ts';
import type { Rail } from '../rails/types.ts';
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
        // The field the provider cannot take when the connector names it (an amount M-Pesa cannot
        // write: connectors/mpesa/amounts.ts), else the body as a whole.
        fields: [{ field: (error instanceof RailDeclinedError ? error.field : null) ?? 'body', message: `the ${rail} rail rejected the request: ${(error as Error).message}` }],
        cause: error,
      });
    case null:
      return error;
  }
}
