// All runtime configuration of the service, read from the environment in one place.
// `loadConfig` is pure (no file or network access) so it can be unit-tested; effects such as
// generating the master key live in src/crypto/master-key.ts.
import { railRegistryConfigFromEnv, type RailRegistryConfig } from './rails/registry.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Names: camelCase, unit last, then the qualifier (Default, Max, Min): CONTRIBUTING.md. A default
// clients see is stated in spec/merchant.yaml under the name in `spec:`.
export const portDefault = 8080;
export const dataDirDefault = './.data';
// spec: `signature_tolerance_s = 300`.
export const signatureToleranceSDefault = 300;
// spec: `request_body_size_max_bytes = 1048576`.
export const bodyLimitBytesDefault = 1024 * 1024;
// Per API key: a token bucket refilled at `rateLimitPerSecond` with room for `rateLimitBurst`.
// The seed does not give numbers ("not shown"); these are generous defaults, see docs/decisions.md.
// spec: `rate_limit_per_s = 100`, `rate_limit_burst = 200`.
export const rateLimitPerSecondDefault = 100;
export const rateLimitBurstDefault = 200;
export const masterKeyBytes = 32;
// spec: CheckoutSession.expires_at, "30 minutes after creation".
export const checkoutSessionLifetimeMinutesDefault = 30;
// spec: `idempotency_key_retention_s = 86400`.
export const idempotencyRetentionHoursDefault = 24;
// spec: `idempotency_lock_s = 30` (a retry may resume a run that stopped after this long).
export const idempotencyLockMsDefault = 30_000;
export const railOutcomePollMsDefault = 500;
// How long an instance may reuse an API key's row (scopes, revocation, user and merchant status)
// before reading it again: revocation takes effect within this time everywhere. 0 disables.
export const authCacheTtlMsDefault = 1000;
export const databasePoolMaxDefault = 10;

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Run the background workers (rail outcomes, idempotency purge) in this process. */
  runWorkers: boolean;
  railOutcomePollMs: number;
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

export function parseMasterKey(raw: string, source: string): Buffer {
  const hex = raw.trim();
  if (!new RegExp(`^[0-9a-fA-F]{${masterKeyBytes * 2}}$`).test(hex)) {
    throw new ConfigError(`${source} must be ${masterKeyBytes} bytes as ${masterKeyBytes * 2} hex characters`);
  }
  return Buffer.from(hex, 'hex');
}

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (env.LOG_LEVEL?.trim() || (env.VITEST ? 'silent' : 'info')) as LogLevel;
  if (!logLevels.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const config: Config = {
    port: readInteger(env, 'PORT', portDefault, 0, 65535),
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || dataDirDefault),
    masterKey: env.MASTER_KEY?.trim() ? parseMasterKey(env.MASTER_KEY, 'MASTER_KEY') : null,
    signatureToleranceS: readInteger(env, 'SIGNATURE_TOLERANCE_S', signatureToleranceSDefault, 1, 3600),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', bodyLimitBytesDefault, 1024, 64 * 1024 * 1024),
    rateLimitPerSecond: readInteger(env, 'RATE_LIMIT_PER_SECOND', rateLimitPerSecondDefault, 0, 1_000_000),
    rateLimitBurst: readInteger(env, 'RATE_LIMIT_BURST', rateLimitBurstDefault, 1, 1_000_000),
    databasePoolMax: readInteger(env, 'DATABASE_POOL_MAX', databasePoolMaxDefault, 1, 1000),
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
    rails: railRegistryConfigFromEnv(env),
    runWorkers: readBoolean(env, 'RUN_WORKERS', true),
    railOutcomePollMs: readInteger(env, 'RAIL_OUTCOME_POLL_MS', railOutcomePollMsDefault, 10, 60_000),
  };
  // A checkout pay decides whether a claimed session was abandoned from its idempotency record:
  // the record must outlive the session, or a purged record would make a live claim look stale.
  if (config.checkoutSessionLifetimeMinutes > config.idempotencyRetentionHours * 60) {
    throw new ConfigError('CHECKOUT_SESSION_LIFETIME_MINUTES must not exceed IDEMPOTENCY_RETENTION_HOURS (in minutes)');
  }
  return config;
}
