// POST /payouts/bulk (seed: BulkPayoutCreate; Idempotency-Key required): a batch of 1 to 1000
// payouts from one wallet, created atomically: every member reserved in ONE linked ledger chain
// (all or none; 402 and nothing created when the wallet cannot cover the total), then the batch
// and member rows, their payout.queued events, their send jobs and the stored response in one
// transaction. Members' ids derive from the batch id and their position (payouts/payouts.ts
// batchMemberId), so a resumed run re-submits the same holds.
//
// Recovery points: only 'started', as payouts/flows/create-payout.ts: the holds are announced by one hold
// intent (owner: the batch id) committed before them; a failed run voids them before it answers,
// a dead one's are voided by the sweeper (holds.void_abandoned).
import {
  batchMemberId, type BulkPayoutCreate, checkPayoutRequest, type PayoutBatchResource, type PayoutItem, toPayoutBatchResource,
} from '../payouts.ts';
import { reservePayouts } from '../payout-reservation.ts';
import { releasingHoldsOnFailure } from '../../domain/hold-intents.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type CreatePayoutBatchRecoveryPoint = 'started';

export const createPayoutBatchOperation = idempotentOperation<CreatePayoutBatchRecoveryPoint>('POST /payouts/bulk');

export async function createPayoutBatch(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: BulkPayoutCreate; idempotent: IdempotentRequest;
}): Promise<PayoutBatchResource> {
  const { merchant, request } = input;
  const items: PayoutItem[] = request.payouts.map((payout, i) => ({
    destinationRef: payout.destination_ref, destinationType: payout.destination_type,
    amount: payout.amount, currency: payout.currency, fxRateLockId: payout.fx_rate_lock_id ?? null, fieldPrefix: `body.payouts[${i}]`,
  }));
  const scope = createPayoutBatchOperation.scope(merchant.id, input.idempotent);
  return await createPayoutBatchOperation.run(deps.idempotency, scope, async (run) => {
    // The checks run inside the run, after the key's lookup: a replay answers the stored batch
    // whatever has changed since (decision 0421); a refusal releases the key.
    const { wallet, destinations } = await checkPayoutRequest(deps.sql, merchant, {
      walletId: request.wallet_id, items, scheduledAt: null, now: run.requestedAt(deps.now()), rails: deps.payouts.rails,
    });
    const batchId = run.resourceId;
    const created = await releasingHoldsOnFailure(deps, batchId, () => reservePayouts(deps, {
      merchantId: merchant.id, wallet, scheduledAt: null, batch: { id: batchId }, createdAt: run.startedAt, nowMs: deps.now(),
      payouts: items.map((item, i) => ({ id: batchMemberId(batchId, i), item, destination: destinations[i]! })),
      onHeld: () => run.keepOnFailure(), idempotency: { scopeId: scope.merchantId, key: scope.key },
      commitWrites: (q, { payouts, batch }) => [run.completion(q, toPayoutBatchResource(batch!, payouts))],
    }));
    return toPayoutBatchResource(created.batch!, created.payouts);
  });
}
