// What every operator command (src/cli.ts) shares: the command shape, option parsing, and the
// checks of its arguments. A command is parsed and checked before anything touches the database,
// so a usage error (exit 2) never half-runs one.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { SignatureVersion } from '../auth/signature.ts';
import type { KeyMode } from '../auth/principal.ts';
import type { ServiceMode } from '../config.ts';
import type { createSecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/index.ts';
import { keyModes, parseSignatureVersion } from '../accounts/index.ts';
import { uuidPattern } from '../ids.ts';

export class UsageError extends Error {
  name = 'UsageError';
}

export type Command = { needsKey: boolean; run(db: Database, box: ReturnType<typeof createSecretBox> | null): Promise<unknown> };

/** Builds a command from the arguments after its first two words (`action` is the second). */
export type CommandBuilder = (args: string[], serviceMode: ServiceMode, action: string) => Command;

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** node:util's parseArgs, strict, with its errors as usage errors. */
export function parseOptions(args: string[], options: OptionSpec): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function requireUuid(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  if (!uuidPattern.test(value)) throw new UsageError(`${what} must be a UUID, got "${value}"`);
  return value.toLowerCase();
}

/** Who runs an operator command, for the records it writes: --operator, else the OS user. */
export function operatorName(value: string | undefined): string {
  const name = (value ?? userInfo().username).trim();
  if (name === '' || name.length > 100) throw new UsageError('--operator must be 1 to 100 characters');
  return name;
}

export function optionalReason(value: string | undefined, lengthMax: number): string | null {
  if (value === undefined) return null;
  const reason = value.trim();
  if (reason === '') return null;
  if (reason.length > lengthMax || reason.includes('\u0000')) throw new UsageError(`--reason must be at most ${lengthMax} characters of text`);
  return reason;
}

export function splitList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The mode of an account (or key) to create: --mode, else the server's world (sandbox on a
 * development server, live on a production one). A production server has no sandbox
 * (docs/decisions/0440), so a sandbox account or key there is a usage error, not a dead key.
 */
export function requireMode(value: string | undefined, serviceMode: ServiceMode): KeyMode {
  const mode = value ?? (serviceMode === 'production' ? 'live' : 'sandbox');
  if (!(keyModes as readonly string[]).includes(mode)) throw new UsageError(`--mode must be sandbox or live, got "${mode}"`);
  if (serviceMode === 'production' && mode === 'sandbox') {
    throw new UsageError('PAYAGG_ENV=production has no sandbox: create live accounts and keys there (--mode live, the default), sandbox ones on a development server');
  }
  return mode as KeyMode;
}

export function requireSignatureVersion(value: string | undefined, what: string): SignatureVersion {
  if (value === undefined) return 1;
  try {
    return parseSignatureVersion(value);
  } catch {
    throw new UsageError(`${what} must be 1 or 2, got "${value}"`);
  }
}

export function parseDate(value: string | undefined, what: string): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new UsageError(`${what} must be an ISO 8601 date-time, got "${value}"`);
  return date;
}
