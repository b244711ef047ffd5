// Configuration of the sandbox rails: how long the simulated provider takes, and which rails are
// forced down. Every duration is in milliseconds (suffix _ms / Ms).

import { allRails, isRail, type Rail } from '../../../rails/types.ts';

export interface SandboxRailsConfig {
  /** Delay between initiation and the final outcome for the ordinary scenarios. */
  outcomeDelayMs: number;
  /** Delay for the challenge scenarios (card 3-D Secure, bank authorization): the payer takes longer. */
  challengeOutcomeDelayMs: number;
  /** Delay for the `late` scenario: the provider confirms much later than usual. */
  lateOutcomeDelayMs: number;
  /** How long the synchronous initiation of the `slow` scenario takes (kept under the breaker timeout). */
  slowInitiationMs: number;
  /** Rails that answer every initiation with RailOutageError, whatever the input. */
  railsDown: readonly Rail[];
  /** Base of the action_url values (card challenge, bank authorization, QR code pages). */
  actionUrlBase: string;
  /**
   * Whether the magic values pick scenarios (docs/sandbox-rails.md). False on a production server
   * (config.ts): there every value is a plain value and takes the ordinary path.
   */
  magicValues: boolean;
}

export const sandboxOutcomeDelayMsDefault = 2_000;
export const sandboxChallengeOutcomeDelayMsDefault = 5_000;
export const sandboxLateOutcomeDelayMsDefault = 60_000;
export const sandboxSlowInitiationMsDefault = 1_500;
/** Upper bound for every sandbox delay: a sandbox that waits longer than a day is a typo. */
export const sandboxDelayMsMax = 86_400_000;
export const sandboxActionUrlBaseDefault = 'https://sandbox.payagg.test/rails';
/**
 * Where this service serves the sandbox providers' payer pages (./payer-pages.ts). The service's
 * configuration points SANDBOX_RAIL_ACTION_URL_BASE here unless it is set (src/config.ts).
 */
export const sandboxPayerPagesPath = '/sandbox/rails';

export const sandboxRailsConfigDefault: SandboxRailsConfig = {
  outcomeDelayMs: sandboxOutcomeDelayMsDefault,
  challengeOutcomeDelayMs: sandboxChallengeOutcomeDelayMsDefault,
  lateOutcomeDelayMs: sandboxLateOutcomeDelayMsDefault,
  slowInitiationMs: sandboxSlowInitiationMsDefault,
  railsDown: [],
  actionUrlBase: sandboxActionUrlBaseDefault,
  magicValues: true,
};

export function resolveSandboxRailsConfig(partial: Partial<SandboxRailsConfig> = {}): SandboxRailsConfig {
  const config: SandboxRailsConfig = { ...sandboxRailsConfigDefault, ...definedEntries(partial) };
  for (const key of ['outcomeDelayMs', 'challengeOutcomeDelayMs', 'lateOutcomeDelayMs', 'slowInitiationMs'] as const) {
    assertDelayMs(key, config[key]);
  }
  for (const rail of config.railsDown) {
    if (!isRail(rail)) throw new Error(`sandbox rails config: unknown rail in railsDown: ${String(rail)}`);
  }
  return { ...config, railsDown: [...config.railsDown], actionUrlBase: config.actionUrlBase.replace(/\/+$/, '') };
}

/**
 * Parses `SANDBOX_RAILS_DOWN` ("card,bank"; blank or unset means none). An unknown rail name is a
 * startup error rather than silently ignored: a typo would otherwise hide the simulated outage.
 */
export function parseRailsDown(value: string | undefined): Rail[] {
  if (value === undefined || value.trim() === '') return [];
  const rails: Rail[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!isRail(name)) {
      throw new Error(`SANDBOX_RAILS_DOWN: unknown rail "${name}" (known: ${allRails.join(', ')})`);
    }
    if (!rails.includes(name)) rails.push(name);
  }
  return rails;
}

/**
 * Reads the sandbox rails settings from the environment:
 * SANDBOX_RAILS_DOWN, SANDBOX_RAIL_OUTCOME_DELAY_MS, SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS,
 * SANDBOX_RAIL_LATE_OUTCOME_DELAY_MS, SANDBOX_RAIL_SLOW_INITIATION_MS, SANDBOX_RAIL_ACTION_URL_BASE.
 */
export function sandboxRailsConfigFromEnv(env: Record<string, string | undefined>): SandboxRailsConfig {
  return resolveSandboxRailsConfig({
    railsDown: parseRailsDown(env.SANDBOX_RAILS_DOWN),
    outcomeDelayMs: parseOptionalInteger(env, 'SANDBOX_RAIL_OUTCOME_DELAY_MS'),
    challengeOutcomeDelayMs: parseOptionalInteger(env, 'SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS'),
    lateOutcomeDelayMs: parseOptionalInteger(env, 'SANDBOX_RAIL_LATE_OUTCOME_DELAY_MS'),
    slowInitiationMs: parseOptionalInteger(env, 'SANDBOX_RAIL_SLOW_INITIATION_MS'),
    actionUrlBase: emptyToUndefined(env.SANDBOX_RAIL_ACTION_URL_BASE),
  });
}

/** Strict decimal integer parse for a setting; undefined when unset or blank. */
export function parseOptionalInteger(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = emptyToUndefined(env[name]);
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw new Error(`${name}: expected a non-negative integer, got "${raw}"`);
  return Number(raw);
}

function emptyToUndefined(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function assertDelayMs(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > sandboxDelayMsMax) {
    throw new Error(`sandbox rails config: ${name} must be an integer from 0 to ${sandboxDelayMsMax}, got ${value}`);
  }
}

/** Drops undefined values so that `{ a: undefined }` does not override a default. */
export function definedEntries<T extends object>(partial: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<T>;
}
