// MoMo's amounts: a string in the currency's major units ("1500" UGX, "12.5" GHS), built from our
// minor units with the ISO 4217 exponent (rails/provider-amounts.ts, decision 0046). UGX, RWF,
// XAF and XOF have exponent 0, so minor units ARE MoMo's units; GHS, ZMW, EUR have 2. A market
// account takes `fractionDigitsMax` fraction digits (0 by default: whole units, decision 0667);
// an amount with more, or in a currency the account does not take, is refused before anything
// is sent, naming `amount` (or `currency`).
import { majorUnitsOf } from '../../rails/provider-amounts.ts';
import type { MtnMomoConfig } from './config.ts';

export type MomoAmount = { ok: true; amount: string } | { ok: false; field: 'amount' | 'currency'; detail: string };

export function momoAmountOf(config: Pick<MtnMomoConfig, 'currencies' | 'fractionDigitsMax'>, amount: number, currency: string): MomoAmount {
  if (!config.currencies.includes(currency)) return { ok: false, field: 'currency', detail: `MTN MoMo on this account takes ${config.currencies.join(', ')}, not ${currency}` };
  const major = majorUnitsOf(amount, currency, config.fractionDigitsMax);
  if (major.ok) return { ok: true, amount: major.value };
  const detail = major.refusal === 'fraction_not_representable'
    ? `MTN MoMo takes at most ${config.fractionDigitsMax} fraction digits of ${currency}; ${amount} minor units cannot be written`
    : `amount ${amount} is not a positive whole number of minor units of ${currency}`;
  return { ok: false, field: major.refusal === 'unknown_currency' ? 'currency' : 'amount', detail };
}
