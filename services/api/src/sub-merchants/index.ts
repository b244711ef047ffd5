// The public face of sub-merchants/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { findKycCaseOfSubMerchant, listKycCasesByStatus, settleKycReview, toKycCaseResource } from './kyc-cases.ts';
export type { KycLimits } from './kyc-tiers.ts';
export { assertOwnerMayBePaidOut, assertSubMerchantCanReceive, assertSubMerchantOfMerchant, findSubMerchantAnyMerchant, setSubMerchantStatus, subMerchantStatusReasonLengthMax, toSubMerchantResource } from './sub-merchants.ts';
