// The run finisher (decision 0470): the generalised completer. Every idempotency record whose run
// died and whose client never came back ends, without any client retry, within a bounded time
// after its lock lapsed (docs/jobs.md `idempotency.finish_unfinished`): it is FINISHED (the
// effect exists: the run is resumed through its flow's own operation, with the sealed request,
// as the client's retry would have resumed it, and the answer stored) or FORGOTTEN (nothing
// happened, or what happened was undone: the record is deleted and the key is free again). After
// it, a replay with the key answers what a completed first request would have answered: the
// stored answer, or, for a forgotten run, the first run of the request.
//
// Every idempotent operation is listed in `finishers` (a run of an operation not listed is a bug:
// it is logged and left); what an unfinished run means differs by operation:
//   - collection and checkout pay: the rail may hold the payment: collection-completer.ts asks it;
//   - partner deposit and transfer: the ledger transfer is posted before the row commits: when
//     the ledger holds it (one transfer, or a conversion's two legs when a rate lock is used) the
//     flow is resumed and records it (the ledger answers `exists`); otherwise forgotten;
//   - refund: the refund row and its hold commit before the rail call: when the row exists the
//     flow is resumed (the rail answers as before for the same refund id), otherwise forgotten;
//   - payout, bulk payout, partner withdrawal, checkout session, sub-merchant, partner wallet:
//     the effect commits with the stored answer, so an unfinished run created nothing; it is
//     forgotten, its hold intent (if any) abandoned and its holds voided first (as the hold
//     sweeper would; a slow original run then fails at its commit gate);
//   - keyed transitions (keyed-transition.ts): when the resource is in the state the change
//     produces (a dispute opened under the run's id, a rule created, a hold released or returned,
//     a dispute resolved to the asked outcome) the answer is stored; otherwise forgotten (the
//     sandbox dispute's hold intent abandoned first: it names no idempotency record, so the hold
//     sweeper does not forget it). Transitions that answer their resource as it is when repeated
//     (payout cancel, rule deactivate, delivery confirmation, sub-merchant suspend and reactivate)
//     are forgotten: a retry runs the change again and answers the resource as it is, which is
//     what the first request answered.
//
// Several workers may run it at once: each run is taken over (IdempotencyStore.takeOver) by one
// only, and a run resumed through its flow goes through a store that resumes and never claims a
// fresh key (resumeOnly): a run forgotten meanwhile is skipped, never started again.
import { abandonHoldIntent } from '../domain/hold-intents.ts';
import { isRefusal } from '../domain/outcomes.ts';
import { completeCollection, completePay, type RunEnd } from '../collections/collection-completer.ts';
import { getDispute, toDisputeResource } from '../collections/disputes/disputes.ts';
import { getEscrowHold, toEscrowHoldResource } from '../collections/splits/escrow-holds.ts';
import { getSplitRule, toSplitRuleResource } from '../collections/splits/split-rules.ts';
import { fxConversionIdOf } from '../fx/fx-conversions.ts';
import { createdEndpointAnswer } from '../webhooks/endpoints.ts';
import { idFromUuid } from '@payagg/ledger';
import type { FlowDeps } from '../flow-deps.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { createCollectionOperation } from '../collections/flows/create-collection.ts';
import { payCheckoutSessionOperation } from '../collections/flows/pay-checkout-session.ts';
import { createPartnerDeposit, createPartnerDepositOperation } from '../partner-wallets/flows/create-partner-deposit.ts';
import { createPartnerTransfer, createPartnerTransferOperation } from '../partner-wallets/flows/create-partner-transfer.ts';
import { refundCollection, refundCollectionOperation } from '../collections/flows/refund-collection.ts';
import { createPayoutOperation } from '../payouts/flows/create-payout.ts';
import { createPayoutBatchOperation } from '../payouts/flows/create-payout-batch.ts';
import { createPartnerWithdrawalOperation } from '../partner-wallets/flows/create-partner-withdrawal.ts';
import { createCheckoutSessionOperation } from '../collections/flows/create-checkout-session.ts';
import { createSubMerchantOperation } from '../sub-merchants/flows/create-sub-merchant.ts';
import { createPartnerWalletOperation } from '../partner-wallets/flows/create-partner-wallet.ts';
import { resumeIdempotent } from '../idempotency/idempotent.ts';
import type { IdempotencyStore, UnfinishedRun } from '../idempotency/idempotency-store.ts';
import type { PartnerDepositCreate, PartnerTransferCreate } from '../partner-wallets/partner-movements.ts';
import type { RefundRequest } from '../collections/refunds.ts';
import { conversionTransferIds } from '../fx/ledger-conversions.ts';

