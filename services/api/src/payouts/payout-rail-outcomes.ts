// Where a payout rail's outcome goes. A rail knows one reference per send: our payout id, or a
// partner withdrawal's id (partner withdrawals go out on the same rails: PayoutsRuntime.railSharers,
// wired by runtime.ts from partner-wallets/partner-withdrawals.ts).
// Every delivery of outcomes (the sandbox's jobs now, a real provider's callback later) comes
// through here, so a withdrawal's outcome never reaches the payouts' handler (which would refuse
// it as an unknown payout) and the reverse.
import type { AppliedOutcome, PayoutProcessingDeps } from './payout-processing.ts';
import { applyPayoutOutcomes } from './payout-processing.ts';

export async function applyPayoutRailOutcomes(deps: PayoutProcessingDeps, outcomes: readonly AppliedOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const ids = outcomes.map((outcome) => outcome.payoutId);
  const owners = await Promise.all(deps.payouts.railSharers.map(async (sharer) => ({ sharer, owned: await sharer.ownedIds(deps.sql, ids) })));
  const ownerOf = (payoutId: string) => owners.find((owner) => owner.owned.has(payoutId))?.sharer;
  await applyPayoutOutcomes(deps, outcomes.filter((outcome) => ownerOf(outcome.payoutId) === undefined));
  for (const outcome of outcomes) {
    const sharer = ownerOf(outcome.payoutId);
    if (sharer === undefined) continue;
    const { declinedReason, ...railOutcome } = outcome;
    await sharer.applyOutcome(deps, railOutcome, declinedReason === undefined ? {} : { declinedReason });
  }
}
