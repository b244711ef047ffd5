// POST /api/v1/partner/wallets/{walletId}/deposits (sandbox funding; X-Idempotency-Key): the
// wallet is credited at once from the deposit clearing account.
//
//   0. the partner must be a sandbox partner (403 PERMISSION_DENIED): a deposit is a sandbox
//      helper that makes money out of nothing; a live partner's money only comes in through its
//      bank (docs/decisions/0440). On a production server the operation is not routed at all
//      (http/sandbox-only.ts). The key's mode never changes, so this check may run before the claim;
//   1. the wallet must be the partner's (404): inside the run, after the key's lookup (0421);
//   2. the idempotent run, scoped to the partner, the path part of the operation;
//   3. the ledger transfer (id from the deposit id), then one write: the movement row and the
//      stored response.
//
// Recovery points: only 'started'. The ledger transfer is idempotent on the deposit id, so a run
// that died after it resumes with the same id and the ledger answers `exists`. A failure that is
// not a refusal (the ledger or the database did not answer) keeps the record for such a resume;
// a refusal frees the key (nothing moved).
import { depositIntoPartnerWallet, type PartnerDepositCreate, type PartnerDepositResource } from '../partner-movements.ts';
import type { KeyMode } from '../../auth/principal.ts';
import { isRefusal, Refusal } from '../../domain/outcomes.ts';
import { getPartnerWallet } from '../partner-wallets.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { FlowDeps } from '../../flow-deps.ts';

export type CreatePartnerDepositRecoveryPoint = 'started';

// keepRequest: the run finisher (jobs/run-finisher.ts) finishes a run whose effect exists with it.
export const createPartnerDepositOperation = idempotentOperation<CreatePartnerDepositRecoveryPoint>('partner POST /wallets/{walletId}/deposits', { keepRequest: true });

export async function createPartnerDeposit(deps: FlowDeps, input: {
  partnerId: string; mode: KeyMode; walletId: string; request: PartnerDepositCreate; idempotent: IdempotentRequest;
}): Promise<PartnerDepositResource> {
  if (input.mode !== 'sandbox') {
    throw new Refusal('sandbox_helper_needs_sandbox_key',
      'Deposits are a sandbox helper, for sandbox partners only; a live wallet is funded by a bank transfer to its account number.');
  }
  const scope = createPartnerDepositOperation.scope(input.partnerId, input.idempotent);
  return await createPartnerDepositOperation.run(deps.idempotency, scope, async (run) => {
    // Inside the run, after the key's lookup (decision 0421): a refusal releases the key.
    const wallet = await getPartnerWallet(deps.sql, input.partnerId, input.walletId);
    try {
      return await depositIntoPartnerWallet(deps, {
        id: run.resourceId, wallet, request: input.request, createdAt: run.startedAt,
        commitWrites: (q, resource) => [run.completion(q, resource)],
      });
    } catch (error) {
      if (!isRefusal(error)) run.keepOnFailure();
      throw error;
    }
  });
}
