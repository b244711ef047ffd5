// Runs one of the seed's seven idempotent operations under its Idempotency-Key:
//   first use      -> run `operation`, store its result in the operation's own commit;
//   same payload   -> the stored original result (the effect is not repeated);
//   other payload  -> 409 IDEMPOTENCY_CONFLICT;
//   concurrent use -> wait for the first request, then its stored result;
//   crashed run    -> resume with the same pre-allocated ids (see idempotency-store.ts).
// A failure before any effect releases the key, so the client may retry with it.
import type { Request } from 'express';
import type { PendingQuery, Queryable } from '../db/index.ts';
import { requestSha256 } from './canonical-hash.ts';
import type { Claim, IdempotencyScope, IdempotencyStore } from './idempotency-store.ts';

type RunClaim = Exclude<Claim, { kind: 'replay' }>;

export const idempotency_key_header = 'idempotency-key';

export type IdempotentRun = {
  /** The id the operation gives the resource it creates: the same on every retry of this key. */
  resourceId: string;
  /** 'started' on a first run; how far a crashed earlier run got, on a resumed one. */
  recoveryPoint: string;
  /** True when this run took over the key of an earlier run that died (its lock lapsed). */
  resumed: boolean;
  /** The database's clock when this run claimed (or took over) the key, to the millisecond. */
  startedAt: Date;
  setRecoveryPoint(q: Queryable, point: string): Promise<void>;
  /**
   * The effect may have begun (a rail may hold it under `resourceId`): if the operation then
   * fails, keep the record (unlocked) rather than release the key, so that only a retry with this
   * key, resuming with the same id, can finish it. In memory, for this process's own failure
   * path; what a later process must know is recorded with setRecoveryPoint.
   */
  keepOnFailure(): void;
  /** The effect was fully undone: forget the pre-allocated id (see IdempotencyStore.restart). */
  restart(q: Queryable): Promise<void>;
  /** Stores the response; call inside the database transaction that commits the effect. */
  complete(q: Queryable, data: unknown): Promise<void>;
  /** The same write as `complete`, unsent, for a one-statement commit (db/single-statement-commit.ts). */
  completion(data: unknown): PendingQuery;
};

/**
 * `keepRequest`: keep the request (sealed) while the run is in flight, for an operation the
 * completer can finish if the process dies and the client never retries (collection-completer.ts).
 */
export function idempotencyScope(req: Request, merchantId: string, operation: string, options: { keepRequest?: boolean } = {}): IdempotencyScope {
  return {
    merchantId,
    // Presence and length are enforced by the OpenAPI validator (422 when missing).
    key: req.get(idempotency_key_header) ?? '',
    // The path is part of the operation: one key on two different collections is a conflict.
    operation: `${operation} ${req.path}`,
    requestSha256: requestSha256(req.body),
    ...(options.keepRequest ? { request: req.body as unknown } : {}),
  };
}

export async function runIdempotent<T>(store: IdempotencyStore, scope: IdempotencyScope,
  operation: (run: IdempotentRun) => Promise<T>): Promise<T> {
  const claim = await store.claim(scope);
  if (claim.kind === 'replay') return claim.body as T;
  return await execute(store, scope, claim, operation);
}

/**
 * For the completer, not for requests: takes over a run that died (lock lapsed, no response,
 * same payload) and runs `operation` as its resumed run; null when there is no such run to take
 * (finished meanwhile, resumed by the client, gone). Never starts a first run.
 */
export async function resumeIdempotent<T>(store: IdempotencyStore, scope: IdempotencyScope,
  operation: (run: IdempotentRun) => Promise<T>): Promise<{ result: T } | null> {
  const claim = await store.takeOver(scope);
  if (claim === null) return null;
  return { result: await execute(store, scope, claim, operation) };
}

async function execute<T>(store: IdempotencyStore, scope: IdempotencyScope, claim: RunClaim,
  operation: (run: IdempotentRun) => Promise<T>): Promise<T> {
  let keep = false;
  const run: IdempotentRun = {
    resourceId: claim.resourceId,
    recoveryPoint: claim.recoveryPoint,
    resumed: claim.kind === 'resume',
    keepOnFailure: () => { keep = true; },
    startedAt: claim.startedAt,
    setRecoveryPoint: (q, point) => store.setRecoveryPoint(q, scope, point),
    restart: (q) => store.restart(q, scope),
    complete: (q, data) => store.complete(q, scope, 200, data),
    completion: (data) => store.completion(scope, 200, data),
  };
  try {
    return await operation(run);
  } catch (error) {
    await (keep ? store.unlock(scope) : store.release(scope));
    throw error;
  }
}
