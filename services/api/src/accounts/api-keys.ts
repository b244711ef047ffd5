// API keys: issuance, revocation and the lookup used by authentication.
// Key  = `pk_<mode>_` + 24 base62 characters: public, sent in X-Service-Key.
// Secret = `sk_<mode>_` + 32 random bytes base64url: shown once at creation, stored sealed
// (AES-256-GCM, src/crypto/secret-box.ts), never logged.
// A key's mode is its merchant's (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md):
// a key of the other mode is refused here, and authentication refuses any older row that differs.
import { randomBytes, randomInt } from 'node:crypto';
import { parseIpAllowList } from '../auth/ip-allow.ts';
import type { UserRole } from '../auth/user-roles.ts';
import type { KeyMode, MerchantStatus } from '../auth/principal.ts';
import { type ApiKeyScope, apiKeyScopes } from '../auth/scopes.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Queryable } from '../db/index.ts';
import { type SignatureVersion, signatureVersions } from '../auth/signature.ts';

export const apiKeyPattern = /^pk_(sandbox|live)_[A-Za-z0-9]{24}$/;
export const keyModes = ['sandbox', 'live'] as const;
const keyRandomChars = 24;
const secretRandomBytes = 32;
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class ApiKeyInputError extends Error {
  name = 'ApiKeyInputError';
}

export type CreatedApiKey = {
  id: string;
  merchant_id: string;
  api_key: string;
  /** Plaintext secret: returned to the creator once, never stored or shown again. */
  api_secret: string;
  mode: KeyMode;
  scopes: ApiKeyScope[];
  ip_allow: string[] | null;
  user_id: string | null;
  expires_at: Date | null;
  /** The lowest request-signature version the key accepts (src/auth/signature.ts). */
  signature_version_min: SignatureVersion;
};

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += base62[randomInt(base62.length)];
  return out;
}

export function parseScopes(raw: readonly string[]): ApiKeyScope[] {
  if (raw.length === 0) throw new ApiKeyInputError('at least one scope is required');
  for (const scope of raw) {
    if (!(apiKeyScopes as readonly string[]).includes(scope)) throw new ApiKeyInputError(`unknown scope "${scope}" (scopes: ${apiKeyScopes.join(', ')})`);
  }
  return [...new Set(raw)] as ApiKeyScope[];
}

/** `1` or `2` (a number or its decimal text) as a SignatureVersion; anything else is an input error. */
export function parseSignatureVersion(raw: string | number): SignatureVersion {
  const version = typeof raw === 'number' ? raw : /^[0-9]$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(signatureVersions as readonly number[]).includes(version)) {
    throw new ApiKeyInputError(`signature version must be one of ${signatureVersions.join(', ')}, got "${raw}"`);
  }
  return version as SignatureVersion;
}

export async function createApiKey(
  sql: Queryable,
  box: SecretBox,
  input: {
    merchantId: string;
    mode: KeyMode;
    scopes: readonly string[];
    expiresAt?: Date | null;
    ipAllow?: readonly string[] | null;
    userId?: string | null;
    /** Default 1: the key also accepts the seed's scheme (docs/decisions/0030-signature-version-2.md). */
    signatureVersionMin?: SignatureVersion;
  },
): Promise<CreatedApiKey> {
  if (!(keyModes as readonly string[]).includes(input.mode)) throw new ApiKeyInputError(`mode must be sandbox or live, got "${input.mode}"`);
  const scopes = parseScopes(input.scopes);
  const signatureVersionMin = parseSignatureVersion(input.signatureVersionMin ?? 1);
  const ipAllow = input.ipAllow && input.ipAllow.length > 0 ? input.ipAllow.map((e) => e.trim()) : null;
  if (ipAllow) {
    try {
      parseIpAllowList(ipAllow);
    } catch (error) {
      throw new ApiKeyInputError((error as Error).message);
    }
  }
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new ApiKeyInputError('expires_at is not a valid date');
  const apiKey = `pk_${input.mode}_${randomBase62(keyRandomChars)}`;
  const apiSecret = `sk_${input.mode}_${randomBytes(secretRandomBytes).toString('base64url')}`;
  try {
    // One statement: the key is made only if the merchant is of the key's mode at that moment.
    const [row] = await sql<{ id: string }[]>`
      insert into api_keys (merchant_id, key, mode, secret_sealed, scopes, ip_allow, user_id, expires_at, signature_version_min)
      select ${input.merchantId}, ${apiKey}, ${input.mode}, ${box.seal(apiSecret)}, ${scopes}, ${ipAllow}, ${input.userId ?? null}, ${input.expiresAt ?? null}, ${signatureVersionMin}
      from merchants where id = ${input.merchantId} and mode = ${input.mode}
      returning id`;
    if (!row) {
      const [merchant] = await sql<{ mode: KeyMode }[]>`select mode from merchants where id = ${input.merchantId}`;
      throw new ApiKeyInputError(merchant
        ? `merchant ${input.merchantId} is a ${merchant.mode} merchant; its keys are ${merchant.mode} keys (a ${input.mode} key needs a ${input.mode} merchant)`
        : `no merchant ${input.merchantId}`);
    }
    return {
      id: (row as { id: string }).id,
      merchant_id: input.merchantId,
      api_key: apiKey,
      api_secret: apiSecret,
      mode: input.mode,
      scopes,
      ip_allow: ipAllow,
      user_id: input.userId ?? null,
      expires_at: input.expiresAt ?? null,
      signature_version_min: signatureVersionMin,
    };
  } catch (error) {
    if ((error as { code?: string }).code === '23503') {
      throw new ApiKeyInputError(input.userId ? `no user ${input.userId} in merchant ${input.merchantId}` : `no merchant ${input.merchantId}`);
    }
    throw error;
  }
}

