// The payout rails as the payouts domain uses them: one connector per destination type, the
// sandbox's by default; a real provider's integration replaces one by passing it in `connectors`.
// Settings come from the environment (SANDBOX_PAYOUT_DELAY_MS, SANDBOX_PAYOUT_SLOW_DELAY_MS,
// SANDBOX_PAYOUT_RAILS_DOWN: config.ts, docs/payouts.md).
import type { Sql } from '../db/index.ts';
import { observePayoutRailConnector } from '../metrics/provider-calls.ts';
import type { SandboxPayoutRailsConfig } from '../connectors/sandbox/payout-rails/config.ts';
import { createSandboxPayoutRailConnector, type SandboxPayoutRailConnector, type SchedulePayoutOutcomeDelivery } from '../connectors/sandbox/payout-rails/connector.ts';
import { payoutDestinationTypes, type PayoutDestinationType, type PayoutRailConnector } from './types.ts';

export type PayoutRailRegistry = {
  connectorFor(destinationType: PayoutDestinationType): PayoutRailConnector;
  /** The sandbox connector of a type (delivers its scheduled outcomes); null when a real one is plugged in. */
  sandboxFor(destinationType: PayoutDestinationType): SandboxPayoutRailConnector | null;
  /** Forces a sandbox rail down (or back up) at run time, as SANDBOX_PAYOUT_RAILS_DOWN does at start. */
  setSandboxRailDown(destinationType: PayoutDestinationType, down: boolean): void;
};

export function createPayoutRailRegistry(options: {
  /** The pool the sandbox providers keep their own state on. */
  sql: Sql;
  sandbox: SandboxPayoutRailsConfig;
  scheduleOutcomeDelivery: SchedulePayoutOutcomeDelivery;
  connectors?: Partial<Record<PayoutDestinationType, PayoutRailConnector>>;
}): PayoutRailRegistry {
  // One mutable copy shared with the sandbox connectors, so setSandboxRailDown takes effect at once.
  const sandboxConfig: SandboxPayoutRailsConfig = { ...options.sandbox, railsDown: [...options.sandbox.railsDown] };
  const sandboxes = new Map<PayoutDestinationType, SandboxPayoutRailConnector>();
  const connectors = new Map<PayoutDestinationType, PayoutRailConnector>();
  for (const type of payoutDestinationTypes) {
    const real = options.connectors?.[type];
    if (real) {
      connectors.set(type, observePayoutRailConnector(real));
      continue;
    }
    const sandbox = createSandboxPayoutRailConnector(type, {
      sql: options.sql, config: sandboxConfig, scheduleOutcomeDelivery: options.scheduleOutcomeDelivery,
    });
    sandboxes.set(type, sandbox);
    connectors.set(type, observePayoutRailConnector(sandbox));
  }
  const known = (type: PayoutDestinationType) => {
    const connector = connectors.get(type);
    if (!connector) throw new Error(`unknown payout destination type: ${String(type)}`);
    return connector;
  };
  return {
    connectorFor: known,
    sandboxFor: (type) => {
      known(type);
      return sandboxes.get(type) ?? null;
    },
    setSandboxRailDown(type, down) {
      known(type);
      const others = sandboxConfig.railsDown.filter((name) => name !== type);
      sandboxConfig.railsDown = down ? [...others, type] : others;
    },
  };
}
