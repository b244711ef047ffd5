// Magic values: which sub-merchant makes the sandbox KYC provider verify, reject, send to review
// or refuse the submission. docs/sub-merchants.md has the same table; keep both in step
// (test/sub-merchants/kyc.test.ts exercises every row through the API).
//
// The value is a token anywhere in `display_name`, compared case-insensitively, so a test can
// keep readable names ("Mama Njeri Groceries sandbox_kyc_rejected"). The first token in the
// order below wins; a name with none is verified.

import type { KycDecisionStatus, KycRequirement } from '../../../kyc/types.ts';

export const sandboxKycScenarioNames = ['verified', 'submission_declined', 'sanctions_match', 'identity_not_verified', 'document_unreadable'] as const;
export type SandboxKycScenarioName = (typeof sandboxKycScenarioNames)[number];

export type SandboxKycScenario = {
  /** The provider refuses the submission at once (KycSubmissionDeclinedError): nothing is scheduled. */
  declinesSubmission: boolean;
  decision: KycDecisionStatus;
  /** Reason code and explanation, as the provider reports it; null when verified. */
  reason: string | null;
  /**
   * What the provider could not verify: the first of these the case requires (a tier_1 case has
   * no identity document to blame, so its phone or name is named instead).
   */
  outstanding: readonly KycRequirement[];
};

export const sandboxKycScenarios: Readonly<Record<SandboxKycScenarioName, SandboxKycScenario>> = {
  verified: { declinesSubmission: false, decision: 'verified', reason: null, outstanding: [] },
  submission_declined: {
    declinesSubmission: true, decision: 'needs_review', reason: 'submission_declined: the provider refused the submission', outstanding: [],
  },
  sanctions_match: {
    declinesSubmission: false, decision: 'rejected',
    reason: 'sanctions_screening_match: the name matches an entry of a sanctions list', outstanding: ['legal_name'],
  },
  identity_not_verified: {
    declinesSubmission: false, decision: 'rejected',
    reason: 'identity_not_verified: the name does not match the identity document or the registry',
    outstanding: ['government_id', 'business_registration', 'legal_name'],
  },
  document_unreadable: {
    declinesSubmission: false, decision: 'needs_review',
    reason: 'document_unreadable: a document could not be read automatically; a reviewer must look at it',
    outstanding: ['government_id', 'business_registration', 'proof_of_address', 'phone_number'],
  },
};

/** display_name tokens, in precedence order. */
export const sandboxKycDisplayNameTokens: ReadonlyArray<readonly [token: string, scenario: SandboxKycScenarioName]> = [
  ['sandbox_kyc_declined', 'submission_declined'],
  ['sandbox_kyc_sanctions', 'sanctions_match'],
  ['sandbox_kyc_rejected', 'identity_not_verified'],
  ['sandbox_kyc_needs_review', 'document_unreadable'],
];

export function sandboxKycScenarioFor(displayName: string, magicValues = true): SandboxKycScenarioName {
  // Without magic values (a production server) every name is a plain one.
  if (!magicValues) return 'verified';
  const name = displayName.toLowerCase();
  for (const [token, scenario] of sandboxKycDisplayNameTokens) {
    if (name.includes(token)) return scenario;
  }
  return 'verified';
}

/** The requirements a scenario leaves outstanding on a case that requires `requirements`. */
export function outstandingFor(scenario: SandboxKycScenario, requirements: readonly KycRequirement[]): KycRequirement[] {
  if (scenario.decision === 'verified') return [];
  const named = scenario.outstanding.find((requirement) => requirements.includes(requirement));
  return named === undefined ? [] : [named];
}
