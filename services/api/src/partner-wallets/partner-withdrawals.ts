// Partner withdrawals (spec/partner.yaml POST /wallets/{walletId}/withdrawals, GET
// /withdrawals/{withdrawalId}) and the partner's payout destinations they are sent to.
//
// A withdrawal is a payout out of a partner wallet, on the same parts as merchant payouts:
//   - destinations are tokenized and sealed by the payout destinations' vault
//     (payouts/payout-destinations.ts, crypto/destination-vault.ts), owned by the partner;
//   - the money is reserved at once in the ledger (reservePayout: a pending transfer wallet ->
//     payout clearing, id from the withdrawal id): 402 and nothing reserved when not covered;
//   - a job sends it through the payout rail of the destination's type (payout-rails/); the rail
//     answers at once and delivers the outcome later (the sandbox by a job, a real provider by its
//     callback), which posts the reservation (success) or voids it (failed: the money is back);
//   - a transient failure is retried as the next attempt after the payouts' retry schedule
//     (PAYOUT_RETRY_SCHEDULE_MS), then fails as retries_exhausted, as payouts do.
// The withdrawal's row is a partner movement (partner_movements, kind 'withdrawal').
import { randomUUID } from 'node:crypto';
import type { Ledger } from '@payagg/ledger';
import type { PartnerSchema } from '@payagg/contract';
import type { DestinationVault } from '../crypto/destination-vault.ts';
import type { Queryable, Sql, Tx } from '../db/index.ts';
import { type CommitWrite, write, type WriteTarget } from '../db/write.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { PayoutSendDeclinedError, type PayoutRailOutcome } from '../payout-rails/types.ts';
import { nextProviderAfter, routedAmountRefusal, sendPayoutRouted, type PayoutRoute } from '../payout-rails/routed-sends.ts';
import { closeHoldIntent, type HoldIntent, openHoldIntent } from '../domain/hold-intents.ts';
import { detailsOf, looksLikeRawDetails, maskedLabel, newDestinationRef, openDestinationDetails, type PayoutDestinationCreate, type PayoutDestinationRow } from '../payouts/index.ts';
import type { PayoutsRuntime } from '../payouts/index.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';
import type { PartnerWalletRow } from './partner-wallets.ts';
import { cancelPayout, commitPayout, payoutReservationId, reservePayout } from '../payouts/index.ts';

export type PartnerPayoutDestinationCreate = PartnerSchema<'PartnerPayoutDestinationCreate'>;
export type PartnerPayoutDestinationResource = PartnerSchema<'PartnerPayoutDestination'>;
export type PartnerWithdrawalCreate = PartnerSchema<'PartnerWithdrawalCreate'>;
export type PartnerWithdrawalResource = PartnerSchema<'PartnerWithdrawal'>;

/** failure_reason of a withdrawal whose transient failures outlasted its retries (as payouts). */
export const withdrawalRetriesExhaustedReason = 'retries_exhausted';

export type WithdrawalRow = {
  id: string;
  partner_id: string;
  from_wallet_id: string;
  amount: string;
  currency: string;
  reference: string;
  status: 'pending' | 'success' | 'failed';
  destination_id: string;
  destination_type: 'mobile_money' | 'bank' | 'card';
  destination_ref: string;
  provider_reference: string | null;
  /** The provider it is sent to, written before each send (decision 0762); null before the first. */
  provider: string | null;
  /** The destination's country: the route's (docs/providers.md). */
  country: string;
  failure_reason: string | null;
  attempt: number;
  created_at: Date;
  updated_at: Date;
};

export type WithdrawalDeps = { sql: Sql; ledger: Ledger; payouts: PayoutsRuntime; logger: Logger };

// ----- Destinations.

/** The vault's fingerprint scope of a partner: apart from every merchant's by construction. */
function fingerprintOwner(partnerId: string): string {
  return `partner:${partnerId}`;
}

/**
 * POST /payout-destinations of the partner family: the partner's destination with these details,
 * created on first use (the same details give the same destination; two concurrent first uses
 * create one row, the loser reading the winner's). The details are sealed and never returned.
 */
