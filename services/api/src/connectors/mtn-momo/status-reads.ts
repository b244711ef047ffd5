// MoMo's status reads, the one source of truth for an outcome: GET /collection/v1_0/requesttopay/{id},
// GET /disbursement/v1_0/transfer/{id}, GET /disbursement/v1_0/refund/{id}. 200 with the status
// (PENDING, SUCCESSFUL, FAILED + reason), 404 when MoMo holds nothing under that reference
// (https://momodeveloper.mtn.com/api-documentation: "404 Resource not found"). A callback is
// believed only through these (callbacks.ts), and a lost callback is recovered by them.
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { ProviderCallError } from '../../rails/provider-http.ts';
import type { ProviderOutcome } from '../../provider-outcomes/types.ts';
import type { MtnMomoClient, MtnMomoProduct } from './client.ts';
import { collectionResultOf, payoutResultOf, statusOf, type MtnMomoStatus } from './transformers.ts';

/** The routing table's name (docs/providers.md; decision 0680): `_` as in every other provider setting (MTN_MOMO_*). */
export const mtnMomoProviderName = 'mtn_momo';

export type MtnMomoResource = 'requesttopay' | 'transfer' | 'refund';

const productOf: Record<MtnMomoResource, MtnMomoProduct> = { requesttopay: 'collection', transfer: 'disbursement', refund: 'disbursement' };

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The status MoMo holds for `referenceId`, null when it holds none. Throws ProviderCallError when MoMo does not answer. */
export async function readStatus(client: MtnMomoClient, resource: MtnMomoResource, referenceId: string): Promise<MtnMomoStatus | null> {
  if (!uuidPattern.test(referenceId)) return null;
  const answer = await client.call(productOf[resource], { method: 'GET', path: `/v1_0/${resource}/${referenceId}`, what: `mtn-momo ${resource} status` });
  if (answer.status === 404) return null;
  const status = answer.status === 200 ? statusOf(answer.json) : null;
  if (status === null) throw new ProviderCallError('provider_down', `mtn-momo ${resource} status (status ${answer.status})`);
  return status;
}

/**
 * The final outcome MoMo holds for `referenceId`, in our words, or null while it is pending or
 * unknown. A transfer's (payoutId, attempt) come from its externalId and must derive the very
 * referenceId read (payout-rails/attempt-reference.ts), so no other transfer's answer is taken.
 */
export async function confirmedOutcome(client: MtnMomoClient, resource: MtnMomoResource, referenceId: string): Promise<ProviderOutcome | null> {
  const status = await readStatus(client, resource, referenceId);
  return status === null ? null : outcomeOfStatus(resource, referenceId, status);
}

/** The routing poller's answer (rails/types.ts RailStatusAnswer's shape): unknown, pending, or final with its outcome. */
export async function statusAnswerOf(client: MtnMomoClient, resource: MtnMomoResource, referenceId: string): Promise<{ state: 'unknown' } | { state: 'pending' } | { state: 'final'; outcome: ProviderOutcome }> {
  const status = await readStatus(client, resource, referenceId);
  if (status === null) return { state: 'unknown' };
  const outcome = outcomeOfStatus(resource, referenceId, status);
  return outcome === null ? { state: 'pending' } : { state: 'final', outcome };
}

function outcomeOfStatus(resource: MtnMomoResource, referenceId: string, status: MtnMomoStatus): ProviderOutcome | null {
  if (resource === 'transfer') {
    const result = payoutResultOf(status);
    const [payoutId, attemptText] = (status.externalId ?? '').split(':');
    const attempt = Number(attemptText);
    if (result === null || payoutId === undefined || !Number.isSafeInteger(attempt) || payoutAttemptUuid(payoutId, attempt) !== referenceId) return null;
    return { kind: 'payout', provider: mtnMomoProviderName, outcome: { payoutId, attempt, providerReference: referenceId, ...result } };
  }
  const result = collectionResultOf(status);
  if (result === null) return null;
  const kind = resource === 'refund' ? 'refund' : 'collection';
  const failureReason = result.status === 'failed' && kind === 'refund' ? 'refund_rejected' : result.failureReason;
  return {
    kind,
    provider: mtnMomoProviderName,
    outcome: { providerReference: referenceId, rail: 'mobile_money', kind, status: result.status, failureReason, transactionId: referenceId },
  };
}
