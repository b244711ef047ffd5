// The money movements of the service, as ledger transfers. The service calls these and never
// builds a raw transfer itself. Every method is idempotent: ids derive from the service's own
// ids (idFromUuid), so a retry re-submits the same transfers and the ledger answers `exists`.
//
// Outcomes are a closed set of sentence names. A ledger answer that the service's own inputs
// cannot explain (a missing system account, a malformed transfer) is a LedgerInvariantError:
// a 500, never a 4xx.

import {
  AccountFilterFlags,
  TransferFlags,
  batch_events_max,
  query_limit_max,
  u128_max,
  type Account,
  type CreateTransferStatus,
  type LedgerEngine,
  type Transfer,
  type TransferInput,
  LedgerUsageError,
} from '../model.ts';
import { currencies, currencyInfo, currencyOfLedger } from '../currencies.ts';
import { idFromParts, idFromUuid, u128FromUuid } from '../ids.ts';
import {
  AccountCode,
  TransferCode,
  ownerUserData,
  system_account_flags,
  system_account_kinds,
  systemAccountId,
  walletAccountId,
  wallet_account_flags,
} from './layout.ts';
import { convertAmount, parseRate, rounding_default, type Rate, type Rounding } from './fx.ts';

/** Most legs one collection split or refund may have (one linked chain, well under a batch). */
export const legs_max = 64;

export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** Why a money movement did not happen. Each maps to one HTTP answer in the service. */
export type LedgerFailure =
  | 'insufficient_funds' // a wallet cannot cover the debit (HTTP 402 INSUFFICIENT_FUNDS)
  | 'account_not_found' // a wallet named by the caller does not exist
  | 'currency_mismatch' // a wallet named by the caller is in another currency
  | 'previously_failed' // this operation id already failed for a transient reason; use a new id
  | 'conflicting_resubmission' // this operation id was used before with different amounts/accounts
  | 'hold_not_found' // release/return/commit/cancel of a hold that does not exist
  | 'hold_already_posted' // the hold was already released / committed
  | 'hold_already_voided' // the hold was already returned / cancelled
  | 'hold_expired' // the hold's timeout passed and the ledger returned the money
  | 'amount_too_small'; // a conversion that rounds to zero

export type MovementResult =
  | { ok: true; transferIds: bigint[]; replayed: boolean }
  | { ok: false; failure: LedgerFailure; status: CreateTransferStatus; transferIds: bigint[] };

export type Balance = { available: bigint; pending: bigint };

/** Most movements one accountHistory call returns (one ledger query of each kind). */
export const history_page_max = query_limit_max;

/** An account's balance now, when it was opened, and when its balance last moved (accountStates). */
export type AccountState = {
  balance: Balance;
  /** Ledger timestamps (ns since the epoch). */
  openedAt: bigint;
  /** The last movement's timestamp; null when none (or the account keeps no history). */
  lastMovementAt: bigint | null;
};

/** One movement of an account, with the account's balance right after it (accountHistory). */
export type AccountMovement = {
  transfer: Transfer;
  /** credit: the account is the transfer's credit side; debit: its debit side. */
  direction: 'credit' | 'debit';
  /** The account's balance right after this transfer (available and pending, as balance()). */
  balanceAfter: Balance;
};

export type Settlement = {
  collectionId: string;
  currency: string;
  amount: bigint;
  legs: readonly SettlementLeg[];
};
export type SettlementResult = MovementResult & { escrowTransferIds: bigint[] };

export type SettlementLeg = {
  accountId: bigint;
  amount: bigint;
  /** Held as a pending transfer until releaseEscrow/returnEscrow. */
  escrow: boolean;
  /** Ledger timeout of an escrow hold: when it passes, the ledger RETURNS (voids) the hold. */
  timeoutSeconds?: number;
};

/** One pending transfer of a holdChain. */
export type HoldLeg = {
  /** holdLegId(ownerId, leg): the same on every retry. */
  id: bigint;
  debitAccountId: bigint;
  creditAccountId: bigint;
  currency: string;
  amount: bigint;
  /** TransferCode: why the money is held (payout, fx_conversion). */
  code: number;
  /** The service object the hold belongs to (user_data_128): a payout's id. */
  ownerId: string;
};

/** The id of hold leg `leg` of the object `ownerId` (a payout): deterministic, apart from every other id family. */
export function holdLegId(ownerId: string, leg: number): bigint {
  return idFromParts('payagg.ledger.hold', u128FromUuid(ownerId), leg);
}

export type LedgerSum = {
  ledger: number;
  currency: string;
  debits_posted: bigint;
  credits_posted: bigint;
  debits_pending: bigint;
  credits_pending: bigint;
  balanced: boolean;
};

export type InvariantReport = { ok: boolean; ledgerSums: LedgerSum[]; negativeWallets: bigint[] };

