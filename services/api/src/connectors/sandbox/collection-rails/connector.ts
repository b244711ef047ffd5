// Sandbox rail connectors: simulated providers that behave like real rails.
//
// Initiation answers synchronously with a provider reference (and an action URL or USSD code when
// the payer must act) and records the final outcome as a scheduled row; the outcome worker
// delivers it once due. Nothing here sets a timer for the outcome: a restart loses nothing.
// The magic values that pick a scenario are in ./scenarios.ts and docs/sandbox-rails.md.

import type { Sql } from 'postgres';
import { allRails, type Rail, type RailConnector } from '../../../rails/types.ts';
import { findCollection, initiateCollection, redeliverOutcome } from './collections.ts';
import type { SandboxRailsConfig } from './config.ts';
import { createInitiationBatcher } from './initiation-records.ts';
import type { SandboxRailState } from './rail-state.ts';
import { initiateRefund } from './refunds.ts';
import { reverseCollection } from './reversals.ts';

export interface SandboxRailConnectorOptions {
  sql: Sql;
  /** Read on every call, so a caller holding the object sees changes to railsDown at once. */
  config: SandboxRailsConfig;
  /** How each rail batches initiations under load (db/statement-batcher.ts defaults); tests force batches with it. */
  initiationBatch?: { inFlightMax?: number; batchMax?: number };
}

export function createSandboxRailConnectors(options: SandboxRailConnectorOptions): Record<Rail, RailConnector> {
  return Object.fromEntries(allRails.map((rail) => [rail, createSandboxRailConnector(rail, options)])) as Record<
    Rail,
    RailConnector
  >;
}

/**
 * One rail of the sandbox provider: its operations (./collections.ts, ./refunds.ts,
 * ./reversals.ts) over the state they share (./rail-state.ts).
 */
export function createSandboxRailConnector(rail: Rail, options: SandboxRailConnectorOptions): RailConnector {
  const { sql, config } = options;
  const state: SandboxRailState = {
    rail,
    sql,
    config,
    initiationBatcher: createInitiationBatcher(sql, rail, options.initiationBatch),
  };
  return {
    rail,
    provider: 'sandbox',
    initiateCollection: (request) => initiateCollection(state, request),
    initiateRefund: (request) => initiateRefund(state, request),
    findCollection: (transactionId) => findCollection(state, transactionId),
    redeliverOutcome: (transactionId) => redeliverOutcome(state, transactionId),
    reverseCollection: (request) => reverseCollection(state, request),
  };
}
