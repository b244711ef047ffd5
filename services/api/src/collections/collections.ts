// Collections (seed: POST /collections, POST /checkout-sessions/{id}/pay): initiation on the
// rail, then the pending transaction with its transaction.pending event. No money moves at
// creation; it moves when the rail confirms (applyCollectionOutcome).
//
// Each settlement round opens (or finds) its wallets afresh: the settlement wallet cache that
// used to sit here showed no gain in a quiet-machine pair and was removed (decision 0632).
// The steps, in the order the flows run them (collections/flows/create-collection.ts, pay-checkout-session.ts;
// each refusal before step 4 creates nothing):
//   1. rules on the body the schema cannot state (payer fits rail, no raw card number, currency
//      known): before the claim, so an invalid body never binds a key (checkCollectionPayload);
//   2. (flow) idempotency claim: the pre-allocated transaction id comes from it; a replay
//      answers here;
//   3. rules on state that can change (merchant and sub-merchant may transact), after the replay
//      check, so a replay returns the original even after a hold (checkCollectionParties);
//   4. rail initiation, OUTSIDE any database transaction, idempotent on the transaction id
//      (an open breaker or an outage: rail_unavailable, nothing created);
//   5. one statement (db/write.ts): the transaction row, its event, the caller's extra writes
//      (checkout session completion) and the stored idempotent response.
import type { Ledger } from '@payagg/ledger';
import type { Schema } from '@payagg/contract';
import { randomUUID } from 'node:crypto';
import type { Queryable, Sql } from '../db/index.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { railFailureOf } from '../rails/errors.ts';
import type { RailRegistry } from '../rails/registry.ts';
import { initiateCollectionRouted } from '../rails/routed-calls.ts';
import type { RailConnector, RailOutcome } from '../rails/types.ts';
import type { Logger } from '../log.ts';
import { eventInsert } from '../domain/events.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import { assertCurrencySupported } from '../domain/currency-support.ts';
import { assertPayerFitsRail } from './payer-rules.ts';
import { collectionRoute, railRefusal } from './rail-calls.ts';
import { assertSubMerchantCanReceive, type KycLimits } from '../sub-merchants/index.ts';
import { legWallet, type LegWallet, plannedLegsOf, recordSettledLegs } from './splits/escrow-holds.ts';
import { type PaymentToSplit, type PlannedLeg, planLegs } from './splits/split-rules.ts';
import {
  findTransaction,
  pendingTransactionRow,
  setTransactionStatuses,
  transactionEvent,
  transactionInsert,
  type TransactionRow,
} from './transactions.ts';
import { ensureWallet } from '../wallets/index.ts';
import { settleCollections } from './ledger-collections.ts';

export type CollectionsDeps = {
  sql: Sql; ledger: Ledger; rails: RailRegistry; logger?: Logger;
  /** Batches the final commit with other requests' under load (db/group-commit.ts); default: alone. */
  groupCommit?: GroupCommit;
};

/** What the party rules also read: the KYC tiers' limits (config KYC_TIER_*). */
export type PartyCheckDeps = CollectionsDeps & { config: { kyc: { limits: KycLimits } } };

/** spec: CollectionCreate (shapes already checked by the schema). */
export type CollectionRequest = Schema<'CollectionCreate'>;

/** Steps 1 and 3 together, for callers that check before their claim. */
export async function checkCollectionRequest(deps: PartyCheckDeps, merchantId: string, request: CollectionRequest): Promise<void> {
  checkCollectionPayload(request);
  await checkCollectionParties(deps, merchantId, request);
}

/**
 * Step 1, rules on the payload alone (payer fits rail, no raw card number, known currency).
 * They depend on nothing but the body, so they run before the idempotency claim: an invalid
 * body never binds a key, and a raw card number never gets near a stored record.
 */
export function checkCollectionPayload(request: CollectionRequest): void {
  assertPayerFitsRail(request.rail, request);
  assertCurrencySupported(request.currency);
}

/**
 * Step 3, rules on state that can change (the sub-merchant may be suspended later, its KYC
 * decided, its wallet filled). The direct flow runs them inside the idempotent run, so that a
 * replay returns the stored original even if the state has changed since.
 */
export async function checkCollectionParties(deps: PartyCheckDeps, merchantId: string, request: CollectionRequest): Promise<void> {
  await assertSubMerchantCanReceive({ sql: deps.sql, ledger: deps.ledger, kycLimits: deps.config.kyc.limits }, merchantId,
    request.sub_merchant_id, { amount: request.amount, currency: request.currency });
}