const failure_by_status: Partial<Record<CreateTransferStatus, LedgerFailure>> = {
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

export class Ledger {
  readonly engine: LedgerEngine;
  readonly #currencies_ready = new Set<string>();

  constructor(engine: LedgerEngine) {
    this.engine = engine;
  }

  /** Creates the four system accounts of a currency (idempotent). */
  async ensureCurrency(currency: string): Promise<void> {
    if (this.#currencies_ready.has(currency)) return;
    const { ledger } = currencyInfo(currency);
    const results = await this.engine.createAccounts(system_account_kinds.map((kind) => ({
      id: systemAccountId(kind, currency),
      ledger,
      code: AccountCode[kind],
      flags: system_account_flags[kind],
    })));
    for (const r of results) {
      if (r.status !== 'created' && r.status !== 'exists') {
        throw new LedgerInvariantError(`system account of ${currency}: ${r.status}`);
      }
    }
    this.#currencies_ready.add(currency);
  }

  systemAccountId(kind: 'rail_clearing' | 'payout_clearing' | 'fx_position' | 'platform_fees' | 'deposit_clearing', currency: string): bigint {
    currencyInfo(currency);
    return systemAccountId(kind, currency);
  }

  /** One wallet per owner and currency; opening it again returns the same account id. */
  async openWallet(args: { ownerId: string; currency: string }): Promise<{ accountId: bigint; created: boolean }> {
    await this.ensureCurrency(args.currency);
    const accountId = walletAccountId(args.ownerId, args.currency);
    const [result] = await this.engine.createAccounts([{
      id: accountId,
      ledger: currencyInfo(args.currency).ledger,
      code: AccountCode.wallet,
      flags: wallet_account_flags,
      user_data_128: ownerUserData(args.ownerId),
    }]);
    if (result!.status !== 'created' && result!.status !== 'exists') {
      throw new LedgerInvariantError(`open wallet ${args.ownerId}/${args.currency}: ${result!.status}`);
    }
    return { accountId, created: result!.status === 'created' };
  }

  walletAccountId(ownerId: string, currency: string): bigint {
    currencyInfo(currency);
    return walletAccountId(ownerId, currency);
  }

  /** available = credits_posted - debits_posted - debits_pending; pending = credits_pending. */
  async balance(accountId: bigint): Promise<Balance | null> {
    const [account] = await this.engine.lookupAccounts([accountId]);
    return account ? balanceOf(account) : null;
  }

  /**
   * Several accounts' balances in one lookup, each with when it last moved (its newest balance
   * history entry: one index read per account, run together). Absent ids are absent from the map.
   */
  async accountStates(accountIds: readonly bigint[]): Promise<Map<bigint, AccountState>> {
    const accounts = await this.engine.lookupAccounts(accountIds);
    const latest = await Promise.all(accounts.map((account) => this.engine.getAccountBalances({
      account_id: account.id, limit: 1, flags: AccountFilterFlags.reversed,
    })));
    return new Map(accounts.map((account, i) => [account.id, {
      balance: balanceOf(account),
      openedAt: account.timestamp,
      lastMovementAt: latest[i]![0]?.timestamp ?? null,
    }]));
  }

  /**
   * The account's movements, newest first, each with the account's balance right after it: a
   * statement. `before` is an exclusive ledger timestamp (the previous page's last
   * `transfer.timestamp`); omit it for the newest page. Two reads whatever the account's history
   * length: its transfers (an index range read of `limit` rows on either engine) and its balance
   * history between the first and last of them. Needs an account created with flags.history, as
   * every wallet is; a transfer without its balance entry is a LedgerInvariantError.
   *
   * Expiry of a pending transfer (its ledger timeout passing) changes the balance but, as in
   * TigerBeetle, writes no movement: the next movement's balance shows its effect.
   */
  async accountHistory(args: { accountId: bigint; before?: bigint; limit: number }): Promise<AccountMovement[]> {
    if (!Number.isInteger(args.limit) || args.limit < 1 || args.limit > history_page_max) {
      throw new LedgerUsageError(`limit must be 1..${history_page_max}, got ${args.limit}`);
    }
    // timestamp_max 0 means unbounded, so a cursor at the very first nanosecond has nothing before it.
    if (args.before !== undefined && args.before <= 1n) return [];
    const timestamp_max = args.before === undefined ? 0n : args.before - 1n;
    const transfers = await this.engine.getAccountTransfers({
      account_id: args.accountId, timestamp_max, limit: args.limit, flags: AccountFilterFlags.reversed,
    });
    if (transfers.length === 0) return [];
    const newest = transfers[0]!.timestamp;
    const oldest = transfers[transfers.length - 1]!.timestamp;
    // The balance entries of exactly these transfers: one per transfer, at its timestamp. A
    // transfer committed since the first read can only add entries, never remove one.
    const balances = await this.engine.getAccountBalances({
      account_id: args.accountId, timestamp_min: oldest, timestamp_max: newest, limit: history_page_max,
      flags: AccountFilterFlags.reversed,
    });
    const byTimestamp = new Map(balances.map((b) => [b.timestamp, b]));
    return transfers.map((transfer) => {
      const balance = byTimestamp.get(transfer.timestamp);
      if (!balance) {
        throw new LedgerInvariantError(`account ${args.accountId} has no balance history for transfer ${transfer.id} (created without flags.history?)`);
      }
      return {
        transfer,
        direction: transfer.credit_account_id === args.accountId ? 'credit' : 'debit',
        balanceAfter: {
          available: balance.credits_posted - balance.debits_posted - balance.debits_pending,
          pending: balance.credits_pending,
        },
      };
    });
  }

  /**
   * Settles a collection: money leaves rail clearing into each leg (wallets, platform fees) in
   * one linked chain, so either every leg lands or none does. Escrow legs are pending transfers.
   */
  async settleCollection(args: Settlement): Promise<SettlementResult> {
    const [result] = await this.settleCollections([args]);
    return result!;
  }

  /**
   * Settles many collections with as few ledger batches as they fit in (one, for up to about
   * 8,000 legs): each collection is its own linked chain, so one that cannot settle fails alone
   * and the others land. Answers in the order given. The rail outcome worker settles a claimed
   * round of outcomes this way: one ledger round trip instead of one per collection.
   */
  async settleCollections(settlements: readonly Settlement[]): Promise<SettlementResult[]> {
    const chains = settlements.map((args) => {
      assertLegs(args.legs, args.amount);
      return settlementChain(args);
    });
    for (const currency of new Set(settlements.map((args) => args.currency))) await this.ensureCurrency(currency);
    const outcomes = await this.#submitChains(chains);
    return outcomes.map((result, i) => ({
      ...result,
      escrowTransferIds: chains[i]!.filter((_, leg) => settlements[i]!.legs[leg]!.escrow).map((t) => t.id),
    }));
  }

  /** Releases an escrow hold into the wallet's available balance (post the pending transfer). */
  releaseEscrow(pendingTransferId: bigint): Promise<MovementResult> {
    return this.#postOrVoid(escrowReleaseId(pendingTransferId), pendingTransferId, 'post');
  }

  /** Returns an escrow hold to rail clearing (void the pending transfer). */
  returnEscrow(pendingTransferId: bigint): Promise<MovementResult> {
    return this.#postOrVoid(idFromParts('payagg.ledger.escrow_return', pendingTransferId), pendingTransferId, 'void');
  }

  /**
   * Refunds a collection: each leg moves back from its account to rail clearing, in one linked
   * chain. If any wallet cannot cover its leg the answer is insufficient_funds and nothing moved.
   */
  async refund(args: {
    refundId: string;
    currency: string;
    legs: ReadonlyArray<{ accountId: bigint; amount: bigint }>;
  }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    assertLegs(args.legs, null);
    await this.ensureCurrency(args.currency);
    const rail = systemAccountId('rail_clearing', args.currency);
    const user_data_128 = u128FromUuid(args.refundId);
    return this.#submitChain(args.legs.map((leg, i) => ({
      id: idFromUuid(args.refundId, i),
      debit_account_id: leg.accountId,
      credit_account_id: rail,
      amount: leg.amount,
      ledger,
      code: TransferCode.refund_leg,
      user_data_128,
      flags: i < args.legs.length - 1 ? TransferFlags.linked : 0,
    })));
  }

  /**
   * Reserves a refund that the rail has yet to confirm: a pending transfer wallet -> rail
   * clearing. The wallet's available balance drops at once (so racing refunds cannot spend the
   * same money twice); insufficient_funds when it cannot cover it, and nothing moves.
   */
  reserveRefund(args: {
    refundId: string;
    walletAccountId: bigint;
    currency: string;
    amount: bigint;
  }): Promise<MovementResult> {
    return this.#reserve({
      id: refundTransferId(args.refundId, 'reserve'), operationId: args.refundId, what: 'refund',
      walletAccountId: args.walletAccountId, holder: 'rail_clearing', currency: args.currency,
      amount: args.amount, code: TransferCode.refund_leg, timeoutSeconds: 0,
    });
  }

  /** The id of reserveRefund's pending transfer for `refundId` (recorded before reserving, as payoutReservationId). */
  refundReservationId(refundId: string): bigint {
    return refundTransferId(refundId, 'reserve');
  }

  /** The rail paid the refund back to the payer: post the reservation. */
  commitRefund(refundId: string): Promise<MovementResult> {
    return this.#postOrVoid(refundTransferId(refundId, 'commit'), refundTransferId(refundId, 'reserve'), 'post');
  }

  /** The rail refused the refund: void the reservation, the wallet gets the money back. */
  cancelRefund(refundId: string): Promise<MovementResult> {
    return this.#postOrVoid(refundTransferId(refundId, 'cancel'), refundTransferId(refundId, 'reserve'), 'void');
  }

  /** Holds a payout's amount: pending transfer wallet -> payout clearing. */
  reservePayout(args: {
    payoutId: string;
    walletAccountId: bigint;
    currency: string;
    amount: bigint;
    timeoutSeconds?: number;
  }): Promise<MovementResult> {
    return this.#reserve({
      id: payoutTransferId(args.payoutId, 'reserve'), operationId: args.payoutId, what: 'payout',
      walletAccountId: args.walletAccountId, holder: 'payout_clearing', currency: args.currency,
      amount: args.amount, code: TransferCode.payout, timeoutSeconds: args.timeoutSeconds ?? 0,
    });
  }

  /**
   * The id of reservePayout's pending transfer for `payoutId`: a flow records it before reserving
   * (services/api hold intents), so a hold whose owner never committed can be found and voided.
   */
  payoutReservationId(payoutId: string): bigint {
    return payoutTransferId(payoutId, 'reserve');
  }

  /** The rail paid the payout out: post the reservation. */
  commitPayout(payoutId: string): Promise<MovementResult> {
    return this.#postOrVoid(payoutTransferId(payoutId, 'commit'), payoutTransferId(payoutId, 'reserve'), 'post');
  }

  /** The payout failed or was cancelled: void the reservation, the wallet gets it back. */
  cancelPayout(payoutId: string): Promise<MovementResult> {
    return this.#postOrVoid(payoutTransferId(payoutId, 'cancel'), payoutTransferId(payoutId, 'reserve'), 'void');
  }

  // ----- Disputes (issue 15; docs/disputes.md, docs/decisions/0280) -----

  /**
   * Holds a disputed amount: a pending transfer merchant wallet -> rail clearing (where a
   * chargeback leaves through the rail). The wallet's available balance drops at once;
   * insufficient_funds when it cannot cover it, and nothing moves (a wallet never goes negative).
   */
  holdDispute(args: {
    disputeId: string;
    walletAccountId: bigint;
    currency: string;
    amount: bigint;
  }): Promise<MovementResult> {
    return this.#reserve({
      id: disputeTransferId(args.disputeId, 'hold'), operationId: args.disputeId, what: 'dispute',
      walletAccountId: args.walletAccountId, holder: 'rail_clearing', currency: args.currency,
      amount: args.amount, code: TransferCode.dispute_hold, timeoutSeconds: 0,
    });
  }

  /** The merchant won: void the hold, the wallet gets the amount back. */
  returnDisputeHold(disputeId: string): Promise<MovementResult> {
    return this.#postOrVoid(disputeTransferId(disputeId, 'won'), disputeTransferId(disputeId, 'hold'), 'void');
  }

  /** The id of holdDispute's pending transfer for `disputeId` (recorded before holding, as payoutReservationId). */
  disputeHoldId(disputeId: string): bigint {
    return disputeTransferId(disputeId, 'hold');
  }

  /** The merchant lost: post the hold, the amount leaves to the payer through the rail. */
  postDisputeHold(disputeId: string): Promise<MovementResult> {
    return this.#postOrVoid(disputeTransferId(disputeId, 'lost'), disputeTransferId(disputeId, 'hold'), 'post');
  }

  // ----- end of Disputes -----

  /**
   * Holds made together: pending transfers as ONE linked chain, so either every hold is made or
   * none is (insufficient_funds when a wallet cannot cover its leg, and nothing moves). A payout
   * reserves its money this way (one leg, or a conversion's legs), and a bulk payout reserves
   * all its members' legs in one chain. Ids are the caller's (holdLegId), so a retry replays.
   */
  async holdChain(legs: readonly HoldLeg[]): Promise<MovementResult> {
    if (legs.length === 0 || legs.length > batch_events_max) throw new LedgerUsageError(`a hold chain has 1..${batch_events_max} legs`);
    for (const currency of new Set(legs.map((leg) => leg.currency))) await this.ensureCurrency(currency);
    return this.#submitChain(legs.map((leg, i) => {
      if (leg.amount <= 0n) throw new LedgerUsageError('every hold amount must be positive');
      return {
        id: leg.id,
        debit_account_id: leg.debitAccountId,
        credit_account_id: leg.creditAccountId,
        amount: leg.amount,
        ledger: currencyInfo(leg.currency).ledger,
        code: leg.code,
        user_data_128: u128FromUuid(leg.ownerId),
        flags: TransferFlags.pending | (i < legs.length - 1 ? TransferFlags.linked : 0),
      };
    }));
  }

  /** Posts every hold of `pendingIds` (whole amounts) in one linked chain: all or none. Idempotent. */
  postHolds(pendingIds: readonly bigint[]): Promise<MovementResult> {
    return this.#postOrVoidAll(pendingIds, 'post');
  }

  /** Voids every hold of `pendingIds` in one linked chain: the money goes back. Idempotent. */
  voidHolds(pendingIds: readonly bigint[]): Promise<MovementResult> {
    return this.#postOrVoidAll(pendingIds, 'void');
  }

  /**
   * postHolds for many independent groups at once (payouts settling together): each group is its
   * own linked chain, answered on its own, in as few ledger requests as hold them.
   */
  postHoldGroups(groups: readonly (readonly bigint[])[]): Promise<MovementResult[]> {
    return this.#submitChains(groups.map((group) => this.#postOrVoidChain(group, 'post')));
  }

  /** voidHolds for many independent groups at once, as postHoldGroups. */
  voidHoldGroups(groups: readonly (readonly bigint[])[]): Promise<MovementResult[]> {
    return this.#submitChains(groups.map((group) => this.#postOrVoidChain(group, 'void')));
  }

  async #postOrVoidAll(pendingIds: readonly bigint[], action: 'post' | 'void'): Promise<MovementResult> {
    return this.#submitChain(this.#postOrVoidChain(pendingIds, action));
  }

  #postOrVoidChain(pendingIds: readonly bigint[], action: 'post' | 'void'): TransferInput[] {
    if (pendingIds.length === 0 || pendingIds.length > batch_events_max) throw new LedgerUsageError(`1..${batch_events_max} holds at once`);
    return pendingIds.map((pendingId, i) => ({
      id: idFromParts(action === 'post' ? 'payagg.ledger.hold_post' : 'payagg.ledger.hold_void', pendingId),
      pending_id: pendingId,
      amount: action === 'post' ? u128_max : 0n,
      flags: (action === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer)
        | (i < pendingIds.length - 1 ? TransferFlags.linked : 0),
    }));
  }

  // ----- Split settlement: refunds of several legs, escrow holds a refund makes smaller -----
  // (services/api domain/split-settlement.ts; docs/split-settlement.md.) A pending transfer
  // cannot be partly voided, so taking part of an escrow hold back is "void the hold, hold the
  // rest anew" in one linked chain; the hold's new pending id is derived from the operation.

  /**
   * Reserves a refund of a split collection in ONE linked chain, all legs or none:
   *   a wallet leg: a pending transfer wallet -> rail clearing (its reservation, posted or voided
   *                 with commitSplitRefund / cancelSplitRefund);
   *   a held leg:   its escrow hold voided and, when some stays held, a new hold rail clearing ->
   *                 wallet of `keep` (id splitHoldId(refundId, leg)): the part taken back is in
   *                 rail clearing at once, never in the recipient's balance.
   * insufficient_funds when a wallet cannot cover its part (nothing moved); hold_already_posted /
   * hold_already_voided when a hold is no longer held.
   */
  async reserveSplitRefund(args: { refundId: string; currency: string; legs: readonly SplitRefundLeg[] }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    if (args.legs.length === 0) throw new LedgerUsageError('a split refund needs at least one leg');
    await this.ensureCurrency(args.currency);
    const rail = systemAccountId('rail_clearing', args.currency);
    const user_data_128 = u128FromUuid(args.refundId);
    const transfers: TransferInput[] = [];
    for (const leg of args.legs) {
      if (leg.kind === 'wallet') {
        if (leg.amount <= 0n) throw new LedgerUsageError('a refund leg amount must be positive');
        transfers.push({
          id: splitRefundTransferId(args.refundId, 'reserve', leg.leg), debit_account_id: leg.accountId, credit_account_id: rail,
          amount: leg.amount, ledger, code: TransferCode.refund_leg, user_data_128, flags: TransferFlags.pending,
        });
      } else {
        transfers.push(...holdRemade({
          voidId: splitRefundTransferId(args.refundId, 'take', leg.leg), pendingId: leg.holdPendingId,
          newHoldId: splitHoldId(args.refundId, leg.leg), accountId: leg.accountId, keep: leg.keep, rail, ledger,
          user_data_128: u128FromUuid(leg.collectionId),
        }));
      }
    }
    return this.#submitChain(linkedChain(transfers));
  }

  /** The rail paid a split refund: post the wallet legs' reservations (legs as reserved). */
  commitSplitRefund(refundId: string, walletLegs: readonly number[]): Promise<MovementResult> {
    return this.#splitRefundFinish(refundId, walletLegs, 'post');
  }

  /** The rail refused a split refund: void the wallet legs' reservations (the wallets get it back). */
  cancelSplitRefund(refundId: string, walletLegs: readonly number[]): Promise<MovementResult> {
    return this.#splitRefundFinish(refundId, walletLegs, 'void');
  }

  /**
   * Puts money taken from an escrow hold back (a split refund the rail refused): the hold
   * `pendingId` is voided and held anew with `amount` (id `newHoldId`), in one linked chain.
   */
  async regrowHold(args: { operationId: string; collectionId: string; currency: string; pendingId: bigint | null; newHoldId: bigint; accountId: bigint; amount: bigint }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    return this.#submitChain(linkedChain(holdRemade({
      voidId: idFromParts('payagg.ledger.hold_regrow', u128FromUuid(args.operationId), args.newHoldId), pendingId: args.pendingId,
      newHoldId: args.newHoldId, accountId: args.accountId, keep: args.amount,
      rail: systemAccountId('rail_clearing', args.currency), ledger, user_data_128: u128FromUuid(args.collectionId),
    })));
  }

  /** Credits a leg's money straight to a wallet (a refused split refund whose hold was released meanwhile). */
  async creditLeg(args: { id: bigint; collectionId: string; currency: string; accountId: bigint; amount: bigint }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    return this.#submitChain([{
      id: args.id, debit_account_id: systemAccountId('rail_clearing', args.currency), credit_account_id: args.accountId,
      amount: args.amount, ledger, code: TransferCode.collection_leg, user_data_128: u128FromUuid(args.collectionId),
    }]);
  }

  async #splitRefundFinish(refundId: string, walletLegs: readonly number[], action: 'post' | 'void'): Promise<MovementResult> {
    if (walletLegs.length === 0) return { ok: true, transferIds: [], replayed: false };
    return this.#submitChain(linkedChain(walletLegs.map((leg) => ({
      id: splitRefundTransferId(refundId, action === 'post' ? 'commit' : 'cancel', leg),
      pending_id: splitRefundTransferId(refundId, 'reserve', leg),
      amount: action === 'post' ? u128_max : 0n,
      flags: action === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer,
    }))));
  }

  /**
   * Converts between currencies through the FX position accounts, as two linked transfers on two
   * ledgers (TigerBeetle allows a linked chain to span ledgers; each transfer stays within one):
   *   from wallet -> FX position (from currency), amount
   *   FX position (to currency) -> to wallet, amount converted at `rate`, rounded once.
   */
  async convert(args: {
    conversionId: string;
    fromAccountId: bigint;
    toAccountId: bigint;
    fromCurrency: string;
    toCurrency: string;
    amount: bigint;
    /** Quote units per base unit in major units: a decimal string or an exact fraction. */
    rate: string | Rate;
    rounding?: Rounding;
  }): Promise<MovementResult & { toAmount: bigint }> {
    const from = currencyInfo(args.fromCurrency);
    const to = currencyInfo(args.toCurrency);
    if (from.code === to.code) throw new LedgerUsageError('convert needs two different currencies');
    if (args.amount <= 0n) throw new LedgerUsageError('conversion amount must be positive');
    const rate = typeof args.rate === 'string' ? parseRate(args.rate) : args.rate;
    const toAmount = convertAmount({
      amount: args.amount, rate, fromExponent: from.exponent, toExponent: to.exponent,
      rounding: args.rounding ?? rounding_default,
    });
    if (toAmount === 0n) return { ok: false, failure: 'amount_too_small', status: 'created', transferIds: [], toAmount };
    await Promise.all([this.ensureCurrency(from.code), this.ensureCurrency(to.code)]);
    const user_data_128 = u128FromUuid(args.conversionId);
    const result = await this.#submitChain([
      {
        id: idFromUuid(args.conversionId, 0),
        debit_account_id: args.fromAccountId,
        credit_account_id: systemAccountId('fx_position', from.code),
        amount: args.amount,
        ledger: from.ledger,
        code: TransferCode.fx_conversion,
        user_data_128,
        flags: TransferFlags.linked,
      },
      {
        id: idFromUuid(args.conversionId, 1),
        debit_account_id: systemAccountId('fx_position', to.code),
        credit_account_id: args.toAccountId,
        amount: toAmount,
        ledger: to.ledger,
        code: TransferCode.fx_conversion,
        user_data_128,
      },
    ]);
    return { ...result, toAmount };
  }

  // ----- Conversions whose amounts the service has fixed (services/api src/fx/fx-conversions.ts):
  // the service rounds once, by its own documented rule, and hands both amounts here; the ledger
  // only moves them. Either posted at once, or two-phase (a payout's reservation): both legs are
  // holds, posted or voided together by one linked chain.

  /**
   * Moves a conversion with both amounts given, as one linked chain across two ledgers:
   *   leg 0: from account -> FX position (from currency), fromAmount
   *   leg 1: FX position (to currency) -> to account, toAmount
   * With `pending` both legs are holds (commitConversion / cancelConversion). insufficient_funds
   * when the from account cannot cover leg 0, and nothing moves.
   */
  async moveConversion(args: {
    conversionId: string;
    fromAccountId: bigint;
    fromCurrency: string;
    fromAmount: bigint;
    toAccountId: bigint;
    toCurrency: string;
    toAmount: bigint;
    pending?: boolean;
    /** Ledger timeout of the holds (pending only): when it passes the ledger voids them. */
    timeoutSeconds?: number;
  }): Promise<MovementResult> {
    const from = currencyInfo(args.fromCurrency);
    const to = currencyInfo(args.toCurrency);
    if (from.code === to.code) throw new LedgerUsageError('a conversion needs two different currencies');
    if (args.fromAmount <= 0n || args.toAmount <= 0n) throw new LedgerUsageError('conversion amounts must be positive');
    await Promise.all([this.ensureCurrency(from.code), this.ensureCurrency(to.code)]);
    const user_data_128 = u128FromUuid(args.conversionId);
    const pending = args.pending === true;
    const timeout = pending ? (args.timeoutSeconds ?? 0) : 0;
    const [fromLeg, toLeg] = conversionLegIds(args.conversionId);
    return this.#submitChain([
      {
        id: fromLeg,
        debit_account_id: args.fromAccountId,
        credit_account_id: systemAccountId('fx_position', from.code),
        amount: args.fromAmount,
        ledger: from.ledger,
        code: TransferCode.fx_conversion,
        user_data_128,
        flags: TransferFlags.linked | (pending ? TransferFlags.pending : 0),
        timeout,
      },
      {
        id: toLeg,
        debit_account_id: systemAccountId('fx_position', to.code),
        credit_account_id: args.toAccountId,
        amount: args.toAmount,
        ledger: to.ledger,
        code: TransferCode.fx_conversion,
        user_data_128,
        flags: pending ? TransferFlags.pending : 0,
        timeout,
      },
    ]);
  }

  /** Posts both holds of a pending conversion, together (the payout it reserved for succeeded). */
  commitConversion(conversionId: string): Promise<MovementResult> {
    return this.#postOrVoidConversion(conversionId, 'post');
  }

  /** Voids both holds of a pending conversion, together: the from account gets its money back. */
  cancelConversion(conversionId: string): Promise<MovementResult> {
    return this.#postOrVoidConversion(conversionId, 'void');
  }

  /** The ids of a conversion's two legs (moveConversion), in order: from leg, to leg. */
  conversionTransferIds(conversionId: string): [bigint, bigint] {
    return conversionLegIds(conversionId);
  }

  async #postOrVoidConversion(conversionId: string, action: 'post' | 'void'): Promise<MovementResult> {
    const legs = conversionLegIds(conversionId);
    const step = action === 'post' ? 2 : 4;
    return this.#submitChain(legs.map((pendingId, i) => ({
      id: idFromUuid(conversionId, step + i),
      pending_id: pendingId,
      amount: action === 'post' ? u128_max : 0n,
      flags: (action === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer)
        | (i < legs.length - 1 ? TransferFlags.linked : 0),
    })));
  }

  /**
   * The ledger's invariants, for tests and operators: in every currency ledger the debits equal
   * the credits (posted and pending), and no wallet is negative. Reads every account: an
   * operator tool, not a per-request check.
   */
  async checkInvariants(): Promise<InvariantReport> {
    const sums = new Map<number, LedgerSum>();
    const negativeWallets: bigint[] = [];
    for (const { code, ledger } of currencies.values()) {
      const sum: LedgerSum = { ledger, currency: code, debits_posted: 0n, credits_posted: 0n, debits_pending: 0n, credits_pending: 0n, balanced: true };
      let timestamp_min = 0n;
      for (;;) {
        const page = await this.engine.queryAccounts({ ledger, limit: query_limit_max, timestamp_min });
        for (const a of page) {
          sum.debits_posted += a.debits_posted;
          sum.credits_posted += a.credits_posted;
          sum.debits_pending += a.debits_pending;
          sum.credits_pending += a.credits_pending;
          if (a.code === AccountCode.wallet && a.credits_posted < a.debits_posted + a.debits_pending) {
            negativeWallets.push(a.id);
          }
        }
        if (page.length < query_limit_max) break;
        timestamp_min = page[page.length - 1]!.timestamp + 1n;
      }
      sum.balanced = sum.debits_posted === sum.credits_posted && sum.debits_pending === sum.credits_pending;
      if (sum.debits_posted + sum.credits_posted + sum.debits_pending + sum.credits_pending > 0n) sums.set(ledger, sum);
    }
    const ledgerSums = [...sums.values()];
    return { ok: ledgerSums.every((s) => s.balanced) && negativeWallets.length === 0, ledgerSums, negativeWallets };
  }

  // ----- Partner wallets (issue 18): deposits and wallet-to-wallet transfers. Withdrawals are
  // payouts (reservePayout / commitPayout / cancelPayout) keyed by the withdrawal's id.

  /**
   * Money arriving into a wallet from outside: deposit clearing -> wallet, one transfer with id
   * idFromUuid(depositId, 0). The sandbox's deposits; a real bank-transfer deposit is a rail's
   * inbound credit and would come from rail clearing the same way (docs/partner-wallets.md).
   */
  async deposit(args: { depositId: string; walletAccountId: bigint; currency: string; amount: bigint }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    if (args.amount <= 0n) throw new LedgerUsageError('deposit amount must be positive');
    await this.ensureCurrency(args.currency);
    return this.#submitChain([{
      id: idFromUuid(args.depositId, 0),
      debit_account_id: systemAccountId('deposit_clearing', args.currency),
      credit_account_id: args.walletAccountId,
      amount: args.amount,
      ledger,
      code: TransferCode.wallet_deposit,
      user_data_128: u128FromUuid(args.depositId),
    }]);
  }

  /**
   * One wallet pays another of the same currency: one transfer (idFromUuid(transferId, 0)), so it
   * is atomic by construction. The payer's debits_must_not_exceed_credits makes the ledger refuse
   * it whole (insufficient_funds) when it is not covered, under the account locks: concurrent
   * transfers out of one wallet can never take it below zero. Wallets of two currencies answer
   * currency_mismatch and nothing moves.
   */
  async transferBetweenWallets(args: {
    transferId: string; fromAccountId: bigint; toAccountId: bigint; currency: string; amount: bigint;
  }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    if (args.amount <= 0n) throw new LedgerUsageError('transfer amount must be positive');
    if (args.fromAccountId === args.toAccountId) throw new LedgerUsageError('a transfer needs two different wallets');
    return this.#submitChain([{
      id: idFromUuid(args.transferId, 0),
      debit_account_id: args.fromAccountId,
      credit_account_id: args.toAccountId,
      amount: args.amount,
      ledger,
      code: TransferCode.wallet_transfer,
      user_data_128: u128FromUuid(args.transferId),
    }]);
  }

  /** A two-phase hold: a pending transfer wallet -> a system account, posted or voided later. */
  async #reserve(args: {
    id: bigint;
    operationId: string;
    what: 'refund' | 'payout' | 'dispute';
    walletAccountId: bigint;
    holder: 'rail_clearing' | 'payout_clearing';
    currency: string;
    amount: bigint;
    code: number;
    timeoutSeconds: number;
  }): Promise<MovementResult> {
    const { ledger } = currencyInfo(args.currency);
    if (args.amount <= 0n) throw new LedgerUsageError(`${args.what} amount must be positive`);
    await this.ensureCurrency(args.currency);
    return this.#submitChain([{
      id: args.id,
      debit_account_id: args.walletAccountId,
      credit_account_id: systemAccountId(args.holder, args.currency),
      amount: args.amount,
      ledger,
      code: args.code,
      user_data_128: u128FromUuid(args.operationId),
      flags: TransferFlags.pending,
      timeout: args.timeoutSeconds,
    }]);
  }

  async #postOrVoid(id: bigint, pendingId: bigint, action: 'post' | 'void'): Promise<MovementResult> {
    return this.#submitChain([{
      id,
      pending_id: pendingId,
      // Post the whole held amount (u128_max) / void it whole (0).
      amount: action === 'post' ? u128_max : 0n,
      flags: action === 'post' ? TransferFlags.post_pending_transfer : TransferFlags.void_pending_transfer,
    }]);
  }

  /**
   * Submits one linked chain (or one transfer) and names the outcome. A resubmitted chain that
   * already succeeded answers `exists` for its first transfer and `linked_event_failed` for the
   * rest (the chain stops at the first non-created event); it counts as done when every transfer
   * of it is found.
   */
  async #submitChain(transfers: TransferInput[]): Promise<MovementResult> {
    const [result] = await this.#submitChains([transfers]);
    return result!;
  }

  /**
   * Independent linked chains in as few batches as hold them (a chain never straddles two
   * batches: linked events must share one), each answered as #chainResult says.
   */
  async #submitChains(chains: readonly TransferInput[][]): Promise<MovementResult[]> {
    const answers: MovementResult[] = [];
    let batch: TransferInput[][] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const results = await this.engine.createTransfers(batch.flat());
      let offset = 0;
      for (const chain of batch) {
        answers.push(await this.#chainResult(chain, results.slice(offset, offset + chain.length)));
        offset += chain.length;
      }
      batch = [];
      size = 0;
    };
    for (const chain of chains) {
      if (size + chain.length > batch_events_max) await flush();
      batch.push(chain);
      size += chain.length;
    }
    await flush();
    return answers;
  }

  /** One chain's answer from its transfers' results (in order, `results[i]` for `transfers[i]`). */
  async #chainResult(transfers: TransferInput[], results: readonly { status: CreateTransferStatus }[]): Promise<MovementResult> {
    const transferIds = transfers.map((t) => t.id);
    if (results.every((r) => r.status === 'created')) return { ok: true, transferIds, replayed: false };
    if (results.every((r) => r.status === 'created' || r.status === 'exists')) return { ok: true, transferIds, replayed: true };
    const cause = results.find((r) => r.status !== 'linked_event_failed' && r.status !== 'created')!.status;
    if (cause === 'exists') {
      const found = await this.engine.lookupTransfers(transferIds);
      if (found.length === transferIds.length) return { ok: true, transferIds, replayed: true };
      throw new LedgerInvariantError(`chain ${transferIds[0]} partly exists (${found.length}/${transferIds.length})`);
    }
    const failure = failure_by_status[cause];
    if (!failure) throw new LedgerInvariantError(`ledger refused transfer ${transferIds[0]}: ${cause}`);
    return { ok: false, failure, status: cause, transferIds };
  }
}

