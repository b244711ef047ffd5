// The completer (the name Stripe gives it in its idempotency design): finishes the runs of
// POST /collections and POST /checkout-sessions/{id}/pay whose process died after the rail may
// have accepted the collection and whose client never came back with the same key. Without it the
// payer's money sits at the rail with no transaction row (and a pay's session stays claimed), and
// the rail's outcome is given up after the worker's retries.
//
// A run qualifies when its record has no response, still holds its request (sealed; migration
// 0006) and its lock lapsed at least `idleMs` ago (default 5 minutes: a client's own retry, which
// resumes the run itself, comes well before). For each, as its resumed run (taking the lock, so a
// client's retry arriving now waits for it and then gets the stored result), the rail is asked
// whether it holds the collection under the run's transaction id (findCollection):
//   - it does: the collection is recorded (for a pay, the session completed) and the response
//     stored exactly as a client's retry would have done (the rail answers the initiation as the
//     first time; a given-up outcome is sent again), whatever has changed since: the payer may
//     have been charged;
//   - it holds nothing: the run had no effect; the record is deleted and the key is free again
//     (a pay's session is handed back, open for another pay). The completer never initiates a
//     collection the client has stopped asking for.
// A rail that is down leaves the record as it was, for the next pass.
//
// A run the rail holds but that cannot be recorded (the recording fails on every pass: data no
// column can hold that got in before it was refused at the edge, or any other lasting fault)
// must still end somewhere definite: after `completerFailedPassesMax` failed passes the
// completer reverses the payment at the rail (connector.reverseCollection: the payer gets the
// money back), records it in rail_reconciliation (migration 0008: what, when, why, rail, provider
// references, amount), logs it once, and frees the run as the released case does (a pay's session
// is handed back): no pass looks at it again (decision 0022).
import { createCollectionOperation } from './flows/create-collection.ts';
import type { IdempotentRun } from '../idempotency/idempotent.ts';
import { payCheckoutSessionOperation, payClaimedSession } from './flows/pay-checkout-session.ts';
import type { IdempotencyStore, UnfinishedRun } from '../idempotency/idempotency-store.ts';
import type { Logger } from '../log.ts';
import type { Rail } from '../rails/types.ts';
import { type CheckoutSessionPay, findSession, payCollectionRequest, releaseSessionClaim } from './checkout-sessions.ts';
import { type CollectionRequest, type CollectionsDeps, initiateAndRecordCollection } from './collections.ts';
import { countFailedPass, forgetFailedPasses, railReversalRecorded, recordRailReversal } from './rail-reconciliation.ts';
import { toTransactionResource } from './transactions.ts';

/** How long a run's lock must have lapsed before the completer takes it (a client retry comes first). */
export const completerIdleMsDefault = 5 * 60_000;
/**
 * How far back, before `idleMs`, each pass looks for claims (the scan is a range of the expiry
 * index, so its cost grows with it). Passes run every minute: a run is looked at for this long.
 */
export const completerWindowMsDefault = 15 * 60_000;
/** Runs finished per pass at most; the rest wait for the next pass. */
export const completerBatchMax = 100;
/**
 * Passes that failed to record a run the rail holds before the completer reverses it at the
 * rail. Passes run every minute, so this is about 5 minutes after the first failure, well inside
 * completerWindowMsDefault (a run leaves the window after about 15 passes).
 */
export const completerFailedPassesMax = 5;

const collectionsOperationPrefix = 'POST /collections ';
const payOperationPrefix = 'POST /checkout-sessions/{id}/pay ';
// The operation records the path: `POST /checkout-sessions/{id}/pay /v1/checkout-sessions/<id>/pay`.
const paySessionIdPattern = /\/checkout-sessions\/([0-9a-f-]{36})\/pay$/i;

export type CompleterDeps = CollectionsDeps & { idempotency: IdempotencyStore; logger: Logger };
export type CompleterSummary = { found: number; completed: number; released: number; reversed: number; skipped: number; failed: number };
export type RunEnd = 'completed' | 'released' | 'reversed' | 'skipped';

