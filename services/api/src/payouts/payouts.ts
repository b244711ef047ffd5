// Payouts (seed: Payout, PayoutBatch, POST /payouts, POST /payouts/bulk, GET /payouts,
// GET /payouts/{id}, GET /payouts/batches/{id}): creation and reads. Money leaves the platform
// here, so creation RESERVES it at once: pending ledger transfers out of the wallet (402 and
// nothing created when the wallet cannot cover it). What happens next (send, outcome, retries,
// cancel) is payouts/payout-processing.ts. docs/payouts.md.
//
// Creation, in order (payouts/flows/create-payout.ts and payouts/flows/create-payout-batch.ts run it):
//   1. checks that need no claim, in PayoutOutcome's order: the request (scheduled_at in the
//      future, the wallet's currency), the wallet (the merchant's or a sub-merchant's), the
//      destinations (tokenized, the merchant's, of the payout's type and currency), the parties
//      (merchant active; a sub-merchant wallet's owner active and KYC-verified);
//   2. under the idempotency claim, ONE database transaction: the ledger holds (every payout's
//      legs in one linked chain: all reserved or none), then the rows (batch, payouts), their
//      payout.queued events, the send jobs and the stored response.
import { createHash } from 'node:crypto';
import type { Schema } from '@payagg/contract';
import { holdLegId, type Ledger } from '@payagg/ledger';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { type NewEvent, appendEvents } from '../domain/events.ts';
import { assertHoldsIntended, closeHoldIntent, type HoldIntent, openHoldIntent } from '../domain/hold-intents.ts';
import { assertMerchantActive } from '../accounts/merchants.ts';
import { fieldsRefusal, Refusal, type RefusalField } from '../domain/outcomes.ts';
import { type DestinationType, type PayoutDestinationRow, resolveDestinations } from './payout-destinations.ts';
import { assertOwnerMayBePaidOut } from '../sub-merchants/sub-merchants.ts';
import { type PayoutConversion, recordPayoutConversions, usePayoutRateLocks } from './payout-conversions.ts';
import type { WalletRow } from '../wallets/wallets.ts';
import { holdPayoutChain, reservationLegs, type SourceWallet } from './ledger-payouts.ts';

export type PayoutStatus = 'queued' | 'processing' | 'success' | 'failed';
export type PayoutBatchStatus = 'processing' | 'completed' | 'partially_failed';

export type PayoutRow = {
  id: string;
  merchant_id: string;
  wallet_id: string;
  batch_id: string | null;
  batch_position: number | null;
  destination_id: string;
  destination_type: DestinationType;
  destination_ref: string;
  amount: bigint;
  currency: string;
  status: PayoutStatus;
  scheduled_at: Date | null;
  retry_count: number;
  failure_reason: string | null;
  /** The ledger's pending transfers reserving this payout's money (decimal u128), posted or voided together. */
  hold_ids: string[];
  /** Cross-currency payouts (migration 0091; docs/fx.md): the lock used, what the wallet paid, the rate. Null otherwise. */
  fx_rate_lock_id: string | null;
  source_amount: bigint | null;
  /** numeric: its exact decimal text. */
  fx_rate: string | null;
  provider_reference: string | null;
  created_at: Date;
  updated_at: Date;
};

export type PayoutBatchRow = {
  id: string;
  merchant_id: string;
  wallet_id: string;
  total_amount: bigint;
  item_count: number;
  status: PayoutBatchStatus;
  /** Members not yet final, and members failed: the status follows from them (migration 0051). */
  open_members: number;
  failed_members: number;
  created_at: Date;
  updated_at: Date;
};

export type PayoutCreate = Schema<'PayoutCreate'>;
export type BulkPayoutCreate = Schema<'BulkPayoutCreate'>;
export type PayoutResource = Schema<'Payout'>;
export type PayoutBatchResource = Schema<'PayoutBatch'>;

/** spec: BulkPayoutCreate.payouts maxItems. */
export const bulkPayoutItemsMax = 1000;
/** Members one send job takes (a batch is sent by ceil(n / this) jobs, each exactly-once per member). */
export const payoutSendJobChunkMax = 100;
/**
 * How far ahead a payout may be scheduled (spec: `scheduled_at_horizon_days = 365`; decision 0400).
 * A year covers every real schedule (annual payments included) while its money is reserved the
 * whole time; Stripe and Adyen likewise bound how far ahead a scheduled operation may lie. Before,
 * anything up to year 9999 was accepted and held the wallet's money for millennia (issue 22 item 5).
 */
