// All runtime configuration of the service, read from the environment in one place.
// `loadConfig` is pure (no file or network access) so it can be unit-tested; effects such as
// generating the master key live in src/crypto/master-key.ts.
import { ConfigError, type Env, readBoolean, readInteger, readSchedule } from './config-readers.ts';
import { railRegistryConfigFromEnv, type RailRegistryConfig } from './rails/registry.ts';
import { type ProviderSettings, readProviderSettings } from './provider-routing/settings.ts';
import { readWebhookConfig, type WebhookConfig } from './webhooks/settings.ts';
import { readReconConfig, type ReconConfig } from './reconciliation/settings.ts';
import { sandboxPayerPagesPath } from './connectors/sandbox/collection-rails/config.ts';
import { type KycLimits, KycLimitsConfigError, kycLimitsFromEnv } from './sub-merchants/kyc-tiers.ts';
import { type SandboxKycConfig, sandboxKycDelayMsDefault, sandboxKycDelayMsMax } from './connectors/sandbox/kyc/config.ts';
import { sandboxFxRateStepSDefault } from './connectors/sandbox/fx-rates/rate-table.ts';
import { requestTimeoutMsDefault } from '@payagg/ledger';
import {
  parsePayoutRailsDown, type SandboxPayoutRailsConfig, sandboxPayoutDelayMsDefault, sandboxPayoutDelayMsMax, sandboxPayoutSlowDelayMsDefault,
} from './connectors/sandbox/payout-rails/config.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Names: camelCase, unit last, then the qualifier (Default, Max, Min): CONTRIBUTING.md. A default
// clients see is stated in spec/merchant.yaml.
export const portDefault = 8080;
export const dataDirDefault = './.data';
export const signatureToleranceSDefault = 300;
export const bodyLimitBytesDefault = 1024 * 1024;
// Per API key: `rate_limit_burst` requests per window of burst / per-second seconds, shared by every API process (decision 0520).
// The seed does not give numbers ("not shown"); these are generous defaults, see docs/decisions/0132-rate-limits.md.
export const rateLimitPerSecondDefault = 100;
export const rateLimitBurstDefault = 200;
export const masterKeyBytes = 32;
export const checkoutSessionLifetimeMinutesDefault = 30;
export const idempotencyRetentionHoursDefault = 24;
export const idempotencyLockMsDefault = 30_000;
// How long an instance may reuse an API key's row (scopes, revocation, user and merchant status)
// before reading it again: revocation takes effect within this time everywhere. 0 disables.
export const authCacheTtlMsDefault = 1000;
// PostgreSQL connections, per pool (README "Connections": the formula for a deployment;
// docs/operations.md "Topology and connections"). Sized so that 2 API and 2 worker processes take
// 68 of PostgreSQL's default 100 (decision 0571): room for the CLI, migrations, psql and a metrics
// scraper beside them.
/** The request path's pool in an API process. */
export const databasePoolMaxDefault = 10;
/** The same pool in a worker process, where only the idempotency store's passes use it. */
export const workerProcessDatabasePoolMaxDefault = 2;
/**
 * The ledger's PostgreSQL engine (none with TigerBeetle): refunds, settlement batches. 4: its
 * callers in one process are at most the request pool's requests that touch money (a few at once:
 * a ledger call is one short transaction) or the background work's 4 connections; 8 left half idle.
 */
export const ledgerPoolMaxDefault = 4;
/**
 * Commits that do not wait for the disk (db/index.ts asynchronousCommitSession): the sandbox
 * providers' rows and idempotency recovery points, single statements that postgres.js pipelines
 * on a connection. 4: with 2, bench-collections' p99 at 500/s rose from 30-46 ms to 53-58 ms (over
 * its 50 ms aim) while the other pools' cuts cost nothing (decision 0571, docs/performance.md).
 */
export const asyncCommitPoolMaxDefault = 4;
/** Background work (rail outcome settlement, job tasks); opened only where workers run. */
export const workerPoolMaxDefault = 4;
/** The job queue's own node-postgres pool (graphile-worker); one is held for LISTEN. */
export const jobQueuePoolMaxDefault = 2;
/**
 * The webhook worker's own pool (relay, claims, outcome records); opened only where workers run.
 * 2 (was 4): its statements are short and between them the deliveries wait on the network.
 */
