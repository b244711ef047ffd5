// The pure parts of sub-merchants and KYC: assigned country codes, the tiers' requirements and
// limits (defaults and KYC_TIER_* overrides), the sandbox provider's magic values, and their
// configuration errors.
import { currencies } from '@payagg/ledger';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { isAssignedCountryCode } from '../../src/sub-merchants/countries.ts';
import { defaultKycLimits, kycLimitsFromEnv, limitOf, limitsTierOf, requirementsOf } from '../../src/sub-merchants/kyc-tiers.ts';
import { outstandingFor, sandboxKycScenarios, sandboxKycScenarioFor } from '../../src/connectors/sandbox/kyc/scenarios.ts';

describe('country codes', () => {
  it('accepts exactly the 249 assigned ISO 3166-1 alpha-2 codes', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const assigned = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isAssignedCountryCode);
    expect(assigned).toHaveLength(249);
    expect(assigned).toEqual(expect.arrayContaining(['KE', 'NG', 'GH', 'ZA', 'SS', 'CI', 'CD', 'AQ', 'BQ']));
    for (const code of ['XK', 'EU', 'UK', 'ZZ', 'YU', 'AN', 'ke', 'K', 'KEN', '']) expect(isAssignedCountryCode(code), code).toBe(false);
  });
});

describe('KYC tiers', () => {
  it('tier_1 needs name and phone; tier_2 adds the identity document of the type and a proof of address', () => {
    expect(requirementsOf('tier_1', 'individual')).toEqual(['legal_name', 'phone_number']);
    expect(requirementsOf('tier_1', 'business')).toEqual(['legal_name', 'phone_number']);
    expect(requirementsOf('tier_2', 'individual')).toEqual(['legal_name', 'phone_number', 'government_id', 'proof_of_address']);
    expect(requirementsOf('tier_2', 'business')).toEqual(['legal_name', 'phone_number', 'business_registration', 'proof_of_address']);
  });

  it('has a default limit for every supported currency, in minor units by its exponent; tier_2 has no balance limit', () => {
    const limits = defaultKycLimits();
    for (const currency of currencies.keys()) {
      const t1 = limitOf(limits, 'tier_1', 'collectionMax', currency)!;
      expect(t1, currency).toBeGreaterThan(0n);
      expect(limitOf(limits, 'tier_1', 'balanceMax', currency), currency).toBe(t1 * 10n);
      expect(limitOf(limits, 'tier_2', 'collectionMax', currency), currency).toBe(t1 * 100n);
      expect(limitOf(limits, 'tier_2', 'balanceMax', currency), currency).toBeNull();
    }
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'NGN')).toBe(15_000_000n); // NGN 150,000.00
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'UGX')).toBe(370_000n); // no minor unit
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'KWD')).toBe(30_000n); // three decimals
  });

  it('tier_1 limits apply until the KYC is verified, the assigned tier\'s after', () => {
    expect(limitsTierOf({ kyc_tier: 'tier_2', kyc_status: 'pending' })).toBe('tier_1');
    expect(limitsTierOf({ kyc_tier: 'tier_2', kyc_status: 'needs_review' })).toBe('tier_1');
    expect(limitsTierOf({ kyc_tier: 'tier_2', kyc_status: 'rejected' })).toBe('tier_1');
    expect(limitsTierOf({ kyc_tier: 'tier_2', kyc_status: 'verified' })).toBe('tier_2');
    expect(limitsTierOf({ kyc_tier: 'tier_1', kyc_status: 'verified' })).toBe('tier_1');
  });

  it('KYC_TIER_* changes the listed currencies only; `none` lifts a limit', () => {
    const limits = kycLimitsFromEnv({ KYC_TIER_1_COLLECTION_MAX: ' NGN:5000000, KES:none ', KYC_TIER_2_BALANCE_MAX: 'USD:100000000' });
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'NGN')).toBe(5_000_000n);
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'KES')).toBeNull();
    expect(limitOf(limits, 'tier_1', 'collectionMax', 'GHS')).toBe(150_000n);
    expect(limitOf(limits, 'tier_2', 'balanceMax', 'USD')).toBe(100_000_000n);
    expect(limitOf(limits, 'tier_2', 'balanceMax', 'EUR')).toBeNull();
  });

  it('a malformed limit or an unsupported currency stops the start with the variable named', () => {
    for (const value of ['NGN', 'NGN:', 'NGN:-5', 'NGN:0', 'NGN:1.5', 'ngn:100', 'XXX:100', 'NGN:99999999999999999']) {
      expect(() => loadConfig({ KYC_TIER_1_BALANCE_MAX: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ KYC_TIER_1_BALANCE_MAX: value }), value).toThrow(/KYC_TIER_1_BALANCE_MAX/);
    }
  });

  it('SANDBOX_KYC_DELAY_MS defaults to 3 s and is bounded; SANDBOX_KYC_DOWN is a boolean', () => {
    expect(loadConfig({}).kyc.sandbox).toEqual({ decisionDelayMs: 3_000, down: false, magicValues: true });
    expect(loadConfig({ SANDBOX_KYC_DELAY_MS: '0', SANDBOX_KYC_DOWN: 'true' }).kyc.sandbox).toEqual({ decisionDelayMs: 0, down: true, magicValues: true });
    expect(() => loadConfig({ SANDBOX_KYC_DELAY_MS: '86400001' })).toThrow(/SANDBOX_KYC_DELAY_MS/);
    expect(() => loadConfig({ SANDBOX_KYC_DELAY_MS: 'soon' })).toThrow(/SANDBOX_KYC_DELAY_MS/);
    expect(() => loadConfig({ SANDBOX_KYC_DOWN: 'maybe' })).toThrow(/SANDBOX_KYC_DOWN/);
  });
});

describe('sandbox KYC magic values', () => {
  it('a display_name token chooses the scenario, case-insensitively, the first in precedence order winning', () => {
    expect(sandboxKycScenarioFor('Mama Njeri Groceries')).toBe('verified');
    expect(sandboxKycScenarioFor('x sandbox_kyc_rejected')).toBe('identity_not_verified');
    expect(sandboxKycScenarioFor('SANDBOX_KYC_SANCTIONS')).toBe('sanctions_match');
    expect(sandboxKycScenarioFor('Sandbox_Kyc_Needs_Review Ltd')).toBe('document_unreadable');
    expect(sandboxKycScenarioFor('sandbox_kyc_declined')).toBe('submission_declined');
    expect(sandboxKycScenarioFor('sandbox_kyc_needs_review sandbox_kyc_sanctions')).toBe('sanctions_match');
    expect(sandboxKycScenarioFor('sandbox_kyc')).toBe('verified');
  });

  it('names as outstanding the first requirement of the scenario that the case has', () => {
    const tier1 = requirementsOf('tier_1', 'business');
    const tier2 = requirementsOf('tier_2', 'business');
    expect(outstandingFor(sandboxKycScenarios.identity_not_verified, tier2)).toEqual(['business_registration']);
    expect(outstandingFor(sandboxKycScenarios.identity_not_verified, tier1)).toEqual(['legal_name']);
    expect(outstandingFor(sandboxKycScenarios.document_unreadable, tier1)).toEqual(['phone_number']);
    expect(outstandingFor(sandboxKycScenarios.verified, tier2)).toEqual([]);
  });
});
