// Entry point of @payagg/contract. merchant.ts, partner.ts and ops.ts are GENERATED from spec/ (never
// edit them); this file only names what they export.
import type { components } from './merchant.ts';

export type { paths, components, operations, webhooks } from './merchant.ts';
export type {
  paths as MerchantPaths,
  components as MerchantComponents,
  operations as MerchantOperations,
} from './merchant.ts';
export type {
  paths as PartnerPaths,
  components as PartnerComponents,
  operations as PartnerOperations,
} from './partner.ts';
export type {
  paths as OpsPaths,
  components as OpsComponents,
  operations as OpsOperations,
} from './ops.ts';

/** Every `error.code` the API documents. Clients branch on status and this, never on message. */
export type ApiErrorCode = components['schemas']['ErrorCode'];

/** A schema of the merchant API by name, e.g. `Schema<'Transaction'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** A schema of the partner wallet API by name, e.g. `PartnerSchema<'PartnerWallet'>`. */
export type PartnerSchema<Name extends keyof import('./partner.ts').components['schemas']> = import('./partner.ts').components['schemas'][Name];

/** A schema of the operators' API by name, e.g. `OpsSchema<'ReconciliationRun'>`. */
export type OpsSchema<Name extends keyof import('./ops.ts').components['schemas']> = import('./ops.ts').components['schemas'][Name];
