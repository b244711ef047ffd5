// Payments a rail holds that the service cannot record (migration 0008): the completer's count
// of failed passes per run, and the reconciliation record of what it did once it gave up.
import { write } from '../db/write.ts';
import type { Queryable, Sql } from '../db/index.ts';
import type { Rail, RailReversalResult } from '../rails/types.ts';

/** Stored error texts are cut to this length (a reason, not a dump). */
const reasonLengthMax = 500;

/** Counts one more failed pass at recording `transactionId`; returns the passes failed so far. */
export async function countFailedPass(q: Queryable, input: { transactionId: string; merchantId: string; error: string }): Promise<number> {
  const [row] = await q<{ failed_passes: number }[]>`
    insert into completer_failed_passes (transaction_id, merchant_id, failed_passes, last_error)
    values (${input.transactionId}, ${input.merchantId}, 1, ${input.error.slice(0, reasonLengthMax)})
    on conflict (transaction_id) do update set
      failed_passes = completer_failed_passes.failed_passes + 1, last_error = excluded.last_error, last_failed_at = now()
    returning failed_passes`;
  return row!.failed_passes;
}

/** The run ended (recorded or released): its count, if any, goes. */
export async function forgetFailedPasses(q: Queryable, transactionId: string): Promise<void> {
  await q`delete from completer_failed_passes where transaction_id = ${transactionId}`;
}

/** Whether a reversal of `transactionId` is already recorded (a pass died before freeing its run). */
export async function railReversalRecorded(q: Queryable, transactionId: string): Promise<boolean> {
  const rows = await q`select 1 from rail_reconciliation where transaction_id = ${transactionId}`;
  return rows.length > 0;
}

export type RailReversalRecord = {
  transactionId: string;
  merchantId: string;
  checkoutSessionId: string | null;
  rail: Rail;
  reversal: RailReversalResult;
  failedPasses: number;
  reason: string;
};

/**
 * Records a reversal made at the rail, and forgets the run's count, in one transaction. True when
 * recorded now; false when it was recorded before (a pass that died after recording it, before
 * freeing the run, reverses again, which the rail answers with the same reversal).
 */
export async function recordRailReversal(sql: Sql, record: RailReversalRecord): Promise<boolean> {
  // One transaction through the write API: the insert's answer is read before the count is forgotten.
  return await write({ sql }, { prepare: async (tx) => {
    const inserted = await tx`
      insert into rail_reconciliation (transaction_id, merchant_id, checkout_session_id, action, reason, rail,
        provider_reference, reversal_reference, amount, currency, failed_passes)
      values (${record.transactionId}, ${record.merchantId}, ${record.checkoutSessionId}, 'reversed_at_rail',
        ${record.reason.slice(0, reasonLengthMax)}, ${record.rail}, ${record.reversal.collectionProviderReference},
        ${record.reversal.providerReference}, ${record.reversal.amount}, ${record.reversal.currency}, ${record.failedPasses})
      on conflict (transaction_id) do nothing
      returning 1`;
    await forgetFailedPasses(tx, record.transactionId);
    return inserted.length > 0;
  } });
}