export const webhookPoolMaxDefault = 2;
/** Jobs one runner runs at once. */
export const jobConcurrencyDefault = 2;
/** How often an idle job runner looks for jobs whose run time has come (new jobs are announced at once). */
// 500 ms since the sandbox's poll loop (RAIL_OUTCOME_POLL_MS, 500 ms) went (decision 0610): its
// outcomes are jobs due at a window's end, found by this poll when the runner is idle, so an idle
// settlement waits about as long as it did, for the same number of idle queries.
export const jobPollIntervalMsDefault = 500;
// FX (docs/fx.md). spec: fx_rate_lock_lifetime_s = 900 (the seed's "15 minutes" of a lock).
export const fxRateLockLifetimeSDefault = 900;
/** A lock longer than a day is a typo: the rate it protects would be stale long before. */
export const fxRateLockLifetimeSMax = 86_400;
/** A merchant's margin when the operator set none (spec: fx_margin_bps_default = 150, the spec's example). */
export const fxMarginBpsDefault = 150;
/** The largest margin an operator may set (20%): beyond it the "rate" is a fee in disguise. */
export const fxMarginBpsMax = 2_000;
export const fxRateSources = ['sandbox'] as const;
export type FxRateSourceName = (typeof fxRateSources)[number];

export const serviceModes = ['development', 'production'] as const;
export type ServiceMode = (typeof serviceModes)[number];

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Re-exported: callers catch a bad setting as config.ts's error, wherever it was read.
export { ConfigError } from './config-readers.ts';
export type { WebhookConfig } from './webhooks/settings.ts';

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
  /** Lifetime of a hosted checkout session (seed: "not shown"; docs/decisions/0120-checkout-session-lifetime-and-expiry.md). */
  checkoutSessionLifetimeMinutes: number;
  /** How long an Idempotency-Key and its stored result are kept. */
  idempotencyRetentionHours: number;
  /** How long a claimed key protects a running request before a retry may resume it. */
  idempotencyLockMs: number;
  /** TigerBeetle cluster addresses; null: the ledger runs on its PostgreSQL engine. */
  tigerBeetleAddresses: string | null;
  tigerBeetleClusterId: bigint;
  /** How long a ledger request waits for the TigerBeetle cluster before the API answers 503 (decision 0580). */
  tigerBeetleRequestTimeoutMs: number;
  /** Rail connectors and breakers (SANDBOX_RAIL*, RAIL_BREAKER_*: docs/sandbox-rails.md). */
  rails: RailRegistryConfig;
  /** Run the background work (job runner, sandbox rail outcome poller) in this process. */
  runWorkers: boolean;
  /**
   * Apply the migrations (ours, the job queue's, the ledger's) when the process starts; otherwise
   * only check the schema is current and refuse to start if not (MIGRATE_ON_START; decision 0512).
   */
  migrateOnStart: boolean;
  /**
   * Origin (and optional path prefix) payers reach the service at, e.g. `https://pay.example.com`:
   * the base of checkout_url and of the sandbox rails' action_url pages. Null: checkout_url is
   * built from the creating request's own host (development only; docs/checkout-page.md).
   */
  publicBaseUrl: string | null;
  /** The built hosted checkout page (packages/checkout-page/dist), served under /checkout. */
  checkoutPageDir: string;
  /** The built API reference pages (`make docs`: dist/api-docs), served at /docs and /docs/partner. */
  apiDocsDir: string;
  /** The sandbox KYC provider (SANDBOX_KYC_*) and the tiers' limits (KYC_TIER_*): docs/sub-merchants.md. */
  kyc: { sandbox: SandboxKycConfig; limits: KycLimits };
  /** PAYAGG_ENV: production refuses development-only settings and requires https webhook URLs. */
  mode: ServiceMode;
  webhooks: WebhookConfig;
  /** Reconciliation: settlement windows per provider (reconciliation/settings.ts). */
  recon: ReconConfig;
  /** FX rates, margins and rate locks (FX_*, SANDBOX_FX_*: docs/fx.md). */
  fx: FxConfig;
  /** Payouts: the sandbox payout rails (SANDBOX_PAYOUT_*) and the retry schedule (PAYOUT_RETRY_SCHEDULE_MS): docs/payouts.md. */
  payouts: PayoutConfig;
  /** The routing table, callback allow-lists and limits, status polling (PROVIDER_*: docs/providers.md). */
  providers: ProviderSettings;
};

