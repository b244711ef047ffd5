// Calls to providers: the collection rails' connectors (behind their circuit breakers) and the
// payout rails' connectors. Each call is observed with its latency and outcome: `ok`, or the
// failure as the flows classify it (rails/errors.ts railFailureOf: rail_unavailable, including a
// breaker that refused the call without calling the provider, rail_timed_out,
// rail_declined_request; payout rails: payout_rail_unavailable, payout_send_declined), or `error`
// for anything else.
import { Histogram } from 'prom-client';
import { railFailureOf } from '../rails/errors.ts';
import type { RailConnector } from '../rails/types.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutRailConnector } from '../payout-rails/types.ts';
import { metricNamePrefix, processRegistry, secondsSince } from './registry.ts';

/** Seconds: a sandbox call takes milliseconds, a slow initiation 1.5 s, the breaker's timeout 5 s. */
export const providerCallDurationBucketsS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const providerCallDuration = new Histogram({
  name: `${metricNamePrefix}provider_call_duration_seconds`,
  help: 'Calls to providers by kind (collection_rail, payout_rail), rail (a collection rail or a payout destination type), provider (sandbox: ours), call (the connector method) and outcome (ok, rail_unavailable, rail_timed_out, rail_declined_request, payout_rail_unavailable, payout_send_declined, error), with their latency; a call refused by an open circuit breaker counts as rail_unavailable with the time it took to refuse',
  labelNames: ['kind', 'rail', 'provider', 'call', 'outcome'] as const,
  buckets: providerCallDurationBucketsS,
  registers: [processRegistry],
});

type Labels = { kind: string; rail: string; provider: string; call: string };

async function observed<T>(labels: Labels, outcomeOf: (error: unknown) => string, call: () => Promise<T>): Promise<T> {
  const startNs = process.hrtime.bigint();
  try {
    const result = await call();
    providerCallDuration.observe({ ...labels, outcome: 'ok' }, secondsSince(startNs));
    return result;
  } catch (error) {
    providerCallDuration.observe({ ...labels, outcome: outcomeOf(error) }, secondsSince(startNs));
    throw error;
  }
}

const railOutcomeOf = (error: unknown): string => railFailureOf(error) ?? 'error';

/** The connector as the flows see it, each call observed (wraps the breaker-wrapped connector: rails/registry.ts). */
export function observeRailConnector(connector: RailConnector): RailConnector {
  const labels = (call: string): Labels => ({ kind: 'collection_rail', rail: connector.rail, provider: connector.provider ?? 'sandbox', call });
  const { queryOutcome } = connector;
  return {
    rail: connector.rail,
    ...(connector.provider === undefined ? {} : { provider: connector.provider }),
    initiateCollection: (request) => observed(labels('initiateCollection'), railOutcomeOf, () => connector.initiateCollection(request)),
    initiateRefund: (request) => observed(labels('initiateRefund'), railOutcomeOf, () => connector.initiateRefund(request)),
    findCollection: (id) => observed(labels('findCollection'), railOutcomeOf, () => connector.findCollection(id)),
    redeliverOutcome: (id) => observed(labels('redeliverOutcome'), railOutcomeOf, () => connector.redeliverOutcome(id)),
    reverseCollection: (request) => observed(labels('reverseCollection'), railOutcomeOf, () => connector.reverseCollection(request)),
    ...(queryOutcome ? { queryOutcome: (query: Parameters<typeof queryOutcome>[0]) => observed(labels('queryOutcome'), railOutcomeOf, () => queryOutcome.call(connector, query)) } : {}),
  };
}

const payoutOutcomeOf = (error: unknown): string => {
  if (error instanceof PayoutRailOutageError) return 'payout_rail_unavailable';
  if (error instanceof PayoutSendDeclinedError) return 'payout_send_declined';
  return 'error';
};

/** A payout rail's connector with its sends observed (payout-rails/registry.ts). */
export function observePayoutRailConnector(connector: PayoutRailConnector): PayoutRailConnector {
  const labels: Labels = { kind: 'payout_rail', rail: connector.destinationType, provider: connector.provider ?? 'sandbox', call: 'sendPayout' };
  const { queryPayout, amountRefusal } = connector;
  return {
    destinationType: connector.destinationType,
    ...(connector.provider === undefined ? {} : { provider: connector.provider }),
    ...(amountRefusal ? { amountRefusal: amountRefusal.bind(connector) } : {}),
    sendPayout: (request) => observed(labels, payoutOutcomeOf, () => connector.sendPayout(request)),
    ...(queryPayout ? { queryPayout: (query: Parameters<typeof queryPayout>[0]) => observed({ ...labels, call: 'queryPayout' }, payoutOutcomeOf, () => queryPayout.call(connector, query)) } : {}),
  };
}
