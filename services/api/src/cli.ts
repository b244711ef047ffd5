// Operator CLI: `pnpm -s payagg <command>` from the repository root. Uses the same configuration as
// the server (DATABASE_URL, or the embedded cluster in DATA_DIR; MASTER_KEY or DATA_DIR/master.key),
// whether or not the server is running. Exit codes: 0 ok, 1 failure, 2 usage error.
import { parseArgs } from 'node:util';
import { user_roles, type UserRole } from './auth/permissions.ts';
import { merchant_statuses, type MerchantStatus, type KeyMode } from './auth/principal.ts';
import { ConfigError, loadConfig } from './config.ts';
import { resolveMasterKey } from './crypto/master-key.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { connectDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { migrateJobQueue } from './jobs/schema.ts';
import { ApiKeyInputError, createApiKey, key_modes, revokeApiKey } from './domain/api-keys.ts';
import { checkMasterKey } from './domain/bootstrap.ts';
import { findMerchant, insertMerchant, merchant_name_length_max, setMerchantStatus } from './domain/merchants.ts';
import { insertUser, UserInputError } from './domain/users.ts';
import { createLogger } from './log.ts';

const usage = `Usage: pnpm -s payagg <command>

  merchants create --name NAME [--scopes full] [--mode sandbox|live] [--json]
      Create a merchant and its first API key; --json prints {"merchant_id","api_key","api_secret"}.
  merchants set-status MERCHANT_ID active|suspended|frozen
  keys create --merchant MERCHANT_ID [--scopes read,write,full,payout_only] [--mode sandbox|live]
              [--expires-at ISO_DATE] [--ip-allow IP_OR_CIDR,...] [--user USER_ID] [--json]
  keys revoke API_KEY_OR_KEY_ID
  users create --merchant MERCHANT_ID --email EMAIL --role admin|finance|read_only|compliance [--disabled]
  db migrate

The API secret is printed once, at creation; it is stored encrypted and cannot be shown again.
Configuration: DATABASE_URL (else the embedded PostgreSQL in DATA_DIR, default ./.data), MASTER_KEY.`;

class UsageError extends Error {
  name = 'UsageError';
}

const uuid_pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireUuid(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  if (!uuid_pattern.test(value)) throw new UsageError(`${what} must be a UUID, got "${value}"`);
  return value.toLowerCase();
}

function splitList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

function requireMode(value: string | undefined): KeyMode {
  const mode = value ?? 'sandbox';
  if (!(key_modes as readonly string[]).includes(mode)) throw new UsageError(`--mode must be sandbox or live, got "${mode}"`);
  return mode as KeyMode;
}

function parseDate(value: string | undefined, what: string): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new UsageError(`${what} must be an ISO 8601 date-time, got "${value}"`);
  return date;
}

type Command = { needsKey: boolean; run(db: Database, box: ReturnType<typeof createSecretBox> | null): Promise<unknown> };

