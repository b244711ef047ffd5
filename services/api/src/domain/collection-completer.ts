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
import { createCollectionOperation } from '../flows/create-collection.ts';
import { payCheckoutSessionOperation, payClaimedSession } from '../flows/pay-checkout-session.ts';
import type { IdempotencyStore, UnfinishedRun } from '../idempotency/idempotency-store.ts';
import type { Logger } from '../log.ts';
import { type CheckoutSessionPay, findSession, payCollectionRequest, releaseSessionClaim } from './checkout-sessions.ts';
import { type CollectionRequest, type CollectionsDeps, initiateAndRecordCollection } from './collections.ts';
import { toTransactionResource } from './transactions.ts';

/** How long a run's lock must have lapsed before the completer takes it (a client retry comes first). */
export const completer_idle_ms_default = 5 * 60_000;
/**
 * How far back, before `idleMs`, each pass looks for claims (the scan is a range of the expiry
 * index, so its cost grows with it). Passes run every minute: a run is looked at for this long.
 */
export const completer_window_ms_default = 15 * 60_000;
/** Runs finished per pass at most; the rest wait for the next pass. */
export const completer_batch_max = 100;

const collections_operation_prefix = 'POST /collections ';
const pay_operation_prefix = 'POST /checkout-sessions/{id}/pay ';
// The operation records the path: `POST /checkout-sessions/{id}/pay /v1/checkout-sessions/<id>/pay`.
const pay_session_id = /\/checkout-sessions\/([0-9a-f-]{36})\/pay$/i;

export type CompleterDeps = CollectionsDeps & { idempotency: IdempotencyStore; logger: Logger };
export type CompleterSummary = { found: number; completed: number; released: number; skipped: number; failed: number };

export async function completeAbandonedCollections(deps: CompleterDeps, options: { idleMs?: number; windowMs?: number; now?: number } = {}): Promise<CompleterSummary> {
  const idleMs = options.idleMs ?? completer_idle_ms_default;
  const windowMs = options.windowMs ?? completer_window_ms_default;
  const now = options.now ?? Date.now();
  const list = (operationPrefix: string) => deps.idempotency.unfinished({
    operationPrefix,
    idleMs,
    claimedAfter: new Date(now - idleMs - windowMs),
    claimedBefore: new Date(now - idleMs),
    limit: completer_batch_max,
  });
  const runs = [...await list(collections_operation_prefix), ...await list(pay_operation_prefix)];
  const summary: CompleterSummary = { found: runs.length, completed: 0, released: 0, skipped: 0, failed: 0 };
  for (const found of runs) {
    try {
      summary[found.scope.operation.startsWith(pay_operation_prefix) ? await completePay(deps, found) : await completeCollection(deps, found)] += 1;
    } catch (error) {
      summary.failed += 1;
      deps.logger.error('completer could not finish an abandoned collection; retrying next pass', {
        merchant_id: found.scope.merchantId, transaction_id: found.resourceId, error: (error as Error).message,
      });
    }
  }
  return summary;
}

async function completeCollection(deps: CompleterDeps, found: UnfinishedRun): Promise<'completed' | 'released' | 'skipped'> {
  const request = found.scope.request as CollectionRequest;
  const resumed = await createCollectionOperation.resume(deps.idempotency, found.scope, async (run) => {
    // Whatever fails from here, the record stays: only a rail that answers "nothing" frees it.
    run.keepOnFailure();
    const held = await deps.rails.connectorFor(request.rail).findCollection(run.resourceId);
    if (held === null) {
      await deps.idempotency.abandon(found.scope);
      deps.logger.warn('completer released an abandoned collection request the rail never accepted', {
        merchant_id: found.scope.merchantId, transaction_id: run.resourceId,
      });
      return 'released' as const;
    }
    const row = await initiateAndRecordCollection(deps, {
      transactionId: run.resourceId,
      merchantId: found.scope.merchantId,
      request,
      checkoutSessionId: null,
      createdAt: run.startedAt,
      resumed: true,
      onRailMayHoldIt: () => {},
      commitWrites: (q, created) => [run.completion(q, toTransactionResource(created))],
    });
    deps.logger.warn('completer recorded a collection whose request died after the rail accepted it', {
      merchant_id: found.scope.merchantId, transaction_id: row.id,
    });
    return 'completed' as const;
  });
  // Finished, resumed by its client, or gone since it was listed.
  return resumed === null ? 'skipped' : resumed.result;
}

/** A pay's run: the same, with its session (completed with the collection, or handed back). */
async function completePay(deps: CompleterDeps, found: UnfinishedRun): Promise<'completed' | 'released' | 'skipped'> {
  const sessionId = pay_session_id.exec(found.scope.operation)?.[1];
  const session = sessionId === undefined ? null : await findSession(deps.sql, sessionId);
  if (session === null) throw new Error(`no checkout session in the pay operation "${found.scope.operation}"`);
  const pay = found.scope.request as CheckoutSessionPay;
  const resumed = await payCheckoutSessionOperation.resume(deps.idempotency, found.scope, async (run) => {
    run.keepOnFailure();
    const held = await deps.rails.connectorFor(pay.rail).findCollection(run.resourceId);
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
    const transaction = await payClaimedSession(deps, run, { session, request: payCollectionRequest(session, pay), now: new Date() });
    deps.logger.warn('completer recorded a checkout pay whose request died after the rail accepted it', {
      merchant_id: found.scope.merchantId, checkout_session_id: session.id, transaction_id: transaction.id,
    });
    return 'completed' as const;
  });
  return resumed === null ? 'skipped' : resumed.result;
}