/**
 * How long a run's lock must have lapsed before the finisher takes it: a client's own retry,
 * which resumes the run itself, comes well before. With the lock (IDEMPOTENCY_LOCK_MS, 30 s by
 * default) and a pass every minute, a record is finished or forgotten at most
 * lock + finisherIdleMsDefault + 1 minute after its last claim (docs/jobs.md).
 */
export const finisherIdleMsDefault = 5 * 60_000;
/** Runs finished per pass at most; the rest wait for the next pass (oldest first). */
export const finisherBatchMax = 100;

/** A flow's deps and the secret box (a keyed webhook creation's answer carries its sealed secret). */
export type FinisherDeps = FlowDeps & { secretBox: SecretBox };
export type FinisherSummary = { found: number; completed: number; released: number; reversed: number; skipped: number; failed: number; unknown: number };

type Finisher = (deps: FinisherDeps, found: UnfinishedRun, path: string) => Promise<RunEnd>;

/** The operations' own route templates, by the name the record's operation starts with. */
const finishers: readonly { name: string; finish: Finisher }[] = [
  { name: createCollectionOperation.name, finish: (deps, found) => completeCollection(deps, found) },
  { name: payCheckoutSessionOperation.name, finish: (deps, found) => completePay(deps, found) },
  { name: createPartnerDepositOperation.name, finish: finishPartnerDeposit },
  { name: createPartnerTransferOperation.name, finish: finishPartnerTransfer },
  { name: refundCollectionOperation.name, finish: finishRefund },
  ...[createPayoutOperation, createPayoutBatchOperation, createPartnerWithdrawalOperation, createCheckoutSessionOperation,
    createSubMerchantOperation, createPartnerWalletOperation].map((operation) => ({
    name: operation.name, finish: ((deps, found) => forget(deps, found, operation)) as Finisher,
  })),
  { name: 'POST /sandbox/disputes', finish: (deps, found) => finishTransition(deps, found, async () => {
    const [opened] = await deps.sql<{ id: string }[]>`select id from disputes where id = ${found.resourceId} and merchant_id = ${found.scope.merchantId}`;
    return opened ? toDisputeResource(await getDispute(deps.sql, found.scope.merchantId, found.resourceId)) : null;
  }) },
  { name: 'POST /sandbox/disputes/{id}/resolve', finish: (deps, found, path) => finishTransition(deps, found, async () => {
    const dispute = await getDispute(deps.sql, found.scope.merchantId, idIn(path, 'POST /sandbox/disputes/{id}/resolve'));
    return dispute.status === (found.scope.request as { outcome?: string } | undefined)?.outcome ? toDisputeResource(dispute) : null;
  }) },
  { name: 'POST /split-rules', finish: (deps, found) => finishTransition(deps, found, async () => {
    const [created] = await deps.sql<{ id: string }[]>`select id from split_rules where id = ${found.resourceId} and merchant_id = ${found.scope.merchantId}`;
    return created ? toSplitRuleResource(await getSplitRule(deps.sql, found.scope.merchantId, found.resourceId)) : null;
  }) },
  ...(['release', 'return'] as const).map((action) => ({
    name: `POST /escrow-holds/{id}/${action}`,
    finish: ((deps, found, path) => finishTransition(deps, found, async () => {
      const hold = await getEscrowHold(deps.sql, found.scope.merchantId, idIn(path, `POST /escrow-holds/{id}/${action}`));
      return hold.status === (action === 'release' ? 'released' : 'returned') ? toEscrowHoldResource(hold) : null;
    })) as Finisher,
  })),
  { name: 'POST /webhooks', finish: (deps, found) => finishTransition(deps, found,
    () => createdEndpointAnswer(deps.sql, deps.secretBox, found.scope.merchantId, found.resourceId, deps.now())) },
  ...['POST /payouts/{id}/cancel', 'POST /split-rules/{id}/deactivate', 'POST /collections/{id}/delivery-confirmation',
    'POST /sub-merchants/{id}/suspend', 'POST /sub-merchants/{id}/reactivate',
    // Creations found again by their details (destinations), or whose second is harmless (a rate
    // lock expires unused), and changes whose repeat answers the resource as it is; a rotated
    // secret's run is forgotten (the retry rotates again and answers the new secret).
    'POST /payout-destinations', 'partner POST /payout-destinations', 'POST /fx/rate-locks', 'partner POST /fx/rate-locks',
    'POST /webhooks/{id}/rotate-secret', 'POST /webhooks/{id}/enable', 'POST /webhooks/{id}/deliveries/{delivery_id}/retry'].map((name) => ({
    name, finish: ((deps, found) => finishTransition(deps, found, async () => null)) as Finisher,
  })),
];