/** A collection's settlement as one linked chain: rail clearing -> each leg (escrow legs pending). */
function settlementChain(args: Settlement): TransferInput[] {
  const { ledger } = currencyInfo(args.currency);
  const rail = systemAccountId('rail_clearing', args.currency);
  const user_data_128 = u128FromUuid(args.collectionId);
  return args.legs.map((leg, i) => ({
    id: idFromUuid(args.collectionId, i),
    debit_account_id: rail,
    credit_account_id: leg.accountId,
    amount: leg.amount,
    ledger,
    code: leg.escrow ? TransferCode.collection_escrow_leg : TransferCode.collection_leg,
    user_data_128,
    flags: (i < args.legs.length - 1 ? TransferFlags.linked : 0) | (leg.escrow ? TransferFlags.pending : 0),
    timeout: leg.escrow ? (leg.timeoutSeconds ?? 0) : 0,
  }));
}

/** A leg of reserveSplitRefund: a wallet's reservation, or an escrow hold made smaller. */
export type SplitRefundLeg =
  | { kind: 'wallet'; leg: number; accountId: bigint; amount: bigint }
  | { kind: 'hold'; leg: number; accountId: bigint; collectionId: string; holdPendingId: bigint; keep: bigint };

/** The id of the post that releases the escrow hold `pendingTransferId` (releaseEscrow). */
export function escrowReleaseId(pendingTransferId: bigint): bigint {
  return idFromParts('payagg.ledger.escrow_release', pendingTransferId);
}

