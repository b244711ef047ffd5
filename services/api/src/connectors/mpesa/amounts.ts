// M-Pesa's amounts are whole Kenya shillings (Daraja: "Amount ... Only whole numbers are
// supported"). Our KES amounts are cents (exponent 2): an amount is sent as amount / 100 when it
// is divisible by 100, and refused otherwise (KES 1,500.50 = 150050 cents), before anything is
// sent: the collection rail throws RailDeclinedError('invalid_amount', field `amount`), which the
// collections flow answers 422 VALIDATION_ERROR naming `amount` (collections/rail-calls.ts); the
// payout rail declines the send (PayoutSendDeclinedError). Nothing is rounded (decision 0666).
import { majorUnitsOf } from '../../rails/provider-amounts.ts';

export const mpesaCurrency = 'KES';

export type MpesaAmount = { ok: true; shillings: number } | { ok: false; field: 'amount' | 'currency'; detail: string };

export function mpesaAmountOf(amount: number, currency: string): MpesaAmount {
  if (currency !== mpesaCurrency) return { ok: false, field: 'currency', detail: `M-Pesa takes KES only, not ${currency}` };
  const major = majorUnitsOf(amount, currency, 0);
  if (!major.ok) {
    return { ok: false, field: 'amount', detail: major.refusal === 'fraction_not_representable'
      ? `M-Pesa takes whole shillings only: ${amount} cents is not a multiple of 100`
      : `amount ${amount} is not a positive whole number of cents` };
  }
  return { ok: true, shillings: Number(major.value) };
}
