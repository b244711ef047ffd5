// The Ledger: generic double-entry primitives over one LedgerEngine, for a caller that composes
// its own money movements out of them. It knows accounts, transfers, holds (pending transfers,
// posted or voided), linked chains, balances and statements; it knows nothing of what the money
// is for. Account and transfer codes, account layouts and the ids of a caller's movements are the
// caller's (the service: services/api/src/domain/ledger-accounts.ts and each capability's
// ledger-*.ts).
//
// Every write is idempotent when the caller derives its transfer ids from its own ids
// (idFromUuid / idFromParts): a retry re-submits the same transfers and the ledger answers
// `exists`, which counts as done.

import { LedgerUsageError, batchEventsMax, type LedgerEngine, type TransferInput } from '../model.ts';
import { currencyInfo } from '../currencies.ts';
import { idFromParts, u128FromUuid } from '../ids.ts';
import { chainResult, chainTransfers, holdResolutionId, LedgerInvariantError, type ChainStep, type MovementResult } from './chains.ts';
import { accountHistory, accountStates, balanceAt, balanceOf, postings, type AccountMovement, type AccountState, type Balance } from './statements.ts';
import { checkInvariants, type InvariantReport } from './invariants.ts';

/** An account to open: the id is the caller's (derived, so opening it again answers `exists`). */
export type AccountSpec = { id: bigint; currency: string; code: number; flags: number; userData128?: bigint };

/** One pending transfer of a holdChain. */
export type HoldLeg = {
  /** holdLegId(ownerId, leg): the same on every retry. */
  id: bigint;
  debitAccountId: bigint;
  creditAccountId: bigint;
  currency: string;
  amount: bigint;
  /** The caller's transfer code: why the money is held. */
  code: number;
  /** The caller's object the hold belongs to (user_data_128): a UUID. */
  ownerId: string;
};

/** The id of hold leg `leg` of the caller's object `ownerId`: deterministic, apart from every other id family. */
export function holdLegId(ownerId: string, leg: number): bigint {
  return idFromParts('payagg.ledger.hold', u128FromUuid(ownerId), leg);
}

export class Ledger {
  readonly engine: LedgerEngine;

  constructor(engine: LedgerEngine) {
    this.engine = engine;
  }

  /**
   * Opens accounts in one request; answers, in order, whether each was created now (false: it
   * existed with the same fields). Any other answer is a LedgerInvariantError.
   */
  async openAccounts(specs: readonly AccountSpec[]): Promise<boolean[]> {
    const results = await this.engine.createAccounts(specs.map((spec) => ({
      id: spec.id,
      ledger: currencyInfo(spec.currency).ledger,
      code: spec.code,
      flags: spec.flags,
      ...(spec.userData128 === undefined ? {} : { user_data_128: spec.userData128 }),
    })));
    return results.map((result, i) => {
      if (result.status !== 'created' && result.status !== 'exists') {
        throw new LedgerInvariantError(`account ${specs[i]!.id} (${specs[i]!.currency}, code ${specs[i]!.code}): ${result.status}`);
      }
      return result.status === 'created';
    });
  }

  /** One linked chain: every step lands or none does. */
  async submitChain(steps: readonly ChainStep[]): Promise<MovementResult> {
    const [result] = await this.submitChains([steps]);
    return result!;
  }

