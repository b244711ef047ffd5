// The money math of split settlement, pure and exact (integer minor units as bigint; percent
// shares as integer basis points). One allocation everywhere: the legs of a payment and the parts
// of a refund (docs/split-settlement.md, decision 0260).
//
// Largest remainder (Hamilton): every part is first rounded down (amount * weight / total), then
// the minor units left over go one each to the parts with the largest remainders. Ties go to the
// earlier part: the rule's recipients in the order the rule lists them, the merchant's remainder
// leg last. The parts always add up to the amount exactly (test/split/legs-property.test.ts) and
// each part is within one minor unit of its exact share.

/** Who a leg pays: a rule's recipient, or the merchant's remainder. */
export type RecipientType = 'platform' | 'sub_merchant' | 'tax';
export type LegRecipientType = RecipientType | 'merchant';
export type ReleaseCondition = 'manual' | 'auto_timeout' | 'delivery_confirmation';

/** One leg of a payment, as computed at creation (transactions.split_legs). */
export type PlannedLeg = {
  recipient_type: LegRecipientType;
  /** The wallet owner: the sub-merchant, the merchant, or the merchant's platform / tax owner id. */
  owner_id: string;
  amount: number;
  escrow: boolean;
  release_condition: ReleaseCondition;
  timeout_hours: number;
};

/** Percent shares carry at most this many decimal places (one basis point). */
export const shareDecimalsMax = 2;
/** 100 % in basis points. */
export const basisPointsWhole = 10_000n;

/**
 * Divides `amount` into parts proportional to `weights` (non-negative, not all zero), by largest
 * remainder with ties to the lower index. A zero weight gets zero. When `amount` is at most the
 * weights' sum, no part exceeds its weight (so refunds never take a leg below zero).
 */
export function allocate(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (amount < 0n) throw new Error('allocate: amount must not be negative');
  const total = weights.reduce((sum, w) => {
    if (w < 0n) throw new Error('allocate: weights must not be negative');
    return sum + w;
  }, 0n);
  if (total === 0n) throw new Error('allocate: weights must not all be zero');
  const parts = weights.map((w) => (amount * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = amount - parts.reduce((sum, p) => sum + p, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}

/**
 * A percent share (a JSON number, 0..100) in basis points, or null when it has more than
 * shareDecimalsMax decimal places. Read from its decimal text, never by float arithmetic on money.
 */
export function basisPointsOf(share: number): bigint | null {
  if (!Number.isFinite(share) || share < 0 || share > 100) return null;
  const text = share.toFixed(shareDecimalsMax + 4);
  const [whole, fraction = ''] = text.split('.');
  if (!/^0*$/.test(fraction.slice(shareDecimalsMax))) return null;
  // toFixed rounds: a share that only looks like 2 decimals after rounding is refused.
  if (Number(`${whole}.${fraction.slice(0, shareDecimalsMax)}`) !== share) return null;
  return BigInt(whole!) * 100n + BigInt(fraction.slice(0, shareDecimalsMax).padEnd(shareDecimalsMax, '0'));
}

/**
 * The legs of `amount` for recipients with percent shares in basis points: one part per share,
 * then the merchant's remainder (100 % less the shares) last.
 */
export function percentageLegs(amount: bigint, shares: readonly bigint[]): bigint[] {
  const taken = shares.reduce((sum, s) => sum + s, 0n);
  if (taken > basisPointsWhole) throw new Error('percentageLegs: shares exceed 100 %');
  return allocate(amount, [...shares, basisPointsWhole - taken]);
}

/** The legs of `amount` for flat values: each value, then the merchant's remainder; null when they exceed the amount. */
export function flatLegs(amount: bigint, values: readonly bigint[]): bigint[] | null {
  const taken = values.reduce((sum, v) => sum + v, 0n);
  if (taken > amount) return null;
  return [...values, amount - taken];
}
