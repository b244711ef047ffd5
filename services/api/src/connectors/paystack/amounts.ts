// Amounts between our minor units and Paystack's subunits (decision 0651).
//
// We count every amount in ISO 4217 minor units: the ledger's currency table
// (packages/ledger/src/currencies.ts), the exponents decision 0046 also gives the checkout page.
// Paystack counts in "the subunit of the currency": kobo (NGN), pesewas (GHS), cents (ZAR, KES, USD)
// (openapi.yaml ChargeCreate.amount, TransferBase.amount, RefundCreate.currency's enum
// GHS/KES/NGN/USD/ZAR, TransferInitiate.currency's NGN/ZAR/KES/GHS). Each of those is 1/100, and
// ISO 4217's exponent for each is 2, so today the conversion is the identity:
//
//   paystackAmount = minorUnits * 10^(paystackExponent - isoExponent)
//
// An exponent of Paystack's lower than ours (a currency Paystack counted in whole units while ISO
// has cents, as M-Pesa counts whole shillings) keeps only amounts that are whole in Paystack's
// unit: 150050 KES cents (1,500.50) cannot be sent where Paystack counts whole shillings and is
// refused naming `amount`; nothing is ever rounded. An exponent higher than ours (XOF, whose ISO
// exponent is 0, if PAYSTACK_AMOUNT_EXPONENTS says Paystack counts it in 1/100) multiplies, and is
// refused only past Number.MAX_SAFE_INTEGER. A currency absent from the table is not served.
import { currencies } from '@payagg/ledger';

/** The currencies Paystack's OpenAPI description names, each counted in 1/100. */
export const defaultAmountExponents: Readonly<Record<string, number>> = { NGN: 2, GHS: 2, ZAR: 2, KES: 2, USD: 2 };

export type AmountRefusal = { field: 'amount' | 'currency'; message: string };
export type AmountConversion = { ok: true; amount: number } | { ok: false; refusal: AmountRefusal };

/** Our minor units -> Paystack's subunits, exactly, or the reason it cannot be. */
export function toPaystackAmount(minorUnits: number, currency: string, exponents: Readonly<Record<string, number>>): AmountConversion {
  const iso = currencies.get(currency)?.exponent;
  const paystack = exponents[currency];
  if (iso === undefined || paystack === undefined) {
    return refuse('currency', `Paystack does not serve ${currency} here (served: ${Object.keys(exponents).join(', ')})`);
  }
  if (!Number.isSafeInteger(minorUnits) || minorUnits < 1) return refuse('amount', 'must be a positive integer of minor units');
  const shift = paystack - iso;
  if (shift >= 0) {
    const amount = BigInt(minorUnits) * 10n ** BigInt(shift);
    if (amount > BigInt(Number.MAX_SAFE_INTEGER)) return refuse('amount', `is too large for Paystack in ${currency}`);
    return { ok: true, amount: Number(amount) };
  }
  const divisor = 10n ** BigInt(-shift);
  if (BigInt(minorUnits) % divisor !== 0n) {
    return refuse('amount', `Paystack counts ${currency} in units of ${divisor} minor units; ${minorUnits} is not a multiple (nothing is rounded)`);
  }
  return { ok: true, amount: Number(BigInt(minorUnits) / divisor) };
}

/** Paystack's subunits -> our minor units, exactly; null when Paystack's amount has a fraction of our unit. */
export function fromPaystackAmount(paystackAmount: number, currency: string, exponents: Readonly<Record<string, number>>): number | null {
  const iso = currencies.get(currency)?.exponent;
  const paystack = exponents[currency];
  if (iso === undefined || paystack === undefined || !Number.isSafeInteger(paystackAmount)) return null;
  const shift = iso - paystack;
  if (shift >= 0) {
    const amount = BigInt(paystackAmount) * 10n ** BigInt(shift);
    return amount > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(amount);
  }
  const divisor = 10n ** BigInt(-shift);
  return BigInt(paystackAmount) % divisor === 0n ? Number(BigInt(paystackAmount) / divisor) : null;
}

function refuse(field: AmountRefusal['field'], message: string): AmountConversion {
  return { ok: false, refusal: { field, message } };
}
