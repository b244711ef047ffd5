// POST /sub-merchants (seed: Idempotency-Key required, SubMerchant returned, a KYC case started
// per the assigned tier). Steps:
//   1. (route) rules on the body the schema cannot state (checkSubMerchantPayload), before the
//      claim, so an invalid body never binds a key;
//   2. (route) idempotency claim: the pre-allocated id becomes the sub-merchant's id; a replay
//      answers the stored original here;
//   3. ONE database transaction: the sub-merchant row, its KYC case (pending, every requirement
//      outstanding), the kyc.submit_case job, and the stored idempotent response. Nothing else
//      runs: the provider is called by the job, after the commit, never inside the request.
// There is no effect outside the transaction, so no recovery point: a run that dies before the
// commit left nothing, and its retry starts over with the same pre-allocated id.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/index.ts';
import { kycCaseInsert } from '../domain/kyc-cases.ts';
import { requirementsOf } from '../domain/kyc-tiers.ts';
import {
  newSubMerchantRow, subMerchantInsert, toSubMerchantResource, type SubMerchantCreateRequest, type SubMerchantResource,
} from '../domain/sub-merchants.ts';
import type { IdempotentRun } from '../idempotency/idempotent.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { KycRegistry } from '../kyc/registry.ts';

export async function createSubMerchant(deps: { sql: Sql; kyc: Pick<KycRegistry, 'connector'> }, input: {
  run: IdempotentRun; merchantId: string; request: SubMerchantCreateRequest;
}): Promise<SubMerchantResource> {
  const row = newSubMerchantRow({ id: input.run.resourceId, merchantId: input.merchantId, request: input.request, createdAt: input.run.startedAt });
  const resource = toSubMerchantResource(row);
  const caseId = randomUUID();
  await deps.sql.begin(async (tx) => {
    await expectOneRow(subMerchantInsert(tx, row), 'sub-merchant row');
    await expectOneRow(kycCaseInsert(tx, {
      id: caseId, subMerchantId: row.id, merchantId: row.merchant_id, tier: row.kyc_tier, provider: deps.kyc.connector.provider,
      requirements: requirementsOf(row.kyc_tier, row.type), createdAt: row.created_at,
    }), 'KYC case row');
    await enqueueJob(tx, 'kyc.submit_case', { caseId }, { jobKey: `kyc.submit_case:${caseId}` });
    await input.run.complete(tx, resource);
  });
  return resource;
}

async function expectOneRow(statement: PromiseLike<readonly unknown[]>, what: string): Promise<void> {
  const rows = await statement;
  if (rows.length !== 1) throw new Error(`create sub-merchant: ${what} wrote ${rows.length} rows, expected 1`);
}
