// What reconciliation knows about each provider (docs/reconciliation.md "Providers and windows"):
// which of our records it carries, by which key a report names them, its settlement window and
// how far past a period's edges our side is read. Windows are configurable per provider with
// RECON_SETTLEMENT_WINDOW_HOURS (`sandbox=24,mpesa=72,paystack=72`); decision 0703.
import { ConfigError, type Env } from '../config-readers.ts';
import type { Rail } from '../rails/types.ts';

export const reconProviders = ['sandbox', 'mpesa', 'paystack'] as const;
export type ReconProvider = (typeof reconProviders)[number];

export const reportFormats = ['sandbox_csv', 'mpesa_statement_csv', 'paystack_settlement_json'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export type ProviderSettings = {
  /** Our rows this provider served carry this `provider` (routing writes it: provider-routing/; decision 0783). */
  servedAs: ReconProvider;
  /** Our collections and refunds on these rails, served by it, are this provider's. */
  rails: readonly Rail[];
  /** Whether our payouts go through this provider and its report lists them. */
  payouts: boolean;
  /**
   * Whether its report lists refunds. Paystack's settlement transactions are payments only, so its
   * runs read only our collections: a refund would otherwise be "missing at the provider" for
   * ever (decision 0784).
   */
  refunds: boolean;
  /**
   * Which of our columns the report's reference names: the rail's own reference
   * (`provider_reference`, sandbox and M-Pesa receipts), or our transaction id, which we send as
   * the provider's reference (Paystack `reference`, decision 0163).
   */
  ourKey: 'provider_reference' | 'id';
  /** The formats its reports come in; the first is what `provider_api` pulls. */
  formats: readonly ReportFormat[];
  /** Our records created this long before or after the period are read too, and dropped when unmatched. */
  edgeMarginMinutes: number;
};

// Edge margins: the sandbox stamps both sides within milliseconds; M-Pesa's completion time may
// trail our initiation by the payer's PIN prompt (minutes); a Paystack settlement collects the
// previous days' payments (T+1 in Nigeria, so two days either side).
export const providerSettings: Record<ReconProvider, ProviderSettings> = {
  sandbox: { servedAs: 'sandbox', rails: ['mobile_money', 'card', 'bank', 'ussd', 'qr'], payouts: true, refunds: true, ourKey: 'provider_reference', formats: ['sandbox_csv'], edgeMarginMinutes: 5 },
  mpesa: { servedAs: 'mpesa', rails: ['mobile_money'], payouts: true, refunds: true, ourKey: 'provider_reference', formats: ['mpesa_statement_csv'], edgeMarginMinutes: 60 },
  paystack: { servedAs: 'paystack', rails: ['card', 'bank', 'ussd', 'mobile_money'], payouts: false, refunds: false, ourKey: 'id', formats: ['paystack_settlement_json'], edgeMarginMinutes: 2 * 24 * 60 },
};

/** T+1 for the sandbox (it settles at once; one day leaves room), T+3 for the real providers. */
export const settlementWindowHoursDefault: Record<ReconProvider, number> = { sandbox: 24, mpesa: 72, paystack: 72 };
/** A window longer than 30 days would hide a missing settlement for a month. */
export const settlementWindowHoursMax = 30 * 24;

export type ReconConfig = { settlementWindowHours: Record<ReconProvider, number> };

export function isReconProvider(value: string): value is ReconProvider {
  return (reconProviders as readonly string[]).includes(value);
}

/** RECON_SETTLEMENT_WINDOW_HOURS: `provider=hours` pairs, comma-separated; unnamed providers keep their default. */
export function readReconConfig(env: Env): ReconConfig {
  const settlementWindowHours = { ...settlementWindowHoursDefault };
  const text = env.RECON_SETTLEMENT_WINDOW_HOURS?.trim();
  if (!text) return { settlementWindowHours };
  for (const pair of text.split(',')) {
    const [name, hours] = pair.split('=').map((part) => part.trim());
    if (!name || !isReconProvider(name) || !hours || !/^\d{1,4}$/.test(hours) || Number(hours) > settlementWindowHoursMax) {
      throw new ConfigError(`RECON_SETTLEMENT_WINDOW_HOURS: "${pair}" is not provider=hours (providers ${reconProviders.join(', ')}; 0..${settlementWindowHoursMax} hours)`);
    }
    settlementWindowHours[name] = Number(hours);
  }
  return { settlementWindowHours };
}
