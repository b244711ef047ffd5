// What happens to a payout after creation (seed: Payout status, queued -> processing ->
// success | failed; docs/payouts.md). Every move writes its payout.* event in the same
// transaction, under the payout's row lock:
//
//   send (job payouts.send, at creation or at scheduled_at): queued -> processing
//     (payout.processing), then the rail is called OUTSIDE any transaction with the payout id and
//     attempt (= retry_count) as its idempotency key. The claim `queued -> processing` under the
//     row lock is what makes a send happen once across workers and restarts: a second job (or a
//     retried one) finds the payout processing and calls the rail again with the same attempt,
//     which answers the first call's receipt and sends nothing new.
//   outcome (the rail's callback; the sandbox's job payout_rails.sandbox_deliver_due_outcomes,
//     which applies the outcomes that fell due together in one transaction):
//     success            -> the holds are posted; success (payout.success);
//     failed             -> the holds are voided (money back in available_balance); failed with
//                           the rail's failure_reason (payout.failed);
//     transient_failure  -> while retry_count < the retry schedule's length: retry_count + 1,
//                           the next provider of its route written on it (decision 0761) and
//                           a send job after the schedule's wait (the payout stays processing);
//                           then failed with failure_reason `retries_exhausted`.
//   cancel (additive POST /payouts/{id}/cancel): queued only; the holds are voided; failed with
//     failure_reason `cancelled` (payout.failed).
// A batch becomes completed | partially_failed when its last member becomes final.
//
// The ledger cannot commit with the database: posts and voids run inside the transaction, before
// its writes, and are idempotent (ids derived from the hold ids), so a transaction that rolls back
// after them is simply run again by the job's retry, which finds them done.
import type { Ledger } from '@payagg/ledger';
import type { DestinationDetails, DestinationVault } from '../crypto/destination-vault.ts';
import type { Sql, Tx } from '../db/index.ts';
import { write } from '../db/write.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { PayoutRailRegistry } from '../payout-rails/registry.ts';
import { PayoutSendDeclinedError, type PayoutRailOutcome } from '../payout-rails/types.ts';
import { mapWithConcurrency } from '../map-with-concurrency.ts';
import { nextProviderAfter, type PayoutRoute, sendPayoutRouted } from '../payout-rails/routed-sends.ts';
import { appendEvent, appendEvents, type EventType } from '../domain/events.ts';
import { fieldsRefusal } from '../domain/outcomes.ts';
import { enqueueSendJobs, getPayout, payoutEvent, type PayoutRow } from './payouts.ts';
import { settlePayoutConversion, settlePayoutConversions } from './payout-conversions.ts';
import { type ProviderReference, recordProviderReferences } from './payout-provider-references.ts';

/** What the payout background work needs beside the pool and the ledger. */
export type PayoutsRuntime = {
  rails: PayoutRailRegistry;
  vault: DestinationVault;
  /** Waits before the automatic retries after transient failures; its length is how many (config.ts). */
  retryScheduleMs: readonly number[];
  /**
   * Who else sends on the payout rails (partner withdrawals): an outcome for one of their ids
   * comes back through payouts' apply job and is handed to them. The runtime wires them, so
   * payouts imports none of them (a capability's index stays acyclic, issue 23).
   */
  railSharers: readonly PayoutRailSharer[];
};

export type PayoutRailSharer = {
  /** Which of these payout-rail ids are theirs. */
  ownedIds(q: Sql, ids: readonly string[]): Promise<Set<string>>;
  applyOutcome(deps: PayoutProcessingDeps, outcome: PayoutRailOutcome, options: { declinedReason?: string }): Promise<void>;
};

export type PayoutProcessingDeps = { sql: Sql; ledger: Ledger; payouts: PayoutsRuntime; logger: Logger };

/** Rail calls one send makes at once: overlaps the provider's round trips without taking the worker pool. */
export const payoutSendConcurrency = 4;

