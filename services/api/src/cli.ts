// Operator CLI: `./payagg <command>` from the repository root. Uses the same configuration as
// the server (DATABASE_URL, or the embedded cluster in DATA_DIR; MASTER_KEY or DATA_DIR/master.key),
// whether or not the server is running. Exit codes: 0 ok, 1 failure, 2 usage error.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { userRoles, type UserRole } from './auth/user-roles.ts';
import { merchantStatuses, type MerchantStatus, type KeyMode } from './auth/principal.ts';
import { ConfigError, fxMarginBpsMax, loadConfig, readMode, type ServiceMode } from './config.ts';
import { resolveMasterKey } from './crypto/master-key.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { connectDatabase, type Database } from './db/index.ts';
import { migrateAll } from './db/schema-steps.ts';
import type { SignatureVersion } from './auth/signature.ts';
import { ApiKeyInputError, createApiKey, keyModes, parseSignatureVersion, revokeApiKey, setSignatureVersionMin } from './accounts/api-keys.ts';
import { checkMasterKey } from './accounts/bootstrap.ts';
import { findMerchant, insertMerchant, merchantNameLengthMax, setMerchantStatus } from './accounts/merchants.ts';
import { setMerchantFxMarginBps } from './fx/fx-rates.ts';
import { insertUser, UserInputError } from './accounts/users.ts';
import { findKycCaseOfSubMerchant, listKycCasesByStatus, settleKycReview, toKycCaseResource } from './sub-merchants/kyc-cases.ts';
import {
  findSubMerchantAnyMerchant, setSubMerchantStatus, subMerchantStatusReasonLengthMax, toSubMerchantResource,
} from './sub-merchants/sub-merchants.ts';
import { kycStatuses, type KycStatus } from './kyc/types.ts';
import { createLogger } from './log.ts';
import { createPartnerKey, findPartner, insertPartner, partnerKeyPattern, partnerNameLengthMax, revokePartnerKey } from './accounts/partners.ts';
import { uuidPattern } from './ids.ts';
import { verifyLedgerCommand } from './ledger-verification/verify-command.ts';

const usage = `Usage: ./payagg <command>

  merchants create --name NAME [--scopes full] [--mode sandbox|live] [--signature-version 1|2] [--json]
      Create a merchant and its first API key; --json prints {"merchant_id","api_key","api_secret","mode"}.
      --mode is the account's, for good: a sandbox and a live merchant are separate worlds (data,
      money, operations). Default: sandbox, or live with PAYAGG_ENV=production, which has no
      sandbox and refuses --mode sandbox. This is how a production server gets its first merchant.
  merchants set-status MERCHANT_ID active|suspended|frozen
  merchants fx-margin MERCHANT_ID --bps N | --default
      The merchant's FX margin in basis points (0 to 2000), applied to every rate it is quoted
      and locks (GET /fx/rates, POST /fx/rate-locks); --default clears it back to
      FX_MARGIN_BPS_DEFAULT (150). Running servers apply it to the next quote.
  keys create --merchant MERCHANT_ID [--scopes read,write,full,payout_only] [--mode sandbox|live]
              [--expires-at ISO_DATE] [--ip-allow IP_OR_CIDR,...] [--user USER_ID]
              [--signature-version 1|2] [--json]
      A key has its merchant's mode (--mode, if given, must be it).
  keys set-signature-version API_KEY_OR_KEY_ID 1|2
      The lowest request-signature version the key accepts. 1 (the default): the seed's scheme
      and version 2; 2: version 2 only (X-Service-Signature-Version: 2, which also signs the
      method, path, query and Idempotency-Key). Running servers apply it within AUTH_CACHE_TTL_MS.
  keys revoke API_KEY_OR_KEY_ID
  users create --merchant MERCHANT_ID --email EMAIL --role admin|finance|read_only|compliance [--disabled]
  sub-merchants suspend SUB_MERCHANT_ID [--reason TEXT] [--operator NAME]
  sub-merchants reactivate SUB_MERCHANT_ID [--reason TEXT] [--operator NAME]
      Status of any merchant's sub-merchant; recorded in its status history as operator:NAME.
  kyc list [--status needs_review|pending|verified|rejected] [--merchant MERCHANT_ID] [--limit N]
      KYC cases of one status (default needs_review: the review queue), oldest first.
  kyc show SUB_MERCHANT_ID
  kyc settle SUB_MERCHANT_ID verified|rejected [--reason TEXT] [--operator NAME]
      Settles a case in needs_review (writes kyc.verified / kyc.rejected); --reason is required to reject.
  partners create --name NAME [--mode sandbox|live] [--json]
      Create a partner of the partner wallet API (/api/v1/partner) and its first API key;
      --json prints {"partner_id","api_key","mode"}. The key is sent as X-API-Key. --mode as for
      merchants: only a sandbox partner may make deposits; default sandbox, or live with
      PAYAGG_ENV=production (which refuses sandbox).
  partners keys create --partner PARTNER_ID [--json]
      The key has its partner's mode.
  partners keys revoke API_KEY
      Running servers refuse a revoked key within AUTH_CACHE_TTL_MS.
  db migrate\n  verify-ledger [--json]\n      Verifies every ledger invariant (docs/operations.md, Ledger verification); prints each violation (--json: as JSON); exits 1 if any.

The API secret (and a partner's API key) is is printed once, at creation; it is stored encrypted and cannot be shown again.
Configuration: DATABASE_URL (else the embedded PostgreSQL in DATA_DIR, default ./.data), MASTER_KEY.`;