/** The names of the operations the finisher knows (a test checks every operation is one). */
export const finishedOperationNames: readonly string[] = finishers.map(({ name }) => name);

/** One pass: every unfinished run idle for `idleMs` past its lock, oldest first, at most `limit`. */
export async function finishUnfinishedRuns(deps: FinisherDeps, options: { idleMs?: number; limit?: number } = {}): Promise<FinisherSummary> {
  const idleMs = options.idleMs ?? finisherIdleMsDefault;
  const now = Date.now();
  const runs = await deps.idempotency.unfinished({
    operationPrefix: '', idleMs, requestKept: false, limit: options.limit ?? finisherBatchMax,
    // Every record still within its retention (a record past it is as good as absent).
    claimedAfter: new Date(now - deps.config.idempotencyRetentionHours * 3_600_000), claimedBefore: new Date(now),
  });
  const summary: FinisherSummary = { found: runs.length, completed: 0, released: 0, reversed: 0, skipped: 0, failed: 0, unknown: 0 };
  for (const found of runs) {
    // The record's operation is `<name> <path>`; names contain spaces, paths do not.
    const cut = found.scope.operation.lastIndexOf(' ');
    const name = found.scope.operation.slice(0, cut);
    const path = found.scope.operation.slice(cut + 1);
    const finisher = finishers.find((candidate) => candidate.name === name);
    if (finisher === undefined) {
      summary.unknown += 1;
      deps.logger.error('run finisher does not know this operation; its record is left as it is', { operation: name });
      continue;
    }
    try {
      summary[await finisher.finish(deps, found, path)] += 1;
    } catch (error) {
      summary.failed += 1;
      deps.logger.error('run finisher could not finish an unfinished run; retrying next pass', {
        operation: name, owner_id: found.scope.merchantId, resource_id: found.resourceId, error: (error as Error).message,
      });
    }
  }
  return summary;
}

/**
 * The id in `path` where the operation's route (`name`'s last word, e.g. `/escrow-holds/{id}/release`)
 * has its parameter: the route's segments are aligned with the path's last ones, so a mount
 * prefix (`/v1`, `/api/v1/partner`) does not matter.
 */
function idIn(path: string, name: string): string {
  const route = name.slice(name.lastIndexOf(' ') + 1).split('/').filter(Boolean);
  const segments = path.split('/').filter(Boolean).slice(-route.length);
  const id = segments[route.findIndex((segment) => segment.startsWith('{'))];
  if (segments.length !== route.length || id === undefined || id === '') throw new Error(`"${path}" is not a path of ${name}`);
  return id;
}

/** A store for resuming a flow: its claim takes over the dead run or answers the stored result, never claims afresh. */
function resumeOnly(store: IdempotencyStore): IdempotencyStore {
  return {
    ...store,
    async claim(scope) {
      const takenOver = await store.takeOver(scope);
      if (takenOver === null) throw new RunGone();
      return takenOver;
    },
  };
}

/** The run was finished, resumed by its client, or forgotten since it was listed: nothing to do. */
class RunGone extends Error {
  constructor() { super('the run was finished or forgotten meanwhile'); }
}

/**
 * Resumes the run through its flow (`resumeFlow` calls the flow with a resume-only store). A run
 * claimed before its operation kept its request (before decision 0470) cannot be: it is left to
 * its client's retry or its expiry.
 */
async function resumeThroughFlow(deps: FinisherDeps, found: UnfinishedRun, resumeFlow: (deps: FinisherDeps) => Promise<unknown>): Promise<RunEnd> {
  if (found.scope.request === undefined) {
    deps.logger.warn('run finisher cannot resume a run that kept no request; left to its client or its expiry', {
      operation: found.scope.operation, owner_id: found.scope.merchantId, resource_id: found.resourceId,
    });
    return 'skipped';
  }
  try {
    await resumeFlow({ ...deps, idempotency: resumeOnly(deps.idempotency) });
    return 'completed';
  } catch (error) {
    if (error instanceof RunGone) return 'skipped';
    throw error;
  }
}