export async function completeAbandonedCollections(deps: CompleterDeps, options: { idleMs?: number; windowMs?: number; now?: number } = {}): Promise<CompleterSummary> {
  const idleMs = options.idleMs ?? completerIdleMsDefault;
  const windowMs = options.windowMs ?? completerWindowMsDefault;
  const now = options.now ?? Date.now();
  const list = (operationPrefix: string) => deps.idempotency.unfinished({
    operationPrefix,
    idleMs,
    claimedAfter: new Date(now - idleMs - windowMs),
    claimedBefore: new Date(now - idleMs),
    limit: completerBatchMax,
  });
  const runs = [...await list(collectionsOperationPrefix), ...await list(payOperationPrefix)];
  const summary: CompleterSummary = { found: runs.length, completed: 0, released: 0, reversed: 0, skipped: 0, failed: 0 };
  for (const found of runs) {
    try {
      summary[found.scope.operation.startsWith(payOperationPrefix) ? await completePay(deps, found) : await completeCollection(deps, found)] += 1;
    } catch (error) {
      summary.failed += 1;
      deps.logger.error('completer could not finish an abandoned collection; retrying next pass', {
        merchant_id: found.scope.merchantId, transaction_id: found.resourceId, error: (error as Error).message,
      });
    }
  }
  return summary;
}

/** One collection run (also the run finisher's way to finish one, run-finisher.ts). */
export async function completeCollection(deps: CompleterDeps, found: UnfinishedRun): Promise<RunEnd> {
  const request = found.scope.request as CollectionRequest;
  const resumed = await createCollectionOperation.resume(deps.idempotency, found.scope, async (run) => {
    // Whatever fails from here, the record stays: only a rail that answers "nothing" frees it.
    run.keepOnFailure();
    const held = await deps.rails.findCollectionAnywhere(request.rail, run.resourceId);
    if (held === null) {
      await deps.idempotency.abandon(found.scope);
      deps.logger.warn('completer released an abandoned collection request the rail never accepted', {
        merchant_id: found.scope.merchantId, transaction_id: run.resourceId,
      });
      return 'released' as const;
    }
    let row;
    try {
      row = await initiateAndRecordCollection(deps, {
        transactionId: run.resourceId,
        merchantId: found.scope.merchantId,
        request,
        checkoutSessionId: null,
        createdAt: run.startedAt,
        resumed: true,
        onRailMayHoldIt: () => {},
        commitWrites: (q, created) => [
          run.completion(q, toTransactionResource(created)),
        ],
      });
    } catch (error) {
      return await recordingFailed(deps, found, run, { rail: request.rail, checkoutSessionId: null, error });
    }
    await forgetFailedPasses(deps.sql, run.resourceId);
    deps.logger.warn('completer recorded a collection whose request died after the rail accepted it', {
      merchant_id: found.scope.merchantId, transaction_id: row.id,
    });
    return 'completed' as const;
  });
  // Finished, resumed by its client, or gone since it was listed.
  return resumed === null ? 'skipped' : resumed.result;
}

