// Escrow holds (docs/split-settlement.md): the escrowed legs of settled payments, and how they
// end. The ledger holds the money (a pending transfer rail clearing -> recipient wallet: its
// pending_balance); a hold row says whose, why and until when.
//
//   held -> released  the pending transfer is posted (available_balance): POST
//                     /escrow-holds/{id}/release, POST /collections/{id}/delivery-confirmation
//                     (delivery_confirmation holds), the escrow.auto_release job (auto_timeout);
//   held -> returned  a refund takes it whole: POST /escrow-holds/{id}/return IS such a refund
//                     (escrow-returns.ts: returned once the rail accepted it), or a refund of the
//                     collection that took the hold whole and went through.
// Every path takes the collection's row lock, then the hold's, and moves only a hold that is
// still held: a release racing a return or a refund ends in exactly one of them; the loser is
// 409 ESCROW_HOLD_NOT_HELD (or, for a refund, takes the money from the wallet instead). The
// ledger's post/void ids derive from the hold's pending id, so a pass that died after the ledger
// moved and before the commit repeats the movement as a no-op (`exists`) and records it.
import { idFromUuid, type Ledger } from '@payagg/ledger';
import type { Schema } from '@payagg/contract';
import { randomUUID } from 'node:crypto';
import type { Queryable, Sql, Tx } from '../../db/index.ts';
import { type Keyset, keysetCondition } from '../../db/keyset.ts';
import { write } from '../../db/write.ts';
import { escrowEvent, type EscrowHoldRow, type EscrowHoldStatus, recordHoldEnd } from './escrow-hold-records.ts';
import { type HoldRecoveryDeps, restoreTakenHold } from './escrow-hold-recovery.ts';
import { appendEvents } from '../../domain/events.ts';
import { finishSplitRefundUndos } from './split-refunds.ts';
import { fieldsRefusal, Refusal } from '../../domain/outcomes.ts';
import type { PlannedLeg } from './split-legs.ts';
import { lockTransaction, type TransactionRow } from '../transactions.ts';
import { ensureWallet, type WalletOwnerType } from '../../wallets/index.ts';
import { releaseEscrow, returnEscrow } from './ledger-splits.ts';

// The row, its events and its end live in escrow-hold-records.ts, which split refunds and the
// hold recovery share without importing this module (no import cycle: decision 0600).
export { escrowEvent, recordHoldEnd } from './escrow-hold-records.ts';
export type { EscrowHoldRow, EscrowHoldStatus } from './escrow-hold-records.ts';

export type EscrowHoldResource = Schema<'EscrowHold'>;
type Deps = { sql: Sql; ledger: Ledger; idempotency?: HoldRecoveryDeps['idempotency'] };

export function toEscrowHoldResource(row: EscrowHoldRow): EscrowHoldResource {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    wallet_id: row.wallet_id,
    recipient_type: row.recipient_type,
    recipient_id: row.recipient_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    release_condition: row.release_condition,
    release_at: row.release_at === null ? null : row.release_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } satisfies EscrowHoldResource;
}

/** The legs a collection settles into: its planned legs, or null when it settles whole. */
export function plannedLegsOf(row: Pick<TransactionRow, 'merchant_id' | 'amount' | 'hold_in_escrow'> & { split_legs: PlannedLeg[] | null }): PlannedLeg[] | null {
  if (row.split_legs !== null) return row.split_legs;
  if (!row.hold_in_escrow) return null;
  // A hold_in_escrow payment created before split_legs existed.
  return [{ recipient_type: 'merchant', owner_id: row.merchant_id, amount: Number(row.amount), escrow: true, release_condition: 'manual', timeout_hours: 72 }];
}

export type LegWallet = { walletId: string; accountId: bigint };

/** The wallet of a leg's recipient (opened on first use). */
export async function legWallet(tx: Queryable, ledger: Ledger, merchantId: string, currency: string, leg: PlannedLeg): Promise<LegWallet> {
  const ownerType: WalletOwnerType = leg.recipient_type === 'merchant' ? 'merchant' : leg.recipient_type === 'sub_merchant' ? 'sub_merchant' : 'platform';
  return await ensureWallet(tx, ledger, { merchantId, ownerType, ownerId: leg.owner_id, currency });
}

/**
 * After split (or escrowed) collections settled: their legs' rows, a hold per escrowed leg (its
 * pending transfer is the settlement chain's transfer of that leg) and their escrow.held events
 * (after the transaction.success events, in the same transaction). Three statements for the whole
 * round, whatever the number of collections and legs.
 */
