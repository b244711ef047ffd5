// ProviderOutcomeIngress (provider-outcomes/types.ts) over today's doors, until the durable inbox
// of issue 23 replaces it (decision 0643): each outcome is APPLIED before record() resolves (a
// callback answers 2xx only then, so a provider whose outcome could not be applied sends it
// again), through the entry point each capability already has: collections and refunds
// through the rail outcome ingress (rails/outcome-ingress.ts), payouts and partner withdrawals
// through applyPayoutRailOutcomes, KYC decisions through applyProviderDecision. Each is
// idempotent, so a second delivery changes nothing.
//
// An outcome whose provider is not the one on its row (a transaction or payout another provider
// served) is dropped and logged: a provider speaks only for what it served (decision 0641).
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { ProviderOutcome, ProviderOutcomeIngress } from '../provider-outcomes/types.ts';
import type { RailOutcomeIngress } from '../rails/outcome-ingress.ts';
import type { RailOutcome } from '../rails/types.ts';
import type { PayoutRailOutcome } from '../payout-rails/types.ts';
import { applyPayoutRailOutcomes } from '../payouts/payout-rail-outcomes.ts';
import type { PayoutProcessingDeps } from '../payouts/payout-processing.ts';
import { applyProviderDecision } from '../sub-merchants/kyc-cases.ts';

export function createApplyNowOutcomeIngress(deps: PayoutProcessingDeps & { railOutcomes: RailOutcomeIngress; logger: Logger }): ProviderOutcomeIngress {
  return {
    async record(outcomes) {
      const rail = await servedBy(deps, 'transactions', outcomes.filter(isRailOutcome));
      const payouts = await servedBy(deps, 'payouts', outcomes.filter(isPayoutOutcome));
      if (rail.length > 0) {
        const answers = await deps.railOutcomes.acceptRailOutcomes(rail.map((entry) => entry.outcome));
        const failed = answers.find((answer) => answer !== null && answer !== undefined);
        if (failed !== undefined) throw failed;
      }
      await applyPayoutRailOutcomes(deps, payouts.map((entry) => entry.outcome));
      for (const entry of outcomes) {
        if (entry.kind === 'kyc_decision') await applyProviderDecision(deps, entry.outcome);
      }
    },
  };
}

type RailEntry = Extract<ProviderOutcome, { kind: 'collection' | 'refund' }>;
type PayoutEntry = Extract<ProviderOutcome, { kind: 'payout' }>;
const isRailOutcome = (entry: ProviderOutcome): entry is RailEntry => entry.kind === 'collection' || entry.kind === 'refund';
const isPayoutOutcome = (entry: ProviderOutcome): entry is PayoutEntry => entry.kind === 'payout';

/** The entries whose row names their provider, or that have no row (each door ignores an unknown one as before). */
async function servedBy<Entry extends RailEntry | PayoutEntry>(deps: { sql: Sql; logger: Logger }, table: 'transactions' | 'payouts', entries: Entry[]): Promise<Entry[]> {
  if (entries.length === 0) return [];
  const idOf = (entry: Entry) => (entry.kind === 'payout' ? (entry.outcome as PayoutRailOutcome).payoutId : (entry.outcome as RailOutcome).transactionId);
  const ids = [...new Set(entries.map(idOf))].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  const rows = ids.length === 0 ? [] : await deps.sql<{ id: string; provider: string | null }[]>`
    select id, provider from ${deps.sql(table)} where id = any(${ids}::uuid[])`;
  const providerOf = new Map(rows.map((row) => [row.id, row.provider]));
  return entries.filter((entry) => {
    const id = idOf(entry);
    const provider = providerOf.get(id);
    if (provider === undefined || provider === null || provider === entry.provider) return true;
    deps.logger.warn('provider outcome dropped: another provider served it', { kind: entry.kind, resource_id: id, provider: entry.provider, served_by: provider });
    return false;
  });
}
