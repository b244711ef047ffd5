// Sandbox rail connectors: simulated providers that behave like real rails.
//
// Initiation answers synchronously with a provider reference (and an action URL or USSD code when
// the payer must act) and records the final outcome as a scheduled row; the outcome worker
// delivers it once due. Nothing here sets a timer for the outcome: a restart loses nothing.
// The magic values that pick a scenario are in ./scenarios.ts and docs/sandbox-rails.md.

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql, TransactionSql } from 'postgres';
import { createStatementBatcher } from '../../../db/statement-batcher.ts';
import { RailDeclinedError, RailOutageError } from '../../../rails/errors.ts';
import {
  allRails,
  type CollectionInitiation,
  type CollectionReversal,
  type Rail,
  type RailConnector,
  type RailInitiationResult,
  type RailOutcomeKind,
  type RailReversalResult,
  type RefundInitiation,
} from '../../../rails/types.ts';
import type { SandboxRailsConfig } from './config.ts';
import { actionUrlFor, newProviderReference, newUssdCode } from './references.ts';
import { sandboxScenarios, isSandboxScenarioName, sandboxScenarioFor, type SandboxScenario } from './scenarios.ts';
import { uuidPattern } from '../../../ids.ts';

export interface SandboxRailConnectorOptions {
  sql: Sql;
  /** Read on every call, so a caller holding the object sees changes to railsDown at once. */
  config: SandboxRailsConfig;
  /** How each rail batches initiations under load (db/statement-batcher.ts defaults); tests force batches with it. */
  initiationBatch?: { inFlightMax?: number; batchMax?: number };
}

const currencyPattern = /^[A-Z]{3}$/;
/** Provider references we issue are short; anything longer cannot be one of ours. */
const providerReferenceLengthMax = 64;
/** A reversal's reason is a note for the provider's records; longer ones are cut. */
const reversalReasonLengthMax = 500;

interface InitiationRow {
  kind: RailOutcomeKind;
  request_sha256: string;
  provider_reference: string;
  action_url: string | null;
  ussd_code: string | null;
}

/** A collection initiation to record, with its scheduled outcome. */
interface NewInitiation {
  transactionId: string;
  requestSha256: string;
  providerReference: string;
  amount: number;
  currency: string;
  scenarioName: string;
  result: RailInitiationResult;
  outcome: string;
  failureReason: string | null;
  delayMs: number;
}

interface ParentRow {
  amount: string;
  currency: string;
  scenario: string;
  outcome: string;
}

export function createSandboxRailConnectors(options: SandboxRailConnectorOptions): Record<Rail, RailConnector> {
  return Object.fromEntries(allRails.map((rail) => [rail, createSandboxRailConnector(rail, options)])) as Record<
    Rail,
    RailConnector
  >;
}

