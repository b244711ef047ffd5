// The sandbox collection rails' scheduler (migrations 0610 and 0770, decision 0633) on a real
// PostgreSQL and the real job queue: a statement that schedules outcomes queues the delivery job
// of each 100 ms window they fall due in; a window whose job already waits, untaken and not due
// within a second, is left alone (no add_job: no row lock shared by every initiation of a burst);
// a window due now, or whose job is running, is queued as before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { deliverDueSandboxRailOutcomes } from '../../src/connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const deliverJob = 'collection_rails.sandbox_deliver_due_outcomes';
const windowMs = 100;

/** Records a sandbox initiation and its outcome, due at `dueAt` (in one statement each, as the rails do). */
async function scheduleOutcome(dueAt: Date | 'now'): Promise<string> {
  const reference = `MM-SCHED-${randomUUID()}`;
  const transactionId = randomUUID();
  await service.sql`
    insert into sandbox_rail_initiations (rail, transaction_id, kind, request_sha256, provider_reference, amount, currency, scenario)
    values ('mobile_money', ${transactionId}, 'collection', ${'a'.repeat(64)}, ${reference}, 100, 'KES', 'success')`;
  await service.sql`
    insert into sandbox_rail_outcomes (provider_reference, rail, transaction_id, kind, outcome, due_at)
    values (${reference}, 'mobile_money', ${transactionId}, 'collection', 'success',
            ${dueAt === 'now' ? service.sql`now()` : service.sql`${dueAt}::timestamptz`})`;
  return reference;
}

/** The delivery jobs waiting under this window's key, and any job of the window that lost its key (taken). */
async function windowJobs(window: number) {
  return await service.sql<{ id: string; key: string | null; revision: number; run_at: Date; locked_at: Date | null }[]>`
    select j.id::text as id, j.key, j.revision, j.run_at, j.locked_at
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = ${deliverJob} and (j.key = ${`${deliverJob}:${window}`} or (j.key is null and j.run_at = ${new Date((window + 1) * windowMs)}))
    order by j.id`;
}

/** An instant in the middle of a window `aheadMs` from now, and that window. */
function windowAhead(aheadMs: number): { dueAt: Date; window: number } {
  const window = Math.floor((Date.now() + aheadMs) / windowMs);
  return { dueAt: new Date(window * windowMs + windowMs / 2), window };
}

describe('the sandbox outcome scheduler', () => {
  it('queues one job per window, due at its end, and leaves a waiting one alone for later outcomes of that window', async () => {
    const { dueAt, window } = windowAhead(60_000);
    await scheduleOutcome(dueAt);
    const [first, ...others] = await windowJobs(window);
    expect(others).toEqual([]);
    expect(first!.run_at.getTime()).toBe((window + 1) * windowMs);
    expect(first!.revision).toBe(0);
    await scheduleOutcome(dueAt);
    await scheduleOutcome(dueAt);
    // Not touched: no add_job ran for it (with a job key, add_job updates the row and its revision).
    expect(await windowJobs(window)).toEqual([first]);
  });

  it('queues again a window whose job is due within the second (it may be taken at any moment)', async () => {
    const { dueAt, window } = windowAhead(900);
    await scheduleOutcome(dueAt);
    const [before] = await windowJobs(window);
    await scheduleOutcome(dueAt);
    const after = await windowJobs(window);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.revision).toBe(before!.revision + 1);
  });

  it('queues the current window for an outcome due now', async () => {
    const from = Math.floor(Date.now() / windowMs);
    await scheduleOutcome('now');
    const to = Math.floor(Date.now() / windowMs);
    const queued = (await Promise.all(Array.from({ length: to - from + 1 }, (_, i) => windowJobs(from + i)))).flat();
    expect(queued).toHaveLength(1);
  });

  it('a delivery takes the waiting jobs of the windows already ended out of the queue, and delivers their outcomes (decision 0635)', async () => {
    const later = windowAhead(60_000);
    await scheduleOutcome(later.dueAt);
    const references = [await scheduleOutcome(windowAhead(300).dueAt), await scheduleOutcome(windowAhead(600).dueAt)];
    // The windows they were queued in (the current one, should an insert take longer than that).
    const soon = await service.sql<{ key: string; run_at: Date }[]>`
      select key, run_at from graphile_worker.jobs
      where task_identifier = ${deliverJob} and key is not null and locked_at is null and run_at < now() + interval '1 second'`;
    expect(soon.length).toBeGreaterThanOrEqual(1);
    const lastEnd = Math.max(...soon.map((job) => job.run_at.getTime()));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastEnd - Date.now()) + 50));
    expect(await deliverDueSandboxRailOutcomes(service.sql)).toBeGreaterThanOrEqual(2);
    // Both outcomes delivered by this one run; their windows' jobs would have found nothing.
    const delivered = await service.sql`select 1 from sandbox_rail_outcomes where provider_reference = any(${references}) and delivered_at is not null`;
    expect(delivered).toHaveLength(2);
    const left = await service.sql`select key from graphile_worker.jobs where key = any(${soon.map((job) => job.key)})`;
    expect(left).toEqual([]);
    // A window not ended yet keeps its job.
    expect(await windowJobs(later.window)).toHaveLength(1);
  });

  it('queues a successor when the window\'s job is already taken, so an outcome committed after its claim is not left to the sweep', async () => {
    const { dueAt, window } = windowAhead(60_000);
    await scheduleOutcome(dueAt);
    const [taken] = await windowJobs(window);
    await service.sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'test-runner' where id = ${taken!.id}`;
    await scheduleOutcome(dueAt);
    const jobs = await windowJobs(window);
    // graphile-worker takes the key off the running job and queues a new one under it.
    expect(jobs.map((job) => ({ id: job.id, keyed: job.key !== null, locked: job.locked_at !== null }))).toEqual([
      { id: taken!.id, keyed: false, locked: true },
      { id: expect.not.stringMatching(`^${taken!.id}$`), keyed: true, locked: false },
    ]);
  });
});
