// The metrics a process serves (src/metrics/, decision 0560), scraped over real HTTP from a real
// listener after real signed requests through the SDK: a request counted under its spec operation
// and status (never its path or an id), provider and ledger calls, the job queue per task with the
// oldest job's age, webhook attempts by outcome and the dead-letter store, open payouts and
// transactions by status, breaker states; and a scrape with the database away (a refused port, a
// server that never answers, a real PostgreSQL refusing the process) answers and says so.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createPool } from '../../src/db/index.ts';
import { createLogger } from '../../src/log.ts';
import { createScrapeRegistry, startMetricsServer, type MetricsServer } from '../../src/metrics/server.ts';
import { collect, deliverAll, succeeding_payer } from '../collections/helpers.ts';
import { createTestDatabase, type TestService } from '../helpers/service.ts';
import { createPayout, destinationRef, fundedWallet, runJobs, startPayoutService } from '../payouts/helpers.ts';
import { emitMany, kycEndpointFor, startReceiver, startWebhookService, waitFor, type Receiver } from '../webhooks/helpers.ts';
import { type Scrape, samplesOf, scrape, uuidPattern, valueOf } from './exposition.ts';

// Webhook attempts wait on real time (a one-second retry); a loaded machine may take longer.
vi.setConfig({ testTimeout: 60_000 });

let service: TestService;
let metrics: MetricsServer;
const requests = 'payagg_http_request_duration_seconds_count';
const providerCalls = 'payagg_provider_call_duration_seconds_count';
const ledgerCalls = 'payagg_ledger_call_duration_seconds_count';

/** A metrics listener of `service`'s runtime and database, as main.ts and worker.ts start one. */
async function serveMetricsOf(of: TestService): Promise<MetricsServer> {
  const registry = createScrapeRegistry({ sql: of.sql, rails: of.runtime.rails, config: of.config });
  return await startMetricsServer({ registry, port: 0, host: '127.0.0.1', logger: createLogger('silent') });
}

beforeAll(async () => {
  service = await startPayoutService();
  metrics = await serveMetricsOf(service);
});
afterAll(async () => {
  await metrics?.close();
  await service?.close();
});

const read = () => scrape(metrics.port);
const delta = (before: Scrape, after: Scrape, name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);