/** failure_reason of a payout whose transient failures outlasted its retries. */
export const payoutRetriesExhaustedReason = 'retries_exhausted';
/** failure_reason of a cancelled payout. */
export const payoutCancelledReason = 'cancelled';

async function lockPayout(tx: Tx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx<PayoutRow[]>`select * from payouts where id = ${id} for update`;
  return row ?? null;
}

async function setStatus(tx: Tx, row: PayoutRow, status: PayoutRow['status'], changes: { failureReason?: string; retryCount?: number } = {}): Promise<PayoutRow> {
  const [updated] = await tx<PayoutRow[]>`
    update payouts set status = ${status}, failure_reason = ${changes.failureReason ?? row.failure_reason},
      retry_count = ${changes.retryCount ?? row.retry_count}, updated_at = now()
    where id = ${row.id} returning *`;
  if (status !== row.status) await appendEvent(tx, payoutEvent(updated!, `payout.${status}` as EventType));
  // A final payout's holds were just posted or voided: so was its conversion, if it had one (docs/fx.md).
  if (row.fx_rate_lock_id !== null && status !== row.status && (status === 'success' || status === 'failed')) {
    await settlePayoutConversion(tx, row.id, status);
  }
  return updated!;
}

function holdIdsOf(row: PayoutRow): bigint[] {
  return row.hold_ids.map((id) => BigInt(id));
}

async function voidHolds(ledger: Ledger, row: PayoutRow): Promise<void> {
  const voided = await ledger.voidHolds(holdIdsOf(row));
  if (!voided.ok && voided.failure !== 'hold_already_voided') throw new Error(`void payout ${row.id} holds: ${voided.failure}`);
}

type SendPlan = { send: PayoutRow[]; notDue: PayoutRow[] };

/**
 * Step 1 of a send, for up to a job's worth of payouts in ONE transaction: the queued ones that
 * are due move to processing (payout.processing each, one statement for all); processing ones
 * (a send that may have reached the rail) are sent again with the same attempt; final ones are
 * skipped; queued ones not yet due (a job that ran early) are put back.
 */
async function claimForSending(deps: PayoutProcessingDeps, payoutIds: readonly string[]): Promise<SendPlan> {
  return await write(deps, { prepare: async (tx) => {
    const rows = await tx<(PayoutRow & { due: boolean })[]>`
      select *, scheduled_at is null or scheduled_at <= now() as due from payouts
      where id = any(${payoutIds as string[]}::uuid[]) order by id for update`;
    if (rows.length !== new Set(payoutIds).size) throw new Error(`payouts.send: ${payoutIds.length - rows.length} unknown payouts`);
    const claim = rows.filter((row) => row.status === 'queued' && row.due).map((row) => row.id);
    const claimed = claim.length === 0 ? [] : await tx<PayoutRow[]>`
      update payouts set status = 'processing', updated_at = now() where id = any(${claim}::uuid[]) returning *`;
    await appendEvents(tx, claimed.map((row) => payoutEvent(row, 'payout.processing')));
    return {
      send: [...claimed, ...rows.filter((row) => row.status === 'processing')],
      notDue: rows.filter((row) => row.status === 'queued' && !row.due),
    };
  } });
}

/**
 * Sends payouts (the payouts.send job). Throws when a rail is down (the job retries with backoff;
 * the payouts stay processing and the retry sends the same attempts, which the rail answers as
 * before). Returns how many were sent.
 */
