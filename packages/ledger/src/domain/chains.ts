// Linked chains: the one way money moves through the Ledger. A chain is a list of steps, each
// either a transfer (posted at once, or held as a pending transfer) or the resolution of a hold
// (post it whole, or void it). Every step but the last carries `linked`, so the chain lands whole
// or not at all, and a chain never straddles two engine requests.
//
// Outcomes are a closed set of sentence names. A ledger answer that the caller's own inputs
// cannot explain (a malformed transfer, an account the caller built wrongly) is a
// LedgerInvariantError: a bug, never the user's fault.

import { TransferFlags, u128Max, type CreateTransferStatus, type TransferInput } from '../model.ts';
import { currencyInfo } from '../currencies.ts';
import { idFromParts } from '../ids.ts';

export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** Why a movement did not happen. Each is something a caller can answer its own user with. */
export type LedgerFailure =
  | 'insufficient_funds' // an account that must not go below zero cannot cover the debit
  | 'account_not_found' // an account named by the caller does not exist
  | 'currency_mismatch' // an account named by the caller is in another currency
  | 'previously_failed' // this transfer id already failed for a transient reason; use a new id
  | 'conflicting_resubmission' // this transfer id was used before with different amounts/accounts
  | 'hold_not_found' // post/void of a hold that does not exist
  | 'hold_already_posted'
  | 'hold_already_voided'
  | 'hold_expired'; // the hold's timeout passed and the ledger gave the money back

export type MovementResult =
  | { ok: true; transferIds: bigint[]; replayed: boolean }
  | { ok: false; failure: LedgerFailure; status: CreateTransferStatus; transferIds: bigint[] };

/** A transfer of a chain: posted at once, or held (`pending`) until a ResolveStep posts or voids it. */
export type TransferStep = {
  id: bigint;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  currency: string;
  /** Why the money moved: the caller's own code (Transfer.code). */
  code: number;
  /** The caller's object the transfer belongs to (Transfer.user_data_128). */
  userData128: bigint;
  /** A hold: a pending transfer, posted or voided later. */
  pending?: boolean;
  /** A hold's ledger timeout: when it passes, the ledger VOIDS the hold (the money goes back). */
  timeoutSeconds?: number;
};

/** The resolution of a hold: post its whole amount, or void it. */
export type ResolveStep = { id: bigint; pendingId: bigint; resolve: 'post' | 'void' };

export type ChainStep = TransferStep | ResolveStep;

/** The engine's transfers of one chain: every step but the last linked to the next. */
export function chainTransfers(steps: readonly ChainStep[]): TransferInput[] {
  return steps.map((step, i) => {
    const linked = i < steps.length - 1 ? TransferFlags.linked : 0;
    if ('resolve' in step) {
      return {
        id: step.id,
        pending_id: step.pendingId,
        // Post the whole held amount (u128Max) / void it whole (0).
        amount: step.resolve === 'post' ? u128Max : 0n,
        flags: (step.resolve === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer) | linked,
      };
    }
    const pending = step.pending === true;
    return {
      id: step.id,
      debit_account_id: step.debitAccountId,
      credit_account_id: step.creditAccountId,
      amount: step.amount,
      ledger: currencyInfo(step.currency).ledger,
      code: step.code,
      user_data_128: step.userData128,
      flags: (pending ? TransferFlags.pending : 0) | linked,
      timeout: pending ? (step.timeoutSeconds ?? 0) : 0,
    };
  });
}

/**
 * The id of the post (or void) of hold `pendingId` made by postHolds / voidHolds: derived from the
 * hold's id, so a retry replays the same resolution.
 */
export function holdResolutionId(pendingId: bigint, resolve: 'post' | 'void'): bigint {
  return idFromParts(resolve === 'post' ? 'payagg.ledger.hold_post' : 'payagg.ledger.hold_void', pendingId);
}

const failureByStatus: Partial<Record<CreateTransferStatus, LedgerFailure>> = {
  exceeds_credits: 'insufficient_funds',
  debit_account_not_found: 'account_not_found',
  credit_account_not_found: 'account_not_found',
  accounts_must_have_the_same_ledger: 'currency_mismatch',
  transfer_must_have_the_same_ledger_as_accounts: 'currency_mismatch',
  id_already_failed: 'previously_failed',
  exists_with_different_flags: 'conflicting_resubmission',
  exists_with_different_pending_id: 'conflicting_resubmission',
  exists_with_different_timeout: 'conflicting_resubmission',
  exists_with_different_debit_account_id: 'conflicting_resubmission',
  exists_with_different_credit_account_id: 'conflicting_resubmission',
  exists_with_different_amount: 'conflicting_resubmission',
  exists_with_different_user_data_128: 'conflicting_resubmission',
  exists_with_different_user_data_64: 'conflicting_resubmission',
  exists_with_different_user_data_32: 'conflicting_resubmission',
  exists_with_different_ledger: 'conflicting_resubmission',
  exists_with_different_code: 'conflicting_resubmission',
  pending_transfer_not_found: 'hold_not_found',
  pending_transfer_already_posted: 'hold_already_posted',
  pending_transfer_already_voided: 'hold_already_voided',
  pending_transfer_expired: 'hold_expired',
};

/**
 * One chain's answer from its transfers' results (in order). A resubmitted chain that already
 * succeeded answers `exists` for its first transfer and `linked_event_failed` for the rest (the
 * chain stops at the first non-created event); it counts as done when every transfer of it is
 * found (`lookup`).
 */
export async function chainResult(
  transfers: readonly TransferInput[],
  results: readonly { status: CreateTransferStatus }[],
  lookup: (ids: bigint[]) => Promise<readonly unknown[]>,
): Promise<MovementResult> {
  const transferIds = transfers.map((t) => t.id);
  if (results.every((r) => r.status === 'created')) return { ok: true, transferIds, replayed: false };
  if (results.every((r) => r.status === 'created' || r.status === 'exists')) return { ok: true, transferIds, replayed: true };
  const cause = results.find((r) => r.status !== 'linked_event_failed' && r.status !== 'created')!.status;
  if (cause === 'exists') {
    const found = await lookup(transferIds);
    if (found.length === transferIds.length) return { ok: true, transferIds, replayed: true };
    throw new LedgerInvariantError(`chain ${transferIds[0]} partly exists (${found.length}/${transferIds.length})`);
  }
  const failure = failureByStatus[cause];
  if (!failure) throw new LedgerInvariantError(`ledger refused transfer ${transferIds[0]}: ${cause}`);
  return { ok: false, failure, status: cause, transferIds };
}
