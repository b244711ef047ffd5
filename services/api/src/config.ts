// All runtime configuration of the service, read from the environment in one place.
// `loadConfig` is pure (no file or network access) so it can be unit-tested; effects such as
// generating the master key live in src/crypto/master-key.ts.
import { railRegistryConfigFromEnv, type RailRegistryConfig } from './rails/registry.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const port_default = 8080;
export const data_dir_default = './.data';
export const signature_tolerance_s_default = 300;
export const body_limit_bytes_default = 1024 * 1024;
// Per API key: a token bucket refilled at `rate_limit_per_second` with room for `rate_limit_burst`.
// The seed does not give numbers ("not shown"); these are generous defaults, see docs/decisions.md.
export const rate_limit_per_second_default = 100;
export const rate_limit_burst_default = 200;
export const master_key_bytes = 32;
export const checkout_session_lifetime_minutes_default = 30;
export const idempotency_retention_hours_default = 24;
export const idempotency_lock_ms_default = 30_000;
export const rail_outcome_poll_ms_default = 500;
// How long an instance may reuse an API key's row (scopes, revocation, user and merchant status)
// before reading it again: revocation takes effect within this time everywhere. 0 disables.
export const auth_cache_ttl_ms_default = 1000;
// PostgreSQL connections, per pool (README "Connections": the formula for a deployment).
/** The request path's pool in an API process. */
export const database_pool_max_default = 10;
/** The same pool in a worker process, where only the idempotency store's passes use it. */
export const worker_process_database_pool_max_default = 2;
/** The ledger's PostgreSQL engine (none with TigerBeetle): refunds, settlement batches. */
export const ledger_pool_max_default = 8;
/** Commits that do not wait for the disk (db/index.ts asynchronous_commit_session). */
export const async_commit_pool_max_default = 4;
/** Background work (rail outcome settlement, job tasks); opened only where workers run. */
export const worker_pool_max_default = 4;
/** The job queue's own node-postgres pool (graphile-worker); one is held for LISTEN. */
export const job_queue_pool_max_default = 2;
/** The webhook worker's own pool (relay, claims, outcome records); opened only where workers run. */
export const webhook_pool_max_default = 4;
/** Jobs one runner runs at once. */
export const job_concurrency_default = 2;
/** How often an idle job runner looks for jobs whose run time has come (new jobs are announced at once). */
export const job_poll_interval_ms_default = 1_000;
// Webhooks (seed: "Receiver obligations and retries"; docs/webhooks.md).
export const webhook_retry_schedule_s_default = [60, 300, 1800, 7200, 28800] as const;
export const webhook_sweep_interval_ms_default = 60_000;
// Seed: "Per-attempt timeout is 10 seconds" (connect, send, and the answer's headers and snippet).
export const webhook_attempt_timeout_ms_default = 10_000;
export const webhook_relay_poll_ms_default = 200;
// An endpoint failing every attempt for this long is disabled (Svix disables after 5 days).
export const webhook_disable_after_failing_s_default = 5 * 24 * 3600;
// After a secret rotation the previous secret still signs for this long (Svix: 24 hours).
export const webhook_secret_overlap_s_default = 24 * 3600;
export const webhook_worker_concurrency_default = 32;

export const service_modes = ['development', 'production'] as const;
export type ServiceMode = (typeof service_modes)[number];

export const log_levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof log_levels)[number];

const repo_root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Config = {
  port: number;
  /** When null the embedded PostgreSQL in `dataDir/pg` is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** 32 bytes, or null when it must come from (or be generated into) `dataDir/master.key`. */
  masterKey: Buffer | null;
  signatureToleranceS: number;
  bodyLimitBytes: number;
  /** 0 disables rate limiting. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  authCacheTtlMs: number;
  databasePoolMax: number;
  ledgerPoolMax: number;
  asyncCommitPoolMax: number;
  workerPoolMax: number;
  jobQueuePoolMax: number;
  webhookPoolMax: number;
  jobConcurrency: number;
  jobPollIntervalMs: number;
  validateResponses: boolean;
  logLevel: LogLevel;
  specDir: string;
  migrationsDir: string;
  /** Lifetime of a hosted checkout session (seed: "not shown"; docs/decisions.md). */
  checkoutSessionLifetimeMinutes: number;
  /** How long an Idempotency-Key and its stored result are kept. */
  idempotencyRetentionHours: number;
  /** How long a claimed key protects a running request before a retry may resume it. */
  idempotencyLockMs: number;
  /** TigerBeetle cluster addresses; null: the ledger runs on its PostgreSQL engine. */
  tigerBeetleAddresses: string | null;
  tigerBeetleClusterId: bigint;
  /** Rail connectors and breakers (SANDBOX_RAIL*, RAIL_BREAKER_*: docs/sandbox-rails.md). */
  rails: RailRegistryConfig;
  /** Run the background work (job runner, sandbox rail outcome poller) in this process. */
  runWorkers: boolean;
  railOutcomePollMs: number;
  /** PAYAGG_ENV: production refuses development-only settings and requires https webhook URLs. */
  mode: ServiceMode;
  webhooks: WebhookConfig;
};

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