export async function sendPayouts(deps: PayoutProcessingDeps, payoutIds: readonly string[]): Promise<{ sent: number; declined: number }> {
  const plan = await claimForSending(deps, payoutIds);
  for (const row of plan.notDue) {
    await enqueueJob(deps.sql, 'payouts.send', { payoutIds: [row.id] }, { runAt: row.scheduled_at!, jobKey: `payouts.send:${row.id}:due` });
  }
  const { details, countries } = await openDestinations(deps, [...new Set(plan.send.map((row) => row.destination_id))]);
  const routeOf = (row: PayoutRow): PayoutRoute => ({ destinationType: row.destination_type, currency: row.currency, country: countries.get(row.destination_id) ?? null });
  // Each send's provider is written before it is sent (payout-rails/routed-sends.ts): first sends
  // get the first provider of their route, one statement per provider.
  const firstSends = plan.send.filter((row) => row.provider === null).map((row) => ({ id: row.id, provider: deps.payouts.rails.providersFor(routeOf(row))[0]! }));
  await pinProviders(deps.sql, firstSends);
  const pinnedNow = new Map(firstSends.map((send) => [send.id, send.provider]));
  const references: ProviderReference[] = [];
  const outages: unknown[] = [];
  let declined = 0;
  await mapWithConcurrency(plan.send, payoutSendConcurrency, async (row) => {
    try {
      const { receipt } = await sendPayoutRouted(deps.payouts.rails, {
        route: routeOf(row),
        request: {
          payoutId: row.id, attempt: row.retry_count, merchantId: row.merchant_id,
          amount: Number(row.amount), currency: row.currency, destination: details.get(row.destination_id)!,
        },
        pinned: row.provider ?? pinnedNow.get(row.id)!,
        pinnedNow: row.provider === null,
        pin: (provider) => pinProviders(deps.sql, [{ id: row.id, provider }]),
        logger: deps.logger,
      });
      references.push({ id: row.id, reference: receipt.providerReference });
    } catch (error) {
      if (!(error instanceof PayoutSendDeclinedError)) {
        outages.push(error);
        return;
      }
      // The provider will never take this send: the payout fails now, its money goes back.
      declined += 1;
      await applyPayoutOutcome(deps, {
        payoutId: row.id, attempt: row.retry_count, providerReference: '', status: 'failed',
        failureReason: error.reason === 'send_declined' ? null : error.reason,
      }, { declinedReason: error.reason });
    }
  });
  await recordProviderReferences(deps.sql, references);
  if (outages.length > 0) throw outages[0];
  return { sent: references.length, declined };
}

/** The details of each destination, opened once for a whole send (never logged), and its country (the route's). */
async function openDestinations(deps: PayoutProcessingDeps, destinationIds: readonly string[]): Promise<{
  details: Map<string, DestinationDetails>; countries: Map<string, string>;
}> {
  if (destinationIds.length === 0) return { details: new Map(), countries: new Map() };
  const rows = await deps.sql<{ id: string; details_sealed: Buffer; country: string }[]>`
    select id, details_sealed, country from payout_destinations where id = any(${destinationIds as string[]}::uuid[])`;
  return {
    details: new Map(rows.map((row) => [row.id, deps.payouts.vault.open(row.id, row.details_sealed)])),
    countries: new Map(rows.map((row) => [row.id, row.country])),
  };
}

/** Writes the provider each send goes to, before it is sent: one statement per provider. */
async function pinProviders(sql: Sql, sends: readonly { id: string; provider: string }[]): Promise<void> {
  for (const provider of new Set(sends.map((send) => send.provider))) {
    const ids = sends.filter((send) => send.provider === provider).map((send) => send.id);
    await sql`update payouts set provider = ${provider} where id = any(${ids}::uuid[])`;
  }
}

/** A rail outcome as the domain applies it; `declinedReason` stands for a synchronous decline's reason. */
export type AppliedOutcome = PayoutRailOutcome & { declinedReason?: string };

/**
 * The rail's outcome of one send attempt. Idempotent: an outcome for a payout that is no longer
 * processing, or for an earlier attempt than its current one, changes nothing.
 */
export async function applyPayoutOutcome(deps: PayoutProcessingDeps, outcome: PayoutRailOutcome,
  options: { declinedReason?: string } = {}): Promise<void> {
  await applyPayoutOutcomes(deps, [{ ...outcome, ...(options.declinedReason === undefined ? {} : { declinedReason: options.declinedReason }) }]);
}

