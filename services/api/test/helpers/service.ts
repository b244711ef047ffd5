// Per-file test service: a fresh database in the run's PostgreSQL, migrated; the real app on a
// random port; a merchant with a full-scope key; helpers to make more keys, users and merchants.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createClient, type MerchantClient } from '@payagg/sdk';
import { inject } from 'vitest';
import type { KeyMode } from '../../src/auth/principal.ts';
import type { SignatureVersion } from '../../src/auth/signature.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { createPool, type Sql } from '../../src/db/index.ts';
import { migrate } from '../../src/db/migrate.ts';
import { migrateJobQueue } from '../../src/jobs/schema.ts';
import { type CreatedApiKey, createApiKey } from '../../src/accounts/api-keys.ts';
import { checkMasterKey } from '../../src/accounts/bootstrap.ts';
import { insertMerchant } from '../../src/accounts/merchants.ts';
import { insertUser, type User } from '../../src/accounts/users.ts';
import type { UserRole } from '../../src/auth/user-roles.ts';
import { createLogger } from '../../src/log.ts';
import type { RouteHandlers } from '../../src/routes/registry.ts';
import { createDomainRuntime, type DomainRuntime } from '../../src/runtime.ts';
import { buildApp, closeServer, listen } from '../../src/service.ts';
import { providerConnectorsFromEnv, type ProviderConnectors } from '../../src/provider-routing/provider-catalog.ts';

export type TestService = {
  origin: string;
  /** Route keys of both specs that have no handler (answered 501). */
  notImplementedRoutes: string[];
  baseUrl: string;
  databaseUrl: string;
  masterKeyHex: string;
  config: Config;
  sql: Sql;
  merchantId: string;
  key: CreatedApiKey;
  client: MerchantClient;
  /** Ledger, rail connectors, idempotency store; deliverRailOutcomes() plays the rail's callbacks. */
  runtime: DomainRuntime;
  /** Every log line the service wrote (parsed JSON). */
  logs: Record<string, unknown>[];
  /** `mode`: the merchant's and its key's (default: the server's world, live on PAYAGG_ENV=production; docs/decisions/0440). */
  createMerchant(name?: string, mode?: KeyMode): Promise<{ merchantId: string; key: CreatedApiKey; client: MerchantClient }>;
  createKey(options?: { merchantId?: string; scopes?: string[]; mode?: KeyMode; expiresAt?: Date | null; ipAllow?: string[] | null; userId?: string | null; signatureVersionMin?: SignatureVersion }): Promise<CreatedApiKey>;
  createUser(options: { merchantId?: string; email?: string; role: UserRole; status?: 'active' | 'disabled' }): Promise<User>;
  clientFor(key: CreatedApiKey): MerchantClient;
  close(): Promise<void>;
};

/**
 * A fresh database in the run's PostgreSQL: a copy of the run's migrated template (our schema and
 * the job queue's, test/global-setup.ts), or with `empty` a database with nothing in it.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  await admin.unsafe(options.empty ? `create database ${name}` : `create database ${name} template ${inject('templateDatabaseName')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = createPool(adminUrl, 1);
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * The ledger engine of the run: PostgreSQL (the service's default) unless TEST_LEDGER_ENGINE is
 * `tigerbeetle`, then the TigerBeetle replica TB_ADDRESSES names (scripts/test-all.sh starts one;
 * vitest.tigerbeetle.config.ts). Every file's service shares that replica: ledger ids derive from
 * each database's own random UUIDs, so files never meet, except on the system accounts (rail
 * clearing, fees, FX position), which tests therefore read as differences, never as totals.
 */
export function testLedgerEnv(): Record<string, string> {
  const engine = process.env.TEST_LEDGER_ENGINE ?? 'postgres';
  if (engine === 'postgres') return {};
  if (engine !== 'tigerbeetle') throw new Error(`TEST_LEDGER_ENGINE must be postgres or tigerbeetle, got ${engine}`);
  const addresses = process.env.TB_ADDRESSES?.trim();
  if (!addresses) throw new Error('TEST_LEDGER_ENGINE=tigerbeetle needs TB_ADDRESSES (a running replica: scripts/tigerbeetle.sh)');
  return { TB_ADDRESSES: addresses, TB_CLUSTER_ID: process.env.TB_CLUSTER_ID ?? '0' };
}