/**
 * A direct collection's split rule must be active when it is made (a checkout pay applies the
 * rule its session accepted). Its legs are computed again when the row is written.
 */
export async function checkSplitRuleUsable(deps: { sql: Sql }, merchantId: string, request: CollectionRequest): Promise<PlannedLeg[] | null | undefined> {
  if (!request.split_rule_id) return undefined;
  return await planLegs(deps.sql, paymentToSplit(merchantId, request, true));
}

/** The payment a split rule is applied to (split-rules.ts planLegs). */
export function paymentToSplit(merchantId: string, request: CollectionRequest, requireActive: boolean): PaymentToSplit {
  return {
    merchantId, amount: request.amount, currency: request.currency, subMerchantId: request.sub_merchant_id ?? null,
    splitRuleId: request.split_rule_id ?? null, holdInEscrow: request.hold_in_escrow ?? false, requireActive,
  };
}

/** The merchant's collection (GET /collections/{id}, a refund's parent); collection_not_found otherwise. */
export async function getCollection(q: Queryable, merchantId: string, id: string): Promise<TransactionRow> {
  const row = await findTransaction(q, merchantId, id);
  if (!row || row.type !== 'collection') throw collectionNotFound();
  return row;
}

export function collectionNotFound(): Refusal {
  return new Refusal('collection_not_found', 'The collection does not exist or is not accessible.');
}

/**
 * Whether the rail holds a collection under `transactionId` (the provider's status query by our
 * reference). A resumed run that left no trace asks it; costs a call only on that rare path.
 */
export async function railHoldsCollection(deps: CollectionsDeps, rail: CollectionRequest['rail'], transactionId: string): Promise<boolean> {
  try {
    return (await deps.rails.findCollectionAnywhere(rail, transactionId)) !== null;
  } catch (error) {
    throw railRefusal(error, rail);
  }
}

/**
 * Steps 4 and 5. `transactionId` is the idempotency record's pre-allocated id and `createdAt`
 * its claim's time (IdempotentRun.startedAt); `commitWrites` are committed in the same statement
 * as the row (storing the idempotent response, completing a checkout session).
 */
export async function initiateAndRecordCollection(deps: CollectionsDeps, input: {
  transactionId: string;
  merchantId: string;
  request: CollectionRequest;
  checkoutSessionId: string | null;
  createdAt: Date;
  /** A retry that took over an earlier run of its key (IdempotentRun.resumed). */
  resumed: boolean;
  /**
   * The rail may hold the collection but it was not recorded (a timeout, or a failed commit):
   * the caller must keep its idempotency record (IdempotentRun.keepOnFailure) and may note it.
   */
  onRailMayHoldIt: () => Promise<void> | void;
  commitWrites: (q: Queryable, row: TransactionRow) => CommitWrite[];
  /** The legs the caller's checks already computed (checkSplitRuleUsable); computed here otherwise. */
  plannedLegs?: PlannedLeg[] | null;
}): Promise<TransactionRow> {
  const { request } = input;
  // Before the rail: a rule that cannot apply refuses with nothing created. Not "active" here:
  // a checkout pay applies the rule its session accepted, a resumed run what its request named.
  const splitLegs = input.plannedLegs !== undefined ? input.plannedLegs
    : request.split_rule_id || request.hold_in_escrow ? await planLegs(deps.sql, paymentToSplit(input.merchantId, request, false)) : null;
  let provider, initiation;
  try {
    ({ provider, initiation } = await initiateCollectionRouted(deps.rails, await collectionRoute(deps, request), {
      transactionId: input.transactionId,
      merchantId: input.merchantId,
      amount: request.amount,
      currency: request.currency,
      payer: { phone: request.payer_phone, cardToken: request.payer_card_token, accountRef: request.payer_account_ref },
      reference: request.reference ?? null,
    }, { resumed: input.resumed, ...(deps.logger ? { logger: deps.logger } : {}) }));
  } catch (error) {
    // A timeout is ambiguous: the rail may have accepted the initiation after we stopped waiting.
    // The caller keeps the idempotency record (unlocked) so that a retry with the same key
    // resumes with the SAME transaction id: the rail then answers as it did the first time
    // instead of charging the payer a second time.
    if (railFailureOf(error) === 'rail_timed_out') await noteRailMayHoldIt(input.onRailMayHoldIt);
    throw railRefusal(error, request.rail);
  }
  // One statement, one round trip: the row, its transaction.pending event and the caller's
  // writes (stored response; for a checkout pay the session's completion) as data-modifying
  // CTEs, atomic and durable like any commit. The row is built here with the claim's database
  // time, so the event and the stored response can be computed before sending.
  const row = pendingTransactionRow({
    id: input.transactionId,
    merchantId: input.merchantId,
    subMerchantId: request.sub_merchant_id ?? null,
    type: 'collection',
    rail: request.rail,
    amount: request.amount,
    currency: request.currency,
    parentTransactionId: null,
    providerReference: initiation.providerReference,
    provider,
    reference: request.reference ?? null,
    actionUrl: initiation.actionUrl,
    ussdCode: initiation.ussdCode,
    metadata: request.metadata ?? null,
    holdInEscrow: request.hold_in_escrow ?? false,
    refundReason: null,
    checkoutSessionId: input.checkoutSessionId,
    splitRuleId: request.split_rule_id ?? null,
    splitLegs,
  }, input.createdAt);
  // No recovery point is written between the rail call and this commit (it would cost a round
  // trip on every collection): a run that dies here leaves its record at 'started', and the
  // resumed run asks the rail whether it holds the collection (railHoldsCollection).
  try {
    await write(deps, {
      writes: (q) => [
        { name: 'transaction row', statement: transactionInsert(q, row), expectOneRow: true },
        { name: 'transaction.pending event', statement: eventInsert(q, randomUUID(), transactionEvent(row, 'transaction.pending')), expectOneRow: true },
        ...input.commitWrites(q, row),
      ],
    });
  } catch (error) {
    // The rail holds the collection: never release the key (a new key's run would charge again).
    await noteRailMayHoldIt(input.onRailMayHoldIt);
    throw error;
  }
  if (input.resumed) await askForOutcomeAgain(deps, deps.rails.connectorFor(request.rail, provider), row);
  return row;
}