  /**
   * Independent linked chains in as few engine requests as hold them (a chain never straddles two
   * requests: linked events must share one): one chain that fails fails alone. Answers in order.
   */
  async submitChains(chains: readonly (readonly ChainStep[])[]): Promise<MovementResult[]> {
    return this.#submitTransferChains(chains.map((steps) => {
      if (steps.length === 0 || steps.length > batchEventsMax) throw new LedgerUsageError(`a chain has 1..${batchEventsMax} steps`);
      return chainTransfers(steps);
    }));
  }

  /**
   * Holds made together: pending transfers as ONE linked chain, so either every hold is made or
   * none is (insufficient_funds when an account cannot cover its leg, and nothing moves). Ids are
   * the caller's (holdLegId), so a retry replays.
   */
  async holdChain(legs: readonly HoldLeg[]): Promise<MovementResult> {
    if (legs.length === 0 || legs.length > batchEventsMax) throw new LedgerUsageError(`a hold chain has 1..${batchEventsMax} legs`);
    return this.submitChain(legs.map((leg) => {
      if (leg.amount <= 0n) throw new LedgerUsageError('every hold amount must be positive');
      return {
        id: leg.id, debitAccountId: leg.debitAccountId, creditAccountId: leg.creditAccountId, amount: leg.amount,
        currency: leg.currency, code: leg.code, userData128: u128FromUuid(leg.ownerId), pending: true,
      };
    }));
  }

  /** Posts every hold of `pendingIds` (whole amounts) in one linked chain: all or none. Idempotent. */
  async postHolds(pendingIds: readonly bigint[]): Promise<MovementResult> {
    return this.submitChain(resolutions(pendingIds, 'post'));
  }

  /** Voids every hold of `pendingIds` in one linked chain: the money goes back. Idempotent. */
  async voidHolds(pendingIds: readonly bigint[]): Promise<MovementResult> {
    return this.submitChain(resolutions(pendingIds, 'void'));
  }

  /** postHolds for many independent groups at once: each its own chain, in as few requests as hold them. */
  async postHoldGroups(groups: readonly (readonly bigint[])[]): Promise<MovementResult[]> {
    return this.submitChains(groups.map((group) => resolutions(group, 'post')));
  }

  /** voidHolds for many independent groups at once, as postHoldGroups. */
  async voidHoldGroups(groups: readonly (readonly bigint[])[]): Promise<MovementResult[]> {
    return this.submitChains(groups.map((group) => resolutions(group, 'void')));
  }

  /** The account's balance now (balanceOf); null when it does not exist. */
  async balance(accountId: bigint): Promise<Balance | null> {
    const [account] = await this.engine.lookupAccounts([accountId]);
    return account ? balanceOf(account) : null;
  }

  /** Several accounts' balances in one lookup, each with when it was opened and last moved. Absent ids are absent. */
  accountStates(accountIds: readonly bigint[]): Promise<Map<bigint, AccountState>> {
    return accountStates(this.engine, accountIds);
  }

  /** A statement page: the account's movements newest first, each with the balance after it (statements.ts). */
  accountHistory(args: { accountId: bigint; before?: bigint; limit: number }): Promise<AccountMovement[]> {
    return accountHistory(this.engine, args);
  }

  /** The account's postings within a period, oldest first (statements.ts). */
  postings(args: { accountId: bigint; from: bigint; to: bigint; after?: bigint; limit: number }): Promise<AccountMovement[]> {
    return postings(this.engine, args);
  }

  /** The account's balance at a past moment (statements.ts). */
  balanceAt(args: { accountId: bigint; at: bigint }): Promise<Balance | null> {
    return balanceAt(this.engine, args);
  }

  /** Every currency ledger balanced, no account past its limit (invariants.ts). */
  checkInvariants(): Promise<InvariantReport> {
    return checkInvariants(this.engine);
  }

  async #submitTransferChains(chains: readonly TransferInput[][]): Promise<MovementResult[]> {
    const answers: MovementResult[] = [];
    let batch: TransferInput[][] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const results = await this.engine.createTransfers(batch.flat());
      let offset = 0;
      for (const chain of batch) {
        answers.push(await chainResult(chain, results.slice(offset, offset + chain.length), (ids) => this.engine.lookupTransfers(ids)));
        offset += chain.length;
      }
      batch = [];
      size = 0;
    };
    for (const chain of chains) {
      if (size + chain.length > batchEventsMax) await flush();
      batch.push(chain);
      size += chain.length;
    }
    await flush();
    return answers;
  }
}

/** The post or void of every hold of a list, ids derived from each hold's id. */
function resolutions(pendingIds: readonly bigint[], resolve: 'post' | 'void'): ChainStep[] {
  if (pendingIds.length === 0 || pendingIds.length > batchEventsMax) throw new LedgerUsageError(`1..${batchEventsMax} holds at once`);
  return pendingIds.map((pendingId) => ({ id: holdResolutionId(pendingId, resolve), pendingId, resolve }));
}
