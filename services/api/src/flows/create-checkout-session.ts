// POST /checkout-sessions (seed: CheckoutSessionCreate): a hosted checkout session and its
// payer token. The smallest flow: copy this file to start a new one (CONTRIBUTING.md).
//
//   1. checks that need no claim (currency known, sub-merchant of this merchant): an invalid
//      request never binds a key;
//   2. the idempotent run: a replay answers the stored session (its token included, sealed);
//   3. one write (db/write.ts): the session row and the stored response together.
//
// Recovery points: only 'started'. The run has one effect, committed with its stored response,
// so a run that died left nothing and a resumed run simply starts over with the same id.
import { checkCreateRequest, type CheckoutSessionCreate, type CheckoutSessionResource, recordCheckoutSession } from '../domain/checkout-sessions.ts';
import { idempotentOperation, type IdempotentRequest } from '../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from './deps.ts';

export type CreateCheckoutSessionRecoveryPoint = 'started';

export const createCheckoutSessionOperation = idempotentOperation<CreateCheckoutSessionRecoveryPoint>('POST /checkout-sessions');

export async function createCheckoutSession(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: CheckoutSessionCreate; idempotent: IdempotentRequest;
}): Promise<CheckoutSessionResource> {
  const { merchant, request } = input;
  // A suspended merchant may create a session; its pay is what is held (docs/decisions.md).
  await checkCreateRequest(deps.sql, merchant.id, request);
  const scope = createCheckoutSessionOperation.scope(merchant.id, input.idempotent);
  return await createCheckoutSessionOperation.run(deps.idempotency, scope, (run) => recordCheckoutSession(deps, {
    id: run.resourceId,
    merchantId: merchant.id,
    request,
    lifetimeMinutes: deps.config.checkoutSessionLifetimeMinutes,
    now: new Date(deps.now()),
    commitWrites: (q, created) => [run.completion(q, created)],
  }));
}
