// The public face of accounts/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { ApiKeyInputError, apiKeyPattern, createApiKey, findKeyForAuth, keyModes, parseSignatureVersion, revokeApiKey, setSignatureVersionMin } from './api-keys.ts';
export type { KeyForAuth } from './api-keys.ts';
export { assertMerchantActive, findMerchant, insertMerchant, merchantNameLengthMax, setMerchantStatus } from './merchants.ts';
export { createOperatorKey, findOperator, findOperatorKeyForAuth, insertOperator, operatorKeyMatches, operatorKeyPattern, operatorNameLengthMax, revokeOperatorKey } from './operators.ts';
export { createPartnerKey, findPartner, findPartnerKeyForAuth, insertPartner, keyIdOf, partnerKeyMatches, partnerKeyPattern, partnerNameLengthMax, revokePartnerKey } from './partners.ts';
export type { PartnerKeyForAuth } from './partners.ts';
export { insertUser } from './users.ts';