/** A pay's run: the same, with its session (completed with the collection, or handed back). */
export async function completePay(deps: CompleterDeps, found: UnfinishedRun): Promise<RunEnd> {
  const sessionId = paySessionIdPattern.exec(found.scope.operation)?.[1];
  const session = sessionId === undefined ? null : await findSession(deps.sql, sessionId);
  if (session === null) throw new Error(`no checkout session in the pay operation "${found.scope.operation}"`);
  const pay = found.scope.request as CheckoutSessionPay;
  const resumed = await payCheckoutSessionOperation.resume(deps.idempotency, found.scope, async (run) => {
    run.keepOnFailure();
    const held = await deps.rails.findCollectionAnywhere(pay.rail, run.resourceId);
    if (held === null) {
      // Handed back only if this pay still holds it; the record back to 'started' in the same
      // transaction (as a pay refused by the rail does), then forgotten.
      await releaseSessionClaim(deps.sql, { sessionId: session.id, transactionId: run.resourceId, withinRelease: (tx) => run.setRecoveryPoint(tx, 'started') });
      await deps.idempotency.abandon(found.scope);
      deps.logger.warn('completer released an abandoned checkout pay the rail never accepted', {
        merchant_id: found.scope.merchantId, checkout_session_id: session.id, transaction_id: run.resourceId,
      });
      return 'released' as const;
    }
    // As the pay's own retry would: its claim stands even past expires_at; the checks the pay
    // made before reaching the rail are not made again (the payer may have been charged).
    let transaction;
    try {
      transaction = await payClaimedSession(deps, run, { session, request: payCollectionRequest(session, pay), now: new Date() });
    } catch (error) {
      return await recordingFailed(deps, found, run, { rail: pay.rail, checkoutSessionId: session.id, error });
    }
    await forgetFailedPasses(deps.sql, run.resourceId);
    deps.logger.warn('completer recorded a checkout pay whose request died after the rail accepted it', {
      merchant_id: found.scope.merchantId, checkout_session_id: session.id, transaction_id: transaction.id,
    });
    return 'completed' as const;
  });
  return resumed === null ? 'skipped' : resumed.result;
}

/**
 * Recording a run the rail holds failed on this pass. Below completerFailedPassesMax the
 * failure is counted and rethrown (the run is kept for the next pass); at the limit the payment
 * is reversed at the rail, recorded for reconciliation and logged once, and the run is freed (a
 * pay's session handed back), so no pass comes back to it. Every step may be repeated, so a pass
 * that dies (or a rail down for the reversal) at any point is finished by the next one: the
 * count is kept until the reversal is recorded; the reversal is idempotent at the rail (and a
 * re-initiation of it declined, so the recording attempt fails again); a recorded reversal goes
 * straight to freeing the run.
 */
async function recordingFailed(deps: CompleterDeps, found: UnfinishedRun, run: IdempotentRun, input: {
  rail: Rail; checkoutSessionId: string | null; error: unknown;
}): Promise<'reversed'> {
  const message = input.error instanceof Error ? input.error.message : String(input.error);
  const merchantId = found.scope.merchantId;
  // Reversed and recorded by a pass that died before freeing the run: only the freeing is left
  // (the rail answers the reversal again; nothing is recorded or logged twice).
  const reversedBefore = await railReversalRecorded(deps.sql, run.resourceId);
  const failedPasses = reversedBefore ? completerFailedPassesMax : await countFailedPass(deps.sql, { transactionId: run.resourceId, merchantId, error: message });
  if (failedPasses < completerFailedPassesMax) throw input.error;

  const reason = `the service could not record the collection on ${failedPasses} completer passes: ${message}`;
  // At the provider that holds it (several may serve the rail: decision 0641).
  const holder = deps.rails.providersOfRail(input.rail).length > 1 ? await deps.rails.findCollectionAnywhere(input.rail, run.resourceId) : null;
  const reversal = await deps.rails.connectorFor(input.rail, holder?.provider).reverseCollection({
    transactionId: run.resourceId, reason: 'the merchant\'s service could not record the payment',
  });
  const recordedNow = await recordRailReversal(deps.sql, {
    transactionId: run.resourceId, merchantId, checkoutSessionId: input.checkoutSessionId, rail: input.rail, reversal, failedPasses, reason,
  });
  if (input.checkoutSessionId !== null) {
    await releaseSessionClaim(deps.sql, { sessionId: input.checkoutSessionId, transactionId: run.resourceId, withinRelease: (tx) => run.setRecoveryPoint(tx, 'started') });
  }
  await deps.idempotency.abandon(found.scope);
  if (recordedNow) {
    deps.logger.error('completer reversed at the rail a payment it could not record; see rail_reconciliation', {
      merchant_id: merchantId, transaction_id: run.resourceId, checkout_session_id: input.checkoutSessionId ?? undefined,
      rail: input.rail, provider_reference: reversal.collectionProviderReference, reversal_reference: reversal.providerReference,
      amount: reversal.amount, currency: reversal.currency, failed_passes: failedPasses, error: message,
    });
  }
  return 'reversed';
}
