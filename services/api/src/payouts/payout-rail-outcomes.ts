// Where a payout rail's outcome goes. A rail knows one reference per send: our payout id, or a
// partner withdrawal's id (partner withdrawals go out on the same rails, partner-wallets/partner-withdrawals.ts).
// Every delivery of outcomes (the sandbox's jobs now, a real provider's callback later) comes
// through here, so a withdrawal's outcome never reaches the payouts' handler (which would refuse
// it as an unknown payout) and the reverse.
import type { AppliedOutcome, PayoutProcessingDeps } from './payout-processing.ts';
import { applyPayoutOutcomes } from './payout-processing.ts';
import { applyPartnerWithdrawalOutcome, partnerWithdrawalIds } from '../partner-wallets/partner-withdrawals.ts';

export async function applyPayoutRailOutcomes(deps: PayoutProcessingDeps, outcomes: readonly AppliedOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const withdrawals = await partnerWithdrawalIds(deps.sql, outcomes.map((outcome) => outcome.payoutId));
  const payoutOutcomes = outcomes.filter((outcome) => !withdrawals.has(outcome.payoutId));
  await applyPayoutOutcomes(deps, payoutOutcomes);
  for (const outcome of outcomes) {
    if (!withdrawals.has(outcome.payoutId)) continue;
    const { declinedReason, ...railOutcome } = outcome;
    await applyPartnerWithdrawalOutcome(deps, railOutcome, declinedReason === undefined ? {} : { declinedReason });
  }
}