/** Forgets a run whose effect does not exist, as its resumed run (holding its lock); its hold intent abandoned first. */
async function forget(deps: FinisherDeps, found: UnfinishedRun, operation: { name: string }): Promise<RunEnd> {
  const resumed = await resumeIdempotent(deps.idempotency, found.scope, async (run) => {
    run.keepOnFailure();
    // Voids whatever holds the run placed (and forgets the record when the intent names it).
    await abandonHoldIntent(deps, run.resourceId);
    await deps.idempotency.abandon(found.scope);
    deps.logger.warn('run finisher forgot a run that died before its effect', { operation: operation.name, owner_id: found.scope.merchantId, resource_id: run.resourceId });
    return 'released' as const;
  });
  return resumed === null ? 'skipped' : resumed.result;
}

/** A keyed transition: stores the resource when `reached` finds the change done, else forgets the run. */
async function finishTransition(deps: FinisherDeps, found: UnfinishedRun, reached: () => Promise<unknown>): Promise<RunEnd> {
  const resumed = await resumeIdempotent(deps.idempotency, found.scope, async (run) => {
    run.keepOnFailure();
    let result: unknown;
    try {
      result = await reached();
    } catch (error) {
      // The resource does not exist (or is not the owner's): the change could not have happened.
      if (!isRefusal(error)) throw error;
      result = null;
    }
    if (result === null) {
      await abandonHoldIntent(deps, run.resourceId);
      await deps.idempotency.abandon(found.scope);
      return 'released' as const;
    }
    const stored = await run.completion(deps.sql, result).statement;
    if (stored.length !== 1) throw new Error('the run\'s record vanished before its answer was stored');
    deps.logger.warn('run finisher stored the answer of a transition whose change committed', { operation: found.scope.operation, owner_id: found.scope.merchantId });
    return 'completed' as const;
  });
  return resumed === null ? 'skipped' : resumed.result;
}

async function finishPartnerDeposit(deps: FinisherDeps, found: UnfinishedRun, path: string): Promise<RunEnd> {
  const [moved] = await deps.ledger.engine.lookupTransfers([idFromUuid(found.resourceId, 0)]);
  if (moved === undefined) return await forget(deps, found, createPartnerDepositOperation);
  const request = found.scope.request as PartnerDepositCreate;
  // A deposit only ever ran for a sandbox partner (the mode is checked before the claim).
  return await resumeThroughFlow(deps, found, (resumeDeps) => createPartnerDeposit(resumeDeps, {
    partnerId: found.scope.merchantId, mode: 'sandbox', walletId: idIn(path, createPartnerDepositOperation.name), request,
    idempotent: { key: found.scope.key, path, body: request },
  }));
}

async function finishPartnerTransfer(deps: FinisherDeps, found: UnfinishedRun, path: string): Promise<RunEnd> {
  const request = found.scope.request as PartnerTransferCreate | undefined;
  if (request === undefined) return await resumeThroughFlow(deps, found, async () => {});
  // One transfer, or a conversion's two legs (a linked chain: both or neither) when a rate lock is used.
  const ids = request.fxRateLockId === undefined
    ? [idFromUuid(found.resourceId, 0)]
    : conversionTransferIds(fxConversionIdOf('transfer', found.resourceId));
  const moved = await deps.ledger.engine.lookupTransfers(ids);
  if (moved.length === 0) return await forget(deps, found, createPartnerTransferOperation);
  return await resumeThroughFlow(deps, found, (resumeDeps) => createPartnerTransfer(resumeDeps, {
    partnerId: found.scope.merchantId, request, idempotent: { key: found.scope.key, path, body: request },
  }));
}

async function finishRefund(deps: FinisherDeps, found: UnfinishedRun, path: string): Promise<RunEnd> {
  const [reserved] = await deps.sql<{ id: string }[]>`select id from transactions where id = ${found.resourceId}`;
  if (reserved === undefined) return await forget(deps, found, refundCollectionOperation);
  const request = found.scope.request as RefundRequest;
  // The money is held for the refund already: the merchant's status is not judged again.
  return await resumeThroughFlow(deps, found, (resumeDeps) => refundCollection(resumeDeps, {
    merchant: { id: found.scope.merchantId, status: 'active' }, collectionId: idIn(path, refundCollectionOperation.name), request,
    idempotent: { key: found.scope.key, path, body: request },
  }));
}