/**
 * Many outcomes in ONE transaction (the sandbox delivers those that fell due together; a real
 * provider's batch callback would too): the payouts locked in id order, the ledger posts and
 * voids each payout's holds as its own chain in as few requests as hold them, one statement
 * moves every status, one writes their events, one moves the batches' counts, and the retries'
 * send jobs are enqueued in chunks. Each outcome is decided on its own, as applyPayoutOutcome.
 */
export async function applyPayoutOutcomes(deps: PayoutProcessingDeps, outcomes: readonly AppliedOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await write(deps, { prepare: async (tx) => {
    const rows = await tx<PayoutRow[]>`
      select * from payouts where id = any(${outcomes.map((o) => o.payoutId)}::uuid[]) order by id for update`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    type Move = { row: PayoutRow; status: PayoutRow['status']; failureReason: string | null; retryCount: number; provider: string | null };
    const moves: Move[] = [];
    const toPost: PayoutRow[] = [];
    const toVoid: PayoutRow[] = [];
    const retries = new Map<number, string[]>(); // wait (ms) -> payout ids
    for (const outcome of outcomes) {
      const row = byId.get(outcome.payoutId);
      if (!row) throw new Error(`payout rail outcome for unknown payout ${outcome.payoutId}`);
      if (row.status !== 'processing' || outcome.attempt !== row.retry_count) continue;
      if (moves.some((move) => move.row.id === row.id)) continue; // the same outcome twice in one delivery
      if (outcome.status === 'success') {
        toPost.push(row);
        moves.push({ row, status: 'success', failureReason: null, retryCount: row.retry_count, provider: row.provider });
      } else if (outcome.status === 'failed') {
        toVoid.push(row);
        moves.push({ row, status: 'failed', failureReason: outcome.failureReason ?? outcome.declinedReason ?? 'send_declined', retryCount: row.retry_count, provider: row.provider });
      } else if (row.retry_count < deps.payouts.retryScheduleMs.length) {
        const waitMs = deps.payouts.retryScheduleMs[row.retry_count]!;
        retries.set(waitMs, [...(retries.get(waitMs) ?? []), row.id]);
        moves.push({ row, status: 'processing', failureReason: null, retryCount: row.retry_count + 1, provider: row.provider });
      } else {
        toVoid.push(row);
        moves.push({ row, status: 'failed', failureReason: payoutRetriesExhaustedReason, retryCount: row.retry_count, provider: row.provider });
      }
    }
    if (moves.length === 0) return;
    await pinRetriesToNextProviders(tx, deps.payouts.rails, moves.filter((move) => move.status === 'processing'));
    await settleHolds(deps.ledger, toPost, 'post');
    await settleHolds(deps.ledger, toVoid, 'void');
    const updated = await tx<PayoutRow[]>`
      update payouts p set status = m.status, failure_reason = m.failure_reason, retry_count = m.retry_count, provider = m.provider, updated_at = now()
      from unnest(${moves.map((m) => m.row.id)}::uuid[], ${moves.map((m) => m.status)}::text[], ${moves.map((m) => m.failureReason)}::text[],
                  ${moves.map((m) => m.retryCount)}::int[], ${moves.map((m) => m.provider)}::text[]) as m(id, status, failure_reason, retry_count, provider)
      where p.id = m.id
      returning p.*`;
    const final = updated.filter((row) => row.status === 'success' || row.status === 'failed');
    await appendEvents(tx, final.map((row) => payoutEvent(row, `payout.${row.status}` as EventType)));
    // Their holds were just posted or voided: so were the conversions of the cross-currency ones (docs/fx.md).
    await settlePayoutConversions(tx, final);
    for (const [waitMs, ids] of retries) {
      await enqueueSendJobs(tx, ids, { runAt: new Date(Date.now() + waitMs), key: `retry:${ids[0]}:${moves.find((m) => m.row.id === ids[0])!.retryCount}` });
    }
    await countFinalMembers(tx, final);
  } });
}

