// Reading settings from the environment: one error type and the readers every settings module
// uses (config.ts, and a capability's own settings such as webhooks/settings.ts). A leaf, so a
// capability's settings module and config.ts, which composes them, import no cycle.

export class ConfigError extends Error {
  name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${raw}`);
  }
  return value;
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** A comma-separated list of 1 to 20 whole numbers of seconds (a retry schedule). */
export function readSchedule(env: Env, name: string, fallback: readonly number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length < 1 || parts.length > 20 || parts.some((part) => !/^\d{1,6}$/.test(part))) {
    throw new ConfigError(`${name} must be a comma-separated list of 1 to 20 whole numbers of seconds, got "${raw}"`);
  }
  return parts.map(Number);
}
