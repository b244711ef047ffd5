// The one path for every asynchronous provider outcome (src/provider-outcomes/, decision 0610) on
// a real PostgreSQL and the real job queue: the ingress records each outcome once in the inbox
// and queues the owning capability's batch apply job; a batch with a failing outcome retries
// only that one; an outcome whose apply keeps failing ends as a dead letter (a failed job in the
// queue, the inbox row given up) and comes back when the provider sends it again; two runners
// apply each outcome exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RailOutcome } from '../../src/rails/types.ts';
import { jobDefinitions } from '../../src/jobs/registry.ts';
import { startJobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { createPool } from '../../src/db/index.ts';
import { eventTypes, expectLedgerInvariants, walletBalance } from '../collections/helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { newSubMerchant } from '../sub-merchants/helpers.ts';
import { applyQueuedOutcomesNow } from '../../src/provider-outcomes/run-now.ts';
import { applyJobOf } from '../../src/provider-outcomes/ingress.ts';
import { collectionsApplyJob, sandboxOutcomeHelpers } from './sandbox-outcomes.ts';

let service: TestService;
const logger = createLogger('silent');
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const applyJob = collectionsApplyJob;
const { pendingCollection, record, applyNow } = sandboxOutcomeHelpers(() => service);

function unknownOutcome(): RailOutcome {
  return { providerReference: `MM-UNKNOWN-${randomUUID()}`, rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId: randomUUID() };
}

async function inboxId(reference: string): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`select id::text as id from provider_outcomes where provider = 'sandbox' and provider_reference = ${reference}`;
  return row!.id;
}

async function inboxRow(reference: string) {
  const [row] = await service.sql<{ applied_at: Date | null; apply_failures: number; given_up_at: Date | null; last_error: string | null }[]>`
    select applied_at, apply_failures, given_up_at, last_error from provider_outcomes where provider = 'sandbox' and provider_reference = ${reference}`;
  return row;
}

/** The inbox's row updates so far, and how many of them were heap-only (HOT). */
async function updatesOfInbox(): Promise<{ updated: number; hot: number }> {
  const [row] = await service.sql<{ updated: number; hot: number }[]>`
    select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_user_tables where relid = 'provider_outcomes'::regclass`;
  return row!;
}

/** The queue's jobs of the apply job holding this inbox id (graphile_worker's own `jobs` view leaves payloads out). */
async function jobsHolding(id: string) {
  return await service.sql<{ id: string; payload: string[]; attempts: number; max_attempts: number; last_error: string | null }[]>`
    select j.id::text as id, j.payload, j.attempts, j.max_attempts, j.last_error
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = ${applyJob} and j.payload::jsonb ? ${id}`;
}

