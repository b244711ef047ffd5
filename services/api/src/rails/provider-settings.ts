// What every real provider's settings reader shares (connectors/mpesa, connectors/mtn-momo,
// connectors/paystack; decisions 0669, 0773): a provider is off when none of its settings is set,
// on when all of its required ones are, and the server refuses to start in between, naming what is
// missing and never a value (credentials are among them). "Its settings" are every variable it
// reads, optional ones included: an optional one set alone (MPESA_PARTY_B, MTN_MOMO_CALLBACK_URL_BASE,
// PAYSTACK_TIMEOUT_MS) says the operator meant the provider on, so it is half-configured too.
import { ConfigError, type Env } from '../config-readers.ts';

export type ProviderEnvSpec<Key extends string> = {
  /** The provider as the error names it: `M-Pesa`. */
  label: string;
  /** Its variables' prefix, for the error: `MPESA_`. */
  prefix: string;
  /** Each required setting's field and variable. */
  required: Readonly<Record<Key, string>>;
  /** The variables it reads beside them. */
  optional: readonly string[];
};

/**
 * The provider's required settings (trimmed), or null when none of its variables is set. Some set
 * but not every required one: a ConfigError naming the missing ones and those that were set.
 */
export function readProviderEnv<Key extends string>(env: Env, spec: ProviderEnvSpec<Key>): Record<Key, string> | null {
  const value = (name: string) => env[name]?.trim() ?? '';
  const entries = Object.entries(spec.required) as [Key, string][];
  const missing = entries.filter(([, name]) => value(name) === '').map(([, name]) => name);
  const given = [...entries.map(([, name]) => name), ...spec.optional].filter((name) => value(name) !== '');
  if (given.length === 0) return null;
  if (missing.length > 0) {
    throw new ConfigError(`${spec.label} is half-configured: set ${missing.join(', ')} (or none of ${spec.prefix}*): ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ${missing[0]} is not`);
  }
  return Object.fromEntries(entries.map(([key, name]) => [key, value(name)])) as Record<Key, string>;
}

/** An optional whole number (a timeout, a count of digits): `fallback` when unset, else an integer from `min` to `max`. */
export function optionalWholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  const parsed = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return parsed;
}

/** A base URL as providers' paths are appended to it: without its trailing slashes. */
export function baseUrlOf(url: string): string {
  return url.replace(/\/+$/, '');
}