export const payoutScheduleHorizonDays = 365;
const dayMs = 86_400_000;

// ----- What to reserve.

// ----- Checks before the claim.

export type PayoutItem = {
  destinationRef: string;
  destinationType: DestinationType;
  amount: number;
  currency: string;
  /** The rate lock of a cross-currency payout (wallet currency -> currency); null otherwise. */
  fxRateLockId: string | null;
  /** Field names for refusals: `body` for a single payout, `body.payouts[3]` for a bulk item. */
  fieldPrefix: string;
};

export type CheckedPayouts = { wallet: WalletRow; destinations: PayoutDestinationRow[] };

/**
 * Step 1 for a payout or a batch: every check that can refuse without an effect, in
 * PayoutOutcome's order. Returns the wallet and each item's destination.
 */
export async function checkPayoutRequest(sql: Queryable, merchant: { id: string; status: Parameters<typeof assertMerchantActive>[0]['status'] }, input: {
  walletId: string; items: readonly PayoutItem[]; scheduledAt: Date | null; now: Date;
}): Promise<CheckedPayouts> {
  const fields: RefusalField[] = [];
  if (input.scheduledAt !== null && input.scheduledAt.getTime() <= input.now.getTime()) {
    fields.push({ field: 'body.scheduled_at', message: 'must be in the future (omit it to send now)' });
  } else if (input.scheduledAt !== null && input.scheduledAt.getTime() > input.now.getTime() + payoutScheduleHorizonDays * dayMs) {
    fields.push({ field: 'body.scheduled_at', message: `must be at most ${payoutScheduleHorizonDays} days ahead` });
  }
  const [wallet] = await sql<WalletRow[]>`select * from wallets where id = ${input.walletId} and merchant_id = ${merchant.id}`;
  if (!wallet) {
    throw fieldsRefusal('payout_wallet_not_found', [...fields, { field: 'body.wallet_id', message: 'is not a wallet of this merchant or of its sub-merchants' }]);
  }
  for (const item of input.items) {
    // Another currency than the wallet's converts through a rate lock (docs/fx.md): one is required
    // then, and meaningless otherwise. The lock itself is checked when it is used (reservePayouts).
    if (item.currency !== wallet.currency && item.fxRateLockId === null) {
      fields.push(
        { field: `${item.fieldPrefix}.currency`, message: `is not the wallet's currency (${wallet.currency}): a cross-currency payout needs an FX rate lock` },
        {
          field: `${item.fieldPrefix}.fx_rate_lock_id`,
          message: `is required: ${item.currency} is not the wallet's currency (${wallet.currency}); lock ${wallet.currency} -> ${item.currency} with POST /fx/rate-locks`,
        },
      );
    } else if (item.currency === wallet.currency && item.fxRateLockId !== null) {
      fields.push({ field: `${item.fieldPrefix}.fx_rate_lock_id`, message: `must be null: the payout is in the wallet's currency (${wallet.currency})` });
    }
  }
  // A batch's total_amount is an Amount too (at most 2^53 - 1, as every amount in the API): items
  // that each fit may not add up to one. (Cross-currency members count their converted amount,
  // known once their locks are used; their items' own amounts are in another currency.)
  const sameCurrencyTotal = input.items.reduce((sum, item) => (item.currency === wallet.currency ? sum + BigInt(item.amount) : sum), 0n);
  if (input.items.length > 1 && sameCurrencyTotal > BigInt(Number.MAX_SAFE_INTEGER)) {
    fields.push({ field: 'body.payouts', message: `add up to ${sameCurrencyTotal}, more than the largest amount (${Number.MAX_SAFE_INTEGER}): split the batch` });
  }
  if (fields.length > 0) throw fieldsRefusal('payout_request_invalid', fields);
  const destinations = await resolveDestinations(sql, merchant.id, input.items.map((item) => ({
    destinationRef: item.destinationRef, destinationType: item.destinationType, currency: item.currency,
    fields: { ref: `${item.fieldPrefix}.destination_ref`, type: `${item.fieldPrefix}.destination_type`, currency: `${item.fieldPrefix}.currency` },
  })));
  assertMerchantActive(merchant);
  await assertOwnerMayBePaidOut(sql, wallet);
  return { wallet, destinations };
}

// ----- Creation (step 2).

/** A payout to create: its id (the claim's, or a batch member's), its item and destination. */
export type NewPayout = { id: string; item: PayoutItem; destination: PayoutDestinationRow };