describe('the inbox', () => {
  it('drops an outcome from a provider that did not serve the row, and applies the one that did (decision 0641)', async () => {
    const outcome = await pendingCollection(1_300);
    await service.runtime.providerOutcomes.record([{ kind: 'collection', provider: 'mpesa', outcome }]);
    await applyNow();
    const [foreign] = await service.sql<{ applied_at: Date | null; last_error: string | null }[]>`
      select applied_at, last_error from provider_outcomes where provider = 'mpesa' and provider_reference = ${outcome.providerReference}`;
    expect(foreign).toMatchObject({ last_error: 'dropped: another provider served it' });
    expect(foreign!.applied_at).not.toBeNull();
    expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending']);
    await record(outcome); // the provider that served it
    await applyNow();
    expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    await expectLedgerInvariants(service);
  });

  it('drops a KYC decision from a provider the case was not submitted to, and applies its own provider\'s (decision 0772)', async () => {
    const subMerchantId = await newSubMerchant(service.client);
    const [kycCase] = await service.sql<{ id: string; provider: string }[]>`select id::text as id, provider from kyc_cases where sub_merchant_id = ${subMerchantId}`;
    const decision = (providerReference: string) => ({ caseId: kycCase!.id, providerReference, status: 'rejected' as const, reason: 'document_unreadable', requirementsOutstanding: [] });
    const applyKycNow = () => applyQueuedOutcomesNow({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger }, [applyJobOf.kyc_decision]);
    const forged = `MPESA-KYC-${randomUUID()}`;
    await service.runtime.providerOutcomes.record([{ kind: 'kyc_decision', provider: 'mpesa', outcome: decision(forged) }]);
    await applyKycNow();
    const [dropped] = await service.sql<{ applied_at: Date | null; last_error: string | null }[]>`
      select applied_at, last_error from provider_outcomes where provider = 'mpesa' and kind = 'kyc_decision' and body->>'caseId' = ${kycCase!.id}`;
    expect(dropped).toMatchObject({ last_error: 'dropped: another provider served it' });
    expect(dropped!.applied_at).not.toBeNull();
    const trail = () => service.sql<{ actor: string }[]>`select actor from kyc_case_decisions where kyc_case_id = ${kycCase!.id}`;
    expect(await trail()).toEqual([]);
    // The provider the case names decides it.
    const own = `SANDBOX-KYC-${randomUUID()}`;
    await service.runtime.providerOutcomes.record([{ kind: 'kyc_decision', provider: kycCase!.provider, outcome: decision(own) }]);
    await applyKycNow();
    expect((await trail()).map((row) => row.actor)).toEqual([own]);
  });

  it('records an outcome delivered twice once and applies it once', async () => {
    const before = await walletBalance(service, service.merchantId, 'KES');
    const outcome = await pendingCollection(1_200);
    await Promise.all([record(outcome), record(outcome)]);
    const rows = await service.sql`select 1 from provider_outcomes where provider_reference = ${outcome.providerReference}`;
    expect(rows).toHaveLength(1);
    await applyNow();
    await record(outcome); // once more, after it was applied: nothing is queued
    expect(await jobsHolding(await inboxId(outcome.providerReference))).toEqual([]);
    expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(1_200n);
    await expectLedgerInvariants(service);
  });

  it('marks outcomes applied in place: heap-only updates, no index entry (migration 0780, decision 0635)', async () => {
    const outcomes = await Promise.all([1_101, 1_102, 1_103].map((amount) => pendingCollection(amount)));
    await record(...outcomes);
    const before = await updatesOfInbox();
    // Applied on a connection of its own, closed after: a backend publishes its table counters as
    // it exits (an idle one only after up to 10 s).
    const own = createPool(service.databaseUrl, 1);
    try {
      await applyQueuedOutcomesNow({ databaseUrl: service.databaseUrl, deps: { ...service.runtime.jobDeps, sql: own }, logger }, [applyJob]);
    } finally {
      await own.end();
    }
    for (const outcome of outcomes) expect((await inboxRow(outcome.providerReference))!.applied_at).not.toBeNull();
    let after = await updatesOfInbox();
    for (let waited = 0; after.updated - before.updated < outcomes.length && waited < 15_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await updatesOfInbox();
    }
    expect(after.updated - before.updated).toBeGreaterThanOrEqual(outcomes.length);
    // Every update since (ours and any a background runner made) kept its row on its page and
    // added no index entry: with an index naming applied_at, or a full page, none would.
    expect(after.hot - before.hot).toBe(after.updated - before.updated);
  });

  it('puts the outcomes recorded together in one batch job', async () => {
    const [a, b] = [unknownOutcome(), unknownOutcome()];
    await record(a, b);
    const jobs = await jobsHolding(await inboxId(a.providerReference));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toContain(await inboxId(b.providerReference));
    await service.sql`delete from graphile_worker._private_jobs where id = ${jobs[0]!.id}`;
  });
});

