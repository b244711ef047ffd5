// Helpers of the sub-merchant, KYC and wallet tests: SDK calls with explicit keys, the job queue
// run to idle (the KYC provider's work happens in jobs), and the operator CLI as a real process.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MerchantClient } from '@payagg/sdk';
import { runDueJobs } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import type { TestService } from '../helpers/service.ts';

export type SubMerchantBody = {
  display_name: string;
  type: 'individual' | 'business';
  country: string;
  kyc_tier?: 'tier_1' | 'tier_2';
  contact?: { phone?: string; email?: string };
};

export const rider: SubMerchantBody = { display_name: 'Rider 7', type: 'individual', country: 'KE', contact: { phone: '+254712000007' } };

export async function createSubMerchant(client: MerchantClient, body: Partial<SubMerchantBody> = {}, key: string = randomUUID()) {
  return await client.POST('/sub-merchants', { body: { ...rider, ...body } as never, params: { header: { 'Idempotency-Key': key } } });
}

/** A new sub-merchant's id (asserting the create succeeded). */
export async function newSubMerchant(client: MerchantClient, body: Partial<SubMerchantBody> = {}): Promise<string> {
  const created = await createSubMerchant(client, body);
  if (created.response.status !== 200) throw new Error(`create sub-merchant: ${created.response.status} ${JSON.stringify(created.error)}`);
  return created.data!.data.id;
}

/**
 * Runs every job due now (submissions, then decisions whose delay is 0) until none is left, and
 * the decisions' apply jobs, due at the end of their 100 ms window (provider-outcomes/ingress.ts).
 */
export async function runJobs(service: TestService): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await runDueJobs({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger: createLogger('silent') });
    const [next] = await service.sql<{ wait_ms: number | null }[]>`
      select (case when min(run_at) is null then null else greatest(0, extract(epoch from min(run_at) - now()) * 1000) end)::float8 as wait_ms
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'sub_merchants.apply_kyc_decisions' and j.attempts = 0 and j.locked_at is null`;
    if (next!.wait_ms === null) return;
    await new Promise((resolve) => setTimeout(resolve, next!.wait_ms! + 5));
  }
}

export async function kycOf(client: MerchantClient, id: string) {
  const read = await client.GET('/sub-merchants/{id}/kyc', { params: { path: { id } } });
  if (read.response.status !== 200) throw new Error(`kyc read: ${read.response.status}`);
  return read.data!.data;
}

export async function subMerchantOf(client: MerchantClient, id: string) {
  const read = await client.GET('/sub-merchants/{id}', { params: { path: { id } } });
  if (read.response.status !== 200) throw new Error(`sub-merchant read: ${read.response.status}`);
  return read.data!.data;
}

/** Jobs of one name still in the queue (done jobs are deleted by graphile-worker). */
export async function queuedJobs(service: TestService, name: string) {
  return await service.sql<{ payload: { caseId: string }; run_at: Date; attempts: number; last_error: string | null }[]>`
    select j.payload, j.run_at, j.attempts, j.last_error
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = ${name} order by j.id`;
}

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli.ts');

export function runCli(service: TestService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { PATH: process.env.PATH ?? '', DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
