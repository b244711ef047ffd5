// The KYC provider contract: what the sub-merchants flow sees of an identity-verification
// provider (Smile ID, Onfido, Sumsub, Youverify...). A connector is where a real provider's
// integration plugs in; the sandbox connector (./sandbox/) implements the same contract against
// PostgreSQL so the whole lifecycle runs end to end without one.
//
// The shape is the providers': a submission answered at once with the provider's reference (the
// provider then collects documents and checks the person or business on its side), and a
// decision that arrives LATER, asynchronously (the provider's webhook). Nothing here waits for a
// decision, and nothing calls a provider inside a database transaction.

export const kycTiers = ['tier_1', 'tier_2'] as const;
export type KycTier = (typeof kycTiers)[number];

export const kycStatuses = ['pending', 'verified', 'rejected', 'needs_review'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** The three answers a provider can give a case (seed: KycStatus minus `pending`). */
export const kycDecisions = ['verified', 'rejected', 'needs_review'] as const;
export type KycDecisionStatus = (typeof kycDecisions)[number];

/** Something a tier requires the provider to verify (spec: KycRequirement). */
export const kycRequirements = ['legal_name', 'phone_number', 'government_id', 'business_registration', 'proof_of_address'] as const;
export type KycRequirement = (typeof kycRequirements)[number];

export type SubMerchantType = 'individual' | 'business';

export interface KycSubmission {
  /**
   * Our case id (uuid): the idempotency key towards the provider. Submitting again with the same
   * caseId (and the same request) returns the original answer and schedules nothing new, so the
   * submitting job may retry after a crash or an outage without opening a second check.
   */
  caseId: string;
  merchantId: string;
  subMerchantId: string;
  tier: KycTier;
  type: SubMerchantType;
  /** ISO 3166-1 alpha-2. */
  country: string;
  displayName: string;
  contact: { phone?: string | null; email?: string | null } | null;
  /** What the tier requires for this type (sub-merchants/kyc-tiers.ts). */
  requirements: readonly KycRequirement[];
}

/** The provider's synchronous answer: it accepted the case. Never the decision. */
export interface KycSubmissionReceipt {
  providerReference: string;
}

/** The provider's asynchronous decision on one case, as delivered to the decision handler. */
export interface KycDecision {
  caseId: string;
  providerReference: string;
  status: KycDecisionStatus;
  /** Why (a reason code and an explanation) for rejected and needs_review; null for verified. */
  reason: string | null;
  /** What the provider could not verify; empty when verified. */
  requirementsOutstanding: KycRequirement[];
}

export interface KycConnector {
  /** The provider's name, stored on each case (`sandbox`). */
  readonly provider: string;
  /**
   * Submits a case. Throws KycProviderOutageError when the provider is down or does not answer
   * (the submitting job retries later), KycSubmissionDeclinedError when the provider refuses the
   * request itself (it will never accept it: the case goes to review).
   */
  submitCase(submission: KycSubmission): Promise<KycSubmissionReceipt>;
}

/** Supplied by the domain (kyc-cases.ts applyProviderDecision). Idempotent: a decision may arrive twice. */
export type KycDecisionHandler = (decision: KycDecision) => Promise<void>;

/** The provider is down or did not answer in time: nothing was accepted; retry later with the same caseId. */
export class KycProviderOutageError extends Error {
  readonly provider: string;

  constructor(provider: string, cause: 'provider_down' | 'timeout', options?: ErrorOptions) {
    super(`KYC provider ${provider} is unavailable (${cause})`, options);
    this.name = 'KycProviderOutageError';
    this.provider = provider;
  }
}

/** The provider refused the submission as invalid (or a reuse of a caseId with another request). */
export class KycSubmissionDeclinedError extends Error {
  readonly provider: string;
  readonly reason: string;

  constructor(provider: string, reason: string, options?: ErrorOptions) {
    super(`KYC provider ${provider} declined the submission: ${reason}`, options);
    this.name = 'KycSubmissionDeclinedError';
    this.provider = provider;
    this.reason = reason;
  }
}
