// The service's account layout in the ledger (@payagg/ledger knows no product; decision 0620).
// Per currency (= per ledger, the currency's ISO 4217 numeric code):
//   wallets          one per owner and currency      code wallet            debits_must_not_exceed_credits, history
//   rail clearing    money arriving from / returned to payment rails; may go negative (no flag)
//   payout clearing  money reserved for and sent out by payouts
//   FX position      the platform's position in each currency, counterparty of every conversion
//   platform fees    the platform's revenue from fee legs
//   deposit clearing money arriving into partner wallets from outside (sandbox deposits; a real
//                    bank-transfer deposit would arrive through rail clearing instead); may go negative
// Ids are derived (idFromParts) from the owner or kind and the currency, so every process agrees
// without a lookup table, and opening an account twice answers `exists`. These derivations and
// codes are persisted: existing ledger data carries them, so they never change.
//
// Each capability composes its own movements from the ledger's primitives in its ledger-*.ts
// (collections, splits, disputes, payouts, fx, partner-wallets); this module is what they share.

import { AccountFlags, currencyInfo, idFromParts, LedgerUsageError, u128FromUuid, type Ledger, type MovementResult } from '@payagg/ledger';

/** Account codes (Account.code): what kind of account it is. */
export const AccountCode = {
  wallet: 1,
  rail_clearing: 2,
  payout_clearing: 3,
  fx_position: 4,
  platform_fees: 5,
  // Partner wallet API (issue 18); numbered from 20 so other additions can take 6.. without colliding.
  deposit_clearing: 20,
} as const;
export type SystemAccountKind = Exclude<keyof typeof AccountCode, 'wallet'>;
export const systemAccountKinds: readonly SystemAccountKind[] = ['rail_clearing', 'payout_clearing', 'fx_position', 'platform_fees', 'deposit_clearing'];

/** Transfer codes (Transfer.code): why money moved. Posts and voids inherit their pending's code. */
export const TransferCode = {
  collection_leg: 1,
  collection_escrow_leg: 2,
  refund_leg: 3,
  payout: 4,
  fx_conversion: 5,
  /** A dispute's hold out of the merchant wallet (pending to rail clearing): void = won, post = lost. */
  dispute_hold: 6,
  // Partner wallet API (issue 18); numbered from 20 so other additions can take 6.. without colliding.
  /** deposit clearing -> a wallet (a partner deposit). */
  wallet_deposit: 20,
  /** wallet -> wallet of the same currency (a partner transfer). */
  wallet_transfer: 21,
} as const;

/** Flags per account kind. Wallets can never go negative; system accounts can. */
export const walletAccountFlags = AccountFlags.debits_must_not_exceed_credits | AccountFlags.history;
const systemAccountFlags: Record<SystemAccountKind, number> = {
  rail_clearing: AccountFlags.none,
  payout_clearing: AccountFlags.none,
  fx_position: AccountFlags.none,
  platform_fees: AccountFlags.debits_must_not_exceed_credits,
  deposit_clearing: AccountFlags.none,
};

/** The wallet of `ownerId` in `currency` (an unknown currency is a LedgerUsageError). */
export function walletAccountId(ownerId: string, currency: string): bigint {
  currencyInfo(currency);
  return idFromParts('payagg.ledger.wallet', ownerId, currency);
}

/** The system account `kind` of `currency` (an unknown currency is a LedgerUsageError). */
export function systemAccountId(kind: SystemAccountKind, currency: string): bigint {
  currencyInfo(currency);
  return idFromParts('payagg.ledger.system', kind, currency);
}

/** The owner id carried in a wallet's user_data_128: the UUID itself when it is one, else a hash. */
function ownerUserData(ownerId: string): bigint {
  try {
    return u128FromUuid(ownerId);
  } catch {
    return idFromParts('payagg.ledger.owner', ownerId);
  }
}

const currenciesReady = new WeakMap<Ledger, Set<string>>();

/** Creates the system accounts of a currency (idempotent; once per Ledger and currency per process). */
export async function ensureCurrency(ledger: Ledger, currency: string): Promise<void> {
  let ready = currenciesReady.get(ledger);
  if (ready === undefined) currenciesReady.set(ledger, ready = new Set());
  if (ready.has(currency)) return;
  currencyInfo(currency);
  await ledger.openAccounts(systemAccountKinds.map((kind) => ({
    id: systemAccountId(kind, currency), currency, code: AccountCode[kind], flags: systemAccountFlags[kind],
  })));
  ready.add(currency);
}

