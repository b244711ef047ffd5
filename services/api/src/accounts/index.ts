// The public face of accounts/: what other capabilities and shared code may use of it. Nothing
// imports into accounts/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { ApiKeyInputError, apiKeyPattern, createApiKey, findKeyForAuth, keyModes, parseSignatureVersion, revokeApiKey, setSignatureVersionMin } from './api-keys.ts';
export type { KeyForAuth } from './api-keys.ts';
export { assertMerchantActive, findMerchant, insertMerchant, merchantNameLengthMax, setMerchantStatus } from './merchants.ts';
export { createOperatorKey, findOperator, findOperatorKeyForAuth, insertOperator, operatorKeyMatches, operatorKeyPattern, operatorNameLengthMax, revokeOperatorKey } from './operators.ts';
export { createPartnerKey, findPartner, findPartnerKeyForAuth, insertPartner, keyIdOf, partnerKeyMatches, partnerKeyPattern, partnerNameLengthMax, revokePartnerKey } from './partners.ts';
export type { PartnerKeyForAuth } from './partners.ts';
export { insertUser } from './users.ts';
