// POST /collections (seed: CollectionCreate): a direct collection from a payer over a rail.
// The steps are collections/collections.ts's; this flow runs them under the Idempotency-Key:
//
//   1. payload rules (payer fits rail, no raw card number, currency known): before the claim;
//   2. the idempotent run (a replay answers the stored transaction here);
//   3. party rules (merchant active, sub-merchant of the merchant and active), unless a resumed
//      run finds the rail already holds the collection (see below);
//   4. rail initiation outside any database transaction, then one write (db/write.ts) of the
//      row, its transaction.pending event and the stored response.
//
// Recovery points (where a run that died resumes; the completer, collections/collection-completer.ts,
// finishes runs whose client never comes back):
//   started         no trace after the claim. The process may have died between the rail call
//                   and the commit (no point is written there: it would cost a round trip on
//                   every collection), so a resumed run asks the rail whether it holds the
//                   collection; if it does, it is recorded without checking the parties again.
//   rail_initiated  the rail call timed out or the commit failed: the rail may hold the
//                   collection, so a resumed run records it whatever has changed since (the payer
//                   may already have been charged).
import { type CollectionRequest, checkCollectionParties, checkSplitRuleUsable, checkCollectionPayload, initiateAndRecordCollection, railHoldsCollection } from '../collections.ts';
import { assertMerchantActive } from '../../accounts/index.ts';
import { type TransactionResource, toTransactionResource } from '../transactions.ts';
import { type IdempotentRequest, type IdempotentRun, idempotentOperation } from '../../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type CreateCollectionRecoveryPoint = 'started' | 'rail_initiated';

// keepRequest: the completer needs the request to finish a run whose client never retried.
export const createCollectionOperation = idempotentOperation<CreateCollectionRecoveryPoint>('POST /collections', { keepRequest: true });

export async function createCollection(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: CollectionRequest; idempotent: IdempotentRequest;
}): Promise<TransactionResource> {
  const { merchant, request } = input;
  checkCollectionPayload(request);
  const scope = createCollectionOperation.scope(merchant.id, input.idempotent);
  return await createCollectionOperation.run(deps.idempotency, scope, async (run) => {
    // Inside the run: a replay answers the stored original even if the merchant or the
    // sub-merchant has been put on hold since.
    let plannedLegs;
    if (await mustCheckParties(deps, run, request)) {
      assertMerchantActive(merchant);
      await checkCollectionParties(deps, merchant.id, request);
      plannedLegs = await checkSplitRuleUsable(deps, merchant.id, request);
    }
    const row = await initiateAndRecordCollection(deps, {
      transactionId: run.resourceId,
      merchantId: merchant.id,
      request,
      checkoutSessionId: null,
      createdAt: run.startedAt,
      resumed: run.resumed,
      ...(plannedLegs === undefined ? {} : { plannedLegs }),
      onRailMayHoldIt: async () => {
        run.keepOnFailure();
        await run.setRecoveryPoint(deps.sql, 'rail_initiated');
      },
      commitWrites: (q, created) => [run.completion(q, toTransactionResource(created))],
    });
    return toTransactionResource(row);
  });
}

/**
 * Whether step 3 applies. A first run checks. A resumed run completes what the rail already
 * holds, whatever has changed since (the request was accepted when it was made).
 */
async function mustCheckParties(deps: FlowDeps, run: IdempotentRun<CreateCollectionRecoveryPoint>, request: CollectionRequest): Promise<boolean> {
  if (!run.resumed) return true;
  switch (run.recoveryPoint) {
    case 'rail_initiated':
      return false;
    case 'started':
      return !(await railHoldsCollection(deps, request.rail, run.resourceId));
  }
}
