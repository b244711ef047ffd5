// A run's items and their resolutions as the ops API reads them (docs/reconciliation.md
// "Exceptions"): by class, by whether the exception is open or resolved, in the run's order (seq).
// A resolution belongs to the exception (provider, item key, class), so it carries over to the
// same exception in a re-run of the period.
import type { Queryable } from '../db/index.ts';
import { Refusal } from '../domain/outcomes.ts';
import type { ReconClass } from './classify.ts';

export type ItemRow = {
  run_id: string; seq: string; item_key: string; class: ReconClass; reference: string;
  our_kind: string | null; our_id: string | null; merchant_id: string | null; our_amount: string | null; our_currency: string | null;
  our_status: string | null; our_created_at: Date | null; provider_kind: string | null; provider_amount: string | null;
  provider_currency: string | null; provider_status: string | null; provider_occurred_at: Date | null;
};

export type ResolutionRow = {
  id: string; provider: string; item_key: string; class: string; run_id: string; item_seq: string; action: 'accept' | 'correct';
  reason: string; operator_id: string; direction: 'credit_wallet' | 'debit_wallet' | null; wallet_id: string | null;
  amount: string | null; currency: string | null; ledger_transfer_id: string | null; created_at: Date;
};

export type ItemWithResolution = ItemRow & { resolution: ResolutionRow | null };
export type ItemFilters = { class?: ReconClass; exceptionsOnly: boolean; state?: 'open' | 'resolved' };

type JoinedRow = ItemRow & { r_json: ResolutionRow | null };

/** The joined resolution as JSON, its 128-bit transfer id and amount as text (JSON numbers would round them). */
function resolutionJson(q: Queryable) {
  return q`case when r.id is null then null else to_jsonb(r) || jsonb_build_object('ledger_transfer_id', r.ledger_transfer_id::text, 'amount', r.amount::text) end`;
}

function withResolution(row: JoinedRow): ItemWithResolution {
  const { r_json: resolution, ...item } = row;
  return { ...item, resolution: resolution ? { ...resolution, created_at: new Date(resolution.created_at) } : null };
}

/** Items after `afterSeq`, at most `take`, with their resolutions. */
export async function listItems(q: Queryable, runId: string, provider: string, filters: ItemFilters, afterSeq: number, take: number): Promise<ItemWithResolution[]> {
  const rows = await q<JoinedRow[]>`
    select i.*, ${resolutionJson(q)} as r_json
    from recon_items i
    left join recon_resolutions r on r.provider = ${provider} and r.item_key = i.item_key and r.class = i.class
    where i.run_id = ${runId} and i.seq > ${afterSeq}
      ${filters.class ? q`and i.class = ${filters.class}` : filters.exceptionsOnly ? q`and i.class <> 'matched'` : q``}
      ${filters.state === 'open' ? q`and i.class <> 'matched' and r.id is null` : filters.state === 'resolved' ? q`and r.id is not null` : q``}
    order by i.seq limit ${take}`;
  return rows.map(withResolution);
}

export async function getItem(q: Queryable, runId: string, provider: string, seq: number): Promise<ItemWithResolution> {
  const [row] = await q<JoinedRow[]>`
    select i.*, ${resolutionJson(q)} as r_json from recon_items i
    left join recon_resolutions r on r.provider = ${provider} and r.item_key = i.item_key and r.class = i.class
    where i.run_id = ${runId} and i.seq = ${seq}`;
  if (!row) throw new Refusal('no_such_recon_item', 'The run has no such item.');
  return withResolution(row);
}

const num = (value: string | number | null) => (value === null ? null : Number(value));

export function toResolutionResource(r: ResolutionRow) {
  return {
    id: r.id, action: r.action, reason: r.reason, operator_id: r.operator_id,
    correction: r.action === 'correct' ? {
      direction: r.direction!, wallet_id: r.wallet_id!, amount: num(r.amount)!, currency: r.currency!, ledger_transfer_id: String(r.ledger_transfer_id),
    } : null,
    run_id: r.run_id, created_at: r.created_at.toISOString(),
  };
}

/** The item as the ops API shows it (spec/ops.yaml ReconciliationItem); `id` is its position in the run. */
export function toItemResource(item: ItemWithResolution) {
  return {
    id: Number(item.seq),
    run_id: item.run_id,
    item_key: item.item_key,
    class: item.class,
    reference: item.reference,
    ours: item.our_id === null ? null : {
      kind: item.our_kind!, id: item.our_id, merchant_id: item.merchant_id!, amount: num(item.our_amount)!, currency: item.our_currency!,
      status: item.our_status!, created_at: item.our_created_at!.toISOString(),
    },
    provider: item.provider_amount === null ? null : {
      kind: item.provider_kind!, amount: num(item.provider_amount)!, currency: item.provider_currency!, status: item.provider_status!,
      occurred_at: item.provider_occurred_at!.toISOString(),
    },
    exception: item.class !== 'matched',
    resolution: item.resolution ? toResolutionResource(item.resolution) : null,
  };
}
