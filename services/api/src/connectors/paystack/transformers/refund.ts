// Refunds and reversals through `POST /refund` (openapi.yaml paths./refund: RefundCreate,
// RefundCreateResponse; https://paystack.com/docs/payments/refunds/). Paystack's contract gives a
// refund no reference of ours, so the `merchant_note` carries one (references.ts), and a retry
// looks for it among the refunds created since the collection (GET /refund?from=&page=) before
// creating another: a retried refund never refunds twice (decision 0653).
import { RailOutageError } from '../../../rails/errors.ts';
import type { Rail, RailLogger } from '../../../rails/types.ts';
import type { PaystackClient } from '../client.ts';
import { callPaystack, railOutage } from '../errors.ts';
import { refundOf, type PaystackRefund } from './paystack-data.ts';

/** Refunds asked for per page: Paystack's list maximum is well above it; 100 keeps an answer small. */
export const refundListPageSize = 100;
/**
 * Pages of refunds a retry reads looking for its note: 20 x 100 refunds created since the
 * collection. Past that the retry cannot prove it has not refunded already, so it stops with an
 * ambiguous outage (and an error line) rather than risk refunding twice.
 */
export const refundListPagesMax = 20;

export async function findRefundByNote(input: {
  client: PaystackClient; rail: Rail; logger: RailLogger; note: string; since: string | null;
}): Promise<PaystackRefund | null> {
  for (let page = 1; page <= refundListPagesMax; page += 1) {
    const query: Record<string, string | number> = { perPage: refundListPageSize, page };
    const from = dateTimeOf(input.since);
    if (from !== null) query.from = from;
    const result = await callPaystack(input.client, { method: 'GET', template: '/refund', query });
    if (result.kind === 'outage') throw railOutage(input.rail, result);
    if (result.kind !== 'answered') return null;
    const items = Array.isArray(result.answer.body.data) ? result.answer.body.data : [];
    for (const item of items) {
      const refund = refundOf(item);
      if (refund !== null && refund.merchantNote === input.note) return refund;
    }
    if (items.length < refundListPageSize) return null;
  }
  input.logger.error('paystack refund lookup exhausted its pages; not refunding blind', { pages: refundListPagesMax, note: input.note });
  throw new RailOutageError(input.rail, 'timeout', { cause: new Error(`more than ${refundListPagesMax * refundListPageSize} refunds since the collection`) });
}

/**
 * `from` is a date-time (openapi.yaml paths./refund.get): Paystack's own created_at written the
 * RFC 3339 way, or nothing (the scan then starts from the newest refund) when it is not a date.
 */
function dateTimeOf(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
