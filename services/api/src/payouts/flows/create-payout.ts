// POST /payouts (seed: PayoutCreate; Idempotency-Key required): a payout, `queued`, its money
// reserved. The steps are payouts/payouts.ts's; this flow runs them under the key:
//
//   1. the idempotent run: a replay answers the stored payout, however late (scheduled_at may
//      have passed since; decision 0421);
//   2. inside it, the checks (scheduled_at at the request's time, wallet, destination, parties):
//      a refusal releases the key, so an invalid or held request never binds it;
//   3. one transaction (db/write.ts): the ledger hold, then the payout row, payout.queued, its
//      send job (due at scheduled_at when given) and the stored response.
//
// Recovery points: only 'started'. The hold is announced by a hold intent committed before it
// (domain/hold-intents.ts, decision 0410), and the commit closes the intent. A run that fails
// after the intent (a thrown error, a database error) abandons it and voids the hold before it
// answers, and forgets the key: nothing stays reserved, and a retry with the same key starts
// afresh under a new id. A run whose process died leaves the intent open: the sweeper
// (holds.void_abandoned) abandons it and voids the hold within a bounded time (docs/payouts.md);
// a retry before that resumes with the same id, whose hold the ledger answers as existing (no
// second reservation). A 402 holds nothing: the key is released.
import { acceptedDate } from '../../domain/date-time.ts';
import { checkPayoutRequest, type PayoutCreate, type PayoutResource, toPayoutResource } from '../payouts.ts';
import { reservePayouts } from '../payout-reservation.ts';
import { releasingHoldsOnFailure } from '../../domain/hold-intents.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type CreatePayoutRecoveryPoint = 'started';

export const createPayoutOperation = idempotentOperation<CreatePayoutRecoveryPoint>('POST /payouts');

export async function createPayout(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: PayoutCreate; idempotent: IdempotentRequest;
}): Promise<PayoutResource> {
  const { merchant, request } = input;
  // Rounded up to the millisecond the row keeps: the payout is never sent before the instant asked.
  const scheduledAt = request.scheduled_at ? acceptedDate(request.scheduled_at, 'ceil') : null;
  const item = {
    destinationRef: request.destination_ref, destinationType: request.destination_type,
    amount: request.amount, currency: request.currency, fxRateLockId: request.fx_rate_lock_id ?? null, fieldPrefix: 'body',
  };
  const scope = createPayoutOperation.scope(merchant.id, input.idempotent);
  return await createPayoutOperation.run(deps.idempotency, scope, async (run) => {
    const { wallet, destinations } = await checkPayoutRequest(deps.sql, merchant, {
      walletId: request.wallet_id, items: [item], scheduledAt, now: run.requestedAt(deps.now()), rails: deps.payouts.rails,
    });
    const created = await releasingHoldsOnFailure(deps, run.resourceId, () => reservePayouts(deps, {
      merchantId: merchant.id, wallet, scheduledAt, batch: null, createdAt: run.startedAt, nowMs: deps.now(),
      payouts: [{ id: run.resourceId, item, destination: destinations[0]! }],
      onHeld: () => run.keepOnFailure(), idempotency: { scopeId: scope.merchantId, key: scope.key },
      commitWrites: (q, { payouts }) => [run.completion(q, toPayoutResource(payouts[0]!))],
    }));
    return toPayoutResource(created.payouts[0]!);
  });
}
