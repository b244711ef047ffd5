// One turn of an endpoint's sender (the webhooks.deliver_endpoint job's body; worker.ts runs it):
// claim up to `attemptsInFlightPerEndpointMax` due deliveries of ONE endpoint, send them at once,
// record the outcomes (outcome-recording.ts: in one statement, or one by one when that is refused,
// again while the database fails), and go on while that endpoint has due work (up to
// `senderRoundsPerTurnMax` rounds, then it queues itself again behind the others).
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { countWebhookAttempts } from '../metrics/outbox-counters.ts';
import { afterFailure, claimDueDeliveries, type AttemptOutcome, type ClaimedDelivery } from './deliveries.ts';
import type { AttemptResult, DeliveryClient } from './delivery-client.ts';
import { signingSecretsOf, type WebhookEndpointRow } from './endpoints.ts';
import { eventBody } from './event-body.ts';
import { recordRound, type RoundRecord } from './outcome-recording.ts';
import type { WebhookConfig } from './settings.ts';
import { deliveryHeaders } from './signing.ts';

/** Attempts one endpoint may have in flight at once (one round of its sender). */
export const attemptsInFlightPerEndpointMax = 64;
/** Rounds a sender turn runs before yielding to other endpoints (it is queued again at once). */
export const senderRoundsPerTurnMax = 20;

export type EndpointSenderDeps = {
  sql: Sql; box: SecretBox; client: DeliveryClient; config: WebhookConfig; logger: Logger;
  /** The attempt's lease (worker.ts attemptLeaseMs) and the attempts a delivery has. */
  leaseMs: number; attemptsMax: number;
  /** True once the worker is stopping: a round's record stops waiting for a failing database (outcome-recording.ts). */
  stopping(): boolean;
};

/** What a round leaves the turn to do: another round, or stop (nothing due, or it cannot go on). */
type RoundEnd = 'go_on' | 'stop';

/** What one attempt's result means for its delivery: succeeded, or failed with its next try, or exhausted. */
function outcomeOf(delivery: ClaimedDelivery, result: AttemptResult, retryScheduleS: readonly number[]): AttemptOutcome {
  if (result.ok) {
    return { id: delivery.id, leaseToken: delivery.lease_token, status: 'succeeded', delayS: 0, responseCode: result.statusCode, snippet: result.snippet, error: null };
  }
  const next = afterFailure(delivery.attempt_count, retryScheduleS, result.retryAfterS);
  return {
    id: delivery.id, leaseToken: delivery.lease_token, status: next.status, delayS: next.status === 'failed' ? next.delayS : 0,
    responseCode: result.statusCode, snippet: result.snippet, error: result.error,
  };
}

async function activeEndpoint(sql: Sql, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await sql<WebhookEndpointRow[]>`
    select * from webhook_endpoints where id = ${id} and active and deleted_at is null`;
  return row ?? null;
}

/** Sends a round's deliveries at once, each signed with the endpoint's secrets of now. */
async function sendRound(deps: EndpointSenderDeps, endpoint: WebhookEndpointRow, claimed: readonly ClaimedDelivery[]): Promise<AttemptOutcome[]> {
  const secrets = signingSecretsOf(endpoint, deps.box, Date.now());
  return Promise.all(claimed.map(async (delivery) => {
    const body = eventBody(delivery.event);
    const result = await deps.client.attempt({
      url: endpoint.url, body, headers: deliveryHeaders({ eventId: delivery.event_id, body, secrets, nowMs: Date.now() }),
    });
    return outcomeOf(delivery, result, deps.config.retryScheduleS);
  }));
}

/** Counts what the round recorded and says what it means for the turn. */
function afterRecord(logger: Logger, endpointId: string, outcomes: readonly AttemptOutcome[], { recorded, disabled, unrecorded }: RoundRecord): RoundEnd {
  const recordedIds = new Set(recorded);
  countWebhookAttempts(outcomes.filter((o) => recordedIds.has(o.id)));
  // The database failed this round: stop the turn; the sweep wakes the endpoint again later.
  if (unrecorded.length > 0) return 'stop';
  if (recorded.length < outcomes.length) {
    logger.warn('webhook outcomes not recorded: their leases had expired and another worker took them', {
      endpoint_id: endpointId, lost: outcomes.length - recorded.length,
    });
  }
  const exhausted = outcomes.filter((o) => o.status === 'exhausted').length;
  if (exhausted > 0) logger.warn('webhook deliveries exhausted; written to the dead-letter store', { endpoint_id: endpointId, exhausted });
  if (disabled) {
    logger.warn('webhook endpoint disabled after failing for too long', { endpoint_id: endpointId });
    return 'stop';
  }
  return 'go_on';
}

/** One round: claim, send, record. */
async function senderRound(deps: EndpointSenderDeps, endpointId: string): Promise<RoundEnd> {
  const { sql, logger, config, leaseMs } = deps;
  const endpoint = await activeEndpoint(sql, endpointId);
  if (!endpoint) return 'stop';
  const claimedAtMs = Date.now();
  const { claimed, exhausted: spent } = await claimDueDeliveries(sql, endpointId, attemptsInFlightPerEndpointMax, leaseMs, deps.attemptsMax);
  if (spent.length > 0) {
    logger.warn('webhook deliveries exhausted at claim: their last attempt was never recorded and no attempt is left', {
      endpoint_id: endpointId, delivery_ids: spent,
    });
    countWebhookAttempts(spent.map(() => ({ status: 'exhausted' as const })));
  }
  if (claimed.length === 0) return spent.length > 0 ? 'go_on' : 'stop';
  const outcomes = await sendRound(deps, endpoint, claimed);
  const record = await recordRound(sql, endpointId, outcomes, {
    disableAfterS: config.disableAfterFailingS, deadlineMs: claimedAtMs + leaseMs, logger, stopping: deps.stopping,
  });
  return afterRecord(logger, endpointId, outcomes, record);
}

/** The turn of an endpoint's sender; it resolves true when it stopped with work left (to be queued again). */
export function endpointSender(deps: EndpointSenderDeps): (endpointId: string) => Promise<boolean> {
  return async (endpointId) => {
    for (let round = 0; round < senderRoundsPerTurnMax; round += 1) {
      if (await senderRound(deps, endpointId) === 'stop') return false;
    }
    return true;
  };
}
