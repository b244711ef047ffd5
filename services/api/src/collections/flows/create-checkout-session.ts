// POST /checkout-sessions (seed: CheckoutSessionCreate): a hosted checkout session and its
// payer token. The smallest flow: copy this file to start a new one (CONTRIBUTING.md).
//
//   1. the idempotent run: a replay answers the stored session (its token included, sealed),
//      even after its sub-merchant or split rule changed (decision 0421);
//   2. inside it, the checks (currency known, sub-merchant of this merchant, split rule active):
//      a refusal releases the key, so an invalid request never binds it;
//   3. one write (db/write.ts): the session row and the stored response together.
//
// Recovery points: only 'started'. The run has one effect, committed with its stored response,
// so a run that died left nothing and a resumed run simply starts over with the same id.
import { checkCreateRequest, type CheckoutSessionCreate, type CheckoutSessionResource, recordCheckoutSession } from '../checkout-sessions.ts';
import { idempotentOperation, type IdempotentRequest } from '../../idempotency/idempotent.ts';
import type { ActingMerchant, FlowDeps } from '../../flow-deps.ts';

export type CreateCheckoutSessionRecoveryPoint = 'started';

export const createCheckoutSessionOperation = idempotentOperation<CreateCheckoutSessionRecoveryPoint>('POST /checkout-sessions');

export async function createCheckoutSession(deps: FlowDeps, input: {
  merchant: ActingMerchant; request: CheckoutSessionCreate; idempotent: IdempotentRequest;
  /** checkout_url's base (http/checkout-page.ts publicBaseUrlFor). */
  publicBaseUrl: string;
}): Promise<CheckoutSessionResource> {
  const { merchant, request } = input;
  // A suspended merchant may create a session; its pay is what is held (docs/decisions/0104-checkout-token.md).
  const scope = createCheckoutSessionOperation.scope(merchant.id, input.idempotent);
  return await createCheckoutSessionOperation.run(deps.idempotency, scope, async (run) => {
    await checkCreateRequest(deps.sql, merchant.id, request);
    return await recordCheckoutSession(deps, {
      id: run.resourceId,
      merchantId: merchant.id,
      request,
      lifetimeMinutes: deps.config.checkoutSessionLifetimeMinutes,
      now: new Date(deps.now()),
      publicBaseUrl: input.publicBaseUrl,
      commitWrites: (q, created) => [run.completion(q, created)],
    });
  });
}
