// The webhook settings (seed: "Receiver obligations and retries"; docs/webhooks.md, README
// "Configuration"): their defaults and how they are read. config.ts composes them.
import { type Env, readBoolean, readInteger, readSchedule } from '../config-readers.ts';

export const webhookRetryScheduleSDefault = [60, 300, 1800, 7200, 28800] as const;
export const webhookSweepIntervalMsDefault = 60_000;
// Seed: "Per-attempt timeout is 10 seconds" (connect, send, and the answer's headers and snippet).
export const webhookAttemptTimeoutMsDefault = 10_000;
export const webhookRelayPollMsDefault = 200;
// An endpoint failing every attempt for this long is disabled (Svix disables after 5 days).
export const webhookDisableAfterFailingSDefault = 5 * 24 * 3600;
// After a secret rotation the previous secret still signs for this long (Svix: 24 hours).
export const webhookSecretOverlapSDefault = 24 * 3600;
export const webhookWorkerConcurrencyDefault = 32;

export type WebhookConfig = {
  /** Development mode only: accept http and private/loopback receivers (local tests). */
  allowPrivateUrls: boolean;
  /** Waits after successive failed attempts; attempts in all = length + 1. */
  retryScheduleS: number[];
  /** How often the retry sweep looks for due deliveries and expired attempt leases. */
  sweepIntervalMs: number;
  attemptTimeoutMs: number;
  /** How often the relay looks for new events to fan out to endpoints. */
  relayPollMs: number;
  disableAfterFailingS: number;
  secretOverlapS: number;
  /** Endpoints served at once by one process (each with its own attempts in flight). */
  workerConcurrency: number;
};

export function readWebhookConfig(env: Env): WebhookConfig {
  return {
    allowPrivateUrls: readBoolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false),
    retryScheduleS: readSchedule(env, 'WEBHOOK_RETRY_SCHEDULE_S', webhookRetryScheduleSDefault),
    sweepIntervalMs: readInteger(env, 'WEBHOOK_SWEEP_INTERVAL_MS', webhookSweepIntervalMsDefault, 10, 3_600_000),
    attemptTimeoutMs: readInteger(env, 'WEBHOOK_ATTEMPT_TIMEOUT_MS', webhookAttemptTimeoutMsDefault, 100, 60_000),
    relayPollMs: readInteger(env, 'WEBHOOK_RELAY_POLL_MS', webhookRelayPollMsDefault, 10, 60_000),
    disableAfterFailingS: readInteger(env, 'WEBHOOK_DISABLE_AFTER_FAILING_S', webhookDisableAfterFailingSDefault, 1, 365 * 24 * 3600),
    secretOverlapS: readInteger(env, 'WEBHOOK_SECRET_OVERLAP_S', webhookSecretOverlapSDefault, 0, 30 * 24 * 3600),
    workerConcurrency: readInteger(env, 'WEBHOOK_WORKER_CONCURRENCY', webhookWorkerConcurrencyDefault, 1, 1000),
  };
}
