// The sandbox rails' side of outcome delivery: a poller that plays the providers' callbacks.
//
// The sandbox providers schedule their final outcomes as rows in sandbox_rail_outcomes (due_at).
// This poller claims due rows, hands them to the handler (the runtime passes the rail outcome
// ingress, rails/outcome-ingress.ts, the same seam a real provider's callback handler calls),
// and marks a row delivered only once the handler has succeeded. Several pollers (in one process
// or many) may run side by side: a claim takes rows with FOR UPDATE SKIP LOCKED and leases them
// by moving due_at forward, so no two pollers hold the same row and a crashed poller's rows come
// back after the lease. Delivery is at-least-once; the handler must be idempotent.
//
// Why a poll loop and not one job per outcome on the job queue (jobs/): a round claims up to 50
// outcomes in one statement and settles them in one transaction and one ledger batch; a job per
// outcome costs its own take, transaction and completion. Measured in decision 0081.

import type { Sql } from 'postgres';
import {
  jsonLineRailLogger,
  type Rail,
  type RailFailureReason,
  type RailLogger,
  type RailOutcome,
  type RailOutcomeHandler,
  type RailOutcomeKind,
  type RailOutcomeStatus,
} from '../../../rails/types.ts';
import { mapWithConcurrency } from '../../../map-with-concurrency.ts';

/** Attempts per outcome (the first included); after the last failure the row is abandoned. */
export const outcomeDeliveryAttemptsMax = 10;
/** Backoff before the second attempt; doubles per attempt up to the cap. */
export const outcomeRetryBaseDelayMs = 1_000;
export const outcomeRetryDelayMsMax = 300_000;
/**
 * How long a claimed row stays invisible to other pollers. Longer than any sane handler run;
 * if a handler outlives it, the row is delivered again (harmless: the handler is idempotent).
 */
export const outcomeClaimLeaseMs = 60_000;
export const outcomePollIntervalMsDefault = 500;
export const outcomeBatchSizeDefault = 50;
export const outcomeBatchSizeMax = 1_000;
export const outcomeDeliveryConcurrencyDefault = 1;
/** last_error keeps the start of the handler's error message, no more. */
export const outcomeLastErrorLengthMax = 500;

/**
 * Handles a whole claimed round at once (a batch handler settles many outcomes in few round
 * trips). Answers per outcome, in order: null when delivered, the error when it failed (that
 * outcome is retried or abandoned like a failed `handler` call).
 */
export type RailOutcomeBatchHandler = (outcomes: RailOutcome[]) => Promise<(unknown | null)[]>;

export interface SandboxOutcomePollerOptions {
  sql: Sql;
  /** One outcome at a time (deliveryConcurrency of them at once). Give this or batchHandler. */
  handler?: RailOutcomeHandler;
  batchHandler?: RailOutcomeBatchHandler;
  pollIntervalMs?: number;
  /** Rows claimed per round; deliveryConcurrency of them are handled at a time (see runOnce). */
  batchSize?: number;
  attemptsMax?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  claimLeaseMs?: number;
  /** Handlers running at once within a round (outcomeDeliveryConcurrencyDefault). */
  deliveryConcurrency?: number;
  logger?: RailLogger;
}

export interface SandboxOutcomeRoundSummary {
  claimed: number;
  delivered: number;
  /** Handler failed; the row is due again after its backoff. */
  retried: number;
  /** Handler failed on the last allowed attempt; the row will not be delivered again. */
  abandoned: number;
}

export interface SandboxOutcomePoller {
  /** Polls until stop(): a full batch is followed at once by the next round, otherwise by pollIntervalMs. */
  start(): void;
  /** Stops polling and waits for the round in progress to finish. */
  stop(): Promise<void>;
  /** One round: claim up to batchSize due rows and deliver them. */
  runOnce(): Promise<SandboxOutcomeRoundSummary>;
}

interface ClaimedRow {
  id: string;
  provider_reference: string;
  rail: Rail;
  transaction_id: string;
  kind: RailOutcomeKind;
  outcome: RailOutcomeStatus;
  failure_reason: RailFailureReason | null;
  attempts: number;
}

type DeliveryResult = 'retried' | 'abandoned';

