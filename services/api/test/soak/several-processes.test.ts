// Issue 26, "several processes on one database": 2 API processes (RUN_WORKERS=false) and 2 worker
// processes (`payagg-worker`) on one PostgreSQL of this test's own, with PostgreSQL's default
// max_connections and every pool at its default (the connection budget, decision 0571), migrated
// once by `payagg db migrate` (decision 0512). Load through the SDK, spread over both API
// processes: collections that settle, webhook endpoints receiving their events, a bulk payout of
// some dozens and single payouts (two of them failing at the provider). One API process is
// SIGKILLed mid-load (its clients retry with the same Idempotency-Key on the other) and one worker
// in the middle of the bulk's sends (the heartbeat frees its jobs, decision 0511). Then, once
// everything is final (polled, bounded; no timed assertion): every payout sent to the provider
// exactly once, every collection settled once, no job locked or failed, the wallet exactly what
// was collected minus what was paid out (no fees on these flows), the ledger's invariants, every
// webhook delivered, and no deadlock (pg_stat_database.deadlocks of the database did not rise;
// decision 0570).
//
// "In the middle of the bulk's sends" is made exact, not raced: a trigger on the sandbox
// provider's table lets the first half of the batch's sends through and then makes every further
// send wait on an advisory lock this test holds (the provider stalls mid-batch); the worker that
// holds the batch's send job (its `locked_by`, logged at start as job_runner_id) is killed there.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createEngine, Ledger } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsPerProcess, loadConfig } from '../../src/config.ts';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { createApiKey } from '../../src/accounts/api-keys.ts';
import { checkMasterKey } from '../../src/accounts/bootstrap.ts';
import { insertMerchant } from '../../src/accounts/merchants.ts';
import { openEmbeddedCluster, type EmbeddedCluster } from '../../src/db/embedded.ts';
import { createPool, postgresTarget, type Sql } from '../../src/db/index.ts';
import { createLogger } from '../../src/log.ts';
import {
  killWorkerProcesses, startApiProcess, startCliProcess, startWorkerProcess, waitForValue, type WorkerProcess, workerReadyLine,
} from '../helpers/worker-process.ts';
import { retryingClients, type Answer, type RetryingClients } from './retrying-client.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

/** A process's start, or everything becoming final after a kill, on a shared 2-core machine. */
const waitMs = 90_000;
const testTimeoutMs = 240_000;
const collectionsCount = 30;
const collectionAmount = 5_000;
/** Collections answered before the API process is killed (the rest, and those in flight, go on). */
const collectionsBeforeApiKill = 10;
const clientsAtOnce = 6;
const bulkMembersCount = 48;
/** Bulk members the provider takes before it stalls and the worker is killed. */
const bulkSentBeforeKill = bulkMembersCount / 2;
const bulkMemberAmount = 1_000;
/** The sandbox's magic phones (docs/payouts.md): one that succeeds, one that fails (invalid_account). */
const succeedingPhone = '+254712346789';
const failingPhone = '+254709900001';
const singlePayouts: string[] = [...Array<string>(6).fill(succeedingPhone), failingPhone, failingPhone];
const singlePayoutAmount = 2_000;
const webhookEndpointsCount = 3;
/** How often the processes' connections are counted. */
const connectionsSampleMs = 200;
/** The advisory lock the stalled sends wait on (any number no code of ours uses). */
const stallLockKey = 260_026;
/** This test's own connections (told apart from the processes' in pg_stat_activity). */
const testPoolName = 'payagg-soak-test';
const postgresFlags = ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'];