export function createSandboxRailConnector(rail: Rail, options: SandboxRailConnectorOptions): RailConnector {
  const { sql, config } = options;

  function assertRailUp(): void {
    if (config.railsDown.includes(rail)) throw new RailOutageError(rail, 'rail_forced_down');
  }

  function assertCommonFields(request: { transactionId: string; amount: number; currency: string }): void {
    if (typeof request.transactionId !== 'string' || !uuidPattern.test(request.transactionId)) {
      throw new RailDeclinedError(rail, 'invalid_transaction_id');
    }
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) throw new RailDeclinedError(rail, 'invalid_amount');
    if (typeof request.currency !== 'string' || !currencyPattern.test(request.currency)) {
      throw new RailDeclinedError(rail, 'invalid_currency');
    }
  }

  async function findInitiation(db: Sql | TransactionSql, transactionId: string): Promise<InitiationRow | undefined> {
    const rows = await db<InitiationRow[]>`
      SELECT kind, request_sha256, provider_reference, action_url, ussd_code
      FROM sandbox_rail_initiations
      WHERE rail = ${rail} AND transaction_id = ${transactionId}`;
    return rows[0];
  }

  /**
   * One statement (so one round trip and its own transaction) for one or more initiations: each
   * initiation record and its scheduled outcome, or nothing for a transactionId initiated before
   * (including earlier in the same statement). Answers, per initiation, whether it was recorded.
   * Rows go in transactionId order, so two concurrent statements retrying the same ids wait for
   * each other in one order and cannot deadlock.
   */
  async function insertInitiations(initiations: NewInitiation[]): Promise<boolean[]> {
    const initiationRows = initiations
      .toSorted((a, b) => (a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0))
      .map((i) => sql`(${rail}, ${i.transactionId}, 'collection', ${i.requestSha256}, ${i.providerReference},
        ${i.amount}, ${i.currency}, ${i.scenarioName}, ${i.result.actionUrl}, ${i.result.ussdCode})`)
      .reduce((joined, row) => sql`${joined}, ${row}`);
    const outcomeRows = initiations
      .map((i) => sql`(${i.providerReference}, ${i.outcome}, ${i.failureReason}::text,
        now() + ${`${i.delayMs} milliseconds`}::interval)`)
      .reduce((joined, row) => sql`${joined}, ${row}`);
    const rows = await sql<{ provider_reference: string }[]>`
      WITH initiation AS (
        INSERT INTO sandbox_rail_initiations
          (rail, transaction_id, kind, request_sha256, provider_reference, amount, currency, scenario, action_url, ussd_code)
        VALUES ${initiationRows}
        ON CONFLICT (rail, transaction_id) DO NOTHING
        RETURNING provider_reference, rail, transaction_id
      ), scheduled (provider_reference, outcome, failure_reason, due_at) AS (VALUES ${outcomeRows})
      INSERT INTO sandbox_rail_outcomes (provider_reference, rail, transaction_id, kind, outcome, failure_reason, due_at)
      SELECT provider_reference, initiation.rail, initiation.transaction_id, 'collection', scheduled.outcome,
             scheduled.failure_reason, scheduled.due_at
      FROM initiation JOIN scheduled USING (provider_reference)
      RETURNING provider_reference`;
    const recorded = new Set(rows.map((row) => row.provider_reference));
    return initiations.map((i) => recorded.has(i.providerReference));
  }

  // Under load, concurrent initiations go to the database together (db/statement-batcher.ts).
  const initiationBatcher = createStatementBatcher<NewInitiation, boolean>({
    ...options.initiationBatch,
    run: insertInitiations,
  });

  /** The original answer for a repeated transactionId; a different request under the same id is refused. */
  function replay(row: InitiationRow, requestSha256: string): RailInitiationResult {
    if (row.request_sha256 !== requestSha256) {
      throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request');
    }
    return { providerReference: row.provider_reference, actionUrl: row.action_url, ussdCode: row.ussd_code };
  }

  async function initiateCollection(request: CollectionInitiation): Promise<RailInitiationResult> {
    assertRailUp();
    assertCommonFields(request);
    const scenarioName = sandboxScenarioFor(rail, request, config.magicValues);
    const requestSha256 = sha256Hex([
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

    const scenario = sandboxScenarios[scenarioName];
    // A provider that is down accepts nothing: no row, so a later retry starts afresh.
    if (scenario.outage) throw new RailOutageError(rail, 'provider_down');

    const providerReference = newProviderReference(rail, 'collection');
    const result: RailInitiationResult = {
      providerReference,
      actionUrl: needsActionUrl(scenario) ? actionUrlFor(config.actionUrlBase, rail, providerReference) : null,
      ussdCode: needsUssdCode(scenario) ? newUssdCode(rail) : null,
    };
    const delayMs = outcomeDelayMs(scenario);

    const inserted = await initiationBatcher.run({
      transactionId: request.transactionId, requestSha256, providerReference, amount: request.amount,
      currency: request.currency, scenarioName, result, outcome: scenario.outcome,
      failureReason: scenario.failureReason, delayMs,
    });
    if (!inserted) {
      // Initiated before (a retry), or by a concurrent call that committed first: answer as then,
      // unless it has been reversed since: a provider does not re-run a voided payment.
      const winner = await findInitiation(sql, request.transactionId);
      if (winner === undefined) throw new Error('sandbox rail: initiation conflict without a stored row');
      const answer = replay(winner, requestSha256);
      const reversed = await sql`SELECT 1 FROM sandbox_rail_reversals WHERE rail = ${rail} AND transaction_id = ${request.transactionId}`;
      if (reversed.length > 0) throw new RailDeclinedError(rail, 'collection_reversed');
      return answer;
    }

    // The provider has accepted the initiation but is slow to say so. If the breaker times out
    // first, the caller sees an outage while the outcome still arrives: the ambiguous case a real
    // integration must handle, and which a retry with the same transactionId resolves.
    if (scenario.slowInitiation) await sleep(config.slowInitiationMs);
    return result;
  }

  async function initiateRefund(request: RefundInitiation): Promise<RailInitiationResult> {
    assertRailUp();
    assertCommonFields(request);
    const parentReference = request.parentProviderReference;
    if (typeof parentReference !== 'string' || parentReference === '' || parentReference.length > providerReferenceLengthMax) {
      throw new RailDeclinedError(rail, 'parent_not_found');
    }
    const requestSha256 = sha256Hex(['refund', rail, parentReference, request.amount, request.currency]);

    const existing = await findInitiation(sql, request.transactionId);
    if (existing !== undefined) return replay(existing, requestSha256);

    const providerReference = newProviderReference(rail, 'refund');
    const stored = await sql.begin(async (tx) => {
      // Lock the collection: concurrent refunds of it are checked against each other one at a time.
      const parents = await tx<ParentRow[]>`
        SELECT i.amount::text AS amount, i.currency, i.scenario, o.outcome
        FROM sandbox_rail_initiations i
        JOIN sandbox_rail_outcomes o ON o.provider_reference = i.provider_reference
        WHERE i.provider_reference = ${parentReference} AND i.rail = ${rail} AND i.kind = 'collection'
        FOR UPDATE OF i`;
      const parent = parents[0];
      if (parent === undefined) throw new RailDeclinedError(rail, 'parent_not_found');

      // A concurrent refund with this transactionId may have committed while we waited for the lock.
      const raced = await findInitiation(tx, request.transactionId);
      if (raced !== undefined) return raced;

      if (parent.outcome !== 'success') throw new RailDeclinedError(rail, 'parent_not_successful');
      // A reversed collection has given the payer everything back already.
      const reversed = await tx`SELECT 1 FROM sandbox_rail_reversals WHERE collection_provider_reference = ${parentReference}`;
      if (reversed.length > 0) throw new RailDeclinedError(rail, 'parent_reversed');
      if (parent.currency !== request.currency) throw new RailDeclinedError(rail, 'refund_currency_mismatch');
      // Refunds that will fail release their amount, as a provider's refundable balance does.
      const refundedRows = await tx<{ refunded: string }[]>`
        SELECT coalesce(sum(i.amount), 0)::text AS refunded
        FROM sandbox_rail_initiations i
        JOIN sandbox_rail_outcomes o ON o.provider_reference = i.provider_reference
        WHERE i.parent_provider_reference = ${parentReference} AND o.outcome = 'success'`;
      const refunded = BigInt(refundedRows[0]?.refunded ?? '0');
      if (refunded + BigInt(request.amount) > BigInt(parent.amount)) {
        throw new RailDeclinedError(rail, 'refund_exceeds_refundable_amount');
      }

      const parentScenario = isSandboxScenarioName(parent.scenario) ? sandboxScenarios[parent.scenario] : undefined;
      const refundFailureReason = parentScenario?.refundFailureReason ?? null;
      const row: InitiationRow = {
        kind: 'refund',
        request_sha256: requestSha256,
        provider_reference: providerReference,
        action_url: null,
        ussd_code: null,
      };
      await tx`
        INSERT INTO sandbox_rail_initiations
          (rail, transaction_id, kind, request_sha256, provider_reference, parent_provider_reference,
           amount, currency, scenario, action_url, ussd_code)
        VALUES
          (${rail}, ${request.transactionId}, 'refund', ${requestSha256}, ${providerReference}, ${parentReference},
           ${request.amount}, ${request.currency}, ${refundFailureReason === null ? 'success' : 'refund_failure'}, NULL, NULL)`;
      await tx`
        INSERT INTO sandbox_rail_outcomes
          (provider_reference, rail, transaction_id, kind, outcome, failure_reason, due_at)
        VALUES
          (${providerReference}, ${rail}, ${request.transactionId}, 'refund',
           ${refundFailureReason === null ? 'success' : 'failed'}, ${refundFailureReason},
           now() + ${`${config.outcomeDelayMs} milliseconds`}::interval)`;
      return row;
    });
    return replay(stored, requestSha256);
  }

  function needsActionUrl(scenario: SandboxScenario): boolean {
    // QR: the action URL is the code the payer scans, so every QR collection has one.
    return rail === 'qr' || (scenario.payerAction === 'challenge' && (rail === 'card' || rail === 'bank'));
  }

  function needsUssdCode(scenario: SandboxScenario): boolean {
    // USSD: the dial string is the payment itself, so every USSD collection has one.
    return rail === 'ussd' || (scenario.payerAction === 'ussd_fallback' && rail === 'mobile_money');
  }

  function outcomeDelayMs(scenario: SandboxScenario): number {
    switch (scenario.outcomeDelay) {
      case 'standard':
        return config.outcomeDelayMs;
      case 'challenge':
        return config.challengeOutcomeDelayMs;
      case 'late':
        return config.lateOutcomeDelayMs;
    }
  }

  async function findCollection(transactionId: string): Promise<RailInitiationResult | null> {
    assertRailUp();
    const row = await findInitiation(sql, transactionId);
    if (row === undefined || row.kind !== 'collection') return null;
    return { providerReference: row.provider_reference, actionUrl: row.action_url, ussdCode: row.ussd_code };
  }

  async function redeliverOutcome(transactionId: string): Promise<boolean> {
    assertRailUp();
    // The provider's "resend" (decision 0610): an outcome already sent goes out again, due now; one
    // not sent yet (on its way) or a reversed collection's is left alone.
    const rows = await sql`
      UPDATE sandbox_rail_outcomes o
      SET delivered_at = NULL, due_at = now(), last_error = NULL
      FROM sandbox_rail_initiations i
      WHERE i.rail = ${rail} AND i.transaction_id = ${transactionId} AND o.provider_reference = i.provider_reference
        AND o.abandoned_at IS NULL AND o.delivered_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sandbox_rail_reversals r WHERE r.collection_provider_reference = i.provider_reference)
      RETURNING o.id`;
    return rows.length > 0;
  }

  async function reverseCollection(request: CollectionReversal): Promise<RailReversalResult> {
    assertRailUp();
    if (typeof request.transactionId !== 'string' || !uuidPattern.test(request.transactionId)) {
      throw new RailDeclinedError(rail, 'invalid_transaction_id');
    }
    const reason = String(request.reason ?? '').slice(0, reversalReasonLengthMax) || 'unspecified';
    return await sql.begin(async (tx) => {
      // The collection's row locked: refunds of it (which lock it too) and a concurrent reversal
      // wait for this one, so a payment is never both refunded and reversed.
      const collections = await tx<{ provider_reference: string; amount: string; currency: string }[]>`
        SELECT provider_reference, amount::text AS amount, currency
        FROM sandbox_rail_initiations
        WHERE rail = ${rail} AND transaction_id = ${request.transactionId} AND kind = 'collection'
        FOR UPDATE`;
      const collection = collections[0];
      if (collection === undefined) throw new RailDeclinedError(rail, 'collection_not_found');
      const result = (row: { provider_reference: string; amount: string; currency: string }): RailReversalResult => ({
        providerReference: row.provider_reference,
        collectionProviderReference: collection.provider_reference,
        amount: Number(row.amount),
        currency: row.currency,
      });
      const earlier = await tx<{ provider_reference: string; amount: string; currency: string }[]>`
        SELECT provider_reference, amount::text AS amount, currency FROM sandbox_rail_reversals
        WHERE rail = ${rail} AND transaction_id = ${request.transactionId}`;
      if (earlier[0] !== undefined) return result(earlier[0]);
      const refunds = await tx`SELECT 1 FROM sandbox_rail_initiations WHERE parent_provider_reference = ${collection.provider_reference} LIMIT 1`;
      if (refunds.length > 0) throw new RailDeclinedError(rail, 'collection_refunded');

      const [reversal] = await tx<{ provider_reference: string; amount: string; currency: string }[]>`
        INSERT INTO sandbox_rail_reversals
          (rail, transaction_id, collection_provider_reference, provider_reference, amount, currency, reason)
        VALUES (${rail}, ${request.transactionId}, ${collection.provider_reference}, ${newProviderReference(rail, 'reversal')},
                ${collection.amount}, ${collection.currency}, ${reason})
        RETURNING provider_reference, amount::text AS amount, currency`;
      // Voided before its outcome went out: the provider never sends it (nor resends it).
      await tx`
        UPDATE sandbox_rail_outcomes
        SET abandoned_at = coalesce(abandoned_at, now()), last_error = 'collection reversed before its outcome was delivered'
        WHERE provider_reference = ${collection.provider_reference} AND delivered_at IS NULL`;
      return result(reversal!);
    });
  }

  return { rail, provider: 'sandbox', initiateCollection, initiateRefund, findCollection, redeliverOutcome, reverseCollection };
}

function sha256Hex(canonicalFields: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(canonicalFields)).digest('hex');
}
