// POST /api/v1/partner/wallets/{walletId}/withdrawals (X-Idempotency-Key): money out of a partner
// wallet to one of the partner's payout destinations, asynchronously (partner-wallets/partner-withdrawals.ts).
//
//   1. checks (inside the run, after the key's lookup: decision 0421): the wallet is the partner's (404), the destination is the
//      partner's and in the wallet's currency (422 naming destinationRef); the amount is one the
//      provider its route sends to can write (422 naming amount; decision 0760);
//   2. the idempotent run, scoped to the partner;
//   3. the ledger reservation (id from the withdrawal id): 402 and nothing reserved when not
//      covered, which frees the key; then one transaction: the withdrawal row (pending), its send
//      job and the stored response. The rail's outcome comes later, by job.
//
// Recovery points: only 'started'. The reservation is announced by a hold intent committed
// before it (domain/hold-intents.ts, decision 0410): a run that fails after the intent voids the
// reservation before it answers and forgets the key (a retry starts afresh); a run whose process
// died leaves the intent open, and the sweeper (holds.void_abandoned) voids the reservation within
// a bounded time (docs/partner-wallets.md). A retry before that resumes with the same id (the
// reservation is idempotent on it): a failure that is not a refusal keeps the record.
import { releasingHoldsOnFailure } from '../../domain/hold-intents.ts';
import { isRefusal } from '../../domain/outcomes.ts';
import { getPartnerWallet } from '../partner-wallets.ts';
import {
  destinationForWithdrawal, refuseUnrepresentableWithdrawal, reserveWithdrawal, type PartnerWithdrawalCreate, type PartnerWithdrawalResource,
} from '../partner-withdrawals.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { FlowDeps } from '../../flow-deps.ts';

export type CreatePartnerWithdrawalRecoveryPoint = 'started';

export const createPartnerWithdrawalOperation = idempotentOperation<CreatePartnerWithdrawalRecoveryPoint>('partner POST /wallets/{walletId}/withdrawals');

export async function createPartnerWithdrawal(deps: FlowDeps, input: {
  partnerId: string; walletId: string; request: PartnerWithdrawalCreate; idempotent: IdempotentRequest;
}): Promise<PartnerWithdrawalResource> {
  const scope = createPartnerWithdrawalOperation.scope(input.partnerId, input.idempotent);
  return await createPartnerWithdrawalOperation.run(deps.idempotency, scope, async (run) => {
    // Inside the run, after the key's lookup (decision 0421): a refusal releases the key.
    const wallet = await getPartnerWallet(deps.sql, input.partnerId, input.walletId);
    const destination = await destinationForWithdrawal(deps.sql, input.partnerId, wallet, input.request.destinationRef);
    refuseUnrepresentableWithdrawal(deps.payouts.rails, destination, input.request.amount);
    try {
      return await releasingHoldsOnFailure(deps, run.resourceId, () => reserveWithdrawal(deps, {
        id: run.resourceId, wallet, destination, request: input.request, createdAt: run.startedAt,
        idempotency: { scopeId: scope.merchantId, key: scope.key },
        commitWrites: (q, resource) => [run.completion(q, resource)],
      }));
    } catch (error) {
      if (!isRefusal(error)) run.keepOnFailure();
      throw error;
    }
  });
}
