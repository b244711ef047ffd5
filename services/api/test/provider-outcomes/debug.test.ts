import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect } from '../collections/helpers.ts';
import { deliverDueSandboxRailOutcomes } from '../../src/connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts';
import { runDueJobs } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

it('debug', async () => {
  const merchant = await service.createMerchant('dbg');
  const c = await collect(merchant.client, { amount: 1000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' } as never);
  console.log(await deliverDueSandboxRailOutcomes(service.runtime.jobDeps.sql));
  console.log(await service.sql`select t.identifier, j.payload, j.run_at, now() from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id`);
  console.log(await service.sql`
    update graphile_worker._private_jobs set run_at = now()
    where task_id = (select id from graphile_worker._private_tasks where identifier = 'collections.apply_provider_outcomes')
      and attempts = 0 and locked_at is null and run_at > now() returning id`);
  await runDueJobs({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger: createLogger('debug'), only: ['collections.apply_provider_outcomes'] });
  console.log(await service.sql`select t.identifier, j.payload, j.run_at, j.last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id`);
  console.log(await service.sql`select applied_at, last_error from provider_outcomes`);
  expect(1).toBe(1);
});
