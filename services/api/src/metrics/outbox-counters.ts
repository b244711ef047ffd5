// Status changes (the outbox's events, by type), counted once each by the relay that fans them out
// (webhooks/relay.ts): a committed event is taken by exactly one relay, so the sum over processes
// counts each payout, collection, refund... reaching each status once. And webhook delivery
// attempts by outcome, counted where a sender round's outcomes are recorded
// (webhooks/worker.ts): succeeded (the receiver answered 2xx), failed (to be retried on the
// schedule), exhausted (no attempt left: written to the dead-letter store). Only recorded outcomes
// count: one whose lease another worker took is that worker's to count.
import { Counter } from 'prom-client';
import { metricNamePrefix, processRegistry } from './registry.ts';

export const webhookAttempts = new Counter({
  name: `${metricNamePrefix}webhook_delivery_attempts_total`,
  help: 'Webhook delivery attempts recorded by this process, by outcome: succeeded, failed (will be retried), exhausted (attempts used up; the delivery went to the dead-letter store, also when found spent at claim)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export function countWebhookAttempts(outcomes: readonly { status: 'succeeded' | 'failed' | 'exhausted' }[]): void {
  for (const outcome of outcomes) webhookAttempts.inc({ outcome: outcome.status });
}

export const relayedEvents = new Counter({
  name: `${metricNamePrefix}events_total`,
  help: 'Status changes committed, counted once each when this process\'s outbox relay fans them out, by event type (transaction.pending, transaction.success, transaction.failed, transaction.reversed, payout.queued, payout.processing, payout.success, payout.failed, ...: the spec\'s event types); only processes that run the background work relay',
  labelNames: ['type'] as const,
  registers: [processRegistry],
});

export function countRelayedEvents(byType: Record<string, number>): void {
  for (const [type, count] of Object.entries(byType)) relayedEvents.inc({ type }, count);
}
