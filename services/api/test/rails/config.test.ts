// Sandbox rails and breaker settings: defaults, environment parsing, and refusal of bad values.

import { describe, expect, it } from 'vitest';
import {
  railBreakerConfigDefault,
  sandboxRailsConfigDefault,
  newProviderReference,
  newUssdCode,
  parseRailsDown,
  railRegistryConfigFromEnv,
  resolveRailBreakerConfig,
  resolveSandboxRailsConfig,
  sandboxRailsConfigFromEnv,
} from '../../src/rails/index.ts';

describe('sandbox rails config', () => {
  it('defaults: 2 s outcome, 5 s challenge, 60 s late, 1.5 s slow initiation, nothing down', () => {
    expect(resolveSandboxRailsConfig()).toEqual(sandboxRailsConfigDefault);
    expect(sandboxRailsConfigDefault).toMatchObject({
      outcomeDelayMs: 2_000,
      challengeOutcomeDelayMs: 5_000,
      lateOutcomeDelayMs: 60_000,
      slowInitiationMs: 1_500,
      railsDown: [],
    });
    // The slow scenario must still succeed under the default breaker timeout.
    expect(sandboxRailsConfigDefault.slowInitiationMs).toBeLessThan(railBreakerConfigDefault.timeoutMs);
  });

  it('parses SANDBOX_RAILS_DOWN: trims, drops blanks and duplicates, refuses unknown rails', () => {
    expect(parseRailsDown(undefined)).toEqual([]);
    expect(parseRailsDown('  ')).toEqual([]);
    expect(parseRailsDown(' card , bank,,card ')).toEqual(['card', 'bank']);
    expect(() => parseRailsDown('card,Card')).toThrow(/unknown rail "Card"/);
  });

  it('reads every setting from the environment', () => {
    const config = sandboxRailsConfigFromEnv({
      SANDBOX_RAILS_DOWN: 'qr',
      SANDBOX_RAIL_OUTCOME_DELAY_MS: '10',
      SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS: '20',
      SANDBOX_RAIL_LATE_OUTCOME_DELAY_MS: '30',
      SANDBOX_RAIL_SLOW_INITIATION_MS: '40',
      SANDBOX_RAIL_ACTION_URL_BASE: 'https://pay.example.test/sandbox/',
    });
    expect(config).toEqual({
      railsDown: ['qr'],
      outcomeDelayMs: 10,
      challengeOutcomeDelayMs: 20,
      lateOutcomeDelayMs: 30,
      slowInitiationMs: 40,
      actionUrlBase: 'https://pay.example.test/sandbox',
      magicValues: true,
    });
    const registry = railRegistryConfigFromEnv({
      RAIL_BREAKER_ERROR_THRESHOLD_PERCENTAGE: '25',
      RAIL_BREAKER_VOLUME_THRESHOLD: '10',
      RAIL_BREAKER_RESET_TIMEOUT_MS: '1000',
      RAIL_BREAKER_TIMEOUT_MS: '3000',
      RAIL_BREAKER_ROLLING_WINDOW_MS: '20000',
    });
    expect(registry.breaker).toEqual({
      errorThresholdPercentage: 25,
      volumeThreshold: 10,
      resetTimeoutMs: 1_000,
      timeoutMs: 3_000,
      rollingWindowMs: 20_000,
    });
  });

  it('refuses negative, fractional, oversized and non-numeric values', () => {
    expect(() => resolveSandboxRailsConfig({ outcomeDelayMs: -1 })).toThrow(/outcomeDelayMs/);
    expect(() => resolveSandboxRailsConfig({ slowInitiationMs: 1.5 })).toThrow(/slowInitiationMs/);
    expect(() => resolveSandboxRailsConfig({ lateOutcomeDelayMs: 86_400_001 })).toThrow(/lateOutcomeDelayMs/);
    expect(() => sandboxRailsConfigFromEnv({ SANDBOX_RAIL_OUTCOME_DELAY_MS: '2s' })).toThrow(/SANDBOX_RAIL_OUTCOME_DELAY_MS/);
    expect(() => sandboxRailsConfigFromEnv({ SANDBOX_RAIL_OUTCOME_DELAY_MS: '-5' })).toThrow(/SANDBOX_RAIL_OUTCOME_DELAY_MS/);
    expect(() => resolveRailBreakerConfig({ rollingWindowMs: 10_005 })).toThrow(/multiple of 10/);
    expect(() => resolveRailBreakerConfig({ timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('reference formats', () => {
  it('provider references name their rail and mark refunds', () => {
    expect(newProviderReference('mobile_money', 'collection')).toMatch(/^MM-[0-9A-HJKMNP-TV-Z]{24}$/);
    expect(newProviderReference('card', 'refund')).toMatch(/^CARD-RF-[0-9A-HJKMNP-TV-Z]{24}$/);
    const references = new Set(Array.from({ length: 1_000 }, () => newProviderReference('qr', 'collection')));
    expect(references.size).toBe(1_000);
  });

  it('USSD codes: *384*NNNNNN# for the mobile-money fallback, *737*NNNNNN# for the USSD rail', () => {
    for (let sample = 0; sample < 50; sample += 1) {
      expect(newUssdCode('mobile_money')).toMatch(/^\*384\*\d{6}#$/);
      expect(newUssdCode('ussd')).toMatch(/^\*737\*\d{6}#$/);
    }
  });
});