export class ConfigError extends Error {
  name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${raw}`);
  }
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readMode(env: Env): ServiceMode {
  const raw = env.PAYAGG_ENV?.trim().toLowerCase() || 'development';
  if (!(service_modes as readonly string[]).includes(raw)) {
    throw new ConfigError(`PAYAGG_ENV must be one of ${service_modes.join(', ')}, got "${env.PAYAGG_ENV}"`);
  }
  return raw as ServiceMode;
}

export function parseMasterKey(raw: string, source: string): Buffer {
  const hex = raw.trim();
  if (!new RegExp(`^[0-9a-fA-F]{${master_key_bytes * 2}}$`).test(hex)) {
    throw new ConfigError(`${source} must be ${master_key_bytes} bytes as ${master_key_bytes * 2} hex characters`);
  }
  return Buffer.from(hex, 'hex');
}

function readSchedule(env: Env, name: string, fallback: readonly number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length < 1 || parts.length > 20 || parts.some((part) => !/^\d{1,6}$/.test(part))) {
    throw new ConfigError(`${name} must be a comma-separated list of 1 to 20 whole numbers of seconds, got "${raw}"`);
  }
  return parts.map(Number);
}

/**
 * `role` picks the defaults of the process kind: a worker process (src/worker.ts) runs the
 * background work whatever RUN_WORKERS says, and its request pool is small (nothing serves
 * requests there).
 */
export function loadConfig(env: Env = process.env, role: 'api' | 'worker' = 'api'): Config {
  const logLevel = (env.LOG_LEVEL?.trim() || (env.VITEST ? 'silent' : 'info')) as LogLevel;
  if (!log_levels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${log_levels.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const config: Config = {
    port: readInteger(env, 'PORT', port_default, 0, 65535),
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || data_dir_default),
    masterKey: env.MASTER_KEY?.trim() ? parseMasterKey(env.MASTER_KEY, 'MASTER_KEY') : null,
    signatureToleranceS: readInteger(env, 'SIGNATURE_TOLERANCE_S', signature_tolerance_s_default, 1, 3600),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', body_limit_bytes_default, 1024, 64 * 1024 * 1024),
    rateLimitPerSecond: readInteger(env, 'RATE_LIMIT_PER_SECOND', rate_limit_per_second_default, 0, 1_000_000),
    rateLimitBurst: readInteger(env, 'RATE_LIMIT_BURST', rate_limit_burst_default, 1, 1_000_000),
    databasePoolMax: readInteger(env, 'DATABASE_POOL_MAX', role === 'worker' ? worker_process_database_pool_max_default : database_pool_max_default, 1, 1000),
    ledgerPoolMax: readInteger(env, 'LEDGER_POOL_MAX', ledger_pool_max_default, 1, 1000),
    asyncCommitPoolMax: readInteger(env, 'ASYNC_COMMIT_POOL_MAX', async_commit_pool_max_default, 1, 1000),
    workerPoolMax: readInteger(env, 'WORKER_POOL_MAX', worker_pool_max_default, 1, 1000),
    jobQueuePoolMax: readInteger(env, 'JOB_QUEUE_POOL_MAX', job_queue_pool_max_default, 2, 1000),
    webhookPoolMax: readInteger(env, 'WEBHOOK_POOL_MAX', webhook_pool_max_default, 1, 1000),
    jobConcurrency: readInteger(env, 'JOB_CONCURRENCY', job_concurrency_default, 1, 1000),
    jobPollIntervalMs: readInteger(env, 'JOB_POLL_INTERVAL_MS', job_poll_interval_ms_default, 10, 60_000),
    authCacheTtlMs: readInteger(env, 'AUTH_CACHE_TTL_MS', auth_cache_ttl_ms_default, 0, 60_000),
    validateResponses: readBoolean(env, 'VALIDATE_RESPONSES', false),
    logLevel,
    specDir: path.resolve(env.SPEC_DIR?.trim() || path.join(repo_root, 'spec')),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR?.trim() || path.join(repo_root, 'services/api/migrations')),
    checkoutSessionLifetimeMinutes: readInteger(env, 'CHECKOUT_SESSION_LIFETIME_MINUTES', checkout_session_lifetime_minutes_default, 1, 7 * 24 * 60),
    idempotencyRetentionHours: readInteger(env, 'IDEMPOTENCY_RETENTION_HOURS', idempotency_retention_hours_default, 1, 30 * 24),
    idempotencyLockMs: readInteger(env, 'IDEMPOTENCY_LOCK_MS', idempotency_lock_ms_default, 100, 10 * 60_000),
    tigerBeetleAddresses: env.TB_ADDRESSES?.trim() || null,
    tigerBeetleClusterId: BigInt(readInteger(env, 'TB_CLUSTER_ID', 0, 0, Number.MAX_SAFE_INTEGER)),
    rails: railRegistryConfigFromEnv(env),
    runWorkers: role === 'worker' || readBoolean(env, 'RUN_WORKERS', true),
    railOutcomePollMs: readInteger(env, 'RAIL_OUTCOME_POLL_MS', rail_outcome_poll_ms_default, 10, 60_000),
    mode: readMode(env),
    webhooks: {
      allowPrivateUrls: readBoolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false),
      retryScheduleS: readSchedule(env, 'WEBHOOK_RETRY_SCHEDULE_S', webhook_retry_schedule_s_default),
      sweepIntervalMs: readInteger(env, 'WEBHOOK_SWEEP_INTERVAL_MS', webhook_sweep_interval_ms_default, 10, 3_600_000),
      attemptTimeoutMs: readInteger(env, 'WEBHOOK_ATTEMPT_TIMEOUT_MS', webhook_attempt_timeout_ms_default, 100, 60_000),
      relayPollMs: readInteger(env, 'WEBHOOK_RELAY_POLL_MS', webhook_relay_poll_ms_default, 10, 60_000),
      disableAfterFailingS: readInteger(env, 'WEBHOOK_DISABLE_AFTER_FAILING_S', webhook_disable_after_failing_s_default, 1, 365 * 24 * 3600),
      secretOverlapS: readInteger(env, 'WEBHOOK_SECRET_OVERLAP_S', webhook_secret_overlap_s_default, 0, 30 * 24 * 3600),
      workerConcurrency: readInteger(env, 'WEBHOOK_WORKER_CONCURRENCY', webhook_worker_concurrency_default, 1, 1000),
    },
  };
  // Private receivers are for a developer's machine and tests; a production service refuses to
  // start with them rather than silently turning the SSRF guard off.
  if (config.mode === 'production' && config.webhooks.allowPrivateUrls) {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE_URLS=true is refused when PAYAGG_ENV=production (development mode only)');
  }
  // A checkout pay decides whether a claimed session was abandoned from its idempotency record:
  // the record must outlive the session, or a purged record would make a live claim look stale.
  if (config.checkoutSessionLifetimeMinutes > config.idempotencyRetentionHours * 60) {
    throw new ConfigError('CHECKOUT_SESSION_LIFETIME_MINUTES must not exceed IDEMPOTENCY_RETENTION_HOURS (in minutes)');
  }
  return config;
}

/**
 * The most PostgreSQL connections one process of this configuration opens, by pool (README,
 * "Connections"). `ledger` is 0 on TigerBeetle; `worker` and `jobQueue` are 0 where no
 * background work runs. A CLI command adds one connection while it runs.
 */
export function connectionsPerProcess(config: Config): { database: number; ledger: number; asyncCommit: number; worker: number; jobQueue: number; webhooks: number; total: number } {
  const pools = {
    database: config.databasePoolMax,
    ledger: config.tigerBeetleAddresses ? 0 : config.ledgerPoolMax,
    asyncCommit: config.asyncCommitPoolMax,
    worker: config.runWorkers ? config.workerPoolMax : 0,
    jobQueue: config.runWorkers ? config.jobQueuePoolMax : 0,
    // The webhook worker's pool and its job runner's (webhooks/worker.ts webhook_runner_pool_connections_max = 2).
    webhooks: config.runWorkers ? config.webhookPoolMax + 2 : 0,
  };
  return { ...pools, total: pools.database + pools.ledger + pools.asyncCommit + pools.worker + pools.jobQueue + pools.webhooks };
}
