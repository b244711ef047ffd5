// The matching rules (docs/reconciliation.md "Matching rules"): how one provider record and our
// record of the same reference are classified. Pure, so every rule is tested apart from the
// database (test/reconciliation/classify.test.ts). Checks run in this order; the first that
// applies is the class:
//   duplicate            a second (third...) provider record of a reference already seen
//   missing_here         the provider has it; we have no record of that reference
//   missing_at_provider  we have money moved (success) or waiting (pending) past the settlement
//                        window, and the provider's report has no record of it
//   currency_mismatch    both have it, in different currencies
//   amount_mismatch      both have it, with different amounts
//   status_mismatch      one side says the money moved (success), the other that it did not
//                        (failed), or one side is still pending past the settlement window
//   pending_within_window  one side is pending, or absent at the provider, within the window
//   matched              everything agrees (a failed record of ours absent from the report too:
//                        neither side moved money)
import type { ReportRecordKind, ReportRecordStatus } from './report-records.ts';

export const reconClasses = ['matched', 'missing_at_provider', 'missing_here', 'amount_mismatch', 'currency_mismatch',
  'status_mismatch', 'duplicate', 'pending_within_window'] as const;
export type ReconClass = (typeof reconClasses)[number];
export type ReconCounts = Record<ReconClass, number>;

export function emptyCounts(): ReconCounts {
  return { matched: 0, missing_at_provider: 0, missing_here: 0, amount_mismatch: 0, currency_mismatch: 0, status_mismatch: 0, duplicate: 0, pending_within_window: 0 };
}

export type ProviderSide = { kind: ReportRecordKind; amount: number; currency: string; status: ReportRecordStatus; occurredAtMs: number };

/** Our record; `status` in the provider's words (a reversed collection gave the money back: failed). */
export type OurSide = { kind: ReportRecordKind; amount: number; currency: string; status: ReportRecordStatus; createdAtMs: number };

export type ClassifyContext = { nowMs: number; windowMs: number };

function withinWindow(startMs: number, ctx: ClassifyContext): boolean {
  return ctx.nowMs < startMs + ctx.windowMs;
}

/** `ours` null: missing here. `provider` null: absent from the report. `seenBefore`: a duplicate. */
export function classify(provider: ProviderSide | null, ours: OurSide | null, ctx: ClassifyContext, seenBefore = false): ReconClass {
  if (provider && seenBefore) return 'duplicate';
  if (provider && !ours) return 'missing_here';
  if (!provider && ours) {
    if (ours.status === 'failed') return 'matched';
    return withinWindow(ours.createdAtMs, ctx) ? 'pending_within_window' : 'missing_at_provider';
  }
  if (!provider || !ours) throw new Error('classify: neither side');
  if (provider.currency !== ours.currency) return 'currency_mismatch';
  if (provider.amount !== ours.amount) return 'amount_mismatch';
  if (provider.status === ours.status) return 'matched';
  if (provider.status === 'pending' || ours.status === 'pending') {
    return withinWindow(Math.min(ours.createdAtMs, provider.occurredAtMs), ctx) ? 'pending_within_window' : 'status_mismatch';
  }
  return 'status_mismatch';
}
