// POST /api/v1/partner/transfers (X-Idempotency-Key): one of the partner's wallets pays another
// of the same currency, atomically (one ledger transfer).
//
//   1. checks (inside the run, after the key's lookup: decision 0421): each side named by exactly one of its id or account number (the
//      account number's check digit verified), both the partner's (404 naming the field), two
//      different wallets of one currency (422): an invalid request never binds a key;
//   2. the idempotent run, scoped to the partner;
//   3. the ledger transfer (id from the transfer id): 402 and nothing moved when the paying wallet
//      cannot cover it, which frees the key; then one write: the movement row and the stored
//      response.
//
// Recovery points: only 'started'. As for deposits, the ledger transfer is idempotent on the
// transfer id: a failure that is not a refusal keeps the record so that a retry resumes it.
import { checkTransferSides, transferBetweenPartnerWallets, type PartnerTransferCreate, type PartnerTransferResource } from '../partner-movements.ts';
import { isRefusal } from '../../domain/outcomes.ts';
import { walletsNamedInBody } from '../partner-wallets.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { FlowDeps } from '../../flow-deps.ts';

export type CreatePartnerTransferRecoveryPoint = 'started';

// keepRequest: the run finisher (jobs/run-finisher.ts) finishes a run whose effect exists with it.
export const createPartnerTransferOperation = idempotentOperation<CreatePartnerTransferRecoveryPoint>('partner POST /transfers', { keepRequest: true });

export async function createPartnerTransfer(deps: FlowDeps, input: {
  partnerId: string; request: PartnerTransferCreate; idempotent: IdempotentRequest;
}): Promise<PartnerTransferResource> {
  const { request } = input;
  const scope = createPartnerTransferOperation.scope(input.partnerId, input.idempotent);
  return await createPartnerTransferOperation.run(deps.idempotency, scope, async (run) => {
    // Inside the run, after the key's lookup (decision 0421): a refusal releases the key.
    const { from, to } = await walletsNamedInBody(deps.sql, input.partnerId, {
      from: { walletId: request.fromWalletId, accountNumber: request.fromAccountNumber },
      to: { walletId: request.toWalletId, accountNumber: request.toAccountNumber },
    });
    checkTransferSides(from, to, request);
    try {
      // The rate lock's expiry is judged at the request's time: a run resumed after its process
      // died (by the client's retry or the run finisher) finishes the transfer as it was asked.
      const requestNow = () => run.requestedAt(deps.now()).getTime();
      return await transferBetweenPartnerWallets({ ...deps, now: requestNow }, {
        id: run.resourceId, from, to, request, createdAt: run.startedAt,
        commitWrites: (q, resource) => [run.completion(q, resource)],
      });
    } catch (error) {
      if (!isRefusal(error)) run.keepOnFailure();
      throw error;
    }
  });
}
