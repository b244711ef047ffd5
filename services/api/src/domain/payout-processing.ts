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
//   outcome (the rail's callback; the sandbox's job payout_rails.sandbox_deliver_outcome):
//     success            -> the holds are posted; success (payout.success);
//     failed             -> the holds are voided (money back in available_balance); failed with
//                           the rail's failure_reason (payout.failed);
//     transient_failure  -> while retry_count < the retry schedule's length: retry_count + 1 and
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
import type { DestinationVault } from '../crypto/destination-vault.ts';
import type { Sql, Tx } from '../db/index.ts';
import { write } from '../db/write.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { PayoutRailRegistry } from '../payout-rails/registry.ts';
import { PayoutSendDeclinedError, type PayoutRailOutcome } from '../payout-rails/types.ts';
import { appendEvent, type EventType } from './events.ts';
import { fieldsRefusal } from './outcomes.ts';
import { openDestinationDetails } from './payout-destinations.ts';
import { getPayout, payoutEvent, type PayoutRow } from './payouts.ts';

/** What the payout background work needs beside the pool and the ledger. */
export type PayoutsRuntime = {
  rails: PayoutRailRegistry;
  vault: DestinationVault;
  /** Waits before the automatic retries after transient failures; its length is how many (config.ts). */
  retryScheduleMs: readonly number[];
};

export type PayoutProcessingDeps = { sql: Sql; ledger: Ledger; payouts: PayoutsRuntime; logger: Logger };

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
  return updated!;
}

function holdIdsOf(row: PayoutRow): bigint[] {
  return row.hold_ids.map((id) => BigInt(id));
}

async function postHolds(ledger: Ledger, row: PayoutRow): Promise<void> {
  const posted = await ledger.postHolds(holdIdsOf(row));
  if (!posted.ok && posted.failure !== 'hold_already_posted') throw new Error(`post payout ${row.id} holds: ${posted.failure}`);
}

async function voidHolds(ledger: Ledger, row: PayoutRow): Promise<void> {
  const voided = await ledger.voidHolds(holdIdsOf(row));
  if (!voided.ok && voided.failure !== 'hold_already_voided') throw new Error(`void payout ${row.id} holds: ${voided.failure}`);
}

/** A member became final: the batch becomes completed or partially_failed once every member is. */
async function settleBatchIfDone(tx: Tx, batchId: string | null): Promise<void> {
  if (batchId === null) return;
  // The batch row lock orders concurrent last members: exactly one sees every member final.
  await tx`select id from payout_batches where id = ${batchId} for update`;
  await tx`
    update payout_batches b
    set status = case when s.failed > 0 then 'partially_failed' else 'completed' end, updated_at = now()
    from (select count(*) filter (where status in ('queued', 'processing')) as open,
                 count(*) filter (where status = 'failed') as failed
          from payouts where batch_id = ${batchId}) s
    where b.id = ${batchId} and b.status = 'processing' and s.open = 0`;
}

/**
 * Sends one payout (the payouts.send job). Returns what it did; throws when the rail is down (the
 * job retries with backoff; the payout stays processing and the retry sends the same attempt).
 */
export async function sendPayout(deps: PayoutProcessingDeps, payoutId: string): Promise<'sent' | 'not_due' | 'final' | 'declined'> {
  const claimed = await write(deps, { prepare: async (tx) => {
    const row = await lockPayout(tx, payoutId);
    if (!row) throw new Error(`payouts.send for unknown payout ${payoutId}`);
    if (row.status === 'success' || row.status === 'failed') return null;
    if (row.status === 'queued') {
      // A job that runs early (a clock ahead of the database's) waits for its time.
      const [due] = await tx<{ due: boolean }[]>`select ${row.scheduled_at}::timestamptz is null or ${row.scheduled_at}::timestamptz <= now() as due`;
      if (!due!.due) return { notDueUntil: row.scheduled_at! };
      return await setStatus(tx, row, 'processing');
    }
    return row; // processing: a send that may have reached the rail; the same attempt again
  } });
  if (claimed === null) return 'final';
  if ('notDueUntil' in claimed) {
    await enqueueJob(deps.sql, 'payouts.send', { payoutIds: [payoutId] }, { runAt: claimed.notDueUntil, jobKey: `payouts.send:${payoutId}:due` });
    return 'not_due';
  }
  const destination = await openDestinationDetails(deps.sql, deps.payouts.vault, claimed.destination_id);
  try {
    const receipt = await deps.payouts.rails.connectorFor(claimed.destination_type).sendPayout({
      payoutId: claimed.id, attempt: claimed.retry_count, merchantId: claimed.merchant_id,
      amount: Number(claimed.amount), currency: claimed.currency, destination,
    });
    await deps.sql`update payouts set provider_reference = ${receipt.providerReference}
                   where id = ${claimed.id} and provider_reference is distinct from ${receipt.providerReference}`;
    return 'sent';
  } catch (error) {
    if (!(error instanceof PayoutSendDeclinedError)) throw error;
    // The provider will never take this send: the payout fails now, its money goes back.
    await applyPayoutOutcome(deps, {
      payoutId: claimed.id, attempt: claimed.retry_count, providerReference: '', status: 'failed',
      failureReason: error.reason === 'send_declined' ? null : error.reason,
    }, { declinedReason: error.reason });
    return 'declined';
  }
}

/**
 * The rail's outcome of one send attempt. Idempotent: an outcome for a payout that is no longer
 * processing, or for an earlier attempt than its current one, changes nothing.
 */
export async function applyPayoutOutcome(deps: PayoutProcessingDeps, outcome: PayoutRailOutcome,
  options: { declinedReason?: string } = {}): Promise<void> {
  await write(deps, { prepare: async (tx) => {
    const row = await lockPayout(tx, outcome.payoutId);
    if (!row) throw new Error(`payout rail outcome for unknown payout ${outcome.payoutId}`);
    if (row.status !== 'processing' || outcome.attempt !== row.retry_count) return;
    if (outcome.status === 'success') {
      await postHolds(deps.ledger, row);
      await setStatus(tx, row, 'success');
    } else if (outcome.status === 'failed') {
      await voidHolds(deps.ledger, row);
      await setStatus(tx, row, 'failed', { failureReason: outcome.failureReason ?? options.declinedReason ?? 'send_declined' });
    } else if (row.retry_count < deps.payouts.retryScheduleMs.length) {
      const waitMs = deps.payouts.retryScheduleMs[row.retry_count]!;
      await setStatus(tx, row, 'processing', { retryCount: row.retry_count + 1 });
      await enqueueJob(tx, 'payouts.send', { payoutIds: [row.id] }, {
        runAt: new Date(Date.now() + waitMs), jobKey: `payouts.send:${row.id}:retry:${row.retry_count + 1}`,
      });
      return;
    } else {
      await voidHolds(deps.ledger, row);
      await setStatus(tx, row, 'failed', { failureReason: payoutRetriesExhaustedReason });
    }
    await settleBatchIfDone(tx, row.batch_id);
  } });
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
    await settleBatchIfDone(tx, row.batch_id);
    return cancelled;
  } });
}
