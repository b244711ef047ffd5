// Both kinds of process serve their metrics on METRICS_PORT (decision 0560), as a deployment runs
// them: a real API process (src/main.ts) answering signed SDK requests, and a real worker process
// (src/worker.ts, `./payagg-worker`), each scraped over HTTP on its own metrics port. The API's
// public port does not serve them; a METRICS_PORT that is not a port is refused at start.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@payagg/sdk';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { killWorkerProcesses, startWorkerProcess, waitForValue, workerReadyLine } from '../helpers/worker-process.ts';
import { collect, succeeding_payer } from '../collections/helpers.ts';
import { samplesOf, scrape, uuidPattern, valueOf } from './exposition.ts';

// Real processes start on a shared machine: allow them time.
vi.setConfig({ testTimeout: 60_000 });
const startWaitMs = 30_000;
const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

let service: TestService;
const children: ChildProcess[] = [];
beforeAll(async () => { service = await startTestService(); });
afterEach(() => {
  killWorkerProcesses();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => { await service?.close(); });

const metricsEnv = { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' };

/** The port a process logged for `msg` (its JSON log line has "port"). */
function loggedPort(output: string, msg: string): number | null {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const record = JSON.parse(line) as { msg?: string; port?: number };
    if (record.msg === msg && typeof record.port === 'number') return record.port;
  }
  return null;
}

it('an API process serves them on its metrics port, counting the signed requests it answered', async () => {
  const api = spawn(process.execPath, [mainFile], {
    env: { ...process.env, DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, PORT: '0', LOG_LEVEL: 'info', RUN_WORKERS: 'false', ...metricsEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(api);
  let output = '';
  api.stdout!.on('data', (chunk) => (output += String(chunk)));
  api.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => api.once('exit', resolve));
  const apiPort = await waitForValue(() => loggedPort(output, 'listening'), () => `the API to listen:\n${output}`, startWaitMs);
  const metricsPort = loggedPort(output, 'metrics listening');
  expect(metricsPort).not.toBeNull();
  expect(metricsPort).not.toBe(apiPort);

  const client = createClient({ baseUrl: `http://127.0.0.1:${apiPort}/v1`, apiKey: service.key.api_key, apiSecret: service.key.api_secret });
  const missing = await client.GET('/collections/{id}', { params: { path: { id: randomUUID() } } });
  expect(missing.response.status).toBe(404);
  const listed = await client.GET('/transactions', {});
  expect(listed.response.status).toBe(200);

  const scraped = await scrape(metricsPort!);
  // A fresh process: exactly the requests made here.
  expect(valueOf(scraped, 'payagg_http_request_duration_seconds_count', { operation: 'getCollection', method: 'GET', status: '404' })).toBe(1);
  expect(valueOf(scraped, 'payagg_http_request_duration_seconds_count', { operation: 'listTransactions', method: 'GET', status: '200' })).toBe(1);
  expect(valueOf(scraped, 'payagg_metrics_database_up', { query: 'jobs' })).toBe(1);
  expect(samplesOf(scraped, 'payagg_process_cpu_seconds_total')).toHaveLength(1);
  expect(scraped.text).not.toMatch(uuidPattern);
  // Not on the public API port: there /metrics is a path like any other outside the spec.
  expect((await fetch(`http://127.0.0.1:${apiPort}/metrics`)).status).toBe(404);

  api.kill('SIGTERM');
  expect(await exited).toBe(0);
});

it('a worker process, which has no other listener, serves them too: its job queue per task, status changes it relays, ledger calls', async () => {
  const worker = startWorkerProcess(service, { ...metricsEnv, SANDBOX_RAIL_OUTCOME_DELAY_MS: '0', JOB_POLL_INTERVAL_MS: '20' });
  await waitForValue(() => (workerReadyLine.test(worker.output()) ? true : null), () => `the worker to start:\n${worker.output()}`, startWaitMs);
  const metricsPort = loggedPort(worker.output(), 'metrics listening');
  expect(metricsPort).not.toBeNull();
  // A job of a task no runner knows, due a minute ago: queued, with its age.
  const task = 'metrics_test.worker_waiting';
  await service.sql`select graphile_worker.add_job(${task}, '{}'::json, run_at := now() - interval '1 minute')`;
  const scraped = await scrape(metricsPort!);
  expect(valueOf(scraped, 'payagg_jobs', { task, state: 'queued' })).toBe(1);
  expect(valueOf(scraped, 'payagg_job_oldest_queued_age_seconds', { task })).toBeGreaterThanOrEqual(60);
  // The worker's own runner registered its tasks: each listed, even with no job.
  expect(samplesOf(scraped, 'payagg_jobs', { task: 'idempotency.purge_expired' })).toHaveLength(4);
  expect(valueOf(scraped, 'payagg_database_pool_connections_max', { pool: 'worker' })).toBeGreaterThan(0);
  await service.sql`delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = ${task})`;

  // A collection made through the API settles in the worker: its status changes are counted by
  // the worker's relay, its settlement is a ledger call there.
  const created = await collect(service.client, { amount: 2_500, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
  expect(created.response.status).toBe(200);
  const settled = await waitForValue(async () => {
    const now = await scrape(metricsPort!);
    return valueOf(now, 'payagg_events_total', { type: 'transaction.success' }) === 1 ? now : null;
  }, () => `the worker to settle and relay the collection:\n${worker.output()}`, startWaitMs);
  expect(valueOf(settled, 'payagg_events_total', { type: 'transaction.pending' })).toBe(1);
  expect(valueOf(settled, 'payagg_ledger_call_duration_seconds_count', { operation: 'createTransfers', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  expect(valueOf(settled, 'payagg_transactions_pending', { type: 'collection' })).toBe(0);

  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
});

it('refuses to start with a METRICS_PORT that is not a port', async () => {
  const worker = startWorkerProcess(service, { METRICS_PORT: 'ninety' });
  expect(await worker.exited).toBe(1);
  expect(worker.output()).toContain('METRICS_PORT must be a port number from 0 to 65535, got "ninety"');
});
