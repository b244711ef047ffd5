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
//      payout.queued events, the send jobs and the stored response (payout-reservation.ts).
import { createHash } from 'node:crypto';
import type { Schema } from '@payagg/contract';
import { holdLegId, type Ledger } from '@payagg/ledger';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type Keyset, keysetCondition } from '../db/keyset.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { NewEvent } from '../domain/events.ts';
import { assertMerchantActive } from '../accounts/index.ts';
import { fieldsRefusal, Refusal, type RefusalField } from '../domain/outcomes.ts';
import { type DestinationType, type PayoutDestinationRow, resolveDestinations } from './payout-destinations.ts';
import { assertOwnerMayBePaidOut } from '../sub-merchants/index.ts';
import { type PayoutConversion, recordPayoutConversions, usePayoutRateLocks } from './payout-conversions.ts';
import type { WalletRow } from '../wallets/index.ts';
import { holdPayoutChain, reservationLegs, type SourceWallet } from './ledger-payouts.ts';
import type { PayoutRailRegistry } from '../payout-rails/registry.ts';
import { routedAmountRefusal } from '../payout-rails/routed-sends.ts';

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
  provider_reference: string | null; provider: string | null; // provider: written before each send (decision 0641); null before the first
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
  /** The payout rails: each item's amount must be one its routed provider can write (decision 0760). */
  rails?: PayoutRailRegistry;
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
  if (input.rails) refuseUnrepresentableAmounts(input.rails, input.items, destinations);
  assertMerchantActive(merchant);
  await assertOwnerMayBePaidOut(sql, wallet);
  return { wallet, destinations };
}

/**
 * 422 naming each item's `amount` (or `currency`) that the provider its route sends to first
 * cannot write (KES 1,500.50 where M-Pesa takes whole shillings), before anything is held or
 * created: the connector's own check (PayoutRailConnector.amountRefusal; decision 0760).
 */
export function refuseUnrepresentableAmounts(rails: PayoutRailRegistry, items: readonly PayoutItem[], destinations: readonly PayoutDestinationRow[]): void {
  const fields: RefusalField[] = [];
  items.forEach((item, i) => {
    const route = { destinationType: item.destinationType, currency: item.currency, country: destinations[i]!.country };
    const refusal = routedAmountRefusal(rails, route, { amount: item.amount, currency: item.currency });
    if (refusal !== null) fields.push({ field: `${item.fieldPrefix}.${refusal.field}`, message: `${refusal.message} (provider ${refusal.provider})` });
  });
  if (fields.length > 0) throw fieldsRefusal('payout_request_invalid', fields);
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
