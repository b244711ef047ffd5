// The payout rails as the payouts domain uses them: one connector per (provider, destination
// type). The sandbox's for every type always (as before, without a breaker: its outages are
// what the payout tests drive); real providers' beside them (`providerConnectors`), each behind
// a circuit breaker of its own (rails/circuit-breaker.ts), chosen per (destination type,
// currency, country) by the routing table (provider-routing/routing-table.ts,
// payout-rails/routed-sends.ts; decision 0640).
// Settings come from the environment (SANDBOX_PAYOUT_DELAY_MS, SANDBOX_PAYOUT_SLOW_DELAY_MS,
// SANDBOX_PAYOUT_RAILS_DOWN: config.ts, docs/payouts.md; PROVIDER_ROUTES: docs/providers.md).
import type { Sql } from '../db/index.ts';
import { observePayoutRailConnector } from '../metrics/provider-calls.ts';
import type { SandboxPayoutRailsConfig } from '../connectors/sandbox/payout-rails/config.ts';
import { createSandboxPayoutRailConnector, type SandboxPayoutRailConnector, type SchedulePayoutOutcomeDelivery } from '../connectors/sandbox/payout-rails/connector.ts';
import { createRailCircuitBreaker, resolveRailBreakerConfig, type RailBreakerConfig, type RailCircuitBreaker } from '../rails/circuit-breaker.ts';
import { RailOutageError, RailUnavailableError } from '../rails/errors.ts';
import { jsonLineRailLogger, type RailLogger } from '../rails/types.ts';
import { assertProvidersRegistered, providerNamePattern, sandboxOnlyRoutingTable, sandboxProvider, type RoutingTable } from '../provider-routing/routing-table.ts';
import { payoutDestinationTypes, PayoutRailOutageError, PayoutSendDeclinedError, type PayoutDestinationType, type PayoutRailConnector, type PayoutSendReceipt } from './types.ts';

export type PayoutRailRegistry = {
  /** A destination type's connector at a provider (default: the sandbox). */
  connectorFor(destinationType: PayoutDestinationType, provider?: string): PayoutRailConnector;
  /** The ordered providers of a payout's route (never empty): the first, then its fallbacks. */
  providersFor(route: { destinationType: PayoutDestinationType; currency: string; country: string | null }): string[];
  /** The providers whose connectors can be asked for a send's status (PayoutRailConnector.queryPayout). */
  providersWithStatusQuery(): string[];
  /** The sandbox connector of a type (delivers its scheduled outcomes); null when a real one is plugged in. */
  sandboxFor(destinationType: PayoutDestinationType): SandboxPayoutRailConnector | null;
  /** Forces a sandbox rail down (or back up) at run time, as SANDBOX_PAYOUT_RAILS_DOWN does at start. */
  setSandboxRailDown(destinationType: PayoutDestinationType, down: boolean): void;
  /** Stops the real providers' breakers' timers. */
  close(): void;
};

