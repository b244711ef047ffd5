// Disputes (issue 15; docs/disputes.md): a payer's chargeback of (part of) a successful
// collection. The seed names only the events (dispute.opened, dispute.resolved); the record, the
// rules and the money model are ours (decisions 0280-0283), modelled on Stripe's and Adyen's.
//
// Where the money is (the ledger owns every balance; this module never computes one):
//   open  a pending transfer merchant wallet -> rail clearing (TransferCode.dispute_hold): the
//         amount leaves the wallet's available balance at once (Stripe and Adyen debit the
//         balance when the dispute arrives) but has not left the platform;
//   won   the hold is voided: the amount is back in the wallet's available balance;
//   lost  the hold is posted: the amount has left through the rail to the payer.
// The ledger lets a pending transfer be posted or voided exactly once, so two racing
// resolutions cannot both move money; the dispute row's lock makes the loser a clean 409.
//
// The merchant's own wallet answers for a dispute, whoever received the collection's money
// (Stripe Connect: the platform is liable for disputes of destination charges).
//
// Rules, in check order (DisputeOutcome):
//   - a sandbox key only for the test helpers that open and resolve disputes;
//   - the collection must be the merchant's (404) and successful (or reversed: then nothing is
//     left to dispute);
//   - one open dispute per collection at a time (409 DISPUTE_ALREADY_OPEN);
//   - amount <= collected - refunded (pending or done) - every earlier dispute's amount: each
//     minor unit is disputed at most once (422 body.amount; nothing left: 422 body.transaction_id);
//   - the wallet must cover the hold (402 INSUFFICIENT_FUNDS, nothing opened): a wallet never
//     goes below zero (decision 0281).
// While a dispute is open a refund of the collection is 409 TRANSACTION_DISPUTED; after a lost
// dispute the refundable remainder excludes the amount the payer already got back
// (refundableAfterDisputes, called by collections/refunds.ts under the collection's row lock).
import type { Schema } from '@payagg/contract';
import type { Ledger } from '@payagg/ledger';
import type { KeyMode } from '../../auth/principal.ts';
import type { Queryable, Sql, Tx } from '../../db/index.ts';
import { type Keyset, keysetCondition } from '../../db/keyset.ts';
import { write } from '../../db/write.ts';
import type { IdempotencyStore } from '../../idempotency/idempotency-store.ts';
import type { Logger } from '../../log.ts';
import { appendEvent, type NewEvent } from '../../domain/events.ts';
import { closeHoldIntent, openHoldIntent, releasingHoldsOnFailure } from '../../domain/hold-intents.ts';
import { fieldsRefusal, Refusal } from '../../domain/outcomes.ts';
import { lockTransaction, type TransactionRow } from '../transactions.ts';
import { ensureWallet } from '../../wallets/index.ts';
import { disputeHoldId, holdDispute, postDisputeHold, returnDisputeHold } from './ledger-disputes.ts';

export const disputeStatuses = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export type DisputeOutcomeName = 'won' | 'lost';

export type DisputeRow = {
  id: string;
  merchant_id: string;
  transaction_id: string;
  amount: bigint;
  currency: string;
  status: DisputeStatus;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
};

export type DisputeResource = Schema<'Dispute'>;
export type SandboxDisputeCreate = Schema<'SandboxDisputeCreate'>;
export type DisputesDeps = { sql: Sql; ledger: Ledger; idempotency: IdempotencyStore; logger: Logger };

export function toDisputeResource(row: DisputeRow): DisputeResource {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  } satisfies DisputeResource;
}

/** The dispute.* event (spec: DisputeEventData; `sequence` is added when rendered). */
function disputeEvent(row: DisputeRow, type: 'dispute.opened' | 'dispute.resolved'): NewEvent {
  return {
    merchantId: row.merchant_id,
    type,
    resourceType: 'dispute',
    resourceId: row.id,
    data: {
      dispute_id: row.id,
      transaction_id: row.transaction_id,
      merchant_id: row.merchant_id,
      amount: Number(row.amount),
      currency: row.currency,
      status: type === 'dispute.opened' ? 'opened' : 'resolved',
      outcome: row.status === 'open' ? null : row.status,
      occurred_at: row.updated_at.toISOString(),
    },
  };
}

