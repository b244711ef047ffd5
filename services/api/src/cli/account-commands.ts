// Operator commands for accounts (src/cli.ts has the usage text): merchants, their API keys and
// users. Each builder checks its arguments and returns the command to run.
import { merchantStatuses, type MerchantStatus } from '../auth/principal.ts';
import { userRoles, type UserRole } from '../auth/user-roles.ts';
import { fxMarginBpsMax, type ServiceMode } from '../config.ts';
import { ApiKeyInputError, createApiKey, revokeApiKey, setSignatureVersionMin } from '../accounts/index.ts';
import { findMerchant, insertMerchant, merchantNameLengthMax, setMerchantStatus } from '../accounts/index.ts';
import { insertUser } from '../accounts/index.ts';
import { setMerchantFxMarginBps } from '../fx/index.ts';
import {
  type Command, type CommandBuilder, parseDate, parseOptions, print, requireMode, requireSignatureVersion, requireUuid, splitList, UsageError,
} from './command.ts';

function merchantsCreate(args: string[], serviceMode: ServiceMode): Command {
  const { values, positionals } = parseOptions(args, { name: { type: 'string' }, scopes: { type: 'string' }, mode: { type: 'string' }, 'signature-version': { type: 'string' }, json: { type: 'boolean' } });
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

function merchantsSetStatus(args: string[]): Command {
  const { positionals } = parseOptions(args, {});
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

function merchantsFxMargin(args: string[]): Command {
  const { values, positionals } = parseOptions(args, { bps: { type: 'string' }, default: { type: 'boolean' } });
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

function keysCreate(args: string[], serviceMode: ServiceMode): Command {
  const { values, positionals } = parseOptions(args, {
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

function keysSetSignatureVersion(args: string[]): Command {
  const { positionals } = parseOptions(args, {});
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

function keysRevoke(args: string[]): Command {
  const { positionals } = parseOptions(args, {});
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

function usersCreate(args: string[]): Command {
  const { values, positionals } = parseOptions(args, { merchant: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, disabled: { type: 'boolean' }, json: { type: 'boolean' } });
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

/** The commands of this file by their first two words. */
export const accountCommands: Record<string, CommandBuilder> = {
  'merchants create': merchantsCreate,
  'merchants set-status': merchantsSetStatus,
  'merchants fx-margin': merchantsFxMargin,
  'keys create': keysCreate,
  'keys set-signature-version': keysSetSignatureVersion,
  'keys revoke': keysRevoke,
  'users create': usersCreate,
};
