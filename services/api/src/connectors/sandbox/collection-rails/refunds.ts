// A sandbox rail's refunds: checked against the collection they refund (successful, not reversed,
// same currency, within what is left to refund), one at a time per collection, and recorded with
// their scheduled outcome in one transaction.

import type { TransactionSql } from 'postgres';
import { RailDeclinedError } from '../../../rails/errors.ts';
import type { Rail, RailInitiationResult, RefundInitiation } from '../../../rails/types.ts';
import { requestDigest } from '../references.ts';
import { findInitiation, replay, type InitiationRow } from './initiation-records.ts';
import { assertCommonFields, assertRailUp, type SandboxRailState } from './rail-state.ts';
import { newProviderReference } from './references.ts';
import { isSandboxScenarioName, sandboxScenarios } from './scenarios.ts';

/** Provider references we issue are short; anything longer cannot be one of ours. */
const providerReferenceLengthMax = 64;

interface ParentRow {
  amount: string;
  currency: string;
  scenario: string;
  outcome: string;
}

/** A refund that passed the checks made before the transaction, under its new provider reference. */
interface NewRefund {
  transactionId: string;
  amount: number;
  currency: string;
  parentReference: string;
  requestSha256: string;
  providerReference: string;
}

export async function initiateRefund(state: SandboxRailState, request: RefundInitiation): Promise<RailInitiationResult> {
  const { rail, sql } = state;
  assertRailUp(state);
  assertCommonFields(rail, request);
  const parentReference = request.parentProviderReference;
  if (typeof parentReference !== 'string' || parentReference === '' || parentReference.length > providerReferenceLengthMax) {
    throw new RailDeclinedError(rail, 'parent_not_found');
  }
  const requestSha256 = requestDigest(['refund', rail, parentReference, request.amount, request.currency]);

  const existing = await findInitiation(sql, rail, request.transactionId);
  if (existing !== undefined) return replay(rail, existing, requestSha256);

  const refund: NewRefund = {
    transactionId: request.transactionId, amount: request.amount, currency: request.currency,
    parentReference, requestSha256, providerReference: newProviderReference(rail, 'refund'),
  };
  const stored = await sql.begin((tx) => recordRefund(tx, state, refund));
  return replay(rail, stored, requestSha256);
}

/** The refund's record and scheduled outcome, or the record a concurrent refund with its transactionId committed. */
async function recordRefund(tx: TransactionSql, { rail, config }: SandboxRailState, refund: NewRefund): Promise<InitiationRow> {
  // Lock the collection: concurrent refunds of it are checked against each other one at a time.
  const parents = await tx<ParentRow[]>`
    SELECT i.amount::text AS amount, i.currency, i.scenario, o.outcome
    FROM sandbox_rail_initiations i
    JOIN sandbox_rail_outcomes o ON o.provider_reference = i.provider_reference
    WHERE i.provider_reference = ${refund.parentReference} AND i.rail = ${rail} AND i.kind = 'collection'
    FOR UPDATE OF i`;
  const parent = parents[0];
  if (parent === undefined) throw new RailDeclinedError(rail, 'parent_not_found');

  // A concurrent refund with this transactionId may have committed while we waited for the lock.
  const raced = await findInitiation(tx, rail, refund.transactionId);
  if (raced !== undefined) return raced;

  await assertRefundable(tx, rail, parent, refund);

  const parentScenario = isSandboxScenarioName(parent.scenario) ? sandboxScenarios[parent.scenario] : undefined;
  const refundFailureReason = parentScenario?.refundFailureReason ?? null;
  await tx`
    INSERT INTO sandbox_rail_initiations
      (rail, transaction_id, kind, request_sha256, provider_reference, parent_provider_reference,
       amount, currency, scenario, action_url, ussd_code)
    VALUES
      (${rail}, ${refund.transactionId}, 'refund', ${refund.requestSha256}, ${refund.providerReference}, ${refund.parentReference},
       ${refund.amount}, ${refund.currency}, ${refundFailureReason === null ? 'success' : 'refund_failure'}, NULL, NULL)`;
  await tx`
    INSERT INTO sandbox_rail_outcomes
      (provider_reference, rail, transaction_id, kind, outcome, failure_reason, due_at)
    VALUES
      (${refund.providerReference}, ${rail}, ${refund.transactionId}, 'refund',
       ${refundFailureReason === null ? 'success' : 'failed'}, ${refundFailureReason},
       now() + ${`${config.outcomeDelayMs} milliseconds`}::interval)`;
  return {
    kind: 'refund',
    request_sha256: refund.requestSha256,
    provider_reference: refund.providerReference,
    action_url: null,
    ussd_code: null,
  };
}

/** The locked collection can take this refund: it succeeded, was not reversed, and has enough left in its currency. */
async function assertRefundable(tx: TransactionSql, rail: Rail, parent: ParentRow, refund: NewRefund): Promise<void> {
  if (parent.outcome !== 'success') throw new RailDeclinedError(rail, 'parent_not_successful');
  // A reversed collection has given the payer everything back already.
  const reversed = await tx`SELECT 1 FROM sandbox_rail_reversals WHERE collection_provider_reference = ${refund.parentReference}`;
  if (reversed.length > 0) throw new RailDeclinedError(rail, 'parent_reversed');
  if (parent.currency !== refund.currency) throw new RailDeclinedError(rail, 'refund_currency_mismatch');
  // Refunds that will fail release their amount, as a provider's refundable balance does.
  const refundedRows = await tx<{ refunded: string }[]>`
    SELECT coalesce(sum(i.amount), 0)::text AS refunded
    FROM sandbox_rail_initiations i
    JOIN sandbox_rail_outcomes o ON o.provider_reference = i.provider_reference
    WHERE i.parent_provider_reference = ${refund.parentReference} AND o.outcome = 'success'`;
  const refunded = BigInt(refundedRows[0]?.refunded ?? '0');
  if (refunded + BigInt(refund.amount) > BigInt(parent.amount)) {
    throw new RailDeclinedError(rail, 'refund_exceeds_refundable_amount');
  }
}
