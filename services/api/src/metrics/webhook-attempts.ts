// Webhook delivery attempts by outcome, counted where a sender round's outcomes are recorded
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