const logger = createLogger('warn');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-soak-'));
const masterKeyHex = randomBytes(32).toString('hex');
const processEnv = {
  LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  SANDBOX_RAIL_OUTCOME_DELAY_MS: '0', SANDBOX_PAYOUT_DELAY_MS: '0', SANDBOX_PAYOUT_SLOW_DELAY_MS: '0', PAYOUT_RETRY_SCHEDULE_MS: '0,0,0',
  JOB_POLL_INTERVAL_MS: '100', WEBHOOK_RELAY_POLL_MS: '100', WEBHOOK_SWEEP_INTERVAL_MS: '500',
  // A key whose run died with its process is retried after this (default 30 s).
  IDEMPOTENCY_LOCK_MS: '3000',
};
let cluster: EmbeddedCluster;
let target: { databaseUrl: string; masterKeyHex: string };
let sql: Sql;
let merchantId: string;
let apiKey: { api_key: string; api_secret: string };
let receiver: http.Server;
const received = new Map<string, number>(); // "endpoint path event id" -> deliveries

beforeAll(async () => {
  cluster = await openEmbeddedCluster({ dataDir, logger, postgresFlags });
  const admin = createPool(cluster.adminUrl, 1);
  await admin.unsafe('create database payagg');
  await admin.end();
  target = { databaseUrl: cluster.databaseUrl, masterKeyHex };
  const migrate = startCliProcess(target, ['db', 'migrate']);
  expect(await migrate.exited, migrate.output()).toBe(0);
  sql = createPool(cluster.databaseUrl, 2, testPoolName);
  const masterKey = Buffer.from(masterKeyHex, 'hex');
  await checkMasterKey(sql, masterKey);
  const merchant = await insertMerchant(sql, { name: 'Soak merchant', mode: 'sandbox' });
  merchantId = merchant.id;
  apiKey = await createApiKey(sql, createSecretBox(masterKey), { merchantId, mode: 'sandbox', scopes: ['full'] });
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const id = (JSON.parse(body) as { id: string }).id;
      received.set(`${request.url} ${id}`, (received.get(`${request.url} ${id}`) ?? 0) + 1);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, waitMs);

afterAll(async () => {
  killWorkerProcesses();
  await sql?.end({ timeout: 5 });
  receiver?.close();
  await cluster?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function deadlocks(): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select deadlocks::int as n from pg_stat_database where datname = current_database()`;
  return row!.n;
}

/** The provider stalls the batch's sends after `passing` of them: later inserts wait on stallLockKey. */
async function stallBatchSendsAfter(passing: number): Promise<void> {
  await sql.unsafe(`
    create function soak_stall_batch_sends() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from payouts where id = new.payout_id and batch_id is not null)
         and (select count(*) from sandbox_payout_sends s join payouts p on p.id = s.payout_id where p.batch_id is not null) >= ${passing} then
        perform pg_advisory_xact_lock_shared(${stallLockKey});
      end if;
      return new;
    end $$;
    create trigger soak_stall_batch_sends before insert on sandbox_payout_sends for each row execute function soak_stall_batch_sends()`);
}

function expectOk(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer)}`).toBe(200);
}

/** The processes' connections (not this test's), sampled until stopped: the peak. */
function sampleConnections(): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => void sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and application_name <> ${testPoolName}`
    .then(([row]) => { peak = Math.max(peak, row!.n); }, () => {}), connectionsSampleMs);
  return { stop: () => { clearInterval(timer); return peak; } };
}

type Deployment = { apis: (WorkerProcess & { origin: string })[]; workers: WorkerProcess[]; clients: RetryingClients };

async function startDeployment(): Promise<Deployment> {
  const apis = [await startApiProcess(target, processEnv, waitMs), await startApiProcess(target, processEnv, waitMs)];
  const workers: WorkerProcess[] = [startWorkerProcess(target, processEnv), startWorkerProcess(target, processEnv)];
  for (const worker of workers) {
    await waitForValue(() => (workerReadyLine.test(worker.output()) ? true : null), () => `a worker to start:\n${worker.output()}`, waitMs);
  }
  const clients = retryingClients(apis.map((api) => api.origin), apiKey);
  const address = receiver.address() as { port: number };
  for (let i = 0; i < webhookEndpointsCount; i += 1) {
    const answer = await clients.send((client, signal) => client.POST('/webhooks', { body: {
      url: `http://127.0.0.1:${address.port}/endpoint-${i}`, subscribed_events: ['transaction.success', 'payout.success', 'payout.failed'] as never,
    }, signal }));
    expectOk(answer, 'a webhook endpoint');
  }
  return { apis, workers, clients };
}