export async function recordSettledLegs(tx: Tx, settled: ReadonlyArray<{ row: TransactionRow; legs: readonly PlannedLeg[]; wallets: readonly LegWallet[] }>): Promise<void> {
  if (settled.length === 0) return;
  const legRows: { transaction_id: string; leg: number; recipient_type: string; wallet_id: string; ledger_account_id: string; amount: number; escrow_hold_id: string | null }[] = [];
  const holdRows: { id: string; merchant_id: string; transaction_id: string; leg: number; wallet_id: string; recipient_type: string; recipient_id: string;
    amount: number; currency: string; release_condition: string; timeout_hours: number | null; ledger_pending_id: string }[] = [];
  for (const { row, legs, wallets } of settled) {
    for (const [i, leg] of legs.entries()) {
      const wallet = wallets[i]!;
      const holdId = leg.escrow ? randomUUID() : null;
      legRows.push({ transaction_id: row.id, leg: i, recipient_type: leg.recipient_type, wallet_id: wallet.walletId,
        ledger_account_id: wallet.accountId.toString(), amount: leg.amount, escrow_hold_id: holdId });
      if (holdId === null) continue;
      holdRows.push({ id: holdId, merchant_id: row.merchant_id, transaction_id: row.id, leg: i, wallet_id: wallet.walletId,
        recipient_type: leg.recipient_type, recipient_id: leg.recipient_type === 'sub_merchant' ? leg.owner_id : row.merchant_id,
        amount: leg.amount, currency: row.currency, release_condition: leg.release_condition,
        timeout_hours: leg.release_condition === 'auto_timeout' ? leg.timeout_hours : null, ledger_pending_id: idFromUuid(row.id, i).toString() });
    }
  }
  await tx`insert into settlement_legs (transaction_id, leg, recipient_type, wallet_id, ledger_account_id, amount, escrow_hold_id)
           select * from unnest(${legRows.map((r) => r.transaction_id)}::uuid[], ${legRows.map((r) => r.leg)}::int[],
             ${legRows.map((r) => r.recipient_type)}::text[], ${legRows.map((r) => r.wallet_id)}::uuid[],
             ${legRows.map((r) => r.ledger_account_id)}::numeric[], ${legRows.map((r) => r.amount)}::bigint[],
             ${legRows.map((r) => r.escrow_hold_id)}::uuid[])`;
  if (holdRows.length === 0) return;
  const holds = await tx<EscrowHoldRow[]>`
    insert into escrow_holds (id, merchant_id, transaction_id, leg, wallet_id, recipient_type, recipient_id, amount, currency,
      status, release_condition, release_at, ledger_pending_id)
    select h.id, h.merchant_id, h.transaction_id, h.leg, h.wallet_id, h.recipient_type, h.recipient_id, h.amount, h.currency,
      'held', h.release_condition, case when h.timeout_hours is null then null else now() + h.timeout_hours * interval '1 hour' end,
      h.ledger_pending_id
    from unnest(${holdRows.map((r) => r.id)}::uuid[], ${holdRows.map((r) => r.merchant_id)}::uuid[], ${holdRows.map((r) => r.transaction_id)}::uuid[],
      ${holdRows.map((r) => r.leg)}::int[], ${holdRows.map((r) => r.wallet_id)}::uuid[], ${holdRows.map((r) => r.recipient_type)}::text[],
      ${holdRows.map((r) => r.recipient_id)}::uuid[], ${holdRows.map((r) => r.amount)}::bigint[], ${holdRows.map((r) => r.currency)}::text[],
      ${holdRows.map((r) => r.release_condition)}::text[], ${holdRows.map((r) => r.timeout_hours)}::int[], ${holdRows.map((r) => r.ledger_pending_id)}::numeric[])
      with ordinality as h(id, merchant_id, transaction_id, leg, wallet_id, recipient_type, recipient_id, amount, currency, release_condition, timeout_hours, ledger_pending_id, position)
    order by h.position
    returning *`;
  const order = new Map(holdRows.map((r, i) => [r.id, i]));
  holds.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  await appendEvents(tx, holds.map((hold) => escrowEvent(hold, hold.merchant_id, 'escrow.held')));
}

export function escrowHoldNotFound(): Refusal {
  return new Refusal('escrow_hold_not_found', 'The escrow hold does not exist or is not accessible.');
}

export async function getEscrowHold(q: Queryable, merchantId: string, id: string): Promise<EscrowHoldRow> {
  const [row] = await q<EscrowHoldRow[]>`select * from escrow_holds where id = ${id} and merchant_id = ${merchantId}`;
  if (!row) throw escrowHoldNotFound();
  return row;
}

export async function listEscrowHolds(q: Queryable, merchantId: string, filters: { transactionId?: string; status?: EscrowHoldStatus },
  after: Keyset | null, take: number): Promise<EscrowHoldRow[]> {
  return await q<EscrowHoldRow[]>`
    select * from escrow_holds
    where merchant_id = ${merchantId}
      and ${filters.transactionId ? q`transaction_id = ${filters.transactionId}` : q`true`}
      and ${filters.status ? q`status = ${filters.status}` : q`true`}
      and ${keysetCondition(q, after)}
    order by created_at desc, id desc
    limit ${take}`;
}

/**
 * Releases (post) or returns (void) a hold that is still held, under the collection's and the
 * hold's row locks; escrow_hold_not_held (409, nothing moves) when it is not. A hold a refund in
 * progress took whole (amount 0) is not held either.
 */