/** The sandbox test helpers answer sandbox keys only (decision 0283). */
export function assertSandboxKey(mode: KeyMode): void {
  if (mode !== 'sandbox') {
    throw new Refusal('sandbox_helper_needs_sandbox_key',
      'Disputes are opened and resolved by this test helper only with a sandbox key; in production they come from the payment rails.');
  }
}

export function disputeNotFound(): Refusal {
  return new Refusal('dispute_not_found', 'The dispute does not exist or is not accessible.');
}

/** What the collection's disputes take from it: every dispute's amount, and the lost ones'. */
async function disputedTotals(q: Queryable, transactionId: string): Promise<{ all: bigint; lost: bigint; open: number }> {
  const [totals] = await q<{ all: bigint; lost: bigint; open: number }[]>`
    select coalesce(sum(amount), 0)::bigint as all,
           coalesce(sum(amount) filter (where status = 'lost'), 0)::bigint as lost,
           (count(*) filter (where status = 'open'))::int as open
    from disputes where transaction_id = ${transactionId}`;
  return totals!;
}

/**
 * For a refund of `collection`, under its row lock: refuses while a dispute is open (Stripe's
 * charge_disputed), and returns what lost disputes already gave the payer back, which the refund
 * remainder excludes.
 */
export async function refundableAfterDisputes(tx: Tx, collection: TransactionRow): Promise<{ lostAmount: bigint }> {
  const totals = await disputedTotals(tx, collection.id);
  if (totals.open > 0) {
    throw new Refusal('transaction_disputed',
      'The collection has an open dispute: its money is held until the dispute is resolved, and a refund now could pay the payer twice. Nothing was moved.');
  }
  return { lostAmount: totals.lost };
}

/**
 * Opens a dispute (POST /sandbox/disputes): checks, the ledger hold, the row and dispute.opened
 * in one database transaction under the collection's row lock (racing opens and refunds of one
 * collection serialize there). Nothing is written when a check refuses.
 */
export async function openDispute(deps: DisputesDeps, input: {
  disputeId: string; merchantId: string; request: SandboxDisputeCreate;
  /** The Idempotency-Key's record the open runs under (decision 0422), null or absent without one. */
  idempotency?: { scopeId: string; key: string } | null;
}): Promise<DisputeRow> {
  const { request } = input;
  // The hold is announced by an intent committed first and closed by the transaction
  // (hold-intents.ts): a failure before the commit voids it (releasingHoldsOnFailure waits for a
  // commit in flight and voids nothing then); a crash leaves it to the sweeper.
  await openHoldIntent(deps.sql, { ownerId: input.disputeId, kind: 'dispute', holdIds: [disputeHoldId(input.disputeId)], idempotency: input.idempotency ?? null });
  return await releasingHoldsOnFailure(deps, input.disputeId, async () => {
    return await write(deps, { prepare: async (tx: Tx) => {
      const collection = await lockTransaction(tx, request.transaction_id);
      if (!collection || collection.merchant_id !== input.merchantId || collection.type !== 'collection') {
        throw new Refusal('transaction_not_found', 'The transaction does not exist or is not accessible.');
      }
      if (collection.status !== 'success' && collection.status !== 'reversed') {
        throw fieldsRefusal('dispute_transaction_not_successful', [{
          field: 'body.transaction_id', message: `only a successful collection can be disputed; this one is ${collection.status}`,
        }]);
      }
      const totals = await disputedTotals(tx, collection.id);
      if (totals.open > 0) {
        throw new Refusal('dispute_already_open', 'The collection already has an open dispute; resolve it first. Nothing was opened.');
      }
      const disputable = collection.amount - collection.refunded_amount - totals.all;
      if (disputable <= 0n) {
        throw fieldsRefusal('nothing_left_to_dispute', [{
          field: 'body.transaction_id', message: 'nothing is left to dispute: refunds and earlier disputes cover the whole amount',
        }]);
      }
      const amount = request.amount === undefined || request.amount === null ? disputable : BigInt(request.amount);
      if (amount > disputable) {
        throw fieldsRefusal('dispute_exceeds_disputable_amount', [{
          field: 'body.amount', message: `must not exceed the disputable amount (${disputable}: collected minus refunds and earlier disputes)`,
        }]);
      }
      const wallet = await ensureWallet(tx, deps.ledger, {
        merchantId: collection.merchant_id, ownerType: 'merchant', ownerId: collection.merchant_id, currency: collection.currency,
      });
      const hold = await holdDispute(deps.ledger, {
        disputeId: input.disputeId, walletAccountId: wallet.accountId, currency: collection.currency, amount,
      });
      if (!hold.ok) {
        if (hold.failure === 'insufficient_funds') {
          throw new Refusal('dispute_exceeds_wallet_balance',
            `The merchant wallet's available balance does not cover the disputed amount (${amount}); a wallet never goes below zero. Nothing was opened.`);
        }
        throw new Error(`ledger refused dispute hold ${input.disputeId}: ${hold.failure} (${hold.status})`);
      }
      const [row] = await tx<DisputeRow[]>`
        insert into disputes (id, merchant_id, transaction_id, amount, currency, reason)
        values (${input.disputeId}, ${collection.merchant_id}, ${collection.id}, ${amount.toString()}::bigint,
                ${collection.currency}, ${request.reason ?? null})
        returning *`;
      await appendEvent(tx, disputeEvent(row!, 'dispute.opened'));
      return row!;
    }, writes: (q: Queryable) => [closeHoldIntent(q, input.disputeId)] });
  });
}