/** The id of the hold a split refund leaves behind for `leg` (reserveSplitRefund). */
export function splitHoldId(refundId: string, leg: number): bigint {
  return idFromParts('payagg.ledger.split_hold', u128FromUuid(refundId), leg);
}

/**
 * The ids of a split refund's transfers for `leg` (reserveSplitRefund): exported so that a
 * request that died after its ledger step can be found and undone by whoever meets what it left.
 */
export function splitRefundTransferId(refundId: string, step: 'reserve' | 'commit' | 'cancel' | 'take', leg: number): bigint {
  return idFromParts('payagg.ledger.split_refund', u128FromUuid(refundId), step, leg);
}

/** Void the hold `pendingId`; hold `keep` anew when some stays. */
function holdRemade(args: { voidId: bigint; pendingId: bigint | null; newHoldId: bigint; accountId: bigint; keep: bigint; rail: bigint; ledger: number; user_data_128: bigint }): TransferInput[] {
  // No pending to void when a refund had taken the whole hold (pendingId null).
  const transfers: TransferInput[] = args.pendingId === null ? [] : [{
    id: args.voidId, pending_id: args.pendingId, amount: 0n, flags: TransferFlags.void_pending_transfer,
  }];
  if (args.keep > 0n) {
    transfers.push({
      id: args.newHoldId, debit_account_id: args.rail, credit_account_id: args.accountId, amount: args.keep,
      ledger: args.ledger, code: TransferCode.collection_escrow_leg, user_data_128: args.user_data_128, flags: TransferFlags.pending,
    });
  }
  return transfers;
}

