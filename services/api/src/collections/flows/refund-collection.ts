// POST /collections/{id}/refunds (seed: RefundCreate): a refund of a successful collection. The
// steps are collections/refunds.ts's; this flow runs them under the Idempotency-Key:
//
//   1. the collection must be the merchant's (collection_not_found): inside the run (0421);
//   2. the idempotent run; a first run checks the merchant may transact;
//   3. reserve: the refund row and the ledger hold in one transaction (402 and nothing moved
//      when the wallet cannot cover it); the hold is announced by a hold intent committed before
//      it (domain/hold-intents.ts): a failure before the commit voids it at once, a crash leaves
//      it to the sweeper (holds.void_abandoned);
//   4. rail initiation outside any transaction, then one transaction announcing the refund with
//      the stored response. A rail call that failed in any way but a timeout undoes step 3 and
//      restarts the record with a new id (the old one's ledger hold is voided and may never be
//      reused); after a timeout the rail may pay the refund, so everything stays for a retry.
//
// Recovery points:
//   started          nothing reserved, or a reservation committed just before the process died
//                    (step 3 finds it by the refund id and goes on from it).
//   refund_reserved  the refund row and its hold exist; a resumed run skips the merchant check
//                    (the money is already held for the refund) and goes on to the rail, which
//                    answers as before for the same refund id.
import { getCollection } from '../collections.ts';
import { releasingHoldsOnFailure } from '../../domain/hold-intents.ts';
import { assertMerchantActive } from '../../accounts/index.ts';
import { initiateRefund, type RefundRequest, reserveRefund } from '../refunds.ts';
import { type TransactionResource, toTransactionResource } from '../transactions.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type RefundCollectionRecoveryPoint = 'started' | 'refund_reserved';

// keepRequest: the run finisher (jobs/run-finisher.ts) finishes a run whose effect exists with it.
export const refundCollectionOperation = idempotentOperation<RefundCollectionRecoveryPoint>('POST /collections/{id}/refunds', { keepRequest: true });

export async function refundCollection(deps: FlowDeps, input: {
  merchant: ActingMerchant; collectionId: string; request: RefundRequest; idempotent: IdempotentRequest;
}): Promise<TransactionResource> {
  const { merchant, collectionId, request } = input;
  const scope = refundCollectionOperation.scope(merchant.id, input.idempotent);
  return await refundCollectionOperation.run(deps.idempotency, scope, async (run) => {
    // Inside the run, after the key's lookup (decision 0421): a refusal releases the key.
    await getCollection(deps.sql, merchant.id, collectionId);
    if (run.recoveryPoint === 'started') assertMerchantActive(merchant);
    const reserved = await releasingHoldsOnFailure(deps, run.resourceId, () => reserveRefund(deps, {
      refundId: run.resourceId, merchantId: merchant.id, collectionId, request, idempotency: { scopeId: scope.merchantId, key: scope.key },
    }));
    await run.setRecoveryPoint(deps.sql, 'refund_reserved');
    const refund = await initiateRefund(deps, reserved, (q, row) => [run.completion(q, toTransactionResource(row))],
      { withinUndo: (tx) => run.restart(tx) });
    return toTransactionResource(refund);
  });
}