export function createPayoutRailRegistry(options: {
  /** The pool the sandbox providers keep their own state on. */
  sql: Sql;
  sandbox: SandboxPayoutRailsConfig;
  scheduleOutcomeDelivery: SchedulePayoutOutcomeDelivery;
  /** Real providers' connectors, each under its `provider` name and destination type (one per pair). */
  providerConnectors?: readonly PayoutRailConnector[];
  routing?: RoutingTable;
  breaker?: Partial<RailBreakerConfig>;
  logger?: RailLogger;
}): PayoutRailRegistry {
  const routing = options.routing ?? sandboxOnlyRoutingTable;
  const breakerConfig = resolveRailBreakerConfig(options.breaker);
  // One mutable copy shared with the sandbox connectors, so setSandboxRailDown takes effect at once.
  const sandboxConfig: SandboxPayoutRailsConfig = { ...options.sandbox, railsDown: [...options.sandbox.railsDown] };
  const sandboxes = new Map<PayoutDestinationType, SandboxPayoutRailConnector>();
  const connectors = new Map<string, PayoutRailConnector>();
  const breakers: RailCircuitBreaker[] = [];
  const keyOf = (provider: string, type: PayoutDestinationType) => `${provider} ${type}`;
  for (const connector of options.providerConnectors ?? []) {
    const { provider, destinationType } = connector;
    if (provider === undefined || !providerNamePattern.test(provider) || provider === sandboxProvider) {
      throw new Error(`a payout provider connector must name its provider (${providerNamePattern.source}, not "${sandboxProvider}"), got ${String(provider)}`);
    }
    if (!payoutDestinationTypes.includes(destinationType)) throw new Error(`provider ${provider}: unknown destination type ${String(destinationType)}`);
    if (connectors.has(keyOf(provider, destinationType))) throw new Error(`two ${destinationType} payout connectors registered for provider ${provider}`);
    const breaker = createRailCircuitBreaker(destinationType, breakerConfig, options.logger ?? jsonLineRailLogger, provider);
    breakers.push(breaker);
    connectors.set(keyOf(provider, destinationType), observePayoutRailConnector(withPayoutBreaker(connector, breaker)));
  }
  for (const type of payoutDestinationTypes) {
    const sandbox = createSandboxPayoutRailConnector(type, {
      sql: options.sql, config: sandboxConfig, scheduleOutcomeDelivery: options.scheduleOutcomeDelivery,
    });
    sandboxes.set(type, sandbox);
    connectors.set(keyOf(sandboxProvider, type), observePayoutRailConnector(sandbox));
  }
  assertProvidersRegistered(routing, 'payout', (method, provider) => connectors.has(keyOf(provider, method as PayoutDestinationType)));
  const known = (type: PayoutDestinationType, provider: string = sandboxProvider) => {
    const connector = connectors.get(keyOf(provider, type));
    if (!connector) throw new Error(`unknown payout destination type or provider: ${String(provider)} ${String(type)}`);
    return connector;
  };
  return {
    connectorFor: known,
    providersFor: ({ destinationType, currency, country }) => routing.providersFor({ kind: 'payout', method: destinationType, currency, country }),
    providersWithStatusQuery: () => [...new Set([...connectors.entries()].filter(([, c]) => c.queryPayout !== undefined).map(([key]) => key.slice(0, key.indexOf(' '))))],
    sandboxFor: (type) => {
      known(type);
      return sandboxes.get(type) ?? null;
    },
    setSandboxRailDown(type, down) {
      known(type);
      const others = sandboxConfig.railsDown.filter((name) => name !== type);
      sandboxConfig.railsDown = down ? [...others, type] : others;
    },
    close() {
      for (const breaker of breakers) breaker.shutdown();
    },
  };
}

/**
 * A real provider's payout connector behind its breaker. A decline is the provider working (it
 * never counts); the breaker's own refusals are outages before sending (provider_down), its
 * timeout an outage that may have sent (timeout).
 */
function withPayoutBreaker(connector: PayoutRailConnector, breaker: RailCircuitBreaker): PayoutRailConnector {
  const type = connector.destinationType;
  const fire = async <T>(call: () => Promise<T>): Promise<T> => {
    let answer: { value: T } | { declined: PayoutSendDeclinedError };
    try {
      answer = await breaker.fire(async () => {
        try {
          return { value: await call() };
        } catch (error) {
          if (error instanceof PayoutSendDeclinedError) return { declined: error };
          throw error;
        }
      });
    } catch (error) {
      if (error instanceof RailUnavailableError) throw new PayoutRailOutageError(type, 'provider_down', { cause: error });
      if (error instanceof RailOutageError) throw new PayoutRailOutageError(type, error.outageCause === 'timeout' ? 'timeout' : 'provider_down', { cause: error });
      throw error;
    }
    if ('declined' in answer) throw answer.declined;
    return answer.value;
  };
  const { queryPayout, amountRefusal } = connector;
  return {
    destinationType: type,
    provider: breaker.provider,
    // A question answered without the provider: never through the breaker.
    ...(amountRefusal ? { amountRefusal: amountRefusal.bind(connector) } : {}),
    sendPayout: (request) => fire<PayoutSendReceipt>(() => connector.sendPayout(request)),
    ...(queryPayout ? { queryPayout: (query: Parameters<typeof queryPayout>[0]) => fire(() => queryPayout.call(connector, query)) } : {}),
  };
}