/**
 * A resumed run has just recorded a collection the rail may have held for minutes: its outcome
 * may have arrived while no row existed, and its application be waiting for a long retry backoff
 * or have been given up after its last attempt (a dead letter, decision 0610). Ask the rail to
 * send it again (a no-op when it sent nothing yet): the ingress queues an outcome not applied yet
 * once more, and ignores one already applied; otherwise the collection could stay pending. After the commit, so a failure here cannot undo the
 * response; it is logged for reconciliation instead.
 */
async function askForOutcomeAgain(deps: CollectionsDeps, connector: RailConnector, row: TransactionRow): Promise<void> {
  try {
    if (await connector.redeliverOutcome(row.id)) {
      deps.logger?.warn('rail outcome sent before the collection was recorded; asked the rail to send it again', { transaction_id: row.id, rail: row.rail });
    }
  } catch (error) {
    deps.logger?.error('could not ask the rail to resend the outcome of a late-recorded collection; it stays pending until reconciled', {
      transaction_id: row.id, rail: row.rail, error: (error as Error).message,
    });
  }
}

/**
 * Calls the caller's note that the rail may hold the collection, never letting its failure hide
 * the error being handled: the note is best effort (when the database is failing it fails too),
 * because a resumed run asks the rail anyway (railHoldsCollection). The caller's in-memory part
 * (keepOnFailure) runs before any write it makes.
 */
async function noteRailMayHoldIt(note: () => Promise<void> | void): Promise<void> {
  try {
    await note();
  } catch {
    // best effort, see above
  }
}

/**
 * The rail's final word on a collection (delivered asynchronously by the rail outcome worker).
 * Idempotent: a transaction that is no longer pending is left as it is.
 *   success -> money from rail clearing into the merchant's wallet (pending bucket when held in
 *              escrow), transaction.success (+ escrow.held);
 *   failed  -> nothing moves, transaction.failed.
 */
export async function applyCollectionOutcome(deps: CollectionsDeps, outcome: RailOutcome): Promise<void> {
  const [answer] = await applyOutcomeRound(deps, [outcome]);
  if (answer) throw answer;
}

/**
 * A claimed round of outcomes at once (the rail outcome worker's batch): one database
 * transaction locks their rows, ONE ledger batch settles the successes (each collection its own
 * linked chain, so one that cannot settle fails alone), one statement moves the statuses and one
 * writes their events. Per-outcome answers in order: null when handled (or nothing was left to
 * do), an Error when that outcome must be delivered again. If the round fails as a whole, each
 * outcome is applied on its own, so one bad outcome cannot hold back the rest.
 */