/** Collections through both API processes; the first API process is SIGKILLed under them. */
async function collectWhileAnApiProcessDies({ apis, clients }: Deployment): Promise<void> {
  const collectionIds: string[] = [];
  let next = 0;
  const collect = async () => {
    while (next < collectionsCount) {
      next += 1;
      const key = randomUUID();
      const body = { amount: collectionAmount, currency: 'KES' as const, rail: 'mobile_money' as const, payer_phone: '+254712345678', reference: key };
      const answer = await clients.send((client, signal) => client.POST('/collections', { body, params: { header: { 'Idempotency-Key': key } }, signal }));
      expectOk(answer, 'a collection');
      collectionIds.push((answer.body as { data: { id: string } }).data.id);
    }
  };
  const killApi = async () => {
    await waitForValue(() => (collectionIds.length >= collectionsBeforeApiKill ? true : null), () => 'collections to be answered', waitMs);
    clients.dead.add(apis[0]!.origin);
    apis[0]!.child.kill('SIGKILL');
    await apis[0]!.exited;
  };
  await Promise.all([...Array.from({ length: clientsAtOnce }, collect), killApi()]);
  expect(new Set(collectionIds).size).toBe(collectionsCount);
  await waitForValue(async () => {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from transactions where type = 'collection' and status = 'success'`;
    return row!.n === collectionsCount ? true : null;
  }, () => 'every collection settled', waitMs);
}

/** A bulk payout and single ones; the worker holding the bulk's sends is SIGKILLed half way. Returns the survivor. */
async function payOutWhileAWorkerDies({ workers, clients }: Deployment): Promise<{ batchId: string; survivor: WorkerProcess }> {
  const [wallet] = await sql<{ id: string }[]>`select id from wallets where owner_id = ${merchantId} and currency = 'KES'`;
  const destination = async (phone: string) => {
    const answer = await clients.send((client, signal) => client.POST('/payout-destinations', {
      body: { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone } as never, signal }));
    expectOk(answer, 'a destination');
    return (answer.body as { data: { destination_ref: string } }).data.destination_ref;
  };
  const okRef = await destination(succeedingPhone);
  const failingRef = await destination(failingPhone);
  await stallBatchSendsAfter(bulkSentBeforeKill);
  const stall = await sql.reserve();
  await stall`select pg_advisory_lock(${stallLockKey})`;
  const bulkKey = randomUUID();
  const bulkBody = { wallet_id: wallet!.id, payouts: Array.from({ length: bulkMembersCount }, () => ({
    destination_type: 'mobile_money', destination_ref: okRef, amount: bulkMemberAmount, currency: 'KES' })) };
  const [bulk, ...singles] = await Promise.all([
    clients.send((client, signal) => client.POST('/payouts/bulk', { body: bulkBody as never, params: { header: { 'Idempotency-Key': bulkKey } }, signal })),
    ...singlePayouts.map((phone) => {
      const key = randomUUID();
      const body = { wallet_id: wallet!.id, destination_type: 'mobile_money', destination_ref: phone === failingPhone ? failingRef : okRef, amount: singlePayoutAmount, currency: 'KES' };
      return clients.send((client, signal) => client.POST('/payouts', { body: body as never, params: { header: { 'Idempotency-Key': key } }, signal }));
    }),
  ]);
  expectOk(bulk!, 'the bulk payout');
  singles.forEach((answer) => expectOk(answer, 'a single payout'));
  const batchId = (bulk!.body as { data: { id: string } }).data.id;

  const holder = await waitForValue(async () => {
    const [row] = await sql<{ sent: number; waiting: number; locked_by: string | null }[]>`
      select (select count(*)::int from sandbox_payout_sends s join payouts p on p.id = s.payout_id where p.batch_id = ${batchId}) as sent,
             (select count(*)::int from pg_locks where locktype = 'advisory' and objid = ${stallLockKey} and not granted) as waiting,
             (select j.locked_by from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
              where t.identifier = 'payouts.send' and j.locked_by is not null
                and j.payload::jsonb -> 'payoutIds' ? (select id::text from payouts where batch_id = ${batchId} limit 1)) as locked_by`;
    // A few sends may pass together at the threshold (each saw fewer committed before it).
    return row!.sent >= bulkSentBeforeKill && row!.sent < bulkMembersCount && row!.waiting > 0 && row!.locked_by ? row!.locked_by : null;
  }, () => 'the bulk to be half sent and stalled', waitMs);
  const victim = workers.find((worker) => worker.output().includes(`"job_runner_id":"${holder}"`));
  expect(victim, `no worker logged job_runner_id ${holder}`).toBeDefined();
  victim!.child.kill('SIGKILL');
  await victim!.exited;
  // Unlocked first: the dead worker's stalled inserts still wait in their backends (a backend
  // notices its client is gone only when it next talks to it); let go, they find it gone and
  // roll back, as a request in flight when its process dies. Then the trigger can be dropped.
  await stall`select pg_advisory_unlock(${stallLockKey})`;
  stall.release();
  await sql.unsafe('drop trigger soak_stall_batch_sends on sandbox_payout_sends; drop function soak_stall_batch_sends()');
  return { batchId, survivor: workers.find((worker) => worker !== victim)! };
}

/** Every payout final, every due job run, every event relayed and delivered (the dead worker's jobs freed by the heartbeat, ~36 s). */
async function untilAllFinal(survivor: WorkerProcess): Promise<void> {
  await waitForValue(async () => {
    const [row] = await sql<{ open: number; undispatched: number; jobs: number; deliveries: number }[]>`
      select (select count(*)::int from payouts where status not in ('success', 'failed')) as open,
             (select count(*)::int from events where dispatched_at is null) as undispatched,
             (select count(*)::int from graphile_worker._private_jobs
              where (run_at <= now() and attempts < max_attempts) or locked_by is not null) as jobs,
             (select count(*)::int from webhook_deliveries where status <> 'succeeded') as deliveries`;
    return row!.open === 0 && row!.undispatched === 0 && row!.jobs === 0 && row!.deliveries === 0 ? true : null;
  }, () => `every payout final, every due job run, every event relayed and every webhook delivered (survivor:\n${survivor.output().slice(-3000)})`, waitMs);
}

type PayoutRecord = { id: string; status: string; batch_id: string | null; sends: number; final_events: number };

/** Exactly once at the provider and in the events; no job failed or given up. */
async function expectEverythingOnce(batchId: string): Promise<PayoutRecord[]> {
  const payouts = await sql<PayoutRecord[]>`
    select p.id, p.status, p.batch_id,
      (select count(*)::int from sandbox_payout_sends s where s.payout_id = p.id) as sends,
      (select count(*)::int from events e where e.resource_id = p.id and e.type in ('payout.success', 'payout.failed')) as final_events
    from payouts p`;
  expect(payouts.length).toBe(bulkMembersCount + singlePayouts.length);
  expect(payouts.filter((p) => p.sends !== 1 || p.final_events !== 1)).toEqual([]);
  const failed = payouts.filter((p) => p.status === 'failed');
  expect(failed.length).toBe(singlePayouts.filter((phone) => phone === failingPhone).length);
  expect(failed.every((p) => p.batch_id === null)).toBe(true);
  const [batch] = await sql<{ status: string; open_members: number }[]>`select status, open_members from payout_batches where id = ${batchId}`;
  expect(batch).toEqual({ status: 'completed', open_members: 0 });
  const collections = await sql<{ id: string; successes: number }[]>`
    select t.id, (select count(*)::int from events e where e.resource_id = t.id and e.type = 'transaction.success') as successes
    from transactions t where t.type = 'collection'`;
  expect(collections.length).toBe(collectionsCount);
  expect(collections.filter((c) => c.successes !== 1)).toEqual([]);
  // A job that threw keeps its last_error; one given up has used its attempts.
  const troubled = await sql`
    select t.identifier, j.attempts, j.max_attempts, j.key, j.last_error from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id where j.last_error is not null or j.attempts >= j.max_attempts`;
  expect(troubled).toEqual([]);
  // Every event each endpoint subscribed to reached it (at least once: the receiver counts).
  const [subscribed] = await sql<{ events: number }[]>`
    select count(*)::int as events from events where type in ('transaction.success', 'payout.success', 'payout.failed')`;
  expect(received.size).toBe(subscribed!.events * webhookEndpointsCount);
  return payouts;
}

/** The wallet is collected minus paid out, nothing held; the ledger's invariants hold (it sums to zero). */
async function expectMoneyExact(payouts: PayoutRecord[]): Promise<void> {
  const engine = await createEngine({ engine: 'postgres', ...postgresTarget(cluster.databaseUrl), poolConnectionsMax: 1, migrate: false });
  try {
    const ledger = new Ledger(engine);
    const paidOut = payouts.filter((p) => p.status === 'success').reduce((sum, p) => sum + (p.batch_id ? bulkMemberAmount : singlePayoutAmount), 0);
    const balance = await ledger.balance(walletAccountId(merchantId, 'KES'));
    expect(balance).toMatchObject({ available: BigInt(collectionsCount * collectionAmount - paidOut), pending: 0n });
    const report = await ledger.checkInvariants();
    expect(report, JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toMatchObject({ ok: true });
  } finally {
    await engine.close();
  }
}

/** The survivors are up and stop cleanly; once their backends are gone (they report their counters on exit), no deadlock was counted. */
async function stopAndExpectNoDeadlock(survivors: WorkerProcess[], all: WorkerProcess[], deadlocksBefore: number): Promise<void> {
  for (const process of survivors) expect(process.child.exitCode).toBeNull();
  for (const process of survivors) process.child.kill('SIGTERM');
  for (const process of survivors) expect(await process.exited, process.output().slice(-3000)).toBe(0);
  await waitForValue(async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and application_name <> ${testPoolName}`;
    return row!.n === 0 ? true : null;
  }, () => 'the processes\' connections to close', waitMs);
  expect(await deadlocks()).toBe(deadlocksBefore);
  for (const process of all) expect(process.output()).not.toMatch(/deadlock detected/);
}

