// Resolving one exception (docs/reconciliation.md "Resolution and audit"), in this order:
// the item exists (404) -> it is an exception (422) -> it is not resolved yet (409) -> for a
// correction, the wallet exists (422) -> the ledger transfer (402 when the wallet cannot cover a
// debit: nothing moved, nothing recorded) -> the resolution row. The resolution's id, and so the
// transfer's, derives from the exception, so a retry after a crash between the transfer and the
// row with the same figures finds the transfer (`exists`) and records the row; a second resolver
// waits for the first (an advisory lock per exception) and then finds it resolved (409).
import type { Ledger } from '@payagg/ledger';
import type { Sql } from '../../db/index.ts';
import { fieldsRefusal, Refusal } from '../../domain/outcomes.ts';
import { type AdjustmentDirection, postAdjustment } from '../adjustments.ts';
import { getItem, type ItemWithResolution } from '../items.ts';
import { insertResolution, resolutionIdOf, walletForCorrection } from '../resolutions.ts';
import { getRun } from '../runs.ts';

export type ResolveRequest = {
  runId: string; itemSeq: number; operatorId: string; action: 'accept' | 'correct'; reason: string;
  correction: { direction: AdjustmentDirection; amount: number; walletId: string | null } | null;
};

export type ResolveDeps = { sql: Sql; ledger: Ledger };

const alreadyResolved = () => new Refusal('recon_exception_already_resolved', 'The exception is resolved already; resolutions are never edited.');

/**
 * One resolver of an exception at a time: a session advisory lock on the exception's resolution
 * id, held on a reserved connection while the checks, the ledger transfer and the row run, so two
 * operators correcting one exception at once can never both move money.
 */
export async function resolveException(deps: ResolveDeps, request: ResolveRequest): Promise<ItemWithResolution> {
  const run = await getRun(deps.sql, request.runId);
  const item = await getItem(deps.sql, run.id, run.provider, request.itemSeq);
  const lock = await deps.sql.reserve();
  const lockKey = resolutionIdOf(run.provider, item.item_key, item.class);
  try {
    await lock`select pg_advisory_lock(hashtextextended(${lockKey}, 0))`;
    return await resolveLocked(deps, request);
  } finally {
    await lock`select pg_advisory_unlock(hashtextextended(${lockKey}, 0))`.catch(() => undefined);
    lock.release();
  }
}

async function resolveLocked(deps: ResolveDeps, request: ResolveRequest): Promise<ItemWithResolution> {
  const run = await getRun(deps.sql, request.runId);
  const item = await getItem(deps.sql, run.id, run.provider, request.itemSeq);
  if (item.class === 'matched') throw fieldsRefusal('recon_item_not_an_exception', [{ field: 'path.item_id', message: 'is a matched item, not an exception' }]);
  if (item.resolution) throw alreadyResolved();
  if (request.action === 'correct' && !request.correction) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.correction', message: 'is required to correct' }]);
  if (request.action === 'accept' && request.correction) throw fieldsRefusal('recon_request_invalid', [{ field: 'body.correction', message: 'is only for action correct' }]);
  const id = resolutionIdOf(run.provider, item.item_key, item.class);
  let correction = null;
  if (request.action === 'correct' && request.correction) {
    const wallet = await walletForCorrection(deps.sql, request.correction.walletId, item.merchant_id, item.our_currency ?? item.provider_currency);
    if (!wallet) {
      throw fieldsRefusal('recon_correction_wallet_not_found', [{ field: 'body.correction.wallet_id', message: request.correction.walletId ? 'names no wallet' : 'is required: the item has no merchant wallet in its currency' }]);
    }
    const moved = await postAdjustment(deps.ledger, { resolutionId: id, walletAccountId: BigInt(wallet.ledger_account_id), currency: wallet.currency, amount: BigInt(request.correction.amount), direction: request.correction.direction });
    if (!moved.ok && moved.failure === 'insufficient_funds') {
      throw new Refusal('recon_correction_exceeds_wallet_balance', 'The wallet\'s available balance does not cover the correction; nothing moved.');
    }
    // Another correction of this exception, with other figures, reached the ledger first.
    if (!moved.ok) throw alreadyResolved();
    correction = { direction: request.correction.direction, walletId: wallet.id, amount: request.correction.amount, currency: wallet.currency, ledgerTransferId: moved.transferId };
  }
  const row = await insertResolution(deps.sql, {
    id, provider: run.provider, itemKey: item.item_key, cls: item.class, runId: run.id, itemSeq: request.itemSeq, action: request.action,
    reason: request.reason, operatorId: request.operatorId, correction,
  });
  if (!row) throw alreadyResolved();
  return { ...item, resolution: row };
}