/**
 * The ids of a batch's members, derived from the batch id and the position: the same on every
 * run of one idempotency key, so a resumed run re-submits the very same ledger holds.
 */
export function batchMemberId(batchId: string, position: number): string {
  const hex = createHash('sha256').update(`payagg.payout_batch_member:${batchId}:${position}`).digest('hex');
  // A UUID of version 8 (RFC 9562: application-defined), variant 10.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type ReserveDeps = { sql: Sql; ledger: Ledger };

/**
 * Reserves and records payouts (one, or a batch's members) in one database transaction: the
 * ledger holds first (one linked chain over every payout's legs: all or none), then the rows,
 * the payout.queued events and the send jobs; `commitWrites` (the stored response) commit with
 * them. `onHeld` runs once the holds exist (the flow keeps its key from then on: a retry must
 * resume with the same ids, whose holds the ledger replays). Throws payout_exceeds_wallet_balance
 * (nothing held, nothing written) when the wallet cannot cover the total.
 */
export async function reservePayouts<R>(deps: ReserveDeps, input: {
  merchantId: string;
  wallet: WalletRow;
  payouts: readonly NewPayout[];
  scheduledAt: Date | null;
  batch: { id: string } | null;
  /** The rows' created_at (the run's clock: the idempotency claim's time). */
  createdAt: Date;
  /** The app clock (ms): rate locks expire by it. */
  nowMs: number;
  onHeld: () => void;
  /** The idempotency record the run holds (hold-intents.ts: an abandoned reservation forgets it). */
  idempotency: HoldIntent['idempotency'];
  commitWrites: (q: Queryable, created: { payouts: PayoutRow[]; batch: PayoutBatchRow | null }) => CommitWrite[];
}): Promise<{ payouts: PayoutRow[]; batch: PayoutBatchRow | null }> {
  const source: SourceWallet = { accountId: BigInt(input.wallet.ledger_account_id), currency: input.wallet.currency };
  const crossCurrency = input.payouts.filter((payout) => payout.item.currency !== source.currency);
  const createdAt = input.createdAt;
  // The holds' ids are known before any is placed (a payout's legs 0, and 1 for a conversion's
  // second leg: reservationLegs), so the intent naming them commits first (hold-intents.ts).
  const intent: HoldIntent = {
    ownerId: input.batch?.id ?? input.payouts[0]!.id, kind: input.batch ? 'payout_batch' : 'payout', idempotency: input.idempotency,
    holdIds: input.payouts.flatMap((payout) => (payout.item.currency === source.currency ? [0] : [0, 1]).map((leg) => holdLegId(payout.id, leg))),
  };
  await openHoldIntent(deps.sql, intent);
  // Every row is built before sending (the clock is the run's): the statements then go out
  // together, pipelined on the transaction's connection, while the ledger makes the holds on its
  // own; a refused hold throws and the transaction rolls everything back. A cross-currency payout
  // needs its conversion first (its lock's rate decides what to hold), so its plan is made inside
  // the transaction once its lock is used; a reservation without one is planned here.
  const plan = (conversions: ReadonlyMap<string, PayoutConversion>) => {
    const legsByPayout = input.payouts.map((payout) => reservationLegs(deps.ledger, {
      payoutId: payout.id, wallet: source, amount: BigInt(payout.item.amount), currency: payout.item.currency,
      conversion: conversions.get(payout.id),
    }));
    const batch: PayoutBatchRow | null = input.batch && {
      id: input.batch.id, merchant_id: input.merchantId, wallet_id: input.wallet.id,
      // What the batch takes from the wallet, in its currency: a cross-currency member counts its
      // source_amount (docs/fx.md), so the total never adds up amounts in different currencies.
      total_amount: input.payouts.reduce((sum, payout) => sum + (conversions.get(payout.id)?.fromAmount ?? BigInt(payout.item.amount)), 0n),
      item_count: input.payouts.length, status: 'processing', open_members: input.payouts.length, failed_members: 0,
      created_at: createdAt, updated_at: createdAt,
    };
    const payouts: PayoutRow[] = input.payouts.map((payout, i) => {
      const conversion = conversions.get(payout.id);
      return {
        id: payout.id, merchant_id: input.merchantId, wallet_id: input.wallet.id, batch_id: batch?.id ?? null, batch_position: batch ? i : null,
        destination_id: payout.destination.id, destination_type: payout.item.destinationType, destination_ref: payout.item.destinationRef,
        amount: BigInt(payout.item.amount), currency: payout.item.currency, status: 'queued', scheduled_at: input.scheduledAt,
        retry_count: 0, failure_reason: null, hold_ids: legsByPayout[i]!.map((leg) => leg.id.toString()), provider_reference: null,
        fx_rate_lock_id: conversion?.rateLockId ?? null, source_amount: conversion?.fromAmount ?? null, fx_rate: conversion?.rate ?? null,
        created_at: createdAt, updated_at: createdAt,
      };
    });
    return { legsByPayout, batch, payouts };
  };
  const noConversions = new Map<string, PayoutConversion>();
  const planned = crossCurrency.length === 0 ? plan(noConversions) : null;
  return await write(deps, {
    prepare: async (tx: Tx) => {
      // Cross-currency payouts first use their rate locks, under the locks' row locks, so of two
      // reservations racing for one lock the second waits and then finds it used (docs/fx.md).
      const conversions = planned ? noConversions : await usePayoutRateLocks(tx, {
        merchantId: input.merchantId, walletCurrency: source.currency, nowMs: input.nowMs,
        payouts: crossCurrency.map((payout) => ({
          payoutId: payout.id, currency: payout.item.currency, amount: BigInt(payout.item.amount),
          fxRateLockId: payout.item.fxRateLockId!, fieldPrefix: payout.item.fieldPrefix,
        })),
      });
      const { legsByPayout, batch, payouts } = planned ?? plan(conversions);
      assertHoldsIntended(intent, legsByPayout.flat().map((leg) => leg.id));
      const hold = holdPayoutChain(deps.ledger, legsByPayout.flat());
      const rows = Promise.all([
        batch && tx`
          insert into payout_batches (id, merchant_id, wallet_id, total_amount, item_count, open_members, created_at, updated_at)
          values (${batch.id}, ${batch.merchant_id}, ${batch.wallet_id}, ${batch.total_amount.toString()}::bigint, ${batch.item_count},
                  ${batch.open_members}, ${createdAt}, ${createdAt})`,
        tx`
          insert into payouts (id, merchant_id, wallet_id, batch_id, batch_position, destination_id, destination_type, destination_ref,
                               amount, currency, scheduled_at, hold_ids, fx_rate_lock_id, source_amount, fx_rate, created_at, updated_at)
          select p.id, ${input.merchantId}, ${input.wallet.id}, ${batch?.id ?? null}::uuid,
                 case when ${batch !== null} then p.position::int - 1 else null end,
                 p.destination_id, p.destination_type, p.destination_ref, p.amount, p.currency, ${input.scheduledAt}::timestamptz,
                 string_to_array(p.hold_ids, ','), p.fx_rate_lock_id, p.source_amount, p.fx_rate, ${createdAt}, ${createdAt}
          from unnest(${payouts.map((p) => p.id)}::uuid[], ${payouts.map((p) => p.destination_id)}::uuid[],
                      ${payouts.map((p) => p.destination_type)}::text[], ${payouts.map((p) => p.destination_ref)}::text[],
                      ${payouts.map((p) => p.amount.toString())}::bigint[], ${payouts.map((p) => p.currency)}::text[],
                      ${payouts.map((p) => p.hold_ids.join(','))}::text[], ${payouts.map((p) => p.fx_rate_lock_id)}::uuid[],
                      ${payouts.map((p) => p.source_amount?.toString() ?? null)}::bigint[], ${payouts.map((p) => p.fx_rate)}::numeric[])
            with ordinality as p(id, destination_id, destination_type, destination_ref, amount, currency, hold_ids,
                                 fx_rate_lock_id, source_amount, fx_rate, position)`,
        appendEvents(tx, payouts.map((row) => payoutEvent(row, 'payout.queued'))),
        enqueueSendJobs(tx, payouts.map((row) => row.id), { runAt: input.scheduledAt, key: batch?.id ?? payouts[0]!.id }),
        conversions.size > 0 && recordPayoutConversions(tx, {
          merchantId: input.merchantId, walletCurrency: source.currency,
          payouts: crossCurrency.map((payout) => ({
            payoutId: payout.id, currency: payout.item.currency, amount: BigInt(payout.item.amount), conversion: conversions.get(payout.id)!,
          })),
        }),
      ]);
      // Both settle before anything is decided: a transaction is never left with a query in flight.
      const [held, written] = await Promise.allSettled([hold, rows]);
      if (held.status === 'rejected') throw held.reason;
      if (!held.value.ok) {
        if (held.value.failure === 'insufficient_funds') {
          throw new Refusal('payout_exceeds_wallet_balance', input.batch
            ? 'The wallet\'s available balance cannot cover the batch\'s total. Nothing was created.'
            : 'The wallet\'s available balance cannot cover this payout. Nothing was created.');
        }
        throw new Error(`ledger refused payout reservation ${input.payouts[0]!.id}: ${held.value.failure} (${held.value.status})`);
      }
      input.onHeld();
      if (written.status === 'rejected') throw written.reason;
      return { payouts, batch };
    },
    writes: (q: Queryable, created: { payouts: PayoutRow[]; batch: PayoutBatchRow | null }) => [
      ...input.commitWrites(q, created), closeHoldIntent(q, intent.ownerId),
    ],
  });
}

/**
 * The send jobs of new payouts, due at `runAt` (now when null): chunks of payoutSendJobChunkMax
 * members, each job keyed so a re-enqueue replaces rather than duplicates it.
 */
export async function enqueueSendJobs(q: Queryable, payoutIds: readonly string[], options: { runAt: Date | null; key: string }): Promise<void> {
  for (let start = 0, chunk = 0; start < payoutIds.length; start += payoutSendJobChunkMax, chunk += 1) {
    await enqueueJob(q, 'payouts.send', { payoutIds: payoutIds.slice(start, start + payoutSendJobChunkMax) }, {
      ...(options.runAt ? { runAt: options.runAt } : {}), jobKey: `payouts.send:${options.key}:${chunk}`,
    });
  }
}

// ----- Events and resources.

export function payoutEvent(row: PayoutRow, type: NewEvent['type']): NewEvent {
  return {
    merchantId: row.merchant_id,
    type,
    resourceType: 'payout',
    resourceId: row.id,
    data: {
      payout_id: row.id,
      merchant_id: row.merchant_id,
      wallet_id: row.wallet_id,
      batch_id: row.batch_id,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      failure_reason: row.failure_reason,
      occurred_at: row.updated_at.toISOString(),
    },
  };
}

export function toPayoutResource(row: PayoutRow): PayoutResource {
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    batch_id: row.batch_id,
    destination_type: row.destination_type,
    destination_ref: row.destination_ref,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    scheduled_at: row.scheduled_at?.toISOString() ?? null,
    retry_count: row.retry_count,
    failure_reason: row.failure_reason,
    fx_rate_lock_id: row.fx_rate_lock_id,
    source_amount: Number(row.source_amount ?? row.amount),
    fx_rate: row.fx_rate === null ? null : Number(row.fx_rate),
    created_at: row.created_at.toISOString(),
  } satisfies Schema<'Payout'>;
}

