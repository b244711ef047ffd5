// First-start facts kept in service_settings:
//   - the sandbox merchant created on the very first start of a development server (its secret is
//     shown once, then only the sealed copy exists). A production server has no sandbox world
//     (docs/decisions/0440): it creates no merchant and never prints a secret; the operator makes
//     the first (live) merchant with the CLI, which prints its secret once to the operator's terminal;
//   - a check value of the master key, so a server started with a different MASTER_KEY refuses to
//     run instead of failing every signature with a confusing 401.
import { createHmac } from 'node:crypto';
import type { ServiceMode } from '../config.ts';
import { deriveKey, type SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import { write } from '../db/write.ts';
import { type CreatedApiKey, createApiKey } from './api-keys.ts';
import { insertMerchant } from './merchants.ts';

export const sandboxMerchantName = 'Sandbox Merchant';
const bootstrapLockKey = 7_270_002;

export class MasterKeyMismatchError extends Error {
  name = 'MasterKeyMismatchError';
}

export async function checkMasterKey(sql: Sql, masterKey: Buffer): Promise<void> {
  const check = createHmac('sha256', deriveKey(masterKey, 'master-key-check')).update('payagg').digest('hex');
  await write({ sql }, { prepare: async (tx) => {
    await tx`select pg_advisory_xact_lock(${bootstrapLockKey})`;
    const [row] = await tx<{ value: string }[]>`select value from service_settings where name = 'master_key_check'`;
    if (!row) {
      await tx`insert into service_settings (name, value) values ('master_key_check', ${check})`;
      return;
    }
    if (row.value !== check) {
      throw new MasterKeyMismatchError('MASTER_KEY differs from the key this database was set up with; stored API secrets cannot be opened. Use the original MASTER_KEY (or DATA_DIR/master.key).');
    }
  } });
}

export type SandboxBootstrap = { created: true; merchantId: string; key: CreatedApiKey } | { created: false; merchantId: string };

/**
 * What `make run` prints once it listens: the first-start sandbox merchant's key on a development
 * server; on a production server (`sandbox` null) only how to create the first merchant.
 */
export function startBanner(port: number, serviceMode: ServiceMode, sandbox: SandboxBootstrap | null): string[] {
  const lines = [`payagg API listening on http://localhost:${port} (merchant API under /v1, health at /healthz, readiness at /readyz)`];
  if (serviceMode === 'production' || sandbox === null) {
    lines.push(
      'PAYAGG_ENV=production: no sandbox merchant, sandbox keys and sandbox helpers are refused (docs/decisions/0440).',
      'Create a live merchant and its first key (the secret is printed once, by the CLI): ./payagg merchants create --name NAME --json',
    );
    return lines;
  }
  if (sandbox.created) {
    lines.push(
      '',
      'First start: created the sandbox merchant. Its API secret is shown ONCE; store it now.',
      `  merchant_id: ${sandbox.merchantId}`,
      `  api_key:     ${sandbox.key.api_key}`,
      `  api_secret:  ${sandbox.key.api_secret}`,
    );
  } else {
    lines.push(
      `Sandbox merchant ${sandbox.merchantId} already exists (its secret was shown on the first start).`,
      `A new key: ./payagg keys create --merchant ${sandbox.merchantId} --scopes full --json`,
    );
  }
  return lines;
}

/** Creates the sandbox merchant and a full-scope sandbox key once per database (development servers only). */
export async function ensureSandboxMerchant(sql: Sql, box: SecretBox): Promise<SandboxBootstrap> {
  return await write({ sql }, { prepare: async (tx): Promise<SandboxBootstrap> => {
    await tx`select pg_advisory_xact_lock(${bootstrapLockKey})`;
    const [row] = await tx<{ value: string }[]>`select value from service_settings where name = 'sandbox_merchant_id'`;
    if (row) return { created: false as const, merchantId: row.value };
    const merchant = await insertMerchant(tx, { name: sandboxMerchantName, mode: 'sandbox' });
    const key = await createApiKey(tx, box, { merchantId: merchant.id, mode: 'sandbox', scopes: ['full'] });
    await tx`insert into service_settings (name, value) values ('sandbox_merchant_id', ${merchant.id})`;
    return { created: true as const, merchantId: merchant.id, key };
  } });
}