export async function tokenizePartnerDestination(target: WriteTarget & { vault: DestinationVault }, partnerId: string,
  request: PartnerPayoutDestinationCreate): Promise<PartnerPayoutDestinationResource> {
  // The merchant API's shape of the same request, so the vault and the masking are the payouts' own.
  const asMerchantShape = {
    destination_type: request.destinationType, country: request.country, currency: request.currency,
    ...(request.phone === undefined ? {} : { phone: request.phone }),
    ...(request.bankCode === undefined ? {} : { bank_code: request.bankCode }),
    ...(request.bankAccountNumber === undefined ? {} : { account_number: request.bankAccountNumber }),
    ...(request.bankAccountName === undefined ? {} : { account_name: request.bankAccountName }),
    ...(request.cardToken === undefined ? {} : { card_token: request.cardToken }),
  } as PayoutDestinationCreate;
  const details = detailsOf(asMerchantShape);
  const fingerprint = target.vault.fingerprint(fingerprintOwner(partnerId), request, details);
  const find = async (q: Queryable) => (await q<PayoutDestinationRow[]>`
    select * from payout_destinations where partner_id = ${partnerId} and fingerprint = ${fingerprint}`)[0] ?? null;
  const existing = await find(target.sql);
  if (existing) return toPartnerDestinationResource(existing);
  const id = randomUUID();
  const row = await write(target, { prepare: async (tx: Tx) => {
    const [inserted] = await tx<PayoutDestinationRow[]>`
      insert into payout_destinations (id, merchant_id, partner_id, destination_ref, destination_type, country, currency, label, fingerprint, details_sealed)
      values (${id}, null, ${partnerId}, ${newDestinationRef(request.destinationType)}, ${request.destinationType}, ${request.country},
              ${request.currency}, ${maskedLabel(details)}, ${fingerprint}, ${target.vault.seal(id, details)})
      on conflict (partner_id, fingerprint) where partner_id is not null do nothing
      returning *`;
    return inserted ?? (await find(tx))!;
  } });
  return toPartnerDestinationResource(row);
}

function toPartnerDestinationResource(row: PayoutDestinationRow): PartnerPayoutDestinationResource {
  return {
    id: row.id, destinationRef: row.destination_ref, destinationType: row.destination_type, country: row.country,
    currency: row.currency, label: row.label, createdAt: row.created_at.toISOString(),
  };
}

/**
 * The partner's destination a withdrawal names, usable for this wallet: 422 naming
 * body.destinationRef when it is raw details (tokenize first), not the partner's, or in another
 * currency than the wallet's.
 */
export async function destinationForWithdrawal(q: Queryable, partnerId: string, wallet: PartnerWalletRow, destinationRef: string): Promise<PayoutDestinationRow> {
  const field = 'body.destinationRef';
  const [row] = await q<PayoutDestinationRow[]>`
    select * from payout_destinations where partner_id = ${partnerId} and destination_ref = ${destinationRef}`;
  if (!row) {
    if (looksLikeRawDetails(destinationRef)) {
      throw fieldsRefusal('partner_request_invalid', [{ field, message: 'looks like a raw account, phone or card number; tokenize it first with POST /payout-destinations and send its destinationRef' }]);
    }
    throw fieldsRefusal('partner_request_invalid', [{ field, message: 'is not one of your payout destinations (POST /payout-destinations returns one)' }]);
  }
  if (row.currency !== wallet.currency) {
    throw fieldsRefusal('partner_request_invalid', [{ field, message: `pays out ${row.currency}; the wallet holds ${wallet.currency}` }]);
  }
  return row;
}

/**
 * 422 naming body.amount when the provider the withdrawal's route sends to first cannot write
 * it (KES 1,500.50 on M-Pesa): the connector's own check, as payouts ask it (decision 0760).
 */
export function refuseUnrepresentableWithdrawal(rails: WithdrawalDeps['payouts']['rails'], destination: PayoutDestinationRow, amount: number): void {
  const refusal = routedAmountRefusal(rails, routeOf(destination), { amount, currency: destination.currency });
  if (refusal === null) return;
  throw fieldsRefusal('partner_request_invalid', [{
    field: refusal.field === 'amount' ? 'body.amount' : 'body.destinationRef', message: `${refusal.message} (provider ${refusal.provider})`,
  }]);
}

function routeOf(destination: Pick<PayoutDestinationRow, 'destination_type' | 'currency' | 'country'>): PayoutRoute {
  return { destinationType: destination.destination_type, currency: destination.currency, country: destination.country };
}

// ----- Withdrawals.

export function toWithdrawalResource(row: WithdrawalRow): PartnerWithdrawalResource {
  return {
    id: row.id, walletId: row.from_wallet_id, amount: Number(row.amount), currency: row.currency, destinationRef: row.destination_ref,
    status: row.status, failureReason: row.failure_reason, reference: row.reference,
    createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(),
  };
}

