// What each KYC tier requires and what it allows (docs/sub-merchants.md, decision 0202), in the
// style of tiered KYC regimes such as the Central Bank of Nigeria's: the less the platform knows
// about a sub-merchant, the smaller the single payment attributed to it and the balance it may
// hold.
//
//   tier_1 (basic)  requires legal_name, phone_number.
//   tier_2 (full)   requires legal_name, phone_number, government_id (individual) or
//                   business_registration (business), proof_of_address.
//
// Limits, in each currency's minor units (a currency absent from a table has no limit there):
//   collection_max  the largest single collection attributed to the sub-merchant;
//   balance_max     the most its wallet in that currency may hold (available + pending) once the
//                   collection lands, checked when the collection is created.
// A sub-merchant is held to its tier's limits once its KYC is verified; before that (pending,
// needs_review) and after a rejection, to tier_1's, whatever tier it was assigned. Every figure
// can be changed by environment variables (kycLimitsFromEnv).
// The currency table alone: config.ts loads this module at every start (the CLI's included), and the
// package's main entry loads both engines (the TigerBeetle client's native module: about 1 s).
import { currencies, currencyInfo } from '@payagg/ledger/currencies';
import type { KycRequirement, KycStatus, KycTier, SubMerchantType } from '../kyc/types.ts';

export function requirementsOf(tier: KycTier, type: SubMerchantType): KycRequirement[] {
  const basic: KycRequirement[] = ['legal_name', 'phone_number'];
  if (tier === 'tier_1') return basic;
  return [...basic, type === 'individual' ? 'government_id' : 'business_registration', 'proof_of_address'];
}

/** Per currency, in minor units; null: no limit in that currency. */
export type CurrencyLimits = ReadonlyMap<string, bigint | null>;
export type TierLimits = { collectionMax: CurrencyLimits; balanceMax: CurrencyLimits };
export type KycLimits = Readonly<Record<KycTier, TierLimits>>;

/**
 * The default figures in MAJOR units: tier_1 collection max, tier_1 balance max, tier_2 collection
 * max (tier_2 has no balance max). About USD 100, 1,000 and 10,000 at late-2026 rates, rounded to
 * figures a local user would recognise; they are policy, not conversions, and never move with FX.
 */
const defaultLimitsMajor: Readonly<Record<string, readonly [tier1Collection: number, tier1Balance: number, tier2Collection: number]>> = {
  BWP: [1_350, 13_500, 135_000],
  CDF: [285_000, 2_850_000, 28_500_000],
  EGP: [5_000, 50_000, 500_000],
  ETB: [13_000, 130_000, 1_300_000],
  EUR: [100, 1_000, 10_000],
  GBP: [80, 800, 8_000],
  GHS: [1_500, 15_000, 150_000],
  JPY: [15_000, 150_000, 1_500_000],
  KES: [13_000, 130_000, 1_300_000],
  KWD: [30, 300, 3_000],
  MAD: [1_000, 10_000, 100_000],
  MWK: [175_000, 1_750_000, 17_500_000],
  MZN: [6_400, 64_000, 640_000],
  NGN: [150_000, 1_500_000, 15_000_000],
  RWF: [140_000, 1_400_000, 14_000_000],
  TZS: [270_000, 2_700_000, 27_000_000],
  UGX: [370_000, 3_700_000, 37_000_000],
  USD: [100, 1_000, 10_000],
  XAF: [60_000, 600_000, 6_000_000],
  XOF: [60_000, 600_000, 6_000_000],
  ZAR: [1_800, 18_000, 180_000],
  ZMW: [2_700, 27_000, 270_000],
};

function minorUnits(currency: string, major: number): bigint {
  return BigInt(major) * 10n ** BigInt(currencyInfo(currency).exponent);
}

export function defaultKycLimits(): KycLimits {
  const table = (pick: (row: readonly [number, number, number]) => number | null) => new Map(
    Object.entries(defaultLimitsMajor).map(([currency, row]) => {
      const major = pick(row);
      return [currency, major === null ? null : minorUnits(currency, major)] as const;
    }),
  );
  return {
    tier_1: { collectionMax: table((row) => row[0]), balanceMax: table((row) => row[1]) },
    tier_2: { collectionMax: table((row) => row[2]), balanceMax: table(() => null) },
  };
}

/** The tier whose limits apply now: the assigned tier once verified, tier_1 until then. */
export function limitsTierOf(subMerchant: { kyc_tier: KycTier; kyc_status: KycStatus }): KycTier {
  return subMerchant.kyc_status === 'verified' ? subMerchant.kyc_tier : 'tier_1';
}

export class KycLimitsConfigError extends Error {
  override name = 'KycLimitsConfigError';
}

/** The environment variable of each table (minor units, `CUR:amount` or `CUR:none`, comma-separated). */
export const kycLimitVariables: ReadonlyArray<readonly [name: string, tier: KycTier, limit: keyof TierLimits]> = [
  ['KYC_TIER_1_COLLECTION_MAX', 'tier_1', 'collectionMax'],
  ['KYC_TIER_1_BALANCE_MAX', 'tier_1', 'balanceMax'],
  ['KYC_TIER_2_COLLECTION_MAX', 'tier_2', 'collectionMax'],
  ['KYC_TIER_2_BALANCE_MAX', 'tier_2', 'balanceMax'],
];

/**
 * The defaults with the environment's changes: `KYC_TIER_1_COLLECTION_MAX=NGN:5000000,KES:none`
 * sets tier_1's single-collection limit to NGN 50,000.00 and lifts it for KES; other currencies
 * keep their defaults. A malformed entry or an unsupported currency is a start-up error.
 */
export function kycLimitsFromEnv(env: Record<string, string | undefined>): KycLimits {
  const limits = defaultKycLimits();
  const changed: Record<KycTier, { collectionMax: Map<string, bigint | null>; balanceMax: Map<string, bigint | null> }> = {
    tier_1: { collectionMax: new Map(limits.tier_1.collectionMax), balanceMax: new Map(limits.tier_1.balanceMax) },
    tier_2: { collectionMax: new Map(limits.tier_2.collectionMax), balanceMax: new Map(limits.tier_2.balanceMax) },
  };
  for (const [name, tier, limit] of kycLimitVariables) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([A-Z]{3}):(none|[1-9][0-9]{0,15})$/.exec(entry);
      if (!match) throw new KycLimitsConfigError(`${name}: "${entry}" is not CUR:amount (minor units) or CUR:none`);
      const [, currency, amount] = match as unknown as [string, string, string];
      if (!currencies.has(currency)) throw new KycLimitsConfigError(`${name}: currency ${currency} is not supported`);
      const value = amount === 'none' ? null : BigInt(amount);
      if (value !== null && value > BigInt(Number.MAX_SAFE_INTEGER)) throw new KycLimitsConfigError(`${name}: ${entry} is above the largest amount`);
      changed[tier][limit].set(currency, value);
    }
  }
  return changed;
}

/** The limit of `tier` in `currency` (null: none). */
export function limitOf(limits: KycLimits, tier: KycTier, limit: keyof TierLimits, currency: string): bigint | null {
  return limits[tier][limit].get(currency) ?? null;
}