export type FxConfig = {
  /** Where rates come from (FX_RATE_SOURCE): only the sandbox today (fx-rates/registry.ts). */
  rateSource: FxRateSourceName;
  /** How long a rate lock holds (FX_RATE_LOCK_LIFETIME_S). */
  rateLockLifetimeS: number;
  /** The margin of a merchant the operator set none for (FX_MARGIN_BPS_DEFAULT). */
  marginBpsDefault: number;
  /** How often the sandbox source's rates move (SANDBOX_FX_RATE_STEP_S). */
  sandboxRateStepS: number;
};

export type PayoutConfig = {
  sandbox: SandboxPayoutRailsConfig;
  /**
   * Waits before the automatic retries of a payout that failed transiently, one per retry: its
   * length is how many retries (at most payoutRetriesMax, the spec's 3).
   */
  retryScheduleMs: number[];
};

/** spec: "retried automatically at most 3 times (`retry_count`)" (POST /payouts). */
export const payoutRetriesMax = 3;
/** 30 s, 2 min, 10 min: a rail's short outage passes within the first waits, a longer one within the last. */
export const payoutRetryScheduleMsDefault = [30_000, 120_000, 600_000] as const;







/**
 * PUBLIC_BASE_URL: an absolute http(s) URL without query, fragment or credentials; a trailing
 * slash is dropped so that paths can be appended.
 */
export function parsePublicBaseUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL such as https://pay.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`PUBLIC_BASE_URL must be http or https, got "${raw}"`);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_BASE_URL must have no query, fragment or credentials, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}


/** PAYAGG_ENV (default development); the CLI reads it too, to pick the mode of the accounts it creates. */
export function readMode(env: Env): ServiceMode {
  const raw = env.PAYAGG_ENV?.trim().toLowerCase() || 'development';
  if (!(serviceModes as readonly string[]).includes(raw)) {
    throw new ConfigError(`PAYAGG_ENV must be one of ${serviceModes.join(', ')}, got "${env.PAYAGG_ENV}"`);
  }
  return raw as ServiceMode;
}

export function parseMasterKey(raw: string, source: string): Buffer {
  const hex = raw.trim();
  if (!new RegExp(`^[0-9a-fA-F]{${masterKeyBytes * 2}}$`).test(hex)) {
    throw new ConfigError(`${source} must be ${masterKeyBytes} bytes as ${masterKeyBytes * 2} hex characters`);
  }
  return Buffer.from(hex, 'hex');
}