describe('requests', () => {
  it('are counted by operation, method and status with their latency, never by path or id', async () => {
    const before = await read();
    const created = await collect(service.client, { amount: 1_000, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    expect(created.response.status).toBe(200);
    const missing = await service.client.GET('/collections/{id}', { params: { path: { id: randomUUID() } } });
    expect(missing.response.status).toBe(404);
    // A path outside the spec, holding an id: counted, but under no operation.
    expect((await fetch(`${service.baseUrl}/collections/${randomUUID()}/nothing`)).status).toBe(404);
    expect((await fetch(`${service.origin}/healthz`)).status).toBe(200);
    const after = await read();

    expect(after.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(delta(before, after, requests, { api: 'merchant', operation: 'createCollection', method: 'POST', status: '200' })).toBe(1);
    expect(delta(before, after, requests, { api: 'merchant', operation: 'getCollection', method: 'GET', status: '404' })).toBe(1);
    expect(delta(before, after, requests, { api: 'none', operation: 'none', method: 'GET', status: '404' })).toBe(1);
    expect(delta(before, after, requests, { api: 'none', operation: 'healthz', method: 'GET', status: '200' })).toBe(1);
    // The histogram: every request in the +Inf bucket, with a positive latency.
    const labels = { operation: 'createCollection', status: '200' };
    expect(valueOf(after, 'payagg_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(valueOf(after, requests, labels));
    expect(valueOf(after, 'payagg_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);

    // The collection's initiation is a provider call; its settlement, ledger calls.
    expect(delta(before, after, providerCalls, { kind: 'collection_rail', rail: 'mobile_money', call: 'initiateCollection', outcome: 'ok' })).toBe(1);
    const beforeSettling = after;
    await deliverAll(service);
    const settled = await read();
    expect(delta(beforeSettling, settled, ledgerCalls, { engine: service.runtime.ledger.engine.name, operation: 'createTransfers', outcome: 'ok' })).toBeGreaterThanOrEqual(1);

    // No label value anywhere is an id or a path.
    expect(settled.text).not.toMatch(uuidPattern);
    for (const sample of settled.samples) for (const value of Object.values(sample.labels)) expect(value).not.toContain('/');
  });
});

describe('the job queue', () => {
  it('lists every task with its queued, scheduled, running and failed jobs and the oldest queued job\'s age', async () => {
    // A task no runner here knows: its jobs stay where they are put.
    const task = 'metrics_test.waiting';
    await service.sql`select graphile_worker.add_job(${task}, '{}'::json, run_at := now() - interval '5 minutes')`;
    await service.sql`select graphile_worker.add_job(${task}, '{}'::json, run_at := now() - interval '1 minute')`;
    await service.sql`select graphile_worker.add_job(${task}, '{}'::json, run_at := now() + interval '1 hour')`;
    const [failing] = await service.sql<{ id: string }[]>`select id::text from graphile_worker.add_job(${task}, '{}'::json, max_attempts := 1)`;
    await service.sql`update graphile_worker._private_jobs set attempts = 1, last_error = 'gave up' where id = ${failing!.id}`;
    const scraped = await read();
    expect(valueOf(scraped, 'payagg_jobs', { task, state: 'queued' })).toBe(2);
    expect(valueOf(scraped, 'payagg_jobs', { task, state: 'scheduled' })).toBe(1);
    expect(valueOf(scraped, 'payagg_jobs', { task, state: 'running' })).toBe(0);
    expect(valueOf(scraped, 'payagg_jobs', { task, state: 'failed' })).toBe(1);
    const age = valueOf(scraped, 'payagg_job_oldest_queued_age_seconds', { task });
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(3_600);
    expect(valueOf(scraped, 'payagg_metrics_database_up', { query: 'jobs' })).toBe(1);
    await service.sql`delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = ${task})`;
    expect(valueOf(await read(), 'payagg_jobs', { task, state: 'queued' })).toBe(0);
  });
});

describe('webhook deliveries', () => {
  // A service of its own whose webhook worker runs (the job runner of the others' would not run its
  // jobs), with one retry a second after the first attempt: a failing receiver is dead-lettered quickly.
  let hooks: TestService;
  let hooksMetrics: MetricsServer;
  let receiver: Receiver;
  beforeAll(async () => {
    [hooks, receiver] = await Promise.all([startWebhookService({ WEBHOOK_RETRY_SCHEDULE_S: '1' }), startReceiver()]);
    hooksMetrics = await serveMetricsOf(hooks);
  });
  afterAll(async () => {
    await hooksMetrics?.close();
    await hooks?.close();
    await receiver?.close();
  });
  const read = () => scrape(hooksMetrics.port);

  it('counts attempts by outcome and the dead-letter store', async () => {
    receiver.behave('/metrics-down', { status: 500, body: 'down' });
    const ok = await kycEndpointFor(hooks, receiver.url('/metrics-ok'));
    const down = await kycEndpointFor(hooks, receiver.url('/metrics-down'));
    const before = await read();
    await emitMany(hooks, ok.merchant.merchantId, 2);
    await emitMany(hooks, down.merchant.merchantId, 1);
    await waitFor('two deliveries to the working receiver', () => receiver.at('/metrics-ok').length >= 2);
    const deadLetters = await waitFor('a dead letter', async () => (await hooks.sql`
      select 1 from webhook_dead_letters where endpoint_id = ${down.endpoint.id}`).length > 0);
    expect(deadLetters).toBe(true);
    const after = await waitFor('the attempts counted', async () => {
      const scraped = await read();
      const counted = (outcome: string) => delta(before, scraped, 'payagg_webhook_delivery_attempts_total', { outcome });
      return counted('exhausted') >= 1 && counted('succeeded') >= 2 ? scraped : null;
    });
    expect(delta(before, after, 'payagg_webhook_delivery_attempts_total', { outcome: 'succeeded' })).toBe(2);
    // The failing receiver: a first attempt that failed, then the last one (the schedule has one retry).
    expect(delta(before, after, 'payagg_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(1);
    expect(delta(before, after, 'payagg_webhook_delivery_attempts_total', { outcome: 'exhausted' })).toBe(1);
    expect(delta(before, after, 'payagg_webhook_dead_letters', {})).toBe(1);
    // The status changes themselves, counted once each by the relay that fanned them out.
    expect(delta(before, after, 'payagg_events_total', { type: 'kyc.verified' })).toBe(3);
    expect(valueOf(after, 'payagg_webhook_deliveries_waiting', { status: 'pending' })).toBe(0);
    expect(valueOf(after, 'payagg_webhook_deliveries_waiting', { status: 'failed' })).toBe(0);
    expect(valueOf(after, 'payagg_metrics_database_up', { query: 'webhooks' })).toBe(1);
  });
});

describe('payouts and collections', () => {
  it('counts the open ones by status with the oldest one\'s age, and payout sends as provider calls', async () => {
    const merchant = await service.createMerchant();
    const walletId = await fundedWallet(service, merchant.client, 50_000);
    const pendingCollection = await collect(merchant.client, { amount: 700, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    expect(pendingCollection.data!.data.status).toBe('pending');
    const payout = await createPayout(merchant.client, {
      wallet_id: walletId, destination_type: 'mobile_money', destination_ref: await destinationRef(merchant.client), amount: 10_000, currency: 'KES',
    });
    expect(payout.response.status).toBe(200);
    expect(payout.data!.data.status).toBe('queued');
    const open = await read();
    expect(valueOf(open, 'payagg_payouts_open', { status: 'queued' })).toBe(1);
    expect(valueOf(open, 'payagg_payouts_open', { status: 'processing' })).toBe(0);
    expect(valueOf(open, 'payagg_payout_oldest_open_age_seconds', { status: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(samplesOf(open, 'payagg_payout_oldest_open_age_seconds', { status: 'queued' })).toHaveLength(1);
    expect(valueOf(open, 'payagg_transactions_pending', { type: 'collection' })).toBe(1);
    expect(valueOf(open, 'payagg_transactions_pending', { type: 'refund' })).toBe(0);

    await runJobs(service);
    await deliverAll(service);
    const done = await read();
    expect(valueOf(done, 'payagg_payouts_open', { status: 'queued' })).toBe(0);
    expect(valueOf(done, 'payagg_payouts_open', { status: 'processing' })).toBe(0);
    expect(valueOf(done, 'payagg_transactions_pending', { type: 'collection' })).toBe(0);
    expect(delta(open, done, providerCalls, { kind: 'payout_rail', rail: 'mobile_money', call: 'sendPayout', outcome: 'ok' })).toBe(1);
  });
});

describe('rail breakers and pools', () => {
  it('shows each rail\'s breaker state, and an open breaker after the provider failed', async () => {
    const closed = await read();
    for (const rail of ['card', 'mobile_money', 'bank', 'ussd', 'qr']) {
      expect(valueOf(closed, 'payagg_rail_breaker_state', { rail, state: 'closed' })).toBe(1);
      expect(valueOf(closed, 'payagg_rail_breaker_state', { rail, state: 'open' })).toBe(0);
    }
    service.runtime.rails.setSandboxRailDown('card', true);
    try {
      // The breaker's default volume threshold: 5 calls in its window, all failed, open it.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const refused = await collect(service.client, { amount: 1_000, currency: 'KES', rail: 'card', ...succeeding_payer.card });
        expect(refused.response.status).toBe(503);
      }
      expect(service.runtime.rails.breakerState('card')).toBe('open');
    } finally {
      service.runtime.rails.setSandboxRailDown('card', false);
    }
    const open = await read();
    expect(valueOf(open, 'payagg_rail_breaker_state', { rail: 'card', state: 'open' })).toBe(1);
    expect(valueOf(open, 'payagg_rail_breaker_state', { rail: 'card', state: 'closed' })).toBe(0);
    expect(delta(closed, open, providerCalls, { kind: 'collection_rail', rail: 'card', call: 'initiateCollection', outcome: 'rail_unavailable' })).toBe(5);
    expect(delta(closed, open, requests, { operation: 'createCollection', status: '503' })).toBe(5);
  });

  it('shows each pool\'s configured maximum and the connections the server sees', async () => {
    const scraped = await read();
    expect(valueOf(scraped, 'payagg_database_pool_connections_max', { pool: 'database' })).toBe(service.config.databasePoolMax);
    expect(valueOf(scraped, 'payagg_database_pool_connections_max', { pool: 'asyncCommit' })).toBe(service.config.asyncCommitPoolMax);
    // This test's own pools are connected (the async-commit pool opens all of its connections at start).
    expect(valueOf(scraped, 'payagg_database_connections', { application: 'payagg-async-commit' })).toBe(service.config.asyncCommitPoolMax);
    // Node's default metrics, under the same prefix.
    expect(samplesOf(scraped, 'payagg_process_resident_memory_bytes')).toHaveLength(1);
    expect(samplesOf(scraped, 'payagg_nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });
});

describe('a scrape with the database away', () => {
  it('answers, with what the process knows, and says which queries did not answer', async () => {
    // A port nobody listens on (refused at once), and a server that accepts and never answers (a
    // host gone silent: only the timeout ends the wait).
    const refusedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    const pools = [createPool(`postgres://payagg@127.0.0.1:${refusedPort}/payagg`, 1), createPool(`postgres://payagg@127.0.0.1:${silentPort}/payagg`, 1)];
    const servers: MetricsServer[] = [];
    try {
      for (const sql of pools) {
        const registry = createScrapeRegistry({ sql, rails: service.runtime.rails, config: service.config, databaseTimeoutMs: 300 });
        const away = await startMetricsServer({ registry, port: 0, host: '127.0.0.1', logger: createLogger('silent') });
        servers.push(away);
        const scraped = await scrape(away.port);
        for (const query of ['jobs', 'webhooks', 'payouts', 'transactions', 'connections']) {
          expect(valueOf(scraped, 'payagg_metrics_database_up', { query })).toBe(0);
        }
        expect(samplesOf(scraped, 'payagg_jobs')).toHaveLength(0);
        expect(samplesOf(scraped, 'payagg_payouts_open')).toHaveLength(0);
        expect(samplesOf(scraped, 'payagg_webhook_dead_letters')).toHaveLength(0);
        expect(samplesOf(scraped, 'payagg_webhook_delivery_oldest_due_age_seconds')).toHaveLength(0);
        // What the process holds itself is still there.
        expect(samplesOf(scraped, 'payagg_rail_breaker_state').length).toBeGreaterThan(0);
        expect(samplesOf(scraped, requests).length).toBeGreaterThan(0);
      }
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await Promise.all(pools.map((sql) => sql.end({ timeout: 0 })));
      silent.close();
    }
  });

  it('says so while a real PostgreSQL refuses the process, and recovers by itself once it accepts it again', async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const admin = createPool(inject('adminDatabaseUrl'), 1);
    const sql = createPool(db.url, 2);
    const registry = createScrapeRegistry({ sql, rails: service.runtime.rails, config: service.config });
    const listener = await startMetricsServer({ registry, port: 0, host: '127.0.0.1', logger: createLogger('silent') });
    try {
      expect(valueOf(await scrape(listener.port), 'payagg_metrics_database_up', { query: 'jobs' })).toBe(1);
      // The database goes away for this pool: no new connection is allowed, the open ones are ended.
      await admin.unsafe(`alter database ${name} allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      const away = await scrape(listener.port);
      for (const query of ['jobs', 'webhooks', 'payouts', 'transactions', 'connections']) {
        expect(valueOf(away, 'payagg_metrics_database_up', { query })).toBe(0);
      }
      expect(samplesOf(away, 'payagg_payouts_open')).toHaveLength(0);
      await admin.unsafe(`alter database ${name} allow_connections true`);
      const back = await waitFor('the gauges back', async () => {
        const scraped = await scrape(listener.port);
        return valueOf(scraped, 'payagg_metrics_database_up', {}) === 5 ? scraped : null;
      });
      expect(samplesOf(back, 'payagg_payouts_open')).toHaveLength(2);
    } finally {
      await listener.close();
      await sql.end({ timeout: 0 });
      await admin.unsafe(`alter database ${name} allow_connections true`);
      await admin.end();
      await db.drop();
    }
  });
});