/** The transfers as one linked chain (every one but the last carries `linked`). */
function linkedChain(transfers: TransferInput[]): TransferInput[] {
  return transfers.map((t, i) => ({ ...t, flags: (t.flags ?? 0) | (i < transfers.length - 1 ? TransferFlags.linked : 0) }));
}

export function balanceOf(account: Account): Balance {
  return {
    available: account.credits_posted - account.debits_posted - account.debits_pending,
    pending: account.credits_pending,
  };
}

/** Refund steps use their own leg numbers, apart from refund()'s legs (0..legs_max-1). */
function refundTransferId(refundId: string, step: 'reserve' | 'commit' | 'cancel'): bigint {
  return idFromParts('payagg.ledger.refund_hold', u128FromUuid(refundId), step);
}

/** A dispute's hold and its one resolution (won voids it, lost posts it: the ledger allows one). */
function disputeTransferId(disputeId: string, step: 'hold' | 'won' | 'lost'): bigint {
  return idFromParts('payagg.ledger.dispute_hold', u128FromUuid(disputeId), step);
}

function payoutTransferId(payoutId: string, step: 'reserve' | 'commit' | 'cancel'): bigint {
  return idFromUuid(payoutId, step === 'reserve' ? 0 : step === 'commit' ? 1 : 2);
}

/** A conversion's legs: 0 and 1 (as convert's); their posts are 2 and 3, their voids 4 and 5. */
function conversionLegIds(conversionId: string): [bigint, bigint] {
  return [idFromUuid(conversionId, 0), idFromUuid(conversionId, 1)];
}

function assertLegs(legs: ReadonlyArray<{ amount: bigint }>, total: bigint | null): void {
  if (legs.length === 0 || legs.length > legs_max) throw new LedgerUsageError(`legs must number 1..${legs_max}`);
  let sum = 0n;
  for (const leg of legs) {
    if (leg.amount <= 0n) throw new LedgerUsageError('every leg amount must be positive');
    sum += leg.amount;
  }
  if (total !== null && sum !== total) throw new LedgerUsageError(`legs sum to ${sum}, not the amount ${total}`);
}

export { currencyOfLedger };
