// The account layout the service uses, per currency (= per ledger):
//   wallets          one per owner and currency      code wallet            debits_must_not_exceed_credits
//   rail clearing    money arriving from / returned to payment rails; may go negative (no flag)
//   payout clearing  money reserved for and sent out by payouts
//   FX position      the platform's position in each currency, counterparty of every conversion
//   platform fees    the platform's revenue from fee legs
//   deposit clearing money arriving into partner wallets from outside (sandbox deposits; a real
//                    bank-transfer deposit would arrive through rail clearing instead); may go negative
// Ids are derived (idFromParts) from the owner or kind and the currency, so every process agrees
// without a lookup table, and opening an account twice answers `exists`.

import { AccountFlags } from '../model.ts';
import { idFromParts, u128FromUuid } from '../ids.ts';

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
export const system_account_kinds: readonly SystemAccountKind[] = ['rail_clearing', 'payout_clearing', 'fx_position', 'platform_fees', 'deposit_clearing'];

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
export const wallet_account_flags = AccountFlags.debits_must_not_exceed_credits | AccountFlags.history;
export const system_account_flags: Record<SystemAccountKind, number> = {
  rail_clearing: AccountFlags.none,
  payout_clearing: AccountFlags.none,
  fx_position: AccountFlags.none,
  platform_fees: AccountFlags.debits_must_not_exceed_credits,
  deposit_clearing: AccountFlags.none,
};

export function walletAccountId(ownerId: string, currency: string): bigint {
  return idFromParts('payagg.ledger.wallet', ownerId, currency);
}

export function systemAccountId(kind: SystemAccountKind, currency: string): bigint {
  return idFromParts('payagg.ledger.system', kind, currency);
}

/** The owner id carried in user_data_128: the UUID itself when it is one, else a hash. */
export function ownerUserData(ownerId: string): bigint {
  try {
    return u128FromUuid(ownerId);
  } catch {
    return idFromParts('payagg.ledger.owner', ownerId);
  }
}
