// What every capability's apply job does around its own settlement (decision 0610): loads the
// inbox rows its payload names, hands those not applied yet to the capability's batch apply,
// marks the applied ones, records the failures, and answers graphile-worker per item of the
// payload, so that only the failed ones are retried (the library's batch jobs: the job's payload
// becomes the failed items, retried with the queue's backoff up to the catalog's attempts). On the
// last attempt the failed rows are marked given up: the job stays failed in the queue (the dead
// letter, graphile_worker.jobs) and the row shows why (provider_outcomes.last_error).
import type { Sql } from '../db/index.ts';
import type { JobContext } from '../jobs/job.ts';
import type { ProviderOutcome, ProviderOutcomeKind } from './types.ts';

/** Outcomes handed to the capability's apply at once (one transaction, one ledger batch each). */
export const applyChunkMax = 200;
/** last_error keeps the start of the error's message, no more. */
export const lastErrorLengthMax = 500;

/** The payload of every apply job: inbox ids (provider_outcomes.id). */
export type ApplyPayload = string[];

type InboxRow = { id: string; provider: string; kind: ProviderOutcomeKind; body: unknown; applied_at: Date | null };

/**
 * Applies a batch of one capability's outcomes: per outcome, in order, null when applied (or
 * nothing left to do: idempotent), else the error (it is retried).
 */
export type ApplyOutcomes<Outcome> = (outcomes: Outcome[]) => Promise<(unknown | null)[]>;

/** Runs an apply job's payload through `apply`; the answer is the job's per-item result. */
export async function applyInboxBatch<Kind extends ProviderOutcomeKind>(sql: Sql, payload: ApplyPayload, context: JobContext,
  apply: ApplyOutcomes<Extract<ProviderOutcome, { kind: Kind }>>): Promise<Promise<void>[]> {
  const ids = Array.isArray(payload) ? [...new Set(payload.map(String))] : [];
  const rows = ids.length === 0 ? [] : await sql<InboxRow[]>`
    select id::text as id, provider, kind, body, applied_at from provider_outcomes where id = any(${ids}::bigint[])`;
  const pending = rows.filter((row) => row.applied_at === null);
  const errorOf = new Map<string, unknown>();
  for (let start = 0; start < pending.length; start += applyChunkMax) {
    const chunk = pending.slice(start, start + applyChunkMax);
    let answers: (unknown | null)[];
    try {
      answers = await apply(chunk.map((row) => ({ kind: row.kind, provider: row.provider, outcome: row.body }) as Extract<ProviderOutcome, { kind: Kind }>));
      if (answers.length !== chunk.length) throw new Error(`apply answered ${answers.length} of ${chunk.length} outcomes`);
    } catch (error) {
      answers = chunk.map(() => error ?? new Error('apply failed'));
    }
    const applied = chunk.filter((_row, i) => answers[i] === null || answers[i] === undefined).map((row) => row.id);
    if (applied.length > 0) await sql`update provider_outcomes set applied_at = now(), last_error = null where id = any(${applied}::bigint[]) and applied_at is null`;
    chunk.forEach((row, i) => { if (answers[i] !== null && answers[i] !== undefined) errorOf.set(row.id, answers[i]); });
  }
  if (errorOf.size > 0) await recordFailures(sql, errorOf, context);
  // Per item of the payload as given (graphile-worker matches answers to items by position).
  const payloadItems: unknown[] = Array.isArray(payload) ? payload : [];
  return payloadItems.map((id) => {
    const error = errorOf.get(String(id));
    if (error === undefined) return Promise.resolve();
    const failed = Promise.reject(asError(error));
    failed.catch(() => {}); // graphile-worker reads it (Promise.allSettled); never an unhandled rejection
    return failed;
  });
}

async function recordFailures(sql: Sql, errorOf: Map<string, unknown>, context: JobContext): Promise<void> {
  const lastAttempt = context.job.attempt >= context.job.attemptsMax;
  const ids = [...errorOf.keys()];
  const messages = ids.map((id) => describe(errorOf.get(id)).slice(0, lastErrorLengthMax));
  await sql`
    update provider_outcomes o set apply_failures = o.apply_failures + 1, last_error = f.message,
      given_up_at = case when ${lastAttempt}::boolean then now() else o.given_up_at end
    from unnest(${ids}::bigint[], ${messages}::text[]) as f(id, message)
    where o.id = f.id and o.applied_at is null`;
  const fields = { job_id: context.job.id, attempt: context.job.attempt, attempts_max: context.job.attemptsMax, failed: ids.length, first_error: messages[0] };
  if (lastAttempt) context.deps.logger.error('provider outcomes given up: their apply failed on every attempt (dead letter)', fields);
  else context.deps.logger.warn('provider outcomes not applied; the job retries them', fields);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describe(error));
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'non-Error value thrown';
}
