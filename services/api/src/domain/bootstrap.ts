// First-start facts kept in service_settings:
//   - the sandbox merchant created on the very first start (its secret is shown once, then only the
//     sealed copy exists);
//   - a check value of the master key, so a server started with a different MASTER_KEY refuses to
//     run instead of failing every signature with a confusing 401.
import { createHmac } from 'node:crypto';
import { deriveKey, type SecretBox } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import { write } from '../db/write.ts';
import { type CreatedApiKey, createApiKey } from './api-keys.ts';
import { insertMerchant } from './merchants.ts';

export const sandbox_merchant_name = 'Sandbox Merchant';
const bootstrap_lock_key = 7_270_002;

export class MasterKeyMismatchError extends Error {
  name = 'MasterKeyMismatchError';
}

export async function checkMasterKey(sql: Sql, masterKey: Buffer): Promise<void> {
  const check = createHmac('sha256', deriveKey(masterKey, 'master-key-check')).update('payagg').digest('hex');
  await write({ sql }, { prepare: async (tx) => {
    await tx`select pg_advisory_xact_lock(${bootstrap_lock_key})`;
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

/** Creates the sandbox merchant and a full-scope sandbox key once per database. */
export async function ensureSandboxMerchant(sql: Sql, box: SecretBox): Promise<SandboxBootstrap> {
  return await write({ sql }, { prepare: async (tx): Promise<SandboxBootstrap> => {
    await tx`select pg_advisory_xact_lock(${bootstrap_lock_key})`;
    const [row] = await tx<{ value: string }[]>`select value from service_settings where name = 'sandbox_merchant_id'`;
    if (row) return { created: false as const, merchantId: row.value };
    const merchant = await insertMerchant(tx, { name: sandbox_merchant_name });
    const key = await createApiKey(tx, box, { merchantId: merchant.id, mode: 'sandbox', scopes: ['full'] });
    await tx`insert into service_settings (name, value) values ('sandbox_merchant_id', ${merchant.id})`;
    return { created: true as const, merchantId: merchant.id, key };
  } });
}
