// POST /sub-merchants (seed: SubMerchantCreate; Idempotency-Key required; "a KYC case is
// triggered per the assigned tier"): a sub-merchant, `active`, its KYC `pending`.
//
//   1. checks that need no claim (display name not blank, country assigned): an invalid request
//      never binds a key;
//   2. the idempotent run: a replay answers the stored sub-merchant;
//   3. one write (db/write.ts, a transaction: enqueueing a job is a statement that must run
//      inside it): the sub-merchant row, its KYC case (every requirement of its tier
//      outstanding), the kyc.submit_case job, and the stored response. The KYC provider is called
//      by that job after the commit, never inside the request; its decision arrives later still.
//
// Recovery points: only 'started'. The run has one effect, committed with its stored response,
// so a run that died left nothing and a resumed run simply starts over with the same id.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/index.ts';
import { write } from '../../db/write.ts';
import { kycCaseInsert } from '../kyc-cases.ts';
import { requirementsOf } from '../kyc-tiers.ts';
import {
  checkSubMerchantPayload, newSubMerchantRow, subMerchantInsert, toSubMerchantResource,
  type SubMerchantCreateRequest, type SubMerchantResource,
} from '../sub-merchants.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type CreateSubMerchantRecoveryPoint = 'started';

export const createSubMerchantOperation = idempotentOperation<CreateSubMerchantRecoveryPoint>('POST /sub-merchants');

export async function createSubMerchant(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: SubMerchantCreateRequest; idempotent: IdempotentRequest;
}): Promise<SubMerchantResource> {
  const { merchant, request } = input;
  // Onboarding is not money moving: a suspended merchant may still onboard (its collections are held).
  checkSubMerchantPayload(request);
  const scope = createSubMerchantOperation.scope(merchant.id, input.idempotent);
  return await createSubMerchantOperation.run(deps.idempotency, scope, async (run) => {
    const row = newSubMerchantRow({ id: run.resourceId, merchantId: merchant.id, request, createdAt: run.startedAt });
    const resource = toSubMerchantResource(row);
    const caseId = randomUUID();
    await write(deps, {
      prepare: async (tx: Tx) => {
        await enqueueJob(tx, 'kyc.submit_case', { caseId }, { jobKey: `kyc.submit_case:${caseId}` });
      },
      writes: (q) => [
        { name: 'sub-merchant row', statement: subMerchantInsert(q, row), expectOneRow: true },
        {
          name: 'KYC case row',
          statement: kycCaseInsert(q, {
            id: caseId, subMerchantId: row.id, merchantId: row.merchant_id, tier: row.kyc_tier, provider: deps.kyc.connector.provider,
            requirements: requirementsOf(row.kyc_tier, row.type), createdAt: row.created_at,
          }),
          expectOneRow: true,
        },
        run.completion(q, resource),
      ],
    });
    return resource;
  });
}
