// The provider's reference of each payout a send just handed to the rail. Sends finish in any
// order (payoutSendConcurrency at once), so the references arrive in completion order; the rows
// are locked in id order first, as every other writer of payouts locks them (claimForSending,
// applyPayoutOutcomes): a statement that locks them in arrival order while another worker applies
// the same payouts' outcomes in id order deadlocks (issue 26's soak; decision 0570).
import type { Sql } from '../db/index.ts';
import { write } from '../db/write.ts';

export type ProviderReference = { id: string; reference: string };

export async function recordProviderReferences(sql: Sql, references: readonly ProviderReference[]): Promise<void> {
  if (references.length === 0) return;
  const ids = references.map((r) => r.id);
  await write({ sql }, { prepare: async (tx) => {
    await tx`select 1 from payouts where id = any(${ids}::uuid[]) order by id for update`;
    await tx`
      update payouts p set provider_reference = r.reference
      from unnest(${ids}::uuid[], ${references.map((r) => r.reference)}::text[]) as r(id, reference)
      where p.id = r.id`;
  } });
}
