// State changes that take an optional Idempotency-Key (decision 0422): escrow release and return,
// delivery confirmation, payout cancel, dispute resolve, split-rule deactivate, sub-merchant
// suspend and reactivate, and the sandbox dispute helper. Without a key they run as before. With
// one, the first answer is stored and a retry with the key answers it, whatever the resource has
// become since; so a client whose answer was lost can retry without getting 409
// ESCROW_HOLD_NOT_HELD for its own release.
//
// These operations commit their effect in their own transaction (domain code), and the stored
// answer is written right after it. A process that dies between the two leaves the record
// unfinished: the retry takes it over (its lock lapsed) and, before running the change again,
// asks `reached` whether the resource is already in the state the change produces; if so the
// change is done and the retry answers the resource as it is now (and stores that). A refusal
// before any effect releases the key, as for the seed's operations; any other failure (the
// database did not answer) keeps the record, unlocked, for such a retry.
import { randomUUID } from 'node:crypto';
import { isRefusal } from '../domain/outcomes.ts';
import { type IdempotentOperation, type IdempotentRequest, idempotentOperation } from './idempotent.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import type { Sql } from '../db/index.ts';

export type KeyedTransition<T> = {
  /** The operation (its name is the route; the path and body bind the key as for the seed's). */
  operation: IdempotentOperation<'started'>;
  /**
   * The change itself: returns the answer's `data` (the API resource: it is stored as JSON).
   * `resourceId` is the key's pre-allocated id, the same on every retry with the key (a random
   * one without a key): the id of what a creating operation creates. `idempotency` names the
   * key's record (null without a key), for a change that reserves money under a hold intent
   * (hold-intents.ts): abandoning the intent then forgets the record too.
   */
  change: (resourceId: string, idempotency: { scopeId: string; key: string } | null) => Promise<T>;
  /**
   * On a run that resumes one which died: the resource when it is already in the state `change`
   * produces (the dead run's change committed, its answer did not), else null.
   */
  reached?: (resourceId: string) => Promise<T | null>;
};

/**
 * The operation of one keyed transition, named for its route (keyed-transition.ts). The request
 * is kept (sealed) while the run is in flight: the run finisher (jobs/run-finisher.ts) reads it
 * to tell whether a dead run's change committed (a dispute resolved to the asked outcome).
 */
export function transitionOperation(route: string): IdempotentOperation<'started'> {
  return idempotentOperation<'started'>(route, { keepRequest: true });
}

/**
 * Runs `transition` under `request`'s key for `ownerId` (merchant or partner), or without one when
 * the client sent none (`request` null).
 */
export async function runKeyedTransition<T>(deps: { idempotency: IdempotencyStore; sql: Sql }, ownerId: string,
  request: IdempotentRequest | null, transition: KeyedTransition<T>): Promise<T> {
  const store = deps.idempotency;
  if (request === null) return await transition.change(randomUUID(), null);
  const { operation } = transition;
  const scope = operation.scope(ownerId, request);
  return await operation.run(store, scope, async (run) => {
    let result: T | null = null;
    if (run.resumed && transition.reached) result = await transition.reached(run.resourceId);
    if (result === null) {
      try {
        result = await transition.change(run.resourceId, { scopeId: scope.merchantId, key: scope.key });
      } catch (error) {
        // A refusal changed nothing: the run releases the key. Anything else may have committed.
        // A route's own 4xx (ApiError: a 404 or 422 of its lookup) is a refusal too.
        if (!isRefusal(error) && !isClientError(error)) run.keepOnFailure();
        throw error;
      }
    }
    // From here the change is done: a failure to store the answer keeps the record, so that a
    // retry finds the change through `reached` instead of running it again.
    run.keepOnFailure();
    const { statement } = run.completion(deps.sql, result);
    const stored = await statement;
    if (stored.length !== 1) throw new Error(`idempotency record of ${operation.name} vanished before its answer was stored`);
    return result;
  });
}

/**
 * A route's own 4xx (http/errors.ts ApiError: a 404 or 422 of its lookup), recognised by its
 * numeric status so that idempotency/ needs nothing of http/ (tidy.test.ts: layers).
 */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
