// The webhook worker of one process: the relay (outbox -> deliveries), the per-endpoint senders,
// and the retry sweep.
//
// Work is per endpoint: a sender claims up to `attempts_in_flight_per_endpoint_max` due
// deliveries of ONE endpoint, sends them at once, records the outcomes in one statement, and goes
// on while that endpoint has due work. Up to `workerConcurrency` endpoints are served at once, so
// an endpoint that hangs for the whole timeout holds only its own sender: deliveries to every
// other endpoint go on (no head-of-line blocking). Claims are leases in the database (deliveries.ts),
// so any number of processes can run this side by side without sending a delivery twice at once.
//
// The relay wakes the senders of endpoints it just gave deliveries; the sweep (every
// WEBHOOK_SWEEP_INTERVAL_MS, a minute by default) wakes those with retries now due or with an
// attempt whose worker died (its lease expired).
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { WebhookConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { afterFailure, claimDueDeliveries, endpointsWithDueDeliveries, recordOutcomes, type AttemptOutcome, type ClaimedDelivery } from './deliveries.ts';
import { createDeliveryClient, type AttemptResult, type DeliveryClient } from './delivery-client.ts';
import { eventBody } from './event-body.ts';
import { signingSecretsOf, type WebhookEndpointRow } from './endpoints.ts';
import { relay_batch_events_max, relayEvents } from './relay.ts';
import { deliveryHeaders } from './signing.ts';

/** Attempts one endpoint may have in flight at once (one round of its sender). */
export const attempts_in_flight_per_endpoint_max = 64;
/** Rounds a sender runs before yielding its slot to other endpoints (it is woken again at once). */
export const sender_rounds_per_turn_max = 20;
/** Endpoints the sweep wakes per pass at most (the next pass takes the rest). */
export const sweep_endpoints_max = 10_000;

/** The attempt's lease: the timeout, then as long again (and a second) to record the outcome. */
export function attemptLeaseMs(attemptTimeoutMs: number): number {
  return attemptTimeoutMs * 2 + 1_000;
}

export type WebhookWorker = {
  start(): void;
  stop(): Promise<void>;
  /** One relay pass until the outbox is drained; wakes the endpoints it fed. */
  relayOnce(): Promise<number>;
  /** One sweep pass: wakes endpoints with due deliveries. */
  sweepOnce(): Promise<number>;
  /** Serves these endpoints now (tests, and the relay's own wake-ups). */
  wake(endpointIds: readonly string[]): void;
  /** Resolves when no sender is running and none is queued. */
  idle(): Promise<void>;
};

export function createWebhookWorker(deps: {
  sql: Sql; box: SecretBox; config: WebhookConfig; logger: Logger; client?: DeliveryClient;
}): WebhookWorker {
  const { sql, box, config, logger } = deps;
  const client = deps.client ?? createDeliveryClient({ allowPrivate: config.allowPrivateUrls, timeoutMs: config.attemptTimeoutMs });
  const leaseMs = attemptLeaseMs(config.attemptTimeoutMs);

  const running = new Map<string, Promise<void>>();
  const queued = new Set<string>();
  const wakeAgain = new Set<string>();
  let idleWaiters: (() => void)[] = [];
  let stopped = true;
  // Set by stop(): no sender starts any more, not even one woken by hand.
  let closing = false;
  let relayTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  const loadEndpoint = async (id: string): Promise<WebhookEndpointRow | null> => {
    const [row] = await sql<WebhookEndpointRow[]>`
      select * from webhook_endpoints where id = ${id} and active and deleted_at is null`;
    return row ?? null;
  };

  const outcomeOf = (delivery: ClaimedDelivery, result: AttemptResult): AttemptOutcome => {
    if (result.ok) {
      return { id: delivery.id, leaseToken: delivery.lease_token, status: 'succeeded', delayS: 0, responseCode: result.statusCode, snippet: result.snippet, error: null };
    }
    const next = afterFailure(delivery.attempt_count, config.retryScheduleS, result.retryAfterS);
    return {
      id: delivery.id, leaseToken: delivery.lease_token, status: next.status, delayS: next.status === 'failed' ? next.delayS : 0,
      responseCode: result.statusCode, snippet: result.snippet, error: result.error,
    };
  };

  /** One turn of an endpoint's sender; true when it stopped with work left (to be woken again). */
  const serveEndpoint = async (endpointId: string): Promise<boolean> => {
    for (let round = 0; round < sender_rounds_per_turn_max; round += 1) {
      const endpoint = await loadEndpoint(endpointId);
      if (!endpoint) return false;
      const claimed = await claimDueDeliveries(sql, endpointId, attempts_in_flight_per_endpoint_max, leaseMs);
      if (claimed.length === 0) return false;
      const secrets = signingSecretsOf(endpoint, box, Date.now());
      const outcomes = await Promise.all(claimed.map(async (delivery) => {
        const body = eventBody(delivery.event);
        const result = await client.attempt({
          url: endpoint.url, body, headers: deliveryHeaders({ eventId: delivery.event_id, body, secrets, nowMs: Date.now() }),
        });
        return outcomeOf(delivery, result);
      }));
      const { recorded, disabled } = await recordOutcomes(sql, endpointId, outcomes, config.disableAfterFailingS);
      if (recorded.length < outcomes.length) {
        logger.warn('webhook outcomes not recorded: their leases had expired and another worker took them', {
          endpoint_id: endpointId, lost: outcomes.length - recorded.length,
        });
      }
      const exhausted = outcomes.filter((o) => o.status === 'exhausted').length;
      if (exhausted > 0) logger.warn('webhook deliveries exhausted; written to the dead-letter store', { endpoint_id: endpointId, exhausted });
      if (disabled) {
        logger.warn('webhook endpoint disabled after failing for too long', { endpoint_id: endpointId });
        return false;
      }
    }
    return true;
  };

  const settleIdle = () => {
    if (running.size > 0 || queued.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = () => {
    if (closing) return;
    for (const id of queued) {
      if (running.size >= config.workerConcurrency) break;
      queued.delete(id);
      const turn = serveEndpoint(id).then(
        (more) => more,
        (error: Error) => {
          logger.error('webhook sender failed; its deliveries stay due for the sweep', { endpoint_id: id, error: error.message });
          return false;
        },
      ).then((more) => {
        running.delete(id);
        if (!closing && (more || wakeAgain.delete(id))) queued.add(id);
        pump();
        settleIdle();
      });
      running.set(id, turn.then(() => undefined));
    }
  };

  const wake = (endpointIds: readonly string[]) => {
    for (const id of endpointIds) {
      if (running.has(id)) wakeAgain.add(id);
      else queued.add(id);
    }
    pump();
  };

  const relayOnce = async (): Promise<number> => {
    let events = 0;
    for (;;) {
      const round = await relayEvents(sql, relay_batch_events_max);
      events += round.events;
      if (round.endpointIds.length > 0) wake(round.endpointIds);
      if (round.events < relay_batch_events_max) return events;
    }
  };

  const sweepOnce = async (): Promise<number> => {
    const ids = await endpointsWithDueDeliveries(sql, sweep_endpoints_max);
    wake(ids);
    return ids.length;
  };

  const loop = (name: string, intervalMs: number, pass: () => Promise<unknown>, set: (t: NodeJS.Timeout | null) => void) => {
    const tick = () => {
      if (stopped) return;
      pass().catch((error: Error) => logger.error(`webhook ${name} pass failed`, { error: error.message })).finally(() => {
        if (stopped) return;
        const timer = setTimeout(tick, intervalMs);
        timer.unref();
        set(timer);
      });
    };
    tick();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop('relay', config.relayPollMs, relayOnce, (t) => { relayTimer = t; });
      loop('sweep', config.sweepIntervalMs, sweepOnce, (t) => { sweepTimer = t; });
    },
    async stop() {
      stopped = true;
      closing = true;
      if (relayTimer) clearTimeout(relayTimer);
      if (sweepTimer) clearTimeout(sweepTimer);
      queued.clear();
      wakeAgain.clear();
      // Attempts in flight finish (bounded by the attempt timeout) and are recorded.
      await Promise.all(running.values());
      if (!deps.client) client.close();
    },
    relayOnce,
    sweepOnce,
    wake,
    idle() {
      if (running.size === 0 && queued.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
