// The public face of sub-merchants/: what other capabilities and shared code may use of it. Nothing
// imports into sub-merchants/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { findKycCaseOfSubMerchant, listKycCasesByStatus, settleKycReview, toKycCaseResource } from './kyc-cases.ts';
export type { KycLimits } from './kyc-tiers.ts';
export { assertOwnerMayBePaidOut, assertSubMerchantCanReceive, assertSubMerchantOfMerchant, findSubMerchantAnyMerchant, setSubMerchantStatus, subMerchantStatusReasonLengthMax, toSubMerchantResource } from './sub-merchants.ts';