class UsageError extends Error {
  name = 'UsageError';
}

function requireUuid(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  if (!uuidPattern.test(value)) throw new UsageError(`${what} must be a UUID, got "${value}"`);
  return value.toLowerCase();
}

/** Who runs an operator command, for the records it writes: --operator, else the OS user. */
function operatorName(value: string | undefined): string {
  const name = (value ?? userInfo().username).trim();
  if (name === '' || name.length > 100) throw new UsageError('--operator must be 1 to 100 characters');
  return name;
}

function optionalReason(value: string | undefined, lengthMax: number): string | null {
  if (value === undefined) return null;
  const reason = value.trim();
  if (reason === '') return null;
  if (reason.length > lengthMax || reason.includes('\u0000')) throw new UsageError(`--reason must be at most ${lengthMax} characters of text`);
  return reason;
}

function splitList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The mode of an account (or key) to create: --mode, else the server's world (sandbox on a
 * development server, live on a production one). A production server has no sandbox
 * (docs/decisions/0440), so a sandbox account or key there is a usage error, not a dead key.
 */
function requireMode(value: string | undefined, serviceMode: ServiceMode): KeyMode {
  const mode = value ?? (serviceMode === 'production' ? 'live' : 'sandbox');
  if (!(keyModes as readonly string[]).includes(mode)) throw new UsageError(`--mode must be sandbox or live, got "${mode}"`);
  if (serviceMode === 'production' && mode === 'sandbox') {
    throw new UsageError('PAYAGG_ENV=production has no sandbox: create live accounts and keys there (--mode live, the default), sandbox ones on a development server');
  }
  return mode as KeyMode;
}

function requireSignatureVersion(value: string | undefined, what: string): SignatureVersion {
  if (value === undefined) return 1;
  try {
    return parseSignatureVersion(value);
  } catch {
    throw new UsageError(`${what} must be 1 or 2, got "${value}"`);
  }
}

function parseDate(value: string | undefined, what: string): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new UsageError(`${what} must be an ISO 8601 date-time, got "${value}"`);
  return date;
}

type Command = { needsKey: boolean; run(db: Database, box: ReturnType<typeof createSecretBox> | null): Promise<unknown> };