export async function endEscrowHold(deps: Deps, merchantId: string, holdId: string, action: 'release' | 'return'): Promise<EscrowHoldRow> {
  const found = await getEscrowHold(deps.sql, merchantId, holdId);
  const ended = await write(deps, { prepare: async (tx) => {
    await lockTransaction(tx, found.transaction_id);
    await finishSplitRefundUndos(tx, deps.ledger, found.transaction_id);
    return await endLockedHold(tx, deps, holdId, action);
  } });
  if (ended.refusal) throw ended.refusal;
  return ended.hold;
}

/** endEscrowHold's work, for a caller that holds the collection's row lock. */
async function endLockedHold(tx: Tx, deps: HoldRecoveryDeps, holdId: string, action: 'release' | 'return', restored = false): Promise<{ hold: EscrowHoldRow; refusal?: Refusal }> {
  const [hold] = await tx<EscrowHoldRow[]>`select * from escrow_holds where id = ${holdId} for update`;
  if (!hold) throw escrowHoldNotFound();
  if (hold.status !== 'held' || hold.amount === 0n || hold.ledger_pending_id === null) {
    throw notHeld(hold.status === 'held' ? 'taken back whole by a refund in progress' : hold.status);
  }
  const pendingId = BigInt(hold.ledger_pending_id);
  const moved = action === 'release' ? await releaseEscrow(deps.ledger, pendingId) : await returnEscrow(deps.ledger, pendingId);
  if (!moved.ok) {
    // A release finding the hold voided: a refund or a return took it in the ledger and died
    // before its commit (no refund row exists). Nothing of that dead request may survive: it is
    // undone and the hold held anew (escrow-hold-recovery.ts), then this release goes on.
    if (action === 'release' && moved.failure === 'hold_already_voided' && !restored) {
      await restoreTakenHold(tx, deps, hold, { knownVoided: true });
      return await endLockedHold(tx, deps, holdId, action, true);
    }
    // A return finding it posted: a release moved it and died before its commit. The ledger is
    // the truth: record that release (and its event), refuse this return.
    if (action === 'return' && moved.failure === 'hold_already_posted') {
      return { hold: await recordHoldEnd(tx, hold, 'release'), refusal: notHeld('released') };
    }
    throw new Error(`ledger refused to ${action} escrow hold ${hold.id}: ${moved.failure} (${moved.status})`);
  }
  return { hold: await recordHoldEnd(tx, hold, action) };
}

export function notHeld(state: string): Refusal {
  return fieldsRefusal('escrow_hold_not_held', [{ field: 'path.id', message: `the escrow hold is no longer held (${state}); nothing moved` }],
    `The escrow hold is no longer held (${state}); nothing moved.`);
}

/**
 * POST /collections/{id}/delivery-confirmation: releases the collection's delivery_confirmation
 * holds still held, and answers all its holds. Confirming again releases nothing more.
 */
export async function confirmDelivery(deps: Deps, merchantId: string, collectionId: string): Promise<EscrowHoldRow[]> {
  return await write(deps, { prepare: async (tx) => {
    const collection = await lockTransaction(tx, collectionId);
    if (!collection || collection.merchant_id !== merchantId || collection.type !== 'collection') {
      throw new Refusal('collection_not_found', 'The collection does not exist or is not accessible.');
    }
    if (collection.status !== 'success' && collection.status !== 'reversed') {
      throw fieldsRefusal('collection_not_successful', [{ field: 'path.id', message: `only a successful collection has goods to confirm; this one is ${collection.status}` }]);
    }
    await finishSplitRefundUndos(tx, deps.ledger, collectionId);
    const due = await tx<{ id: string }[]>`
      select id from escrow_holds where transaction_id = ${collectionId} and release_condition = 'delivery_confirmation'
        and status = 'held' and amount > 0 order by leg`;
    // A hold a dead refund or return had taken in the ledger is held anew, then released.
    for (const { id } of due) await endLockedHold(tx, deps, id, 'release');
    return await tx<EscrowHoldRow[]>`select * from escrow_holds where transaction_id = ${collectionId} order by created_at desc, id desc`;
  } });
}

/** Holds released per pass of the auto_timeout job at most; the rest wait for the next pass. */
export const escrowAutoReleaseBatchMax = 500;

/**
 * Releases the auto_timeout holds whose release_at has passed (the escrow.auto_release job).
 * Exactly once whatever runs it concurrently: each hold is released under its locks only while
 * it is still held (a second worker finds it released and skips it); a pass that died after the
 * ledger posted is finished by the next (the post is repeated as a no-op).
 */
export async function releaseDueEscrowHolds(deps: Deps, options: { limit?: number } = {}): Promise<{ released: number; skipped: number }> {
  const due = await deps.sql<{ id: string; merchant_id: string }[]>`
    select id, merchant_id from escrow_holds
    where status = 'held' and release_condition = 'auto_timeout' and release_at <= now() and amount > 0
    order by release_at limit ${options.limit ?? escrowAutoReleaseBatchMax}`;
  let released = 0;
  let skipped = 0;
  for (const hold of due) {
    try {
      await endEscrowHold(deps, hold.merchant_id, hold.id, 'release');
      released += 1;
    } catch (error) {
      if (error instanceof Refusal && error.outcome === 'escrow_hold_not_held') skipped += 1;
      else throw error;
    }
  }
  return { released, skipped };
}
