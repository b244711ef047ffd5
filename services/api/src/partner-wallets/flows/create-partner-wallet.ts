// POST /api/v1/partner/wallets (seed: "Partner wallet paths"; X-Idempotency-Key): a wallet for
// one of the partner's end users, with its account number and a zero balance.
//
//   1. the check that needs no claim (currency in the ledger's table): an invalid request never
//      binds a key;
//   2. the idempotent run, scoped to the partner: a replay answers the stored wallet;
//   3. no wallet yet for (externalUserId, currency) (422, which frees the key), the ledger
//      account (idempotent on the wallet id), then one transaction: the account number, the
//      wallet row and the stored response.
//
// Recovery points: only 'started'. A run that died after opening the ledger account resumes with
// the same wallet id and finds the account there (`exists`).
import {
  checkPartnerWalletCreate, recordPartnerWallet, type PartnerWalletCreate, type PartnerWalletResource,
} from '../partner-wallets.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { FlowDeps } from '../../flow-deps.ts';

export type CreatePartnerWalletRecoveryPoint = 'started';

export const createPartnerWalletOperation = idempotentOperation<CreatePartnerWalletRecoveryPoint>('partner POST /wallets');

export async function createPartnerWallet(deps: FlowDeps, input: {
  partnerId: string; request: PartnerWalletCreate; idempotent: IdempotentRequest;
}): Promise<PartnerWalletResource> {
  checkPartnerWalletCreate(input.request);
  const scope = createPartnerWalletOperation.scope(input.partnerId, input.idempotent);
  return await createPartnerWalletOperation.run(deps.idempotency, scope, (run) => recordPartnerWallet(deps, {
    id: run.resourceId,
    partnerId: input.partnerId,
    request: input.request,
    commitWrites: (q, resource) => [run.completion(q, resource)],
  }));
}