/**
 * A transient failure's retry is a new attempt (a new idempotency key) that no provider has seen,
 * and the failed provider said for certain (a verified callback or its status query) that its
 * attempt moved nothing: the retry goes to the next provider of the route (decision 0761),
 * written on the payout now, before its send job runs, as every send's provider is.
 */
async function pinRetriesToNextProviders(tx: Tx, rails: PayoutRailRegistry, retries: { row: PayoutRow; provider: string | null }[]): Promise<void> {
  const routed = retries.filter((move) => move.provider !== null);
  if (routed.length === 0) return;
  const countries = await tx<{ id: string; country: string }[]>`
    select id, country from payout_destinations where id = any(${[...new Set(routed.map((move) => move.row.destination_id))]}::uuid[])`;
  const countryOf = new Map(countries.map((row) => [row.id, row.country]));
  for (const move of routed) {
    const { row } = move;
    const route = { destinationType: row.destination_type, currency: row.currency, country: countryOf.get(row.destination_id) ?? null };
    move.provider = nextProviderAfter(rails, route, move.provider!, { amount: Number(row.amount), currency: row.currency });
  }
}

async function settleHolds(ledger: Ledger, rows: readonly PayoutRow[], action: 'post' | 'void'): Promise<void> {
  if (rows.length === 0) return;
  const groups = rows.map(holdIdsOf);
  const results = action === 'post' ? await ledger.postHoldGroups(groups) : await ledger.voidHoldGroups(groups);
  results.forEach((result, i) => {
    const done = action === 'post' ? 'hold_already_posted' : 'hold_already_voided';
    if (!result.ok && result.failure !== done) throw new Error(`${action} payout ${rows[i]!.id} holds: ${result.failure}`);
  });
}

/**
 * Members became final: their batches' counts move, and each batch's status with them once no
 * member is open (completed, or partially_failed when any failed). One statement, the
 * transaction's last: a batch row is held only for the commit, so members of one batch settle
 * side by side.
 */
async function countFinalMembers(tx: Tx, rows: readonly PayoutRow[]): Promise<void> {
  const counts = new Map<string, { final: number; failed: number }>();
  for (const row of rows) {
    if (row.batch_id === null) continue;
    const count = counts.get(row.batch_id) ?? { final: 0, failed: 0 };
    count.final += 1;
    if (row.status === 'failed') count.failed += 1;
    counts.set(row.batch_id, count);
  }
  if (counts.size === 0) return;
  const ids = [...counts.keys()].sort();
  await tx`
    update payout_batches b
    set open_members = b.open_members - c.final, failed_members = b.failed_members + c.failed,
        status = case when b.open_members - c.final > 0 then 'processing'
                      when b.failed_members + c.failed > 0 then 'partially_failed' else 'completed' end,
        updated_at = now()
    from unnest(${ids}::uuid[], ${ids.map((id) => counts.get(id)!.final)}::int[], ${ids.map((id) => counts.get(id)!.failed)}::int[])
      as c(id, final, failed)
    where b.id = c.id`;
}

/**
 * POST /payouts/{id}/cancel: a queued payout's holds are voided and it becomes failed
 * (`cancelled`, payout.failed). A payout already cancelled answers as it is; any other that is
 * not queued is refused. The send job that may still be waiting finds it final and does nothing.
 */
export async function cancelPayout(deps: { sql: Sql; ledger: Ledger }, merchantId: string, id: string): Promise<PayoutRow> {
  return await write(deps, { prepare: async (tx) => {
    await getPayout(tx, merchantId, id);
    const row = (await lockPayout(tx, id))!;
    if (row.status === 'failed' && row.failure_reason === payoutCancelledReason) return row;
    if (row.status !== 'queued') {
      throw fieldsRefusal('payout_not_cancellable', [{ field: 'path.id', message: `only a queued payout can be cancelled; this one is ${row.status}` }]);
    }
    await voidHolds(deps.ledger, row);
    const cancelled = await setStatus(tx, row, 'failed', { failureReason: payoutCancelledReason });
    await countFinalMembers(tx, [cancelled]);
    return cancelled;
  } });
}
