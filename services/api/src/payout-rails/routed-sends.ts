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
// A fallback that cannot write the amount (its amountRefusal) is skipped: it would decline the
// send before sending anything (decision 0760). After a transient failure the next attempt starts
// at the provider after the one that failed (nextProviderAfter; decision 0761).
import { PayoutRailOutageError, type PayoutAmountRefusal, type PayoutDestinationType, type PayoutSend, type PayoutSendReceipt } from './types.ts';
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
  const others = rails.providersFor(input.route)
    .filter((provider) => provider !== input.pinned && refusalAt(rails, type, provider, input.request) === null);
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

function refusalAt(rails: PayoutRailRegistry, type: PayoutDestinationType, provider: string, send: { amount: number; currency: string }): PayoutAmountRefusal | null {
  return rails.connectorFor(type, provider).amountRefusal?.(send.amount, send.currency) ?? null;
}

/**
 * Request time (decision 0760): the refusal of the provider the route sends to first when it
 * cannot write this amount (KES 1,500.50 on M-Pesa, whole shillings only), asked of the connector
 * itself (the check its sendPayout declines with, never a second copy); null when it can.
 */
export function routedAmountRefusal(rails: PayoutRailRegistry, route: PayoutRoute, send: { amount: number; currency: string }): (PayoutAmountRefusal & { provider: string }) | null {
  const provider = rails.providersFor(route)[0]!;
  const refusal = refusalAt(rails, route.destinationType, provider, send);
  return refusal === null ? null : { ...refusal, provider };
}

/**
 * The provider of the next attempt after `failed` reported a transient failure of this one
 * (decision 0761): its failure is final for that attempt (a signed callback or its own status
 * query said so), so the new attempt, a new idempotency key no provider has seen, may go anywhere
 * on the route. It goes to the providers after `failed`, in the route's order and then around
 * to the first, skipping those that cannot write the amount; `failed` itself when it is alone
 * (or no longer on the route and nothing else fits).
 */
export function nextProviderAfter(rails: PayoutRailRegistry, route: PayoutRoute, failed: string, send: { amount: number; currency: string }): string {
  const providers = rails.providersFor(route);
  const at = providers.indexOf(failed);
  const order = at < 0 ? providers : [...providers.slice(at + 1), ...providers.slice(0, at)];
  return order.find((provider) => refusalAt(rails, route.destinationType, provider, send) === null) ?? failed;
}
