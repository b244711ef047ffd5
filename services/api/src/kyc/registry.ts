// The KYC provider as the sub-merchants flow uses it: the sandbox connector by default; a real
// provider's integration replaces it by passing `connector`. Settings come from the environment
// (SANDBOX_KYC_DELAY_MS, SANDBOX_KYC_DOWN: config.ts).

import type { Sql } from '../db/index.ts';
import type { SandboxKycConfig } from '../connectors/sandbox/kyc/config.ts';
import { createSandboxKycConnector, type SandboxKycConnector, type ScheduleDecisionDelivery } from '../connectors/sandbox/kyc/connector.ts';
import type { KycConnector } from './types.ts';

export type KycRegistry = {
  /** The provider cases are submitted to. */
  connector: KycConnector;
  /** The sandbox provider (delivers its scheduled decisions); null when a real provider is plugged in. */
  sandbox: SandboxKycConnector | null;
  /** Forces the sandbox provider down (or back up) at run time, as SANDBOX_KYC_DOWN does at start. */
  setSandboxDown(down: boolean): void;
};

export function createKycRegistry(options: {
  /** The pool the sandbox provider keeps its own state on. */
  sql: Sql;
  sandbox: SandboxKycConfig;
  scheduleDecisionDelivery: ScheduleDecisionDelivery;
  connector?: KycConnector;
}): KycRegistry {
  // One mutable copy shared with the sandbox connector, so setSandboxDown takes effect at once.
  const sandboxConfig: SandboxKycConfig = { ...options.sandbox };
  const sandbox = options.connector ? null : createSandboxKycConnector({
    sql: options.sql, config: sandboxConfig, scheduleDecisionDelivery: options.scheduleDecisionDelivery,
  });
  return {
    connector: options.connector ?? sandbox!,
    sandbox,
    setSandboxDown(down) {
      sandboxConfig.down = down;
    },
  };
}
