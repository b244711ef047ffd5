// Shared by the crash tests of idempotent runs: a crash is a thrown SimulatedCrash at the step a
// real process would die at; the claim and the operation's recorded name are read from the store.
import type { IdempotencyScope } from '../../src/idempotency/idempotency-store.ts';
import type { TestService } from '../helpers/service.ts';

export class SimulatedCrash extends Error {}

/** A commit step that never commits: the process "died" at the final commit. */
export const crashAtCommit = (): never => { throw new SimulatedCrash('process died at the final commit'); };

/** The operation the server recorded for `ownerId`'s request under `key` (route and path). */
export async function operationOf(service: TestService, ownerId: string, key: string): Promise<string> {
  const [row] = await service.sql<{ operation: string }[]>`select operation from idempotency_keys where merchant_id = ${ownerId} and key = ${key}`;
  return row!.operation;
}

/** A first run's claim, as the request's own (its sealed request kept when the operation keeps it). */
export async function claimFirstRun(service: TestService, scope: IdempotencyScope) {
  const claim = await service.runtime.idempotency.claim(scope);
  if (claim.kind !== 'run') throw new Error(`expected a first run, got ${claim.kind}`);
  return claim;
}