function parseCommand(argv: string[]): Command {
  const [group, action, ...rest] = argv;
  type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
  const parse = (options: OptionSpec): { values: Record<string, string | boolean | undefined>; positionals: string[] } => {
    try {
      const parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
      return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  };
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

  if (group === 'merchants' && action === 'create') {
    const { values, positionals } = parse({ name: { type: 'string' }, scopes: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const name = (values.name as string | undefined)?.trim();
    if (!name) throw new UsageError('--name is required');
    if (name.length > merchant_name_length_max) throw new UsageError(`--name is at most ${merchant_name_length_max} characters`);
    const scopes = splitList(values.scopes as string | undefined) ?? ['full'];
    const mode = requireMode(values.mode as string | undefined);
    return {
      needsKey: true,
      async run(db, box) {
        const created = await db.sql.begin(async (tx) => {
          const merchant = await insertMerchant(tx, { name });
          return await createApiKey(tx, box!, { merchantId: merchant.id, mode, scopes });
        });
        const out = { merchant_id: created.merchant_id, api_key: created.api_key, api_secret: created.api_secret };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else process.stdout.write(`merchant_id: ${out.merchant_id}\napi_key:     ${out.api_key}\napi_secret:  ${out.api_secret}  (shown once)\n`);
      },
    };
  }
  if (group === 'merchants' && action === 'set-status') {
    const { positionals } = parse({});
    if (positionals.length !== 2) throw new UsageError('merchants set-status takes MERCHANT_ID and a status');
    const id = requireUuid(positionals[0], 'MERCHANT_ID');
    const status = positionals[1] as MerchantStatus;
    if (!merchant_statuses.includes(status)) throw new UsageError(`status must be one of ${merchant_statuses.join(', ')}`);
    return {
      needsKey: false,
      async run(db) {
        const merchant = await setMerchantStatus(db.sql, id, status);
        if (!merchant) throw new Error(`no merchant ${id}`);
        print({ merchant_id: merchant.id, name: merchant.name, status: merchant.status });
      },
    };
  }
  if (group === 'keys' && action === 'create') {
    const { values, positionals } = parse({
      merchant: { type: 'string' },
      scopes: { type: 'string' },
      mode: { type: 'string' },
      'expires-at': { type: 'string' },
      'ip-allow': { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const merchantId = requireUuid(values.merchant as string | undefined, '--merchant');
    const userId = values.user === undefined ? null : requireUuid(values.user as string, '--user');
    const expiresAt = parseDate(values['expires-at'] as string | undefined, '--expires-at');
    const input = {
      merchantId,
      mode: requireMode(values.mode as string | undefined),
      scopes: splitList(values.scopes as string | undefined) ?? ['full'],
      expiresAt,
      ipAllow: splitList(values['ip-allow'] as string | undefined) ?? null,
      userId,
    };
    return {
      needsKey: true,
      async run(db, box) {
        const key = await createApiKey(db.sql, box!, input);
        const out = { key_id: key.id, merchant_id: key.merchant_id, api_key: key.api_key, api_secret: key.api_secret, mode: key.mode, scopes: key.scopes, expires_at: key.expires_at, ip_allow: key.ip_allow, user_id: key.user_id };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else print(out);
      },
    };
  }
  if (group === 'keys' && action === 'revoke') {
    const { positionals } = parse({});
    if (positionals.length !== 1 || !positionals[0]) throw new UsageError('keys revoke takes one API key (pk_...) or key id');
    const key = positionals[0];
    return {
      needsKey: false,
      async run(db) {
        if (!(await revokeApiKey(db.sql, key))) throw new Error(`no active key ${key}`);
        print({ revoked: key });
      },
    };
  }
  if (group === 'users' && action === 'create') {
    const { values, positionals } = parse({ merchant: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, disabled: { type: 'boolean' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const merchantId = requireUuid(values.merchant as string | undefined, '--merchant');
    const email = (values.email as string | undefined)?.trim();
    if (!email) throw new UsageError('--email is required');
    const role = values.role as UserRole | undefined;
    if (!role || !user_roles.includes(role)) throw new UsageError(`--role must be one of ${user_roles.join(', ')}`);
    return {
      needsKey: false,
      async run(db) {
        if (!(await findMerchant(db.sql, merchantId))) throw new Error(`no merchant ${merchantId}`);
        const user = await insertUser(db.sql, merchantId, { email, role, status: values.disabled ? 'disabled' : 'active' });
        print({ id: user.id, merchant_id: user.merchant_id, email: user.email, role: user.role, mfa_enabled: user.mfa_enabled, status: user.status });
      },
    };
  }
  if (group === 'db' && action === 'migrate') {
    parse({});
    return {
      needsKey: false,
      async run() {
        // Migration runs below for every command; here it only reports.
      },
    };
  }
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  throw new UsageError(`unknown command "${[group, action].filter(Boolean).join(' ')}"`);
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    throw error;
  }
  const config = loadConfig(process.env);
  // The CLI logs only warnings by default so its stdout/stderr stay readable.
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  const masterKey = command.needsKey ? resolveMasterKey(config, logger) : null;
  const db = await connectDatabase(config, logger);
  try {
    // Every command runs against an up-to-date schema (migrations are idempotent and locked).
    const applied = await migrate(db.sql, config.migrationsDir, logger);
    await migrateJobQueue(db.url, logger);
    if (argv[0] === 'db') process.stdout.write(`${JSON.stringify({ applied })}\n`);
    if (masterKey) await checkMasterKey(db.sql, masterKey);
    await command.run(db, masterKey ? createSecretBox(masterKey) : null);
    return 0;
  } catch (error) {
    if (error instanceof ApiKeyInputError || error instanceof UserInputError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(error instanceof ConfigError ? `configuration error: ${error.message}\n` : `${(error as Error).stack}\n`);
    process.exitCode = error instanceof ConfigError ? 2 : 1;
  },
);
