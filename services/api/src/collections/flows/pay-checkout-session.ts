// POST /checkout-sessions/{id}/pay (seed: CheckoutSessionPay): the payer pays a session with the
// session's token. The POST /collections steps (collections/collections.ts) with the session's amount,
// currency, reference and sub-merchant, and one more rule: a session is paid once.
//
//   1. the session the token opens (checkout_session_not_found otherwise);
//   2. the idempotent run; inside it (so a same-key replay answers the stored result whatever has
//      changed since: session completed, merchant suspended) the checks (checkPayRequest);
//   3. the session is claimed for this pay BEFORE the rail is called, so two pays can never both
//      reach a rail (claimSessionForPay, under the session's row lock);
//   4. rail initiation, then one write: the row, its event, the session's completion and the
//      stored response.
//
// Recovery points:
//   started          nothing effective: the key and the session are free again on failure.
//   session_claimed  written in the claim's transaction: from here the pay may reach the rail,
//                    so its record is never released and its claim never handed to another pay
//                    (checkout-sessions.ts claimIsAbandoned); only a retry with this key (same
//                    transaction id, which the rail answers as before) or the completer finishes
//                    it. A first run the rail refused for certain returns to 'started'.
import { type CheckoutSessionPay, type CheckoutSessionRow, checkPayRequest, claimSessionForPay, findSessionByToken, releaseSessionClaim, sessionCompletion, sessionNotPayable } from '../checkout-sessions.ts';
import { type CollectionRequest, type CollectionsDeps, initiateAndRecordCollection } from '../collections.ts';
import { Refusal } from '../../domain/outcomes.ts';
import { type TransactionResource, toTransactionResource } from '../transactions.ts';
import { type IdempotentRequest, type IdempotentRun, idempotentOperation } from '../../idempotency/idempotent.ts';
import { railFailureOf, railRefusedForCertain } from '../../rails/errors.ts';
import type { FlowDeps } from '../../flow-deps.ts';

export type PayCheckoutSessionRecoveryPoint = 'started' | 'session_claimed';

// keepRequest: the completer needs the request to finish a run whose client never retried.
export const payCheckoutSessionOperation = idempotentOperation<PayCheckoutSessionRecoveryPoint>('POST /checkout-sessions/{id}/pay', { keepRequest: true });

export async function payCheckoutSession(deps: FlowDeps, input: {
  sessionId: string; token: string; request: CheckoutSessionPay; idempotent: IdempotentRequest;
}): Promise<TransactionResource> {
  const session = await findSessionByToken(deps.sql, input.sessionId, input.token);
  const scope = payCheckoutSessionOperation.scope(session.merchant_id, input.idempotent);
  return await payCheckoutSessionOperation.run(deps.idempotency, scope, async (run) => {
    const request = await checkPayRequest(deps, session, input.request);
    return await payClaimedSession(deps, run, { session, request, now: new Date(deps.now()) });
  });
}

/**
 * Steps 3 and 4, for a run that has passed its checks, or is resumed (by the client's retry or
 * the completer, which does not check again: the payer may have been charged).
 */
export async function payClaimedSession(deps: CollectionsDeps, run: IdempotentRun<PayCheckoutSessionRecoveryPoint>, input: {
  session: CheckoutSessionRow; request: CollectionRequest; now: Date;
}): Promise<TransactionResource> {
  const { session, request } = input;
  const refusal = await claimSessionForPay(deps.sql, {
    sessionId: session.id,
    transactionId: run.resourceId,
    now: input.now,
    withinClaim: (tx) => run.setRecoveryPoint(tx, 'session_claimed'),
  });
  if (refusal) throw sessionNotPayable(refusal.refused);
  try {
    const row = await initiateAndRecordCollection(deps, {
      transactionId: run.resourceId,
      merchantId: session.merchant_id,
      request,
      checkoutSessionId: session.id,
      // The claim's recovery point (session_claimed) already says the rail may hold it: the
      // record is never released past it.
      onRailMayHoldIt: () => run.keepOnFailure(),
      createdAt: run.startedAt,
      resumed: run.resumed,
      commitWrites: (q, created) => [
        // The claim is held under the row lock from claim to here; losing it is a bug, never a 4xx.
        { name: `checkout session ${session.id} completion`, statement: sessionCompletion(q, session.id, created.id), expectOneRow: true },
        run.completion(q, toTransactionResource(created)),
      ],
    });
    return toTransactionResource(row);
  } catch (error) {
    // A first run the rail certainly refused (provider down, open breaker, decline) had no
    // effect: hand the session back and return the record to 'started' so the run releases the
    // key. Anything else keeps both, so only a retry with this key (same transaction id, which
    // the rail answers as before) can complete the session: after a rail timeout, or on a
    // resumed run, the rail may hold the payment under that id.
    if (error instanceof Refusal && railRefusedForCertain(railFailureOf(error.cause)) && run.recoveryPoint === 'started') {
      await releaseSessionClaim(deps.sql, {
        sessionId: session.id,
        transactionId: run.resourceId,
        withinRelease: (tx) => run.setRecoveryPoint(tx, 'started'),
      });
    }
    throw error;
  }
}