/** A port free now, for a service whose providers must know its callback URL before it starts. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

export async function startTestService(options: {
  env?: Record<string, string>; now?: () => number; handlerOverrides?: RouteHandlers;
  /** Real providers' connectors and callback handlers beside the sandbox (test/providers/). */
  providers?: ProviderConnectors;
  /** Build the providers from `env` as the service does (provider-routing/provider-catalog.ts) instead of `providers`. */
  providersFromEnv?: boolean;
  /** Listen on this port (a provider's callback URL must name it before the start); default any free one. */
  port?: number;
} = {}): Promise<TestService> {
  const db = await createTestDatabase();
  const masterKeyHex = randomBytes(32).toString('hex');
  const config = loadConfig({
    DATABASE_URL: db.url,
    MASTER_KEY: masterKeyHex,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'debug',
    RATE_LIMIT_PER_SECOND: '0',
    // Tests change keys and users between requests and expect the next request to see it.
    AUTH_CACHE_TTL_MS: '0',
    // Tests deliver rail outcomes themselves (deliverRailOutcomes), at once.
    RUN_WORKERS: 'false',
    SANDBOX_RAIL_OUTCOME_DELAY_MS: '0',
    SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS: '0',
    SANDBOX_RAIL_SLOW_INITIATION_MS: '50',
    ...testLedgerEnv(),
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger(config.logLevel, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const sql = createPool(db.url, 5);
  // Both find the template's schema up to date (and prove that a start on a migrated database works).
  await migrate(sql, config.migrationsDir, logger);
  await migrateJobQueue(db.url, logger);
  const masterKey = Buffer.from(masterKeyHex, 'hex');
  await checkMasterKey(sql, masterKey);
  const box = createSecretBox(masterKey);
  const runtime = await createDomainRuntime({ config, sql, databaseUrl: db.url, secretBox: box, logger, providers: options.providersFromEnv ? providerConnectorsFromEnv(options.env ?? {}, { sql }) : options.providers ?? {} });
  const { app, notImplementedRoutes } = buildApp({ config, sql, logger, masterKey, runtime, now: options.now, handlerOverrides: options.handlerOverrides });
  const server: http.Server = await listen(app, options.port ?? 0, '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}/v1`;
  const clientFor = (key: CreatedApiKey) => createClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret, ...(options.now ? { now: options.now } : {}) });

  // A production server has no sandbox world: its merchants (the first one too) are live by default.
  const worldMode: KeyMode = config.mode === 'production' ? 'live' : 'sandbox';
  const createMerchant = async (name = 'Test Merchant', mode: KeyMode = worldMode) => {
    const merchant = await insertMerchant(sql, { name, mode });
    const key = await createApiKey(sql, box, { merchantId: merchant.id, mode, scopes: ['full'] });
    return { merchantId: merchant.id, key, client: clientFor(key) };
  };
  const first = await createMerchant();

  return {
    origin,
    notImplementedRoutes,
    baseUrl,
    databaseUrl: db.url,
    masterKeyHex,
    config,
    sql,
    merchantId: first.merchantId,
    key: first.key,
    client: first.client,
    logs,
    createMerchant,
    async createKey(o = {}) {
      return await createApiKey(sql, box, {
        merchantId: o.merchantId ?? first.merchantId,
        mode: o.mode ?? worldMode,
        scopes: o.scopes ?? ['full'],
        expiresAt: o.expiresAt ?? null,
        ipAllow: o.ipAllow ?? null,
        userId: o.userId ?? null,
        signatureVersionMin: o.signatureVersionMin ?? 1,
      });
    },
    async createUser(o) {
      return await insertUser(sql, o.merchantId ?? first.merchantId, {
        email: o.email ?? `${randomBytes(4).toString('hex')}@merchant.example`,
        role: o.role,
        status: o.status ?? 'active',
      });
    },
    clientFor,
    runtime,
    async close() {
      await closeServer(server);
      await runtime.close();
      await sql.end({ timeout: 5 });
      await db.drop();
    },
  };
}