const withdrawalColumns = (q: Queryable) => q`m.id, m.partner_id, m.from_wallet_id, m.amount::text as amount, m.currency, m.reference,
  m.status, m.destination_id, m.destination_type, d.destination_ref, m.provider_reference, m.provider, d.country, m.failure_reason, m.attempt,
  m.created_at, m.updated_at`;

export async function getPartnerWithdrawal(q: Queryable, partnerId: string, id: string): Promise<WithdrawalRow> {
  const [row] = await q<WithdrawalRow[]>`
    select ${withdrawalColumns(q)} from partner_movements m join payout_destinations d on d.id = m.destination_id
    where m.id = ${id} and m.partner_id = ${partnerId} and m.kind = 'withdrawal'`;
  if (!row) throw new Refusal('no_such_partner_withdrawal', 'No such withdrawal.');
  return row;
}

async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx<WithdrawalRow[]>`
    select ${withdrawalColumns(tx)} from partner_movements m join payout_destinations d on d.id = m.destination_id
    where m.id = ${id} and m.kind = 'withdrawal' for update of m`;
  return row ?? null;
}

/**
 * Reserves the withdrawal in the ledger (402 and nothing reserved when not covered), then in one
 * transaction writes its row (pending), queues its send and `commitWrites` (the stored response).
 * A resumed run finds its reservation (`exists`) and its row (on conflict: as it was).
 */
export async function reserveWithdrawal(deps: WriteTarget & { ledger: Ledger }, input: {
  id: string; wallet: PartnerWalletRow; destination: PayoutDestinationRow; request: PartnerWithdrawalCreate; createdAt: Date;
  /** The idempotency record the run holds (hold-intents.ts: an abandoned reservation forgets it). */
  idempotency: HoldIntent['idempotency'];
  commitWrites: (q: Queryable, resource: PartnerWithdrawalResource) => CommitWrite[];
}): Promise<PartnerWithdrawalResource> {
  const { wallet, destination, request } = input;
  // The hold's intent commits before the hold (hold-intents.ts); the commit below closes it.
  await openHoldIntent(deps.sql, {
    ownerId: input.id, kind: 'partner_withdrawal', holdIds: [payoutReservationId(input.id)], idempotency: input.idempotency,
  });
  const reserved = await reservePayout(deps.ledger, {
    payoutId: input.id, walletAccountId: BigInt(wallet.ledger_account_id), currency: wallet.currency, amount: BigInt(request.amount),
  });
  if (!reserved.ok) {
    if (reserved.failure === 'insufficient_funds' || reserved.failure === 'previously_failed') {
      throw new Refusal('partner_wallet_insufficient_funds', "The wallet's available balance does not cover the amount.");
    }
    throw new Error(`withdrawal ${input.id}: ledger refused the reservation (${reserved.failure})`);
  }
  return await write(deps, {
    prepare: async (tx: Tx) => {
      await tx`
        insert into partner_movements (id, partner_id, kind, from_wallet_id, to_wallet_id, amount, currency, reference, status,
          destination_id, destination_type, created_at, updated_at)
        values (${input.id}, ${wallet.partner_id}, 'withdrawal', ${wallet.id}, null, ${request.amount}, ${wallet.currency},
          ${request.reference}, 'pending', ${destination.id}, ${destination.destination_type}, ${input.createdAt}, ${input.createdAt})
        on conflict (id) do nothing`;
      await enqueueJob(tx, 'partner_withdrawals.send', { withdrawalId: input.id }, { jobKey: `partner_withdrawals.send:${input.id}:0` });
      return toWithdrawalResource((await lockWithdrawal(tx, input.id))!);
    },
    writes: (q: Queryable, resource: PartnerWithdrawalResource) => [...input.commitWrites(q, resource), closeHoldIntent(q, input.id)],
  });
}

/**
 * Sends a pending withdrawal's current attempt (the partner_withdrawals.send job) along its route,
 * as a payout is (payout-rails/routed-sends.ts; decision 0762): its provider is written before
 * the send, so a job that died after the call calls the same provider again with the same
 * (withdrawal id, attempt), its idempotency key. A rail that is down throws (the job retries); a
 * rail that declines the send fails it now.
 */