/**
 * Resolves an open dispute (POST /sandbox/disputes/{id}/resolve): under the dispute's row lock,
 * the ledger voids (won) or posts (lost) its hold, the row is closed and dispute.resolved written.
 * A dispute no longer open is 409 and nothing moves; of racing resolutions one wins, the others
 * find it closed.
 */
export async function resolveDispute(deps: DisputesDeps, input: {
  merchantId: string; disputeId: string; outcome: DisputeOutcomeName;
}): Promise<DisputeRow> {
  const resolved = await write(deps, { prepare: async (tx) => {
    const [dispute] = await tx<DisputeRow[]>`
      select * from disputes where id = ${input.disputeId} and merchant_id = ${input.merchantId} for update`;
    if (!dispute) throw disputeNotFound();
    if (dispute.status !== 'open') return { row: dispute, asked: false };
    const moved = input.outcome === 'won'
      ? await returnDisputeHold(deps.ledger, dispute.id)
      : await postDisputeHold(deps.ledger, dispute.id);
    // The ledger already holds a resolution when an earlier attempt moved the money and died
    // before its commit. The same one counts as done. The other one is the truth (the money moved
    // that way, exactly once): the row is brought in line with it, and this request is told the
    // dispute was already resolved.
    let outcome: DisputeOutcomeName = input.outcome;
    if (!moved.ok) {
      if (moved.failure === 'hold_already_voided') outcome = 'won';
      else if (moved.failure === 'hold_already_posted') outcome = 'lost';
      else throw new Error(`ledger refused to resolve dispute ${dispute.id} as ${input.outcome}: ${moved.failure}`);
    }
    const [row] = await tx<DisputeRow[]>`
      update disputes set status = ${outcome}, resolved_at = now(), updated_at = now()
      where id = ${dispute.id} returning *`;
    await appendEvent(tx, disputeEvent(row!, 'dispute.resolved'));
    return { row: row!, asked: outcome === input.outcome };
  } });
  if (!resolved.asked) {
    throw new Refusal('dispute_already_resolved',
      `The dispute is already ${resolved.row.status}; a resolved dispute cannot be resolved again. Nothing was moved.`);
  }
  return resolved.row;
}

export async function getDispute(q: Queryable, merchantId: string, id: string): Promise<DisputeRow> {
  const [row] = await q<DisputeRow[]>`select * from disputes where id = ${id} and merchant_id = ${merchantId}`;
  if (!row) throw disputeNotFound();
  return row;
}

export type DisputeFilters = { status?: DisputeStatus; transactionId?: string };

/** Newest first, keyset-paginated (GET /disputes). */
export async function listDisputes(q: Queryable, merchantId: string, filters: DisputeFilters,
  after: Keyset | null, take: number): Promise<DisputeRow[]> {
  return await q<DisputeRow[]>`
    select * from disputes
    where merchant_id = ${merchantId}
      and ${filters.status ? q`status = ${filters.status}` : q`true`}
      and ${filters.transactionId ? q`transaction_id = ${filters.transactionId}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}
