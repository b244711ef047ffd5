// Recording a sender round's outcomes so that one outcome's failure never strands another's, and a
// database that fails for a moment loses nothing (issue 22: a NUL byte in one answer failed the
// round's single statement, and every delivery of the round, clean 200s included, was re-sent on
// each lease expiry). The round is first recorded in one statement (deliveries.ts recordOutcomes).
// - If the database refuses it for what it holds (a data error), each outcome is recorded alone;
//   one that still fails is recorded without its snippet and error text; only one that fails even
//   then is left unrecorded.
// - If the database cannot be reached (a restart, a dropped connection), the same statement is
//   retried with a growing wait while the round's lease holds: an outcome recorded late is still
//   recorded, since only a claim by another worker (after the lease) can take the row away.
// What is left unrecorded keeps its lease until it expires; its delivery is then claimed again, and
// the claim's attempt limit (deliveries.ts) bounds how often that can happen (decision record 0430).
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { recordOutcomes, type AttemptOutcome } from './deliveries.ts';

/** The first wait before recording a round again after the database failed; doubled each time. */
export const recordRetryFirstWaitMs = 100;
/** The longest wait between two tries (a restarting database takes seconds, not minutes). */
export const recordRetryWaitMaxMs = 2_000;

/**
 * SQLSTATE classes that say the statement's data was refused (data exception, integrity, program
 * limit, a trigger's RAISE, syntax or access): the same statement will fail again, the outcomes
 * recorded one by one may not. Anything else (connection, operator intervention, resources) is
 * taken as the database failing, worth the same statement again.
 */
const dataErrorClasses = new Set(['22', '23', '42', '54', 'P0']);

export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && dataErrorClasses.has(code.slice(0, 2));
}

function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code}: ` : ''}${typeof message === 'string' ? message : String(error)}`;
}

export type RoundRecord = { recorded: string[]; disabled: boolean; unrecorded: string[] };

/**
 * Records a round's outcomes (see the file's comment); `deadlineMs` (epoch ms) is when the round's
 * lease runs out, after which the database is not tried again.
 */
export async function recordRound(sql: Sql, endpointId: string, outcomes: readonly AttemptOutcome[], options: {
  disableAfterS: number; deadlineMs: number; logger: Logger;
  /** True once the worker is stopping: no more waiting (a shutdown is bounded; the claim's limit covers the rest). */
  stopping?: () => boolean;
}): Promise<RoundRecord> {
  let waitMs = recordRetryFirstWaitMs;
  for (let tries = 1; ; tries += 1) {
    try {
      return { ...(await recordOutcomes(sql, endpointId, outcomes, options.disableAfterS)), unrecorded: [] };
    } catch (error) {
      if (isDataError(error)) {
        options.logger.warn('webhook round not recorded in one statement; recording each outcome alone', {
          endpoint_id: endpointId, outcomes: outcomes.length, error: describeError(error),
        });
        return await recordEachAlone(sql, endpointId, outcomes, options);
      }
      if (Date.now() + waitMs > options.deadlineMs || options.stopping?.()) {
        options.logger.error('webhook outcomes not recorded: the database failed until their lease ran out (or the worker stopped); they will be claimed again within their attempt limit', {
          endpoint_id: endpointId, outcomes: outcomes.length, tries, error: describeError(error),
        });
        return { recorded: [], disabled: false, unrecorded: outcomes.map((o) => o.id) };
      }
      options.logger.warn('webhook outcomes not recorded yet: the database failed; trying again', {
        endpoint_id: endpointId, outcomes: outcomes.length, tries, wait_ms: waitMs, error: describeError(error),
      });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, recordRetryWaitMaxMs);
    }
  }
}

/**
 * One statement per outcome, failures first and successes last (so the endpoint's failure record
 * ends as the round's would: any success clears it); a refused one again without the receiver's
 * text. Each stands alone: a failure here never stops the next.
 */
async function recordEachAlone(sql: Sql, endpointId: string, outcomes: readonly AttemptOutcome[], options: {
  disableAfterS: number; logger: Logger;
}): Promise<RoundRecord> {
  const ordered = [...outcomes.filter((o) => o.status !== 'succeeded'), ...outcomes.filter((o) => o.status === 'succeeded')];
  const result: RoundRecord = { recorded: [], disabled: false, unrecorded: [] };
  for (const outcome of ordered) {
    const bare: AttemptOutcome = {
      ...outcome,
      snippet: null,
      error: outcome.error === null ? null : 'the attempt failed; its details could not be stored',
    };
    let stored = false;
    for (const attempt of [outcome, bare]) {
      try {
        const { recorded, disabled } = await recordOutcomes(sql, endpointId, [attempt], options.disableAfterS);
        result.recorded.push(...recorded);
        result.disabled ||= disabled;
        stored = true;
        break;
      } catch (error) {
        options.logger.warn('webhook outcome not recorded', {
          endpoint_id: endpointId, delivery_id: outcome.id, without_answer_text: attempt === bare, error: describeError(error),
        });
      }
    }
    if (!stored) result.unrecorded.push(outcome.id);
  }
  if (result.unrecorded.length > 0) {
    options.logger.error('webhook outcomes not recorded even without their answer text; they will be claimed again within their attempt limit', {
      endpoint_id: endpointId, delivery_ids: result.unrecorded,
    });
  }
  return result;
}
