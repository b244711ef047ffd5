// Runs one of the seed's seven idempotent operations under its Idempotency-Key:
//   first use      -> run the operation, store its result in the operation's own commit;
//   same payload   -> the stored original result (the effect is not repeated);
//   other payload  -> refused (idempotency_key_reused_with_different_request);
//   concurrent use -> wait for the first request, then its stored result;
//   crashed run    -> resume with the same pre-allocated ids (see idempotency-store.ts).
// A failure before any effect releases the key, so the client may retry with it.
//
// Every check that depends on the clock or on current state (a scheduled time in the future, a
// merchant or sub-merchant active, a split rule active, a wallet's destination usable) runs
// INSIDE the run, after the key is looked up, never before it (decision 0421): a replay answers
// the stored result whatever time has passed or state has changed, and a run resumed after its
// process died judges time rules at `requestedAt` (the key's first claim), not at the retry. A
// check that refuses inside the run releases the key as before (nothing was done), so an invalid
// request still never binds a key. Only pure checks of the payload (no clock, no database) may
// run before the claim.
//
// Each flow (src/flows/) declares its operation once with idempotentOperation<Point>(name),
// where Point is the closed union of its recovery points: how far a run got, written as it goes,
// read back by the run that resumes it.
import type { Queryable } from '../db/index.ts';
import type { CommitWrite } from '../db/write.ts';
import { requestSha256 } from './canonical-hash.ts';
import type { Claim, IdempotencyScope, IdempotencyStore } from './idempotency-store.ts';

type RunClaim = Exclude<Claim, { kind: 'replay' }>;

/** What a request brings to an idempotent operation (http/idempotent-request.ts reads it). */
export type IdempotentRequest = {
  /** The Idempotency-Key (presence and length are the OpenAPI validator's: 422 when missing). */
  key: string;
  /** The request path: part of the operation, so one key on two collections is a conflict. */
  path: string;
  /** The parsed body, hashed canonically (canonical-hash.ts). */
  body: unknown;
};

/** The point every run starts from: the key is claimed and nothing else is recorded. */
export type StartedPoint = 'started';

export type IdempotentRun<Point extends string = string> = {
  /** The id the operation gives the resource it creates: the same on every retry of this key. */
  resourceId: string;
  /** 'started' on a first run; how far a crashed earlier run got, on a resumed one. */
  recoveryPoint: Point | StartedPoint;
  /** True when this run took over the key of an earlier run that died (its lock lapsed). */
  resumed: boolean;
  /** The database's clock when this run claimed (or took over) the key, to the millisecond. */
  startedAt: Date;
  /**
   * When the request was made, for the checks that depend on the clock: `now` on a first run
   * (the app clock, which tests may pin), the key's first claim on a resumed run (the retry of a
   * run that died finishes the request as it was made, however late it comes).
   */
  requestedAt(nowMs: number): Date;
  setRecoveryPoint(q: Queryable, point: Point | StartedPoint): Promise<void>;
  /**
   * The effect may have begun (a rail may hold it under `resourceId`): if the operation then
   * fails, keep the record (unlocked) rather than release the key, so that only a retry with this
   * key, resuming with the same id, can finish it. In memory, for this process's own failure
   * path; what a later process must know is recorded with setRecoveryPoint.
   */
  keepOnFailure(): void;
  /** The effect was fully undone: forget the pre-allocated id (see IdempotencyStore.restart). */
  restart(q: Queryable): Promise<void>;
  /** The stored response, as one of the writes that commit the effect (db/write.ts). */
  completion(q: Queryable, data: unknown): CommitWrite;
};

/** One idempotent operation: its name (the seed's route) and its recovery points `Point`. */
export type IdempotentOperation<Point extends string> = {
  readonly name: string;
  /** The record's scope for `request` by `merchantId`. */
  scope(merchantId: string, request: IdempotentRequest): IdempotencyScope;
  /** Claims the key and runs `work` (or answers the stored result). */
  run<T>(store: IdempotencyStore, scope: IdempotencyScope, work: (run: IdempotentRun<Point>) => Promise<T>): Promise<T>;
  /** The completer's way in: see resumeIdempotent. */
  resume<T>(store: IdempotencyStore, scope: IdempotencyScope, work: (run: IdempotentRun<Point>) => Promise<T>): Promise<{ result: T } | null>;
};

/**
 * `keepRequest`: keep the request (sealed) while the run is in flight, for an operation the
 * completer can finish if the process dies and the client never retries (collection-completer.ts).
 */
export function idempotentOperation<Point extends string>(name: string, options: { keepRequest?: boolean } = {}): IdempotentOperation<Point> {
  return {
    name,
    scope: (merchantId, request) => ({
      merchantId,
      key: request.key,
      // The path is part of the operation: one key on two different collections is a conflict.
      operation: `${name} ${request.path}`,
      requestSha256: requestSha256(request.body),
      ...(options.keepRequest ? { request: request.body } : {}),
    }),
    run: (store, scope, work) => runIdempotent(store, scope, work),
    resume: (store, scope, work) => resumeIdempotent(store, scope, work),
  };
}

export async function runIdempotent<T, Point extends string = string>(store: IdempotencyStore, scope: IdempotencyScope,
  operation: (run: IdempotentRun<Point>) => Promise<T>): Promise<T> {
  const claim = await store.claim(scope);
  if (claim.kind === 'replay') return claim.body as T;
  return await execute(store, scope, claim, operation);
}

/**
 * For the completer, not for requests: takes over a run that died (lock lapsed, no response,
 * same payload) and runs `operation` as its resumed run; null when there is no such run to take
 * (finished meanwhile, resumed by the client, gone). Never starts a first run.
 */
export async function resumeIdempotent<T, Point extends string = string>(store: IdempotencyStore, scope: IdempotencyScope,
  operation: (run: IdempotentRun<Point>) => Promise<T>): Promise<{ result: T } | null> {
  const claim = await store.takeOver(scope);
  if (claim === null) return null;
  return { result: await execute(store, scope, claim, operation) };
}

async function execute<T, Point extends string>(store: IdempotencyStore, scope: IdempotencyScope, claim: RunClaim,
  operation: (run: IdempotentRun<Point>) => Promise<T>): Promise<T> {
  let keep = false;
  const run: IdempotentRun<Point> = {
    resourceId: claim.resourceId,
    // The record holds what this operation's runs wrote: one of its own points.
    recoveryPoint: claim.recoveryPoint as Point | StartedPoint,
    resumed: claim.kind === 'resume',
    keepOnFailure: () => { keep = true; },
    startedAt: claim.startedAt,
    requestedAt: (nowMs) => (claim.kind === 'resume' ? claim.firstClaimedAt : new Date(nowMs)),
    setRecoveryPoint: (q, point) => store.setRecoveryPoint(q, scope, point),
    restart: (q) => store.restart(q, scope),
    completion: (q, data) => ({ name: 'stored response', statement: store.completion(q, scope, 200, data), expectOneRow: true }),
  };
  try {
    return await operation(run);
  } catch (error) {
    await (keep ? store.unlock(scope) : store.release(scope));
    throw error;
  }
}