export async function applyCollectionOutcomes(deps: CollectionsDeps, outcomes: readonly RailOutcome[]): Promise<(Error | null)[]> {
  try {
    return await applyOutcomeRound(deps, outcomes);
  } catch {
    const answers: (Error | null)[] = [];
    for (const outcome of outcomes) {
      answers.push(await applyCollectionOutcome(deps, outcome).then(() => null, (error: unknown) => asError(error)));
    }
    return answers;
  }
}

async function applyOutcomeRound(deps: CollectionsDeps, outcomes: readonly RailOutcome[]): Promise<(Error | null)[]> {
  const answers: (Error | null)[] = outcomes.map(() => null);
  await write(deps, { prepare: async (tx) => {
    // Locked in id order: two rounds sharing transactions cannot deadlock.
    const ids = [...new Set(outcomes.map((outcome) => outcome.transactionId))].sort();
    const rows = await tx<TransactionRow[]>`select * from transactions where id = any(${ids}::uuid[]) order by id for update`;
    const known = new Set(rows.map((row) => row.id));
    const open = new Map(rows.filter((row) => row.type === 'collection' && row.status === 'pending').map((row) => [row.id, row]));
    const settle: { index: number; row: TransactionRow }[] = [];
    const fail: { row: TransactionRow; failureReason: string | null }[] = [];
    outcomes.forEach((outcome, index) => {
      // Unknown yet: the request that initiated it has not committed (or crashed before it did).
      // The worker delivers the outcome again later, by when a retry has recorded it.
      if (!known.has(outcome.transactionId)) {
        answers[index] = new Error(`rail outcome for unknown transaction ${outcome.transactionId}`);
        return;
      }
      const row = open.get(outcome.transactionId);
      if (!row) return; // final already (or twice in this round)
      open.delete(outcome.transactionId);
      if (outcome.status === 'failed') fail.push({ row, failureReason: outcome.failureReason });
      else settle.push({ index, row });
    });

    // A round opens each wallet once, however many of its rows share it.
    const walletOf = new Map<string, SettlementWallet>();
    // Split (or escrowed) collections: a wallet per leg (docs/split-settlement.md).
    const splitOf = new Map<string, { legs: PlannedLeg[]; wallets: LegWallet[] }>();
    for (const { row } of settle) {
      const legs = plannedLegsOf(row);
      if (legs === null) continue;
      const legWallets: LegWallet[] = [];
      for (const leg of legs) {
        const key = `leg:${leg.owner_id}:${row.currency}`;
        let wallet = walletOf.get(key);
        if (wallet === undefined) {
          wallet = await legWallet(tx, deps.ledger, row.merchant_id, row.currency, leg);
          walletOf.set(key, wallet);
        }
        legWallets.push(wallet);
      }
      splitOf.set(row.id, { legs, wallets: legWallets });
    }
    for (const { row } of settle) {
      if (splitOf.has(row.id)) continue;
      const key = `${row.merchant_id}:${row.currency}`;
      if (walletOf.has(key)) continue;
      walletOf.set(key, await ensureWallet(tx, deps.ledger, {
        merchantId: row.merchant_id, ownerType: 'merchant', ownerId: row.merchant_id, currency: row.currency,
      }));
    }
    const walletFor = (row: TransactionRow) => walletOf.get(`${row.merchant_id}:${row.currency}`)!;
    const settled = await settleCollections(deps.ledger, settle.map(({ row }) => ({
      collectionId: row.id,
      currency: row.currency,
      amount: row.amount,
      legs: splitOf.has(row.id)
        ? splitOf.get(row.id)!.legs.map((leg, i) => ({ accountId: splitOf.get(row.id)!.wallets[i]!.accountId, amount: BigInt(leg.amount), escrow: leg.escrow }))
        : [{ accountId: walletFor(row).accountId, amount: row.amount, escrow: false }],
    })));
    const landed = settle.filter(({ index, row }, k) => {
      const result = settled[k]!;
      if (result.ok) return true;
      answers[index] = new Error(`ledger refused settlement of ${row.id}: ${result.failure} (${result.status})`);
      return false;
    });

    const moved = await setTransactionStatuses(tx, [
      ...landed.map(({ row }) => ({ row, status: 'success' as const })),
      ...fail.map(({ row, failureReason }) => ({ row, status: 'failed' as const, failureReason })),
    ]);
    // After their transaction.success events, so each resource's events stay in order: the
    // legs, the escrow holds and their escrow.held events.
    await recordSettledLegs(tx, moved.filter((row) => row.status === 'success' && splitOf.has(row.id))
      .map((row) => ({ row, ...splitOf.get(row.id)! })));
  } });
  return answers;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

type SettlementWallet = { walletId: string; accountId: bigint };