/** Revokes by public key (`pk_...`) or key id; returns false when there is no such live key. */
export async function revokeApiKey(sql: Queryable, keyOrId: string): Promise<boolean> {
  const byId = /^[0-9a-f-]{36}$/i.test(keyOrId);
  const rows = byId
    ? await sql`update api_keys set revoked_at = now() where id = ${keyOrId} and revoked_at is null returning id`
    : await sql`update api_keys set revoked_at = now() where key = ${keyOrId} and revoked_at is null returning id`;
  return rows.length > 0;
}

/**
 * Sets the lowest signature version a key accepts, by public key (`pk_...`) or key id; returns
 * the key's id and public key, or null when there is no such key (revoked keys included: setting
 * it on a revoked key is harmless and lets an operator script run over every key). Running
 * instances see the change when their key cache entry expires (AUTH_CACHE_TTL_MS, default 1 s).
 */
export async function setSignatureVersionMin(sql: Queryable, keyOrId: string, version: SignatureVersion): Promise<{ id: string; key: string; signature_version_min: SignatureVersion } | null> {
  const checked = parseSignatureVersion(version);
  const byId = /^[0-9a-f-]{36}$/i.test(keyOrId);
  const rows = byId
    ? await sql<{ id: string; key: string; signature_version_min: SignatureVersion }[]>`
        update api_keys set signature_version_min = ${checked} where id = ${keyOrId} returning id, key, signature_version_min`
    : await sql<{ id: string; key: string; signature_version_min: SignatureVersion }[]>`
        update api_keys set signature_version_min = ${checked} where key = ${keyOrId} returning id, key, signature_version_min`;
  return rows[0] ?? null;
}

/** Everything authentication needs about a key, in one query. */
export type KeyForAuth = {
  id: string;
  key: string;
  mode: KeyMode;
  secret_sealed: Buffer;
  scopes: ApiKeyScope[];
  ip_allow: string[] | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  signature_version_min: SignatureVersion;
  merchant_id: string;
  merchant_name: string;
  merchant_status: MerchantStatus;
  /** The merchant's mode; a key whose own mode differs is refused (rows made before the modes were per account). */
  merchant_mode: KeyMode;
  user_id: string | null;
  user_role: UserRole | null;
  user_status: 'active' | 'disabled' | null;
};

export async function findKeyForAuth(sql: Queryable, apiKey: string): Promise<KeyForAuth | null> {
  const [row] = await sql<KeyForAuth[]>`
    select k.id, k.key, k.mode, k.secret_sealed, k.scopes, k.ip_allow, k.expires_at, k.revoked_at, k.signature_version_min,
           m.id as merchant_id, m.name as merchant_name, m.status as merchant_status, m.mode as merchant_mode,
           u.id as user_id, u.role as user_role, u.status as user_status
    from api_keys k
    join merchants m on m.id = k.merchant_id
    left join users u on u.merchant_id = k.merchant_id and u.id = k.user_id
    where k.key = ${apiKey}`;
  return row ?? null;
}
