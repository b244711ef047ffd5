// Reserving payouts (payouts.ts has the rules; the create flows, payouts/flows/, run this under
// the idempotency claim): in ONE database transaction the ledger's holds (every payout's legs in
// one linked chain: all reserved or none), then the rows (batch, payouts), their payout.queued
// events, the send jobs and the stored response. docs/payouts.md.
import type { Ledger } from '@payagg/ledger';
import { holdLegId } from '@payagg/ledger';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write } from '../db/write.ts';
import { appendEvents } from '../domain/events.ts';
import { assertHoldsIntended, closeHoldIntent, type HoldIntent, openHoldIntent } from '../domain/hold-intents.ts';
import { Refusal } from '../domain/outcomes.ts';
import type { WalletRow } from '../wallets/index.ts';
import { type PayoutConversion, recordPayoutConversions, usePayoutRateLocks } from './payout-conversions.ts';
import { holdPayoutChain, reservationLegs, type SourceWallet } from './ledger-payouts.ts';
import {
  enqueueSendJobs, type NewPayout, type PayoutBatchRow, payoutEvent, type PayoutRow,
} from './payouts.ts';

export type ReserveDeps = { sql: Sql; ledger: Ledger };

export type ReservePayoutsInput = {
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
};

/**
 * Reserves and records payouts (one, or a batch's members) in one database transaction: the
 * ledger holds first (one linked chain over every payout's legs: all or none), then the rows,
 * the payout.queued events and the send jobs; `commitWrites` (the stored response) commit with
 * them. `onHeld` runs once the holds exist (the flow keeps its key from then on: a retry must
 * resume with the same ids, whose holds the ledger replays). Throws payout_exceeds_wallet_balance
 * (nothing held, nothing written) when the wallet cannot cover the total.
 */
export async function reservePayouts<R>(deps: ReserveDeps, input: ReservePayoutsInput): Promise<{ payouts: PayoutRow[]; batch: PayoutBatchRow | null }> {
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
  const plan = (conversions: ReadonlyMap<string, PayoutConversion>) => planReservation(deps.ledger, input, source, conversions);
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
      const rows = insertReservationRows(tx, input, { payouts, batch, conversions, crossCurrency, walletCurrency: source.currency });
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

/** The rows and ledger legs of a reservation, built before anything is sent (the clock is the run's). */
function planReservation(ledger: Ledger, input: ReservePayoutsInput, source: SourceWallet, conversions: ReadonlyMap<string, PayoutConversion>) {
  const createdAt = input.createdAt;
  const legsByPayout = input.payouts.map((payout) => reservationLegs(ledger, {
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
      retry_count: 0, failure_reason: null, hold_ids: legsByPayout[i]!.map((leg) => leg.id.toString()), provider_reference: null, provider: null,
      fx_rate_lock_id: conversion?.rateLockId ?? null, source_amount: conversion?.fromAmount ?? null, fx_rate: conversion?.rate ?? null,
      created_at: createdAt, updated_at: createdAt,
    };
  });
  return { legsByPayout, batch, payouts };
}

/** The reservation's statements (batch, payouts, their events, send jobs, conversions), pipelined on `tx`. */
function insertReservationRows(tx: Tx, input: ReservePayoutsInput, planned: {
  payouts: PayoutRow[]; batch: PayoutBatchRow | null; conversions: ReadonlyMap<string, PayoutConversion>; crossCurrency: readonly NewPayout[]; walletCurrency: string;
}): Promise<unknown> {
  const { payouts, batch, conversions, crossCurrency } = planned;
  const createdAt = input.createdAt;
  return Promise.all([
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
      merchantId: input.merchantId, walletCurrency: planned.walletCurrency,
      payouts: crossCurrency.map((payout) => ({
        payoutId: payout.id, currency: payout.item.currency, amount: BigInt(payout.item.amount), conversion: conversions.get(payout.id)!,
      })),
    }),
  ]);
}
