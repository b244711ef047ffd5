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
  const unapplied = rows.filter((row) => row.applied_at === null);
  const foreign = await servedByAnother(sql, unapplied);
  if (foreign.size > 0) await dropForeign(sql, unapplied, foreign, context);
  const pending = unapplied.filter((row) => !foreign.has(row.id));
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

/** The row an outcome changes, by its table: a transaction, a payout, or a KYC case. */
const servedTables = ['transactions', 'payouts', 'kyc_cases'] as const;

function resourceOf(row: InboxRow): { table: (typeof servedTables)[number]; id: string } | null {
  const body = (typeof row.body === 'object' && row.body !== null ? row.body : {}) as Record<string, unknown>;
  if (row.kind === 'payout') return typeof body.payoutId === 'string' ? { table: 'payouts', id: body.payoutId.toLowerCase() } : null;
  if (row.kind === 'collection' || row.kind === 'refund') return typeof body.transactionId === 'string' ? { table: 'transactions', id: body.transactionId.toLowerCase() } : null;
  if (row.kind === 'kyc_decision') return typeof body.caseId === 'string' ? { table: 'kyc_cases', id: body.caseId.toLowerCase() } : null;
  return null;
}

/**
 * The rows whose transaction, payout, partner withdrawal or KYC case names another provider, with
 * that provider: a provider speaks only for what it served (decision 0641; its check moved here
 * from the interim apply-now ingress, decision 0683). A partner withdrawal names its provider like
 * a payout (decision 0762); a KYC case names the provider it was submitted to (kyc_cases.provider):
 * only that provider decides it (decision 0772). A row with no provider (written before routing)
 * or not found yet is the capability's apply to judge, as before.
 */
async function servedByAnother(sql: Sql, rows: readonly InboxRow[]): Promise<Map<string, string>> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const foreign = new Map<string, string>();
  for (const table of servedTables) {
    const mine = rows.map((row) => ({ row, resource: resourceOf(row) })).filter((entry) => entry.resource?.table === table && uuid.test(entry.resource.id));
    if (mine.length === 0) continue;
    const ids = [...new Set(mine.map((entry) => entry.resource!.id))];
    // A payout rail's outcome may be a partner withdrawal's, which names its provider too (decision 0762).
    const served = await sql<{ id: string; provider: string | null }[]>`
      select id::text as id, provider from ${sql(table)} where id = any(${ids}::uuid[])
      ${table === 'payouts' ? sql`union all select id::text, provider from partner_movements where id = any(${ids}::uuid[]) and kind = 'withdrawal'` : sql``}`;
    const providerOf = new Map(served.map((entry) => [entry.id, entry.provider]));
    for (const { row, resource } of mine) {
      const provider = providerOf.get(resource!.id);
      if (provider !== undefined && provider !== null && provider !== row.provider) foreign.set(row.id, provider);
    }
  }
  return foreign;
}

/** Another provider's row: nothing to apply, ever. Finished (not retried) and marked why; logged. */
async function dropForeign(sql: Sql, rows: readonly InboxRow[], foreign: ReadonlyMap<string, string>, context: JobContext): Promise<void> {
  const ids = [...foreign.keys()];
  await sql`update provider_outcomes set applied_at = now(), last_error = 'dropped: another provider served it' where id = any(${ids}::bigint[]) and applied_at is null`;
  for (const row of rows) {
    const servedBy = foreign.get(row.id);
    if (servedBy !== undefined) context.deps.logger.warn('provider outcome dropped: another provider served it', { outcome_id: row.id, kind: row.kind, provider: row.provider, served_by: servedBy });
  }
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