export function toPayoutBatchResource(batch: PayoutBatchRow, members: readonly PayoutRow[]): PayoutBatchResource {
  return {
    id: batch.id,
    merchant_id: batch.merchant_id,
    total_amount: Number(batch.total_amount),
    status: batch.status,
    payouts: members.map(toPayoutResource),
  } satisfies Schema<'PayoutBatch'>;
}

// ----- Reads.

export async function getPayout(q: Queryable, merchantId: string, id: string): Promise<PayoutRow> {
  const [row] = await q<PayoutRow[]>`select * from payouts where id = ${id} and merchant_id = ${merchantId}`;
  if (!row) throw new Refusal('no_such_payout', 'The payout does not exist or is not accessible.');
  return row;
}

export async function getPayoutBatch(q: Queryable, merchantId: string, id: string): Promise<{ batch: PayoutBatchRow; members: PayoutRow[] }> {
  const [batch] = await q<PayoutBatchRow[]>`select * from payout_batches where id = ${id} and merchant_id = ${merchantId}`;
  if (!batch) throw new Refusal('no_such_payout_batch', 'The payout batch does not exist or is not accessible.');
  const members = await q<PayoutRow[]>`select * from payouts where batch_id = ${id} order by batch_position`;
  return { batch, members };
}

export type PayoutFilters = { status?: PayoutStatus; walletId?: string };

/** GET /payouts: newest first, keyset-paginated, from an index whichever filter. */
export async function listPayouts(q: Queryable, merchantId: string, filters: PayoutFilters, after: Keyset | null, take: number): Promise<PayoutRow[]> {
  return await q<PayoutRow[]>`
    select * from payouts
    where merchant_id = ${merchantId}
      and ${filters.status ? q`status = ${filters.status}` : q`true`}
      and ${filters.walletId ? q`wallet_id = ${filters.walletId}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}
