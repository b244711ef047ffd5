// A short-lived in-process cache of API key rows (and their opened secrets), so a busy key does not
// cost a database round trip and an AES-GCM open on every request. Entries live AUTH_CACHE_TTL_MS
// (default 1 s): a revocation, expiry change, user disable, merchant status change or signature
// version requirement (`payagg keys set-signature-version`) made anywhere (CLI, another instance)
// is seen by every instance within that time. Expiry itself is compared
// with the clock on every request, so an expired key is refused on time. Unknown keys are not cached.
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Queryable } from '../db/index.ts';
import { findKeyForAuth, type KeyForAuth } from '../accounts/index.ts';
import { type IpAllowList, parseIpAllowList } from './ip-allow.ts';

// Bounds memory; when full, the oldest entry is dropped.
export const keyCacheEntriesMax = 10_000;

export type AuthKey = KeyForAuth & { secret: string; ipAllowList: IpAllowList | null };

export type KeyLookup = (apiKey: string, nowMs: number) => Promise<AuthKey | null>;

export function createKeyLookup(sql: Queryable, box: SecretBox, ttlMs: number): KeyLookup {
  const load = async (apiKey: string): Promise<AuthKey | null> => {
    const row = await findKeyForAuth(sql, apiKey);
    return row ? { ...row, secret: box.open(row.secret_sealed), ipAllowList: row.ip_allow ? parseIpAllowList(row.ip_allow) : null } : null;
  };
  if (ttlMs <= 0) return (apiKey) => load(apiKey);
  const entries = new Map<string, { key: AuthKey; loadedMs: number }>();
  return async (apiKey, nowMs) => {
    const hit = entries.get(apiKey);
    if (hit && nowMs - hit.loadedMs < ttlMs) return hit.key;
    const key = await load(apiKey);
    entries.delete(apiKey);
    if (!key) return null;
    if (entries.size >= keyCacheEntriesMax) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(apiKey, { key, loadedMs: nowMs });
    return key;
  };
}
