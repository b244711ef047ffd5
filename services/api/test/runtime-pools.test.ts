// The runtime's PostgreSQL connections (src/runtime.ts, config.ts connectionsPerProcess): the
// pools it makes open their connections at start, so that no request or settlement pays for a
// new PostgreSQL backend under load; each pool's size is its setting; a process that runs no
// background work opens none of the worker's or the job queue's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, connectionsPerProcess, loadConfig } from '../src/config.ts';
import { jobQueuePoolName } from '../src/jobs/schema.ts';
import { asyncCommitPoolName, workerPoolName } from '../src/runtime.ts';
import { startTestService, type TestService } from './helpers/service.ts';

async function connectionsByPool(service: TestService): Promise<Record<string, number>> {
  const rows = await service.sql<{ application_name: string; n: number }[]>`
    select application_name, count(*)::int as n from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'
      and application_name in (${workerPoolName}, ${asyncCommitPoolName}, ${jobQueuePoolName}, 'postgres.js')
    group by application_name order by application_name`;
  return Object.fromEntries(rows.map((r) => [r.application_name, r.n]));
}

describe('an API process that runs no background work (RUN_WORKERS=false)', () => {
  let service: TestService;
  beforeAll(async () => { service = await startTestService(); });
  afterAll(async () => { await service?.close(); });

  it('has its ledger and asynchronous-commit connections open before the first request, and no worker or job queue connection', async () => {
    expect(await connectionsByPool(service)).toEqual({
      'postgres.js': service.config.ledgerPoolMax, // the ledger's engine keeps postgres.js's default name
      [asyncCommitPoolName]: service.config.asyncCommitPoolMax,
    });
    expect(connectionsPerProcess(service.config)).toMatchObject({ worker: 0, jobQueue: 0 });
    expect(service.runtime.jobRunner).toBeNull();
  });
});

describe('a process that runs the background work, pools sized by their settings', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      env: { RUN_WORKERS: 'true', LEDGER_POOL_MAX: '3', ASYNC_COMMIT_POOL_MAX: '2', WORKER_POOL_MAX: '3', JOB_QUEUE_POOL_MAX: '2' },
    });
  });
  afterAll(async () => { await service?.close(); });

  it('opens exactly the configured worker, ledger and asynchronous-commit connections, and at most the job queue\'s', async () => {
    expect(service.runtime.jobRunner).not.toBeNull();
    const open = await connectionsByPool(service);
    expect(open).toMatchObject({ 'postgres.js': 3, [asyncCommitPoolName]: 2, [workerPoolName]: 3 });
    // The job runner holds one for LISTEN and takes a second only while it fetches or finishes a job.
    expect(open[jobQueuePoolName]).toBeGreaterThanOrEqual(1);
    expect(open[jobQueuePoolName]).toBeLessThanOrEqual(2);
    expect(connectionsPerProcess(service.config)).toEqual({
      database: service.config.databasePoolMax, ledger: 3, asyncCommit: 2, worker: 3, jobQueue: 2,
      webhooks: service.config.webhookPoolMax + 2,
      total: service.config.databasePoolMax + 3 + 2 + 3 + 2 + service.config.webhookPoolMax + 2,
    });
  });
});

describe('the pool settings', () => {
  it('default to 18 connections in an API process, 20 in a worker process, 28 in one that runs both', () => {
    expect(connectionsPerProcess(loadConfig({ RUN_WORKERS: 'false' }))).toEqual({ database: 10, ledger: 4, asyncCommit: 4, worker: 0, jobQueue: 0, webhooks: 0, total: 18 });
    expect(connectionsPerProcess(loadConfig({}, 'worker'))).toEqual({ database: 2, ledger: 4, asyncCommit: 4, worker: 4, jobQueue: 2, webhooks: 4, total: 20 });
    expect(connectionsPerProcess(loadConfig({})).total).toBe(28);
  });

  it('count no ledger pool on TigerBeetle, and take DATABASE_POOL_MAX in a worker process when it is set', () => {
    expect(connectionsPerProcess(loadConfig({ TB_ADDRESSES: '3000', RUN_WORKERS: 'false' }))).toMatchObject({ ledger: 0, total: 14 });
    expect(loadConfig({ DATABASE_POOL_MAX: '5' }, 'worker')).toMatchObject({ databasePoolMax: 5, runWorkers: true });
  });

  it('refuse a job queue pool too small to hold its LISTEN connection and take jobs', () => {
    expect(() => loadConfig({ JOB_QUEUE_POOL_MAX: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_POOL_MAX: '0' })).toThrow(/WORKER_POOL_MAX/);
  });
});
