// Account numbers of partner wallets: 10 digits, NUBAN-style (the CBN's Nigeria Uniform Bank
// Account Number scheme), so a number mistyped by one digit, or with two neighbouring digits
// swapped, is refused before it names a wallet:
//
//   serial       9 digits, from the partner_account_serial sequence through a bijection (below)
//   check digit  over the 3-digit institution code and the serial (12 digits), weights
//                3,7,3, 3,7,3, 3,7,3, 3,7,3; check = (10 - (sum mod 10)) mod 10
//
// Weights 3 and 7 are both prime to 10, so every single-digit error changes the sum mod 10 and is
// caught; a swap of neighbours a,b under weights (3,7) changes it by 4(a-b), caught unless |a-b|
// is 5; a swap under equal weights (3,3) is not caught (NUBAN's own limits). Allocation is collision-free by construction: the sequence never
// hands out one serial twice (concurrent transactions included), and the map below is a bijection
// of [0, 10^9), so two serials never give one number. The bijection (multiply by a constant prime
// to 10, add an offset, mod 10^9) only keeps consecutive wallets from having consecutive numbers;
// it is not a secret (a wallet's number is given to its payers) and nothing relies on it being one.
// docs/decisions/0291-partner-account-numbers.md.
import type { Queryable } from '../db/index.ts';

/** The institution code in the check digit: PayAgg's own (a live bank would use its CBN code). */
export const accountNumberInstitutionCode = '999';
export const accountNumberLength = 10;
const serialModulus = 1_000_000_000n;
// Prime to 10 (odd, not a multiple of 5): multiplication by it permutes the residues mod 10^9.
const serialMultiplier = 738_219_457n;
const serialOffset = 401_234_567n;
const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** The NUBAN-style check digit of a 9-digit serial. */
export function checkDigitOf(serial: string): number {
  if (!/^[0-9]{9}$/.test(serial)) throw new Error(`an account serial is 9 digits, got "${serial}"`);
  const digits = `${accountNumberInstitutionCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += Number(digits[i]) * weights[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The account number of the n-th serial the sequence gave (n >= 1). */
export function accountNumberOfSerial(n: bigint): string {
  if (n < 1n || n >= serialModulus) throw new Error(`account serial ${n} is outside 1..${serialModulus - 1n}`);
  const serial = ((n * serialMultiplier + serialOffset) % serialModulus).toString().padStart(9, '0');
  return `${serial}${checkDigitOf(serial)}`;
}

/** Why a string is not an account number, or null when it is one (format and check digit). */
export function accountNumberProblem(value: string): string | null {
  if (!/^[0-9]{10}$/.test(value)) return 'must be 10 digits';
  if (checkDigitOf(value.slice(0, 9)) !== Number(value[9])) return 'is not a valid account number (check digit does not match)';
  return null;
}

/** A new account number: the next serial of the sequence, mapped. */
export async function allocateAccountNumber(q: Queryable): Promise<string> {
  const [row] = await q<{ serial: string }[]>`select nextval('partner_account_serial')::text as serial`;
  return accountNumberOfSerial(BigInt(row!.serial));
}