function toOutcome(row: ClaimedRow): RailOutcome {
  return {
    providerReference: row.provider_reference,
    rail: row.rail,
    kind: row.kind,
    status: row.outcome,
    failureReason: row.failure_reason,
    transactionId: row.transaction_id,
  };
}

export function createSandboxOutcomePoller(options: SandboxOutcomePollerOptions): SandboxOutcomePoller {
  const { sql, handler } = options;
  const pollIntervalMs = options.pollIntervalMs ?? outcomePollIntervalMsDefault;
  const batchSize = options.batchSize ?? outcomeBatchSizeDefault;
  const attemptsMax = options.attemptsMax ?? outcomeDeliveryAttemptsMax;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? outcomeRetryBaseDelayMs;
  const retryMaxDelayMs = options.retryMaxDelayMs ?? outcomeRetryDelayMsMax;
  const claimLeaseMs = options.claimLeaseMs ?? outcomeClaimLeaseMs;
  const deliveryConcurrency = options.deliveryConcurrency ?? outcomeDeliveryConcurrencyDefault;
  const logger = options.logger ?? jsonLineRailLogger;

  if (!handler && !options.batchHandler) throw new Error('sandbox outcome poller: give handler or batchHandler');
  assertIntegerInRange('pollIntervalMs', pollIntervalMs, 1, 3_600_000);
  assertIntegerInRange('batchSize', batchSize, 1, outcomeBatchSizeMax);
  assertIntegerInRange('attemptsMax', attemptsMax, 1, 1_000);
  assertIntegerInRange('retryBaseDelayMs', retryBaseDelayMs, 0, 86_400_000);
  assertIntegerInRange('retryMaxDelayMs', retryMaxDelayMs, retryBaseDelayMs, 86_400_000);
  assertIntegerInRange('claimLeaseMs', claimLeaseMs, 1, 86_400_000);
  assertIntegerInRange('deliveryConcurrency', deliveryConcurrency, 1, outcomeBatchSizeMax);

  let running = false;
  // Bumped by start(): a round still finishing from before a stop() must not resume polling.
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  let roundInProgress: Promise<unknown> | undefined;

  async function claimDueRows(): Promise<ClaimedRow[]> {
    // The CTE is evaluated once (it locks rows), so the UPDATE touches exactly the rows it claimed.
    return sql<ClaimedRow[]>`
      WITH due AS MATERIALIZED (
        SELECT id FROM sandbox_rail_outcomes
        WHERE delivered_at IS NULL AND abandoned_at IS NULL AND due_at <= now()
        ORDER BY due_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE sandbox_rail_outcomes AS o
      SET attempts = o.attempts + 1,
          due_at = now() + ${`${claimLeaseMs} milliseconds`}::interval
      FROM due
      WHERE o.id = due.id
      RETURNING o.id::text AS id, o.provider_reference, o.rail, o.transaction_id::text AS transaction_id,
                o.kind, o.outcome, o.failure_reason, o.attempts`;
  }

  /** Runs the handler on one outcome: null when it succeeded, else its error. */
  async function deliver(outcome: RailOutcome): Promise<unknown | null> {
    try {
      await handler!(outcome);
      return null;
    } catch (error) {
      return error ?? new Error('handler failed');
    }
  }

  /** Without a batch handler: `handler` on each, deliveryConcurrency at a time (see runOnce). */
  const handleRound: RailOutcomeBatchHandler = options.batchHandler
    ?? ((outcomes) => mapWithConcurrency(outcomes, deliveryConcurrency, deliver));

  /**
   * One statement for every row of a round whose handler succeeded (not one per row: round trips
   * are the poller's main cost, and it may share the process with the API). A crash before it only
   * delivers those outcomes again after the lease, which the idempotent handler ignores.
   */
  async function markDelivered(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE sandbox_rail_outcomes SET delivered_at = now(), last_error = NULL
      WHERE id = ANY(${ids}::bigint[]) AND delivered_at IS NULL`;
  }

  async function recordFailure(row: ClaimedRow, error: unknown): Promise<DeliveryResult> {
    // Only the error's class and the start of its message: handler errors must not carry secrets,
    // and a bounded column keeps a misbehaving handler from bloating the table.
    const lastError = describeError(error).slice(0, outcomeLastErrorLengthMax);
    const fields = {
      provider_reference: row.provider_reference,
      rail: row.rail,
      kind: row.kind,
      attempts: row.attempts,
      attempts_max: attemptsMax,
      error: lastError,
    };
    if (row.attempts >= attemptsMax) {
      await sql`
        UPDATE sandbox_rail_outcomes SET abandoned_at = now(), last_error = ${lastError}
        WHERE id = ${row.id} AND delivered_at IS NULL`;
      logger.error('rail outcome abandoned: handler failed on every attempt', fields);
      return 'abandoned';
    }
    const backoffMs = retryBackoffMs(row.attempts, retryBaseDelayMs, retryMaxDelayMs);
    await sql`
      UPDATE sandbox_rail_outcomes
      SET due_at = now() + ${`${backoffMs} milliseconds`}::interval, last_error = ${lastError}
      WHERE id = ${row.id} AND delivered_at IS NULL`;
    logger.warn('rail outcome handler failed; will retry', { ...fields, retry_in_ms: backoffMs });
    return 'retried';
  }

  async function runOnce(): Promise<SandboxOutcomeRoundSummary> {
    const rows = await claimDueRows();
    const summary: SandboxOutcomeRoundSummary = { claimed: rows.length, delivered: 0, retried: 0, abandoned: 0 };
    if (rows.length === 0) return summary;
    // Without a batch handler, at most deliveryConcurrency handlers run at once (default 1),
    // never the whole batch: the outcomes of one merchant settle into the same ledger accounts,
    // so 50 at once queued on the same row locks while each held a connection idle in its
    // transaction (measured: half the pool idle in transaction, a quarter waiting on locks). The
    // runtime passes a batch handler instead: the whole round in one database transaction and
    // one ledger batch (collections/collections.ts applyCollectionOutcomes).
    let answers: (unknown | null)[];
    try {
      answers = await handleRound(rows.map(toOutcome));
      if (answers.length !== rows.length) throw new Error(`batch handler answered ${answers.length} of ${rows.length} outcomes`);
    } catch (error) {
      answers = rows.map(() => error ?? new Error('batch handler failed'));
    }
    const deliveredIds: string[] = [];
    for (const [i, row] of rows.entries()) {
      const answer = answers[i];
      if (answer === null || answer === undefined) {
        deliveredIds.push(row.id);
        continue;
      }
      try {
        summary[await recordFailure(row, answer)] += 1;
      } catch (error) {
        // Recording the result failed (database gone?): the lease returns the row later.
        logger.error('sandbox outcome poller could not record a delivery result', { error: describeError(error) });
      }
    }
    try {
      await markDelivered(deliveredIds);
      summary.delivered = deliveredIds.length;
    } catch (error) {
      logger.error('sandbox outcome poller could not record a delivery result', { error: describeError(error) });
    }
    return summary;
  }

  function scheduleNext(delayMs: number, loopGeneration: number): void {
    if (!running || loopGeneration !== generation) return;
    timer = setTimeout(() => {
      timer = undefined;
      const round = runOnce().then(
        (summary) => (summary.claimed === batchSize ? 0 : pollIntervalMs),
        (error: unknown) => {
          logger.error('sandbox outcome poller round failed', { error: describeError(error) });
          return pollIntervalMs;
        },
      );
      roundInProgress = round;
      void round.then((nextDelayMs) => {
        roundInProgress = undefined;
        scheduleNext(nextDelayMs, loopGeneration);
      });
    }, delayMs);
  }

  function start(): void {
    if (running) return;
    running = true;
    generation += 1;
    scheduleNext(0, generation);
  }

  async function stop(): Promise<void> {
    running = false;
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (roundInProgress !== undefined) await roundInProgress;
  }

  return { start, stop, runOnce };
}

/**
 * Delay after failed attempt number `attempt` (1-based): base * 2^(attempt-1), capped, with
 * "equal jitter" (between half and all of it) so that outcomes failing together spread out.
 * Never longer than the nominal delay.
 */
export function retryBackoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const nominalMs = Math.min(maxDelayMs, baseDelayMs * 2 ** exponent);
  const halfMs = Math.floor(nominalMs / 2);
  return nominalMs - halfMs + Math.floor(Math.random() * (halfMs + 1));
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'non-Error value thrown';
}

function assertIntegerInRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`sandbox outcome poller: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}