/** One wallet per owner and currency; opening it again returns the same account id. */
export async function openWallet(ledger: Ledger, args: { ownerId: string; currency: string }): Promise<{ accountId: bigint; created: boolean }> {
  await ensureCurrency(ledger, args.currency);
  const accountId = walletAccountId(args.ownerId, args.currency);
  const [created] = await ledger.openAccounts([{
    id: accountId, currency: args.currency, code: AccountCode.wallet, flags: walletAccountFlags, userData128: ownerUserData(args.ownerId),
  }]);
  return { accountId, created: created! };
}

/** A movement amount the caller must have checked already: positive, or a LedgerUsageError naming `what`. */
export function assertPositive(amount: bigint, what: string): void {
  if (amount <= 0n) throw new LedgerUsageError(`${what} must be positive`);
}

/**
 * A two-phase hold out of a wallet: one pending transfer wallet -> a system account, posted or
 * voided later (a refund, payout or dispute reservation). The wallet's available balance drops at
 * once, so racing reservations cannot spend the same money twice; insufficient_funds when the
 * wallet cannot cover it, and nothing moves.
 */
export async function holdFromWallet(ledger: Ledger, args: {
  id: bigint;
  /** The service object the hold belongs to (user_data_128). */
  operationId: string;
  what: 'refund' | 'payout' | 'dispute';
  walletAccountId: bigint;
  holder: 'rail_clearing' | 'payout_clearing';
  currency: string;
  amount: bigint;
  code: number;
  timeoutSeconds: number;
}): Promise<MovementResult> {
  currencyInfo(args.currency);
  assertPositive(args.amount, `${args.what} amount`);
  await ensureCurrency(ledger, args.currency);
  return ledger.submitChain([{
    id: args.id, debitAccountId: args.walletAccountId, creditAccountId: systemAccountId(args.holder, args.currency),
    amount: args.amount, currency: args.currency, code: args.code, userData128: u128FromUuid(args.operationId),
    pending: true, timeoutSeconds: args.timeoutSeconds,
  }]);
}

/** Posts (whole amount) or voids the hold `pendingId` with the resolution's own id `id`. */
export async function resolveHold(ledger: Ledger, id: bigint, pendingId: bigint, resolve: 'post' | 'void'): Promise<MovementResult> {
  return ledger.submitChain([{ id, pendingId, resolve }]);
}

/**
 * A kind of hold out of a wallet, each held for one operation (a refund, a dispute) and resolved
 * once: posted or voided. Its ids are one family derived from the operation's id and the step's
 * name (persisted: they never change), so a retry replays and the ledger answers `exists`.
 */
export type WalletHoldKind<Step extends string> = {
  family: string;
  what: 'refund' | 'dispute';
  holder: 'rail_clearing' | 'payout_clearing';
  code: number;
  /** The step names of the hold and of its two resolutions. */
  steps: { hold: Step; post: Step; void: Step };
};

export type WalletHolds<Step extends string> = {
  transferId(operationId: string, step: Step): bigint;
  /** The hold's id (a flow records it before holding: hold intents). */
  holdId(operationId: string): bigint;
  /** Holds `amount` out of the wallet into the kind's holder, until it is resolved (no timeout). */
  hold(ledger: Ledger, operationId: string, args: { walletAccountId: bigint; currency: string; amount: bigint }): Promise<MovementResult>;
  resolve(ledger: Ledger, operationId: string, resolution: 'post' | 'void'): Promise<MovementResult>;
};

export function walletHolds<const Step extends string>(kind: WalletHoldKind<Step>): WalletHolds<Step> {
  const transferId = (operationId: string, step: Step) => idFromParts(kind.family, u128FromUuid(operationId), step);
  const holdId = (operationId: string) => transferId(operationId, kind.steps.hold);
  return {
    transferId,
    holdId,
    hold: (ledger, operationId, args) => holdFromWallet(ledger, {
      id: holdId(operationId), operationId, what: kind.what, walletAccountId: args.walletAccountId, holder: kind.holder,
      currency: args.currency, amount: args.amount, code: kind.code, timeoutSeconds: 0,
    }),
    resolve: (ledger, operationId, resolution) =>
      resolveHold(ledger, transferId(operationId, kind.steps[resolution]), holdId(operationId), resolution),
  };
}
