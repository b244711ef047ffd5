// The sandbox provider's records of initiations (sandbox_rail_initiations): one read, the batched
// insert of collections with their scheduled outcomes, and the replay of an earlier answer.

import type { Sql, TransactionSql } from 'postgres';
import { createStatementBatcher, type StatementBatcher } from '../../../db/statement-batcher.ts';
import { RailDeclinedError } from '../../../rails/errors.ts';
import type { Rail, RailInitiationResult, RailOutcomeKind } from '../../../rails/types.ts';

export interface InitiationRow {
  kind: RailOutcomeKind;
  request_sha256: string;
  provider_reference: string;
  action_url: string | null;
  ussd_code: string | null;
}

/** A collection initiation to record, with its scheduled outcome. */
export interface NewInitiation {
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

export async function findInitiation(db: Sql | TransactionSql, rail: Rail, transactionId: string): Promise<InitiationRow | undefined> {
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
async function insertInitiations(sql: Sql, rail: Rail, initiations: NewInitiation[]): Promise<boolean[]> {
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

/** Under load, concurrent initiations go to the database together (db/statement-batcher.ts). */
export function createInitiationBatcher(
  sql: Sql,
  rail: Rail,
  batch: { inFlightMax?: number; batchMax?: number } | undefined,
): StatementBatcher<NewInitiation, boolean> {
  return createStatementBatcher<NewInitiation, boolean>({
    ...batch,
    run: (initiations) => insertInitiations(sql, rail, initiations),
  });
}

/** The original answer for a repeated transactionId; a different request under the same id is refused. */
export function replay(rail: Rail, row: InitiationRow, requestSha256: string): RailInitiationResult {
  if (row.request_sha256 !== requestSha256) {
    throw new RailDeclinedError(rail, 'transaction_id_reused_with_different_request');
  }
  return { providerReference: row.provider_reference, actionUrl: row.action_url, ussdCode: row.ussd_code };
}
