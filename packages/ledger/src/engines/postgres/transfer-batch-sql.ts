// The SQL of one transfer batch (engine.ts createTransfers): what it locks and reads before
// TigerBeetle's rules run (create-transfers.ts), and the one statement that writes every change.

import type postgres from 'postgres';
import { TransferFlags, type Account, type Transfer } from '../../model.ts';
import type { StoredTransfer, TransferBatchOutcome, TransferBatchState } from './batch-state.ts';
import { accountColumns, accountFromRow, arrayLiteral, storedTransferFromRow, transferColumns, type Row } from './rows.ts';

/** The ids one batch touches, as array literals: accounts it names, pending transfers it posts or voids, every transfer id. */
export type BatchIds = { accountIds: string; pendingIds: string; transferIds: string; hasPending: boolean };

export function batchIds(events: readonly Transfer[]): BatchIds {
  const accountSet = new Set<bigint>();
  const transferSet = new Set<bigint>();
  const pendingSet = new Set<bigint>();
  for (const t of events) {
    transferSet.add(t.id);
    if (t.debit_account_id !== 0n) accountSet.add(t.debit_account_id);
    if (t.credit_account_id !== 0n) accountSet.add(t.credit_account_id);
    if ((t.flags & (TransferFlags.post_pending_transfer | TransferFlags.void_pending_transfer)) !== 0) {
      pendingSet.add(t.pending_id);
      transferSet.add(t.pending_id);
    }
  }
  return {
    accountIds: arrayLiteral(accountSet),
    pendingIds: arrayLiteral(pendingSet),
    transferIds: arrayLiteral(transferSet),
    hasPending: pendingSet.size > 0,
  };
}

/**
 * Reserves the batch's timestamps, locks its accounts in id order and reads the transfers and
 * failed ids it names.
 */
export async function loadTransferBatch(tx: postgres.TransactionSql, count: number, ids: BatchIds): Promise<{ timestampFirst: bigint; state: TransferBatchState }> {
  // One round trip: the four statements are pipelined on the transaction's connection and
  // run in order, so the reads start after the locks are held (and take their snapshot
  // then, under READ COMMITTED): a pending transfer's status only changes under its
  // accounts' locks.
  const [[clock], accountRows, transferRows, failedRows] = await Promise.all([
    tx`SELECT ledger.reserve_timestamps(${count})::text AS first`,
    // Lock the named accounts and the accounts of referenced pending transfers, in id order.
    !ids.hasPending
      ? tx.unsafe(
        `SELECT ${accountColumns} FROM ledger.accounts WHERE id = ANY ($1::numeric[]) ORDER BY id FOR UPDATE`,
        [ids.accountIds],
      )
      : tx.unsafe(
        `SELECT ${accountColumns} FROM ledger.accounts WHERE id = ANY (ARRAY(
           SELECT unnest($1::numeric[])
           UNION SELECT debit_account_id FROM ledger.transfers WHERE id = ANY ($2::numeric[])
           UNION SELECT credit_account_id FROM ledger.transfers WHERE id = ANY ($2::numeric[])
         )) ORDER BY id FOR UPDATE`,
        [ids.accountIds, ids.pendingIds],
      ),
    tx.unsafe(`SELECT ${transferColumns} FROM ledger.transfers WHERE id = ANY ($1::numeric[])`, [ids.transferIds]),
    tx.unsafe(`SELECT id::text FROM ledger.transfer_failed_ids WHERE id = ANY ($1::numeric[])`, [ids.transferIds]),
  ]);
  const accounts = new Map<bigint, Account>();
  for (const r of accountRows) {
    const a = accountFromRow(r as Row);
    accounts.set(a.id, a);
  }
  const transfers = new Map<bigint, StoredTransfer>();
  for (const r of transferRows) {
    const t = storedTransferFromRow(r as Row);
    transfers.set(t.id, t);
  }
  const failedIds = new Set<bigint>(failedRows.map((r) => BigInt(r.id as string)));
  return { timestampFirst: BigInt(clock!.first as string), state: { accounts, transfers, failedIds } };
}