function parseCommand(argv: string[], serviceMode: ServiceMode): Command {
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
    const { values, positionals } = parse({ name: { type: 'string' }, scopes: { type: 'string' }, mode: { type: 'string' }, 'signature-version': { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const name = (values.name as string | undefined)?.trim();
    if (!name) throw new UsageError('--name is required');
    if (name.length > merchantNameLengthMax) throw new UsageError(`--name is at most ${merchantNameLengthMax} characters`);
    const scopes = splitList(values.scopes as string | undefined) ?? ['full'];
    const mode = requireMode(values.mode as string | undefined, serviceMode);
    const signatureVersionMin = requireSignatureVersion(values['signature-version'] as string | undefined, '--signature-version');
    return {
      needsKey: true,
      async run(db, box) {
        const created = await db.sql.begin(async (tx) => {
          const merchant = await insertMerchant(tx, { name, mode });
          return await createApiKey(tx, box!, { merchantId: merchant.id, mode, scopes, signatureVersionMin });
        });
        const out = { merchant_id: created.merchant_id, api_key: created.api_key, api_secret: created.api_secret, mode: created.mode };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else process.stdout.write(`merchant_id: ${out.merchant_id}  (${out.mode})\napi_key:     ${out.api_key}\napi_secret:  ${out.api_secret}  (shown once)\n`);
      },
    };
  }
  if (group === 'merchants' && action === 'set-status') {
    const { positionals } = parse({});
    if (positionals.length !== 2) throw new UsageError('merchants set-status takes MERCHANT_ID and a status');
    const id = requireUuid(positionals[0], 'MERCHANT_ID');
    const status = positionals[1] as MerchantStatus;
    if (!merchantStatuses.includes(status)) throw new UsageError(`status must be one of ${merchantStatuses.join(', ')}`);
    return {
      needsKey: false,
      async run(db) {
        const merchant = await setMerchantStatus(db.sql, id, status);
        if (!merchant) throw new Error(`no merchant ${id}`);
        print({ merchant_id: merchant.id, name: merchant.name, status: merchant.status });
      },
    };
  }
  if (group === 'merchants' && action === 'fx-margin') {
    const { values, positionals } = parse({ bps: { type: 'string' }, default: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError('merchants fx-margin takes one MERCHANT_ID');
    const id = requireUuid(positionals[0], 'MERCHANT_ID');
    const bpsText = values.bps as string | undefined;
    if ((bpsText === undefined) === (values.default !== true)) throw new UsageError('give exactly one of --bps N and --default');
    if (bpsText !== undefined && (!/^[0-9]{1,5}$/.test(bpsText) || Number(bpsText) > fxMarginBpsMax)) {
      throw new UsageError(`--bps must be a whole number of basis points from 0 to ${fxMarginBpsMax}`);
    }
    const marginBps = bpsText === undefined ? null : Number(bpsText);
    return {
      needsKey: false,
      async run(db) {
        const merchant = await setMerchantFxMarginBps(db.sql, id, marginBps);
        if (!merchant) throw new Error(`no merchant ${id}`);
        print({ merchant_id: merchant.id, fx_margin_bps: merchant.fx_margin_bps, uses_default: merchant.fx_margin_bps === null });
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
      'signature-version': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const merchantId = requireUuid(values.merchant as string | undefined, '--merchant');
    const userId = values.user === undefined ? null : requireUuid(values.user as string, '--user');
    const expiresAt = parseDate(values['expires-at'] as string | undefined, '--expires-at');
    const givenMode = values.mode === undefined ? null : requireMode(values.mode as string, serviceMode);
    const input = {
      merchantId,
      scopes: splitList(values.scopes as string | undefined) ?? ['full'],
      expiresAt,
      ipAllow: splitList(values['ip-allow'] as string | undefined) ?? null,
      userId,
      signatureVersionMin: requireSignatureVersion(values['signature-version'] as string | undefined, '--signature-version'),
    };
    return {
      needsKey: true,
      async run(db, box) {
        // Without --mode the key takes its merchant's mode; createApiKey refuses a key of the other one.
        const merchant = await findMerchant(db.sql, merchantId);
        if (!merchant) throw new ApiKeyInputError(`no merchant ${merchantId}`);
        const mode = givenMode ?? merchant.mode;
        if (serviceMode === 'production' && mode === 'sandbox') throw new ApiKeyInputError(`merchant ${merchantId} is a sandbox merchant; PAYAGG_ENV=production has no sandbox and would refuse its keys`);
        const key = await createApiKey(db.sql, box!, { ...input, mode });
        const out = { key_id: key.id, merchant_id: key.merchant_id, api_key: key.api_key, api_secret: key.api_secret, mode: key.mode, scopes: key.scopes, expires_at: key.expires_at, ip_allow: key.ip_allow, user_id: key.user_id, signature_version_min: key.signature_version_min };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else print(out);
      },
    };
  }
  if (group === 'keys' && action === 'set-signature-version') {
    const { positionals } = parse({});
    if (positionals.length !== 2 || !positionals[0]) throw new UsageError('keys set-signature-version takes an API key (pk_...) or key id, and 1 or 2');
    const key = positionals[0];
    const version = requireSignatureVersion(positionals[1], 'the signature version');
    return {
      needsKey: false,
      async run(db) {
        const updated = await setSignatureVersionMin(db.sql, key, version);
        if (!updated) throw new Error(`no key ${key}`);
        print({ key_id: updated.id, api_key: updated.key, signature_version_min: updated.signature_version_min });
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
    if (!role || !userRoles.includes(role)) throw new UsageError(`--role must be one of ${userRoles.join(', ')}`);
    return {
      needsKey: false,
      async run(db) {
        if (!(await findMerchant(db.sql, merchantId))) throw new Error(`no merchant ${merchantId}`);
        const user = await insertUser(db.sql, merchantId, { email, role, status: values.disabled ? 'disabled' : 'active' });
        print({ id: user.id, merchant_id: user.merchant_id, email: user.email, role: user.role, mfa_enabled: user.mfa_enabled, status: user.status });
      },
    };
  }
  if (group === 'sub-merchants' && (action === 'suspend' || action === 'reactivate')) {
    const { values, positionals } = parse({ reason: { type: 'string' }, operator: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError(`sub-merchants ${action} takes one SUB_MERCHANT_ID`);
    const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
    const reason = optionalReason(values.reason as string | undefined, subMerchantStatusReasonLengthMax);
    const operator = operatorName(values.operator as string | undefined);
    return {
      needsKey: false,
      async run(db) {
        const changed = await setSubMerchantStatus({ sql: db.sql }, {
          merchantId: null, subMerchantId: id, status: action === 'suspend' ? 'suspended' : 'active', reason, actor: `operator:${operator}`,
        });
        if (!changed) throw new Error(`no sub-merchant ${id}`);
        print({ ...toSubMerchantResource(changed.row), changed: changed.changed });
      },
    };
  }
  if (group === 'kyc' && action === 'list') {
    const { values, positionals } = parse({ status: { type: 'string' }, merchant: { type: 'string' }, limit: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const status = (values.status as string | undefined) ?? 'needs_review';
    if (!(kycStatuses as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${kycStatuses.join(', ')}`);
    const merchantId = values.merchant === undefined ? undefined : requireUuid(values.merchant as string, '--merchant');
    const limitText = (values.limit as string | undefined) ?? '100';
    if (!/^[0-9]{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 1000) throw new UsageError('--limit must be 1 to 1000');
    return {
      needsKey: false,
      async run(db) {
        const cases = await listKycCasesByStatus(db.sql, status as KycStatus, { ...(merchantId ? { merchantId } : {}), limit: Number(limitText) });
        print(cases.map((row) => ({ merchant_id: row.merchant_id, ...toKycCaseResource(row) })));
      },
    };
  }
  if (group === 'kyc' && action === 'show') {
    const { positionals } = parse({});
    if (positionals.length !== 1) throw new UsageError('kyc show takes one SUB_MERCHANT_ID');
    const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
    return {
      needsKey: false,
      async run(db) {
        const subMerchant = await findSubMerchantAnyMerchant(db.sql, id);
        const row = subMerchant ? await findKycCaseOfSubMerchant(db.sql, subMerchant.merchant_id, id) : null;
        if (!row) throw new Error(`no KYC case for sub-merchant ${id}`);
        print({ merchant_id: row.merchant_id, ...toKycCaseResource(row) });
      },
    };
  }
  if (group === 'kyc' && action === 'settle') {
    const { values, positionals } = parse({ reason: { type: 'string' }, operator: { type: 'string' } });
    if (positionals.length !== 2) throw new UsageError('kyc settle takes SUB_MERCHANT_ID and verified or rejected');
    const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
    const decision = positionals[1];
    if (decision !== 'verified' && decision !== 'rejected') throw new UsageError('the decision must be verified or rejected');
    const reason = optionalReason(values.reason as string | undefined, subMerchantStatusReasonLengthMax);
    if (decision === 'rejected' && reason === null) throw new UsageError('--reason is required to reject');
    const operator = operatorName(values.operator as string | undefined);
    return {
      needsKey: false,
      async run(db) {
        const subMerchant = await findSubMerchantAnyMerchant(db.sql, id);
        const kycCase = subMerchant ? await findKycCaseOfSubMerchant(db.sql, subMerchant.merchant_id, id) : null;
        if (!kycCase) throw new Error(`no KYC case for sub-merchant ${id}`);
        const result = await settleKycReview(db.sql, { caseId: kycCase.id, status: decision, reason, operator });
        if (!result.applied) {
          throw new Error(`the KYC case of sub-merchant ${id} is ${result.row?.status ?? 'gone'}; only a case in needs_review can be settled`);
        }
        print({ merchant_id: result.row.merchant_id, ...toKycCaseResource(result.row) });
      },
    };
  }
  if (group === 'partners' && action === 'create') {
    const { values, positionals } = parse({ name: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const name = (values.name as string | undefined)?.trim();
    if (!name) throw new UsageError('--name is required');
    if (name.length > partnerNameLengthMax) throw new UsageError(`--name is at most ${partnerNameLengthMax} characters`);
    const mode = requireMode(values.mode as string | undefined, serviceMode);
    return {
      needsKey: false,
      async run(db) {
        const created = await db.sql.begin(async (tx) => {
          const partner = await insertPartner(tx, { name, mode });
          return await createPartnerKey(tx, partner.id);
        });
        const out = { partner_id: created.partner_id, api_key: created.api_key, mode };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else process.stdout.write(`partner_id: ${out.partner_id}  (${mode})\napi_key:    ${out.api_key}  (shown once)\n`);
      },
    };
  }
  if (group === 'partners' && action === 'keys') {
    const [subAction, ...subArgs] = rest;
    const parseSub = (options: Record<string, { type: 'string' | 'boolean' }>) => {
      try {
        const parsed = parseArgs({ args: subArgs, options, allowPositionals: true, strict: true });
        return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    };
    if (subAction === 'create') {
      const { values, positionals } = parseSub({ partner: { type: 'string' }, json: { type: 'boolean' } });
      if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      const partnerId = requireUuid(values.partner as string | undefined, '--partner');
      return {
        needsKey: false,
        async run(db) {
          const partner = await findPartner(db.sql, partnerId);
          if (!partner) throw new Error(`no partner ${partnerId}`);
          if (serviceMode === 'production' && partner.mode === 'sandbox') throw new Error(`partner ${partnerId} is a sandbox partner; PAYAGG_ENV=production has no sandbox and would refuse its keys`);
          const created = await createPartnerKey(db.sql, partnerId);
          const out = { partner_id: created.partner_id, api_key: created.api_key };
          if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
          else process.stdout.write(`partner_id: ${out.partner_id}\napi_key:    ${out.api_key}  (shown once)\n`);
        },
      };
    }
    if (subAction === 'revoke') {
      const { positionals } = parseSub({});
      if (positionals.length !== 1 || !positionals[0]) throw new UsageError('partners keys revoke takes one partner API key (pak_...)');
      const key = positionals[0];
      if (!partnerKeyPattern.test(key)) throw new UsageError('a partner API key is pak_ followed by 48 letters and digits');
      return {
        needsKey: false,
        async run(db) {
          // The key itself is never printed back: only that a key was revoked.
          if (!(await revokePartnerKey(db.sql, key))) throw new Error('no active partner key matches');
          print({ revoked: true });
        },
      };
    }
    throw new UsageError(`unknown command "partners keys ${subAction ?? ''}"`.trim());
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
    command = argv[0] === 'verify-ledger' ? verifyLedgerCommand(argv.slice(1), (message) => new UsageError(message)) : parseCommand(argv, readMode(process.env));
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
    const applied = await migrateAll(db, config, logger);
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