export async function sendPartnerWithdrawal(deps: WithdrawalDeps, id: string): Promise<'sent' | 'final' | 'declined'> {
  const [row] = await deps.sql<WithdrawalRow[]>`
    select ${withdrawalColumns(deps.sql)} from partner_movements m join payout_destinations d on d.id = m.destination_id
    where m.id = ${id} and m.kind = 'withdrawal'`;
  if (!row) throw new Error(`partner_withdrawals.send for unknown withdrawal ${id}`);
  if (row.status !== 'pending') return 'final';
  const destination = await openDestinationDetails(deps.sql, deps.payouts.vault, row.destination_id);
  const route = routeOf({ destination_type: row.destination_type, currency: row.currency, country: row.country });
  const pin = async (provider: string) => {
    await deps.sql`update partner_movements set provider = ${provider}, updated_at = now() where id = ${row.id} and status = 'pending'`;
  };
  const pinned = row.provider ?? deps.payouts.rails.providersFor(route)[0]!;
  if (row.provider === null) await pin(pinned);
  try {
    const { receipt } = await sendPayoutRouted(deps.payouts.rails, {
      route, pinned, pinnedNow: row.provider === null, pin, logger: deps.logger,
      request: { payoutId: row.id, attempt: row.attempt, merchantId: row.partner_id, amount: Number(row.amount), currency: row.currency, destination },
    });
    await deps.sql`update partner_movements set provider_reference = ${receipt.providerReference}, updated_at = now()
                   where id = ${row.id} and attempt = ${row.attempt} and status = 'pending'`;
    return 'sent';
  } catch (error) {
    if (!(error instanceof PayoutSendDeclinedError)) throw error;
    await applyPartnerWithdrawalOutcome(deps, {
      payoutId: row.id, attempt: row.attempt, providerReference: '', status: 'failed',
      failureReason: error.reason === 'send_declined' ? null : error.reason,
    }, { declinedReason: error.reason });
    return 'declined';
  }
}

/** Which of these rail references are partner withdrawals (the others are payouts). */
export async function partnerWithdrawalIds(q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const rows = await q<{ id: string }[]>`select id from partner_movements where id = any(${ids as string[]}::uuid[]) and kind = 'withdrawal'`;
  return new Set(rows.map((row) => row.id));
}

/**
 * The rail's outcome of one attempt. Idempotent: an outcome for a withdrawal that is final, or
 * for an earlier attempt than its current one, changes nothing. success posts the reservation;
 * failed voids it (the money is back in the wallet); transient_failure queues the next attempt
 * after the retry schedule's wait, or fails it once the retries are spent.
 */
export async function applyPartnerWithdrawalOutcome(deps: WithdrawalDeps, outcome: PayoutRailOutcome,
  options: { declinedReason?: string } = {}): Promise<void> {
  await write(deps, { prepare: async (tx: Tx) => {
    const row = await lockWithdrawal(tx, outcome.payoutId);
    if (!row) throw new Error(`payout rail outcome for unknown withdrawal ${outcome.payoutId}`);
    if (row.status !== 'pending' || outcome.attempt !== row.attempt) return;
    const finish = async (status: 'success' | 'failed', failureReason: string | null) => {
      const settled = status === 'success' ? await commitPayout(deps.ledger, row.id) : await cancelPayout(deps.ledger, row.id);
      const done = status === 'success' ? 'hold_already_posted' : 'hold_already_voided';
      if (!settled.ok && settled.failure !== done) throw new Error(`withdrawal ${row.id}: ledger refused to settle (${settled.failure})`);
      await tx`update partner_movements set status = ${status}, failure_reason = ${failureReason}, updated_at = now() where id = ${row.id}`;
    };
    if (outcome.status === 'success') return await finish('success', null);
    if (outcome.status === 'failed') return await finish('failed', outcome.failureReason ?? options.declinedReason ?? 'send_declined');
    if (row.attempt < deps.payouts.retryScheduleMs.length) {
      const waitMs = deps.payouts.retryScheduleMs[row.attempt]!;
      // The next attempt goes to the next provider of the route (decision 0761).
      const next = row.provider === null ? null : nextProviderAfter(deps.payouts.rails, routeOf({
        destination_type: row.destination_type, currency: row.currency, country: row.country,
      }), row.provider, { amount: Number(row.amount), currency: row.currency });
      await tx`update partner_movements set attempt = attempt + 1, provider_reference = null, provider = ${next}, updated_at = now() where id = ${row.id}`;
      await enqueueJob(tx, 'partner_withdrawals.send', { withdrawalId: row.id }, {
        runAt: new Date(Date.now() + waitMs), jobKey: `partner_withdrawals.send:${row.id}:${row.attempt + 1}`,
      });
      return;
    }
    await finish('failed', withdrawalRetriesExhaustedReason);
  } });
}

/** Partner withdrawals as a sharer of the payout rails (PayoutsRuntime.railSharers): their outcomes come back through payouts' apply job. */
export const partnerWithdrawalsOnPayoutRails = {
  ownedIds: partnerWithdrawalIds,
  applyOutcome: applyPartnerWithdrawalOutcome,
};