/** Writes every change of the batch in one statement (nothing when it changed nothing). */
export async function writeTransferOutcome(tx: postgres.TransactionSql, outcome: TransferBatchOutcome): Promise<void> {
  const created = outcome.transfersCreated;
  const changed = [...outcome.accountsChanged.values()];
  const statuses = [...outcome.pendingStatusChanges];
  const history = outcome.history;
  if (created.length + changed.length + statuses.length + outcome.failedIdsNew.length + history.length > 0) {
    await tx.unsafe(
      `WITH
       inserted AS (
         INSERT INTO ledger.transfers (id, debit_account_id, credit_account_id, amount, pending_id,
           user_data_128, user_data_64, user_data_32, timeout, ledger, code, flags, timestamp,
           pending_status, expires_at)
         SELECT id, dr, cr, amount, pending_id, ud128, ud64, ud32, timeout, ledger, code, flags, ts, status,
           CASE WHEN status = 1 AND timeout > 0 THEN ts + timeout * 1000000000 END
         FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[],
           $6::numeric[], $7::numeric[], $8::bigint[], $9::bigint[], $10::bigint[], $11::int[], $12::int[],
           $13::bigint[], $14::smallint[])
           AS u(id, dr, cr, amount, pending_id, ud128, ud64, ud32, timeout, ledger, code, flags, ts, status)
       ),
       balances AS (
         UPDATE ledger.accounts a SET debits_pending = u.dp, debits_posted = u.dpo,
           credits_pending = u.cp, credits_posted = u.cpo
         FROM unnest($15::numeric[], $16::numeric[], $17::numeric[], $18::numeric[], $19::numeric[])
           AS u(id, dp, dpo, cp, cpo)
         WHERE a.id = u.id
       ),
       statuses AS (
         UPDATE ledger.transfers t SET pending_status = u.status
         FROM unnest($20::numeric[], $21::smallint[]) AS u(id, status)
         WHERE t.id = u.id
       ),
       failed AS (
         INSERT INTO ledger.transfer_failed_ids (id) SELECT unnest($22::numeric[]) ON CONFLICT DO NOTHING
       )
       INSERT INTO ledger.account_balances
         (account_id, timestamp, debits_pending, debits_posted, credits_pending, credits_posted)
       SELECT * FROM unnest($23::numeric[], $24::bigint[], $25::numeric[], $26::numeric[], $27::numeric[], $28::numeric[])`,
      [
        arrayLiteral(created.map((t) => t.id)),
        arrayLiteral(created.map((t) => t.debit_account_id)),
        arrayLiteral(created.map((t) => t.credit_account_id)),
        arrayLiteral(created.map((t) => t.amount)),
        arrayLiteral(created.map((t) => t.pending_id)),
        arrayLiteral(created.map((t) => t.user_data_128)),
        arrayLiteral(created.map((t) => t.user_data_64)),
        arrayLiteral(created.map((t) => t.user_data_32)),
        arrayLiteral(created.map((t) => t.timeout)),
        arrayLiteral(created.map((t) => t.ledger)),
        arrayLiteral(created.map((t) => t.code)),
        arrayLiteral(created.map((t) => t.flags)),
        arrayLiteral(created.map((t) => t.timestamp)),
        arrayLiteral(created.map((t) => t.pending_status)),
        arrayLiteral(changed.map((a) => a.id)),
        arrayLiteral(changed.map((a) => a.debits_pending)),
        arrayLiteral(changed.map((a) => a.debits_posted)),
        arrayLiteral(changed.map((a) => a.credits_pending)),
        arrayLiteral(changed.map((a) => a.credits_posted)),
        arrayLiteral(statuses.map(([id]) => id)),
        arrayLiteral(statuses.map(([, status]) => status)),
        arrayLiteral(outcome.failedIdsNew),
        arrayLiteral(history.map((h) => h.account_id)),
        arrayLiteral(history.map((h) => h.timestamp)),
        arrayLiteral(history.map((h) => h.debits_pending)),
        arrayLiteral(history.map((h) => h.debits_posted)),
        arrayLiteral(history.map((h) => h.credits_pending)),
        arrayLiteral(history.map((h) => h.credits_posted)),
      ],
    );
  }
}
