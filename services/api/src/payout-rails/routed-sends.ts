// A payout send along its route (decision 0641; docs/providers.md "Failover"). The provider a
// send goes to is written on the payout BEFORE it is sent (`pin`), so a send that died or timed
// out is sent again to the same provider (its idempotency key, payout id and attempt, answers
// the first send) and never to another that would pay the payee twice.
//
//   - refused before accepting (PayoutRailOutageError provider_down: its breaker open, it is
//     down, it answered "not accepted") by a provider pinned in this pass: the next provider of
//     the route is pinned and tried;
//   - may have accepted (PayoutRailOutageError timeout), or refused by a provider pinned in an
//     earlier pass (which may have received that earlier send): no fallback unless the
//     provider's status query (queryPayout) answers that it holds no such send; otherwise the
//     outage is the answer and the payouts.send job retries at the same provider;
//   - declined (PayoutSendDeclinedError): the payout fails, as before routing.
import { PayoutRailOutageError, type PayoutDestinationType, type PayoutSend, type PayoutSendReceipt } from './types.ts';
import type { PayoutRailRegistry } from './registry.ts';
import type { RailLogger } from '../rails/types.ts';

export type PayoutRoute = { destinationType: PayoutDestinationType; currency: string; country: string | null };

export async function sendPayoutRouted(rails: PayoutRailRegistry, input: {
  route: PayoutRoute;
  request: PayoutSend;
  /** The provider written on the payout. */
  pinned: string;
  /** Whether it was written in this pass (so no earlier send can have reached it). */
  pinnedNow: boolean;
  /** Writes another provider on the payout before it is tried. */
  pin: (provider: string) => Promise<void>;
  logger?: RailLogger;
}): Promise<{ provider: string; receipt: PayoutSendReceipt }> {
  const type = input.route.destinationType;
  const others = rails.providersFor(input.route).filter((provider) => provider !== input.pinned);
  let provider = input.pinned;
  let pinnedNow = input.pinnedNow;
  for (;;) {
    try {
      return { provider, receipt: await rails.connectorFor(type, provider).sendPayout(input.request) };
    } catch (error) {
      const next = others.shift();
      if (!(error instanceof PayoutRailOutageError) || next === undefined) throw error;
      const refusedForCertain = pinnedNow && error.outageCause === 'provider_down';
      if (!refusedForCertain && !(await holdsNoSuchSend(rails, type, provider, input.request))) throw error;
      input.logger?.warn('payout provider refused a send before accepting it; trying the next provider of its route', {
        payout_id: input.request.payoutId, attempt: input.request.attempt, destination_type: type, provider, next_provider: next,
        cause: error.outageCause,
      });
      await input.pin(next);
      provider = next;
      pinnedNow = true;
    }
  }
}

/** The provider's own word that it holds no send (payoutId, attempt); false when it cannot say. */
async function holdsNoSuchSend(rails: PayoutRailRegistry, type: PayoutDestinationType, provider: string, request: PayoutSend): Promise<boolean> {
  const connector = rails.connectorFor(type, provider);
  if (!connector.queryPayout) return false;
  try {
    return (await connector.queryPayout({ payoutId: request.payoutId, attempt: request.attempt })).state === 'unknown';
  } catch {
    return false;
  }
}
