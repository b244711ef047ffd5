// TigerBeetle's create_transfers, run in memory over the rows one batch touches
// (src/state_machine.zig: execute_create): each event in order, linked chains opened, broken
// (everything the chain did rolled back) and closed as TigerBeetle does. The rules of one event
// are transfer-rules.ts; the batch's state and undo log transfer-batch.ts.

import { TransferFlags, transientTransferStatuses, type CreateTransferStatus, type Transfer } from '../../model.ts';
import { has, type TransferBatchOutcome, type TransferBatchState } from './batch-state.ts';
import { TransferBatch } from './transfer-batch.ts';
import { createTransfer } from './transfer-rules.ts';

/** The status of event `index` before its own rules run: the chain's and the timestamp's checks. */
function chainStatus(batch: TransferBatch, t: Transfer, index: number, count: number): CreateTransferStatus | null {
  if (has(t.flags, TransferFlags.linked)) {
    if (batch.chainStart === null) batch.openChain(index);
    if (index === count - 1) return 'linked_event_chain_open';
  }
  if (batch.chainBroken) return 'linked_event_failed';
  if (t.timestamp !== 0n) return 'timestamp_must_be_zero';
  return null;
}

export function executeCreateTransfers(
  events: readonly Transfer[],
  timestampFirst: bigint,
  state: TransferBatchState,
): TransferBatchOutcome {
  const batch = new TransferBatch(state);
  for (let index = 0; index < events.length; index++) {
    const t = events[index]!;
    const timestamp = timestampFirst + BigInt(index);
    const status = chainStatus(batch, t, index, events.length) ?? createTransfer(batch, t, timestamp);
    const timestampResult = status === 'exists' ? state.transfers.get(t.id)!.timestamp : timestamp;
    if (status !== 'created') {
      if (batch.chainStart !== null && !batch.chainBroken) batch.breakChain(index);
      if (status !== 'exists' && transientTransferStatuses.has(status) && !state.failedIds.has(t.id)) {
        state.failedIds.add(t.id);
        batch.failedIdsNew.push(t.id);
      }
    }
    batch.results.push({ status, timestamp: timestampResult });
    if (batch.chainStart !== null && (!has(t.flags, TransferFlags.linked) || status === 'linked_event_chain_open')) batch.closeChain();
  }
  return batch.outcome();
}
