// What every flow may use: the pool and the batched commit (db/write.ts), the ledger, the rail
// connectors, the idempotency store, the KYC provider, config, the logger and the app clock. Route handlers pass
// their RouteContext, which is this and the HTTP-only parts.
import type { Config } from './config.ts';
import type { CollectionsDeps } from './collections/collections.ts';
import type { Merchant } from './accounts/merchants.ts';
import type { IdempotencyStore } from './idempotency/idempotency-store.ts';
import type { KycRegistry } from './kyc/registry.ts';
import type { Logger } from './log.ts';
import type { PayoutsRuntime } from './payouts/payout-processing.ts';

export type FlowDeps = CollectionsDeps & {
  idempotency: IdempotencyStore;
  /** The KYC provider sub-merchants' cases go to (kyc/registry.ts). */
  kyc: KycRegistry;
  /** Payout rails, destination vault, retry schedule (payouts/payout-processing.ts). */
  payouts: PayoutsRuntime;
  config: Config;
  logger: Logger;
  /** Milliseconds since the epoch (the app clock: tests may pin it). */
  now: () => number;
};

/** The merchant a flow acts for, as authentication found it. */
export type ActingMerchant = Pick<Merchant, 'id' | 'status'>;
