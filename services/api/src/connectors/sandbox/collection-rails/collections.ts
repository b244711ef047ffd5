// A sandbox rail's collections: initiation (the scenario picked by the magic values, the answer
// given at once, the outcome scheduled), the provider's own lookup, and its "resend".

import { setTimeout as sleep } from 'node:timers/promises';
import { RailDeclinedError, RailOutageError } from '../../../rails/errors.ts';
import type { CollectionInitiation, Rail, RailInitiationResult } from '../../../rails/types.ts';
import { requestDigest } from '../references.ts';
import type { SandboxRailsConfig } from './config.ts';
import { findInitiation, replay } from './initiation-records.ts';
import { assertCommonFields, assertRailUp, type SandboxRailState } from './rail-state.ts';
import { actionUrlFor, newProviderReference, newUssdCode } from './references.ts';
import { sandboxScenarios, sandboxScenarioFor, type SandboxScenario } from './scenarios.ts';

export async function initiateCollection(state: SandboxRailState, request: CollectionInitiation): Promise<RailInitiationResult> {
  const { rail, config } = state;
  assertRailUp(state);
  assertCommonFields(rail, request);
  const scenarioName = sandboxScenarioFor(rail, request, config.magicValues);
  const requestSha256 = collectionRequestSha256(rail, request);

  const scenario = sandboxScenarios[scenarioName];
  // A provider that is down accepts nothing: no row, so a later retry starts afresh.
  if (scenario.outage) throw new RailOutageError(rail, 'provider_down');

  const providerReference = newProviderReference(rail, 'collection');
  const result: RailInitiationResult = {
    providerReference,
    actionUrl: needsActionUrl(rail, scenario) ? actionUrlFor(config.actionUrlBase, rail, providerReference) : null,
    ussdCode: needsUssdCode(rail, scenario) ? newUssdCode(rail) : null,
  };
  const delayMs = outcomeDelayMs(config, scenario);

  const inserted = await state.initiationBatcher.run({
    transactionId: request.transactionId, requestSha256, providerReference, amount: request.amount,
    currency: request.currency, scenarioName, result, outcome: scenario.outcome,
    failureReason: scenario.failureReason, delayMs,
  });
  if (!inserted) return await answerAsBefore(state, request.transactionId, requestSha256);

  // The provider has accepted the initiation but is slow to say so. If the breaker times out
  // first, the caller sees an outage while the outcome still arrives: the ambiguous case a real
  // integration must handle, and which a retry with the same transactionId resolves.
  if (scenario.slowInitiation) await sleep(config.slowInitiationMs);
  return result;
}

/** What "the same collection request" means to the provider. */
function collectionRequestSha256(rail: Rail, request: CollectionInitiation): string {
  return requestDigest([
    'collection',
    rail,
    request.merchantId,
    request.amount,
    request.currency,
    request.payer.phone ?? null,
    request.payer.cardToken ?? null,
    request.payer.accountRef ?? null,
    request.reference ?? null,
  ]);
}

/**
 * Initiated before (a retry), or by a concurrent call that committed first: answer as then,
 * unless it has been reversed since: a provider does not re-run a voided payment.
 */
async function answerAsBefore(state: SandboxRailState, transactionId: string, requestSha256: string): Promise<RailInitiationResult> {
  const { rail, sql } = state;
  const winner = await findInitiation(sql, rail, transactionId);
  if (winner === undefined) throw new Error('sandbox rail: initiation conflict without a stored row');
  const answer = replay(rail, winner, requestSha256);
  const reversed = await sql`SELECT 1 FROM sandbox_rail_reversals WHERE rail = ${rail} AND transaction_id = ${transactionId}`;
  if (reversed.length > 0) throw new RailDeclinedError(rail, 'collection_reversed');
  return answer;
}

function needsActionUrl(rail: Rail, scenario: SandboxScenario): boolean {
  // QR: the action URL is the code the payer scans, so every QR collection has one.
  return rail === 'qr' || (scenario.payerAction === 'challenge' && (rail === 'card' || rail === 'bank'));
}

function needsUssdCode(rail: Rail, scenario: SandboxScenario): boolean {
  // USSD: the dial string is the payment itself, so every USSD collection has one.
  return rail === 'ussd' || (scenario.payerAction === 'ussd_fallback' && rail === 'mobile_money');
}

function outcomeDelayMs(config: SandboxRailsConfig, scenario: SandboxScenario): number {
  switch (scenario.outcomeDelay) {
    case 'standard':
      return config.outcomeDelayMs;
    case 'challenge':
      return config.challengeOutcomeDelayMs;
    case 'late':
      return config.lateOutcomeDelayMs;
  }
}

export async function findCollection(state: SandboxRailState, transactionId: string): Promise<RailInitiationResult | null> {
  assertRailUp(state);
  const row = await findInitiation(state.sql, state.rail, transactionId);
  if (row === undefined || row.kind !== 'collection') return null;
  return { providerReference: row.provider_reference, actionUrl: row.action_url, ussdCode: row.ussd_code };
}

export async function redeliverOutcome(state: SandboxRailState, transactionId: string): Promise<boolean> {
  assertRailUp(state);
  // The provider's "resend" (decision 0610): an outcome already sent goes out again, due now; one
  // not sent yet (on its way) or a reversed collection's is left alone.
  const rows = await state.sql`
    UPDATE sandbox_rail_outcomes o
    SET delivered_at = NULL, due_at = now(), last_error = NULL
    FROM sandbox_rail_initiations i
    WHERE i.rail = ${state.rail} AND i.transaction_id = ${transactionId} AND o.provider_reference = i.provider_reference
      AND o.abandoned_at IS NULL AND o.delivered_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM sandbox_rail_reversals r WHERE r.collection_provider_reference = i.provider_reference)
    RETURNING o.id`;
  return rows.length > 0;
}
