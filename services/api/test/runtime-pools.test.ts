// The runtime opens the connections of the pools it makes at start (src/runtime.ts), so that no
// request or settlement pays for a new PostgreSQL backend under load.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asynchronous_commit_pool_connections_max, ledger_pool_connections_max, outcome_worker_pool_connections_max } from '../src/runtime.ts';
import { startTestService, type TestService } from './helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

it('has every worker, asynchronous-commit and ledger connection open before the first request', async () => {
  const rows = await service.sql<{ application_name: string; n: number }[]>`
    select application_name, count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name in ('payagg-outcome-worker', 'payagg-async-commit', 'postgres.js')
      and backend_type = 'client backend'
    group by application_name order by application_name`;
  expect(Object.fromEntries(rows.map((r) => [r.application_name, r.n]))).toEqual({
    'postgres.js': ledger_pool_connections_max, // the ledger's engine keeps postgres.js's default name
    'payagg-async-commit': asynchronous_commit_pool_connections_max,
    'payagg-outcome-worker': outcome_worker_pool_connections_max,
  });
});