describe('2 API and 2 worker processes on one database, under load, each kind SIGKILLed once', () => {
  it('runs every job exactly once, loses nothing, keeps the money exact and never deadlocks', async () => {
    const deadlocksBefore = await deadlocks();
    const connections = sampleConnections();
    const deployment = await startDeployment();
    await collectWhileAnApiProcessDies(deployment);
    const { batchId, survivor } = await payOutWhileAWorkerDies(deployment);
    await untilAllFinal(survivor);
    const payouts = await expectEverythingOnce(batchId);
    await expectMoneyExact(payouts);
    const connectionsPeak = connections.stop();
    await stopAndExpectNoDeadlock([deployment.apis[1]!, survivor], [...deployment.apis, ...deployment.workers], deadlocksBefore);

    // The deployment fitted PostgreSQL's default max_connections with the default pools, and
    // never held more than the formula says.
    const budget = 2 * connectionsPerProcess(loadConfig({ DATABASE_URL: cluster.databaseUrl, RUN_WORKERS: 'false' })).total
      + 2 * connectionsPerProcess(loadConfig({ DATABASE_URL: cluster.databaseUrl }, 'worker')).total;
    const [setting] = await sql<{ n: number }[]>`select setting::int as n from pg_settings where name = 'max_connections'`;
    expect(budget).toBeLessThan(setting!.n);
    expect(connectionsPeak).toBeGreaterThan(0);
    expect(connectionsPeak, `peak ${connectionsPeak} of budget ${budget}`).toBeLessThanOrEqual(budget);
  }, testTimeoutMs);
});