describe('retries and dead letters', () => {
  it('retries only the failed outcome of a batch', async () => {
    const good = await pendingCollection(900);
    const bad = unknownOutcome();
    await record(good, bad);
    await applyNow();
    expect((await inboxRow(good.providerReference))!.applied_at).not.toBeNull();
    expect(await inboxRow(bad.providerReference)).toMatchObject({ applied_at: null, apply_failures: 1, given_up_at: null });
    // The job stays queued for its retry with the failed outcome alone.
    const badId = await inboxId(bad.providerReference);
    const [job] = await jobsHolding(badId);
    expect(job).toMatchObject({ payload: [badId], attempts: 1, max_attempts: 25 });
    expect(job!.last_error).toMatch(/unknown transaction/);
    // Its retry (made due here) applies nothing twice: the good one is not in it.
    await service.sql`update graphile_worker._private_jobs set run_at = now() where id = ${job!.id}`;
    await applyNow();
    expect(await eventTypes(service.sql, good.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    expect((await inboxRow(bad.providerReference))!.apply_failures).toBe(2);
    await service.sql`delete from graphile_worker._private_jobs where id = ${job!.id}`;
  });

  it('ends an outcome that keeps failing as a dead letter; the provider sending it again brings it back', async () => {
    const bad = unknownOutcome();
    await record(bad);
    const badId = await inboxId(bad.providerReference);
    const [job] = await jobsHolding(badId);
    // Its last attempt comes (the earlier ones are skipped here: the library's backoff spans days).
    await service.sql`update graphile_worker._private_jobs set attempts = max_attempts - 1, run_at = now() where id = ${job!.id}`;
    await applyNow();
    // The dead letter: a failed job in the queue (graphile_worker.jobs, attempts = max_attempts)...
    const [dead] = await service.sql<{ attempts: number; max_attempts: number; last_error: string }[]>`
      select attempts, max_attempts, last_error from graphile_worker.jobs where id = ${job!.id}`;
    expect(dead!.attempts).toBe(dead!.max_attempts);
    expect(dead!.last_error).toMatch(/unknown transaction/);
    // ...and the inbox row, given up, with why.
    expect(await inboxRow(bad.providerReference)).toMatchObject({ applied_at: null, given_up_at: expect.any(Date), last_error: expect.stringMatching(/unknown transaction/) });

    // The provider sends it again (a resend, once the collection exists): queued once more.
    await record(bad);
    expect((await inboxRow(bad.providerReference))!.given_up_at).toBeNull();
    const queued = (await jobsHolding(badId)).filter((j) => j.id !== job!.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.attempts).toBe(0);
    await service.sql`delete from graphile_worker._private_jobs where payload::jsonb ? ${badId}`;
  });
});

describe('several runners', () => {
  it('two runners apply each outcome exactly once', async () => {
    const before = await walletBalance(service, service.merchantId, 'KES');
    const outcomes: RailOutcome[] = [];
    for (let i = 0; i < 12; i += 1) outcomes.push(await pendingCollection(100 + i));
    // Recorded in several deliveries, some twice, across windows.
    for (let i = 0; i < outcomes.length; i += 3) await record(...outcomes.slice(i, i + 3));
    await record(...outcomes.slice(0, 6));
    const runners = await Promise.all(['a', 'b'].map(() => startJobRunner({
      databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, concurrency: 2, poolConnectionsMax: 3,
      pollIntervalMs: 50, logger, jobs: { [applyJob]: jobDefinitions[applyJob] } as never,
    })));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [left] = await service.sql<{ n: number }[]>`
          select count(*)::int as n from provider_outcomes where provider_reference = any(${outcomes.map((o) => o.providerReference)}) and applied_at is null`;
        if (left!.n === 0) break;
        if (Date.now() > deadline) throw new Error(`${left!.n} outcomes still not applied`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    for (const outcome of outcomes) {
      expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
    }
    const total = outcomes.reduce((sum, o, i) => sum + 100 + i, 0);
    expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(BigInt(total));
    await expectLedgerInvariants(service);
  }, 120_000);
});