function readKycLimits(env: Env): KycLimits {
  try {
    return kycLimitsFromEnv(env);
  } catch (error) {
    if (error instanceof KycLimitsConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** PAYOUT_RETRY_SCHEDULE_MS: 1 to payoutRetriesMax comma-separated waits in milliseconds (each at most a day). */
function readPayoutRetrySchedule(env: Env): number[] {
  const name = 'PAYOUT_RETRY_SCHEDULE_MS';
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [...payoutRetryScheduleMsDefault];
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > payoutRetriesMax || parts.some((part) => !/^\d{1,8}$/.test(part) || Number(part) > 86_400_000)) {
    throw new ConfigError(`${name} must be 1 to ${payoutRetriesMax} comma-separated waits in milliseconds (each at most 86400000), got "${raw}"`);
  }
  return parts.map(Number);
}

function readPayoutRailsDown(env: Env) {
  try {
    return parsePayoutRailsDown(env.SANDBOX_PAYOUT_RAILS_DOWN);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}


function readFxRateSource(env: Env): FxRateSourceName {
  const raw = env.FX_RATE_SOURCE?.trim() || 'sandbox';
  if (!(fxRateSources as readonly string[]).includes(raw)) throw new ConfigError(`FX_RATE_SOURCE must be one of ${fxRateSources.join(', ')}, got "${raw}"`);
  return raw as FxRateSourceName;
}

/**
 * `role` picks the defaults of the process kind: a worker process (src/worker.ts) runs the
 * background work whatever RUN_WORKERS says, and its request pool is small (nothing serves
 * requests there).
 */
export function loadConfig(env: Env = process.env, role: 'api' | 'worker' = 'api'): Config {
  const logLevel = (env.LOG_LEVEL?.trim() || (env.VITEST ? 'silent' : 'info')) as LogLevel;
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const mode = readMode(env);
  // A production server has no sandbox world (docs/decisions/0440): the sandbox providers that
  // stand in for real ones there take every value as a plain value.
  const magicValues = mode !== 'production';
  const providers = readProviderSettings(env);
  const config: Config = {
    port: readInteger(env, 'PORT', portDefault, 0, 65535),
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || dataDirDefault),
    masterKey: env.MASTER_KEY?.trim() ? parseMasterKey(env.MASTER_KEY, 'MASTER_KEY') : null,
    signatureToleranceS: readInteger(env, 'SIGNATURE_TOLERANCE_S', signatureToleranceSDefault, 1, 3600),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', bodyLimitBytesDefault, 1024, 64 * 1024 * 1024),
    rateLimitPerSecond: readInteger(env, 'RATE_LIMIT_PER_SECOND', rateLimitPerSecondDefault, 0, 1_000_000),
    rateLimitBurst: readInteger(env, 'RATE_LIMIT_BURST', rateLimitBurstDefault, 1, 1_000_000),
    databasePoolMax: readInteger(env, 'DATABASE_POOL_MAX', role === 'worker' ? workerProcessDatabasePoolMaxDefault : databasePoolMaxDefault, 1, 1000),
    ledgerPoolMax: readInteger(env, 'LEDGER_POOL_MAX', ledgerPoolMaxDefault, 1, 1000),
    asyncCommitPoolMax: readInteger(env, 'ASYNC_COMMIT_POOL_MAX', asyncCommitPoolMaxDefault, 1, 1000),
    workerPoolMax: readInteger(env, 'WORKER_POOL_MAX', workerPoolMaxDefault, 1, 1000),
    jobQueuePoolMax: readInteger(env, 'JOB_QUEUE_POOL_MAX', jobQueuePoolMaxDefault, 2, 1000),
    webhookPoolMax: readInteger(env, 'WEBHOOK_POOL_MAX', webhookPoolMaxDefault, 1, 1000),
    jobConcurrency: readInteger(env, 'JOB_CONCURRENCY', jobConcurrencyDefault, 1, 1000),
    jobPollIntervalMs: readInteger(env, 'JOB_POLL_INTERVAL_MS', jobPollIntervalMsDefault, 10, 60_000),
    authCacheTtlMs: readInteger(env, 'AUTH_CACHE_TTL_MS', authCacheTtlMsDefault, 0, 60_000),
    validateResponses: readBoolean(env, 'VALIDATE_RESPONSES', false),
    logLevel,
    specDir: path.resolve(env.SPEC_DIR?.trim() || path.join(repoRoot, 'spec')),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR?.trim() || path.join(repoRoot, 'services/api/migrations')),
    checkoutSessionLifetimeMinutes: readInteger(env, 'CHECKOUT_SESSION_LIFETIME_MINUTES', checkoutSessionLifetimeMinutesDefault, 1, 7 * 24 * 60),
    idempotencyRetentionHours: readInteger(env, 'IDEMPOTENCY_RETENTION_HOURS', idempotencyRetentionHoursDefault, 1, 30 * 24),
    idempotencyLockMs: readInteger(env, 'IDEMPOTENCY_LOCK_MS', idempotencyLockMsDefault, 100, 10 * 60_000),
    tigerBeetleAddresses: env.TB_ADDRESSES?.trim() || null,
    tigerBeetleClusterId: BigInt(readInteger(env, 'TB_CLUSTER_ID', 0, 0, Number.MAX_SAFE_INTEGER)),
    tigerBeetleRequestTimeoutMs: readInteger(env, 'TB_REQUEST_TIMEOUT_MS', requestTimeoutMsDefault, 100, 10 * 60_000),
    rails: (() => {
      const rails = railRegistryConfigFromEnv(env);
      return { ...rails, sandbox: { ...rails.sandbox, magicValues }, routing: providers.routing };
    })(),
    providers,
    runWorkers: role === 'worker' || readBoolean(env, 'RUN_WORKERS', true),
    // By default only the single-process development start migrates (the embedded database, not
    // production): processes sharing a database must not run DDL at start (issue 26 saw it
    // deadlock at restarts); there `./payagg db migrate` is a deployment step of its own.
    migrateOnStart: readBoolean(env, 'MIGRATE_ON_START', !env.DATABASE_URL?.trim() && mode !== 'production'),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL),
    checkoutPageDir: path.resolve(env.CHECKOUT_PAGE_DIR?.trim() || path.join(repoRoot, 'packages/checkout-page/dist')),
    apiDocsDir: path.resolve(env.API_DOCS_DIR?.trim() || path.join(repoRoot, 'dist/api-docs')),
    kyc: {
      sandbox: {
        decisionDelayMs: readInteger(env, 'SANDBOX_KYC_DELAY_MS', sandboxKycDelayMsDefault, 0, sandboxKycDelayMsMax),
        down: readBoolean(env, 'SANDBOX_KYC_DOWN', false),
        magicValues,
      },
      limits: readKycLimits(env),
    },
    mode,
    payouts: {
      sandbox: {
        outcomeDelayMs: readInteger(env, 'SANDBOX_PAYOUT_DELAY_MS', sandboxPayoutDelayMsDefault, 0, sandboxPayoutDelayMsMax),
        slowOutcomeDelayMs: readInteger(env, 'SANDBOX_PAYOUT_SLOW_DELAY_MS', sandboxPayoutSlowDelayMsDefault, 0, sandboxPayoutDelayMsMax),
        railsDown: readPayoutRailsDown(env),
        magicValues,
      },
      retryScheduleMs: readPayoutRetrySchedule(env),
    },
    webhooks: readWebhookConfig(env),
    recon: readReconConfig(env),
    fx: {
      rateSource: readFxRateSource(env),
      rateLockLifetimeS: readInteger(env, 'FX_RATE_LOCK_LIFETIME_S', fxRateLockLifetimeSDefault, 1, fxRateLockLifetimeSMax),
      marginBpsDefault: readInteger(env, 'FX_MARGIN_BPS_DEFAULT', fxMarginBpsDefault, 0, fxMarginBpsMax),
      sandboxRateStepS: readInteger(env, 'SANDBOX_FX_RATE_STEP_S', sandboxFxRateStepSDefault, 1, 86_400),
    },
  };
  // The sandbox providers' payer pages (card challenge, bank authorization, QR) are served by
  // this service under /sandbox/rails (src/connectors/sandbox/collection-rails/payer-pages.ts), so by default their
  // action_url points here: at PUBLIC_BASE_URL, or at localhost on PORT in development.
  if (!env.SANDBOX_RAIL_ACTION_URL_BASE?.trim()) {
    const actionUrlBase = `${config.publicBaseUrl ?? `http://localhost:${config.port}`}${sandboxPayerPagesPath}`;
    config.rails = { ...config.rails, sandbox: { ...config.rails.sandbox, actionUrlBase } };
  }
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
    // The webhook worker's pool and its job runner's (webhooks/worker.ts webhookRunnerPoolConnectionsMax = 2).
    webhooks: config.runWorkers ? config.webhookPoolMax + 2 : 0,
  };
  return { ...pools, total: pools.database + pools.ledger + pools.asyncCommit + pools.worker + pools.jobQueue + pools.webhooks };
}
