// The domain runtime beside the HTTP app: the ledger (TigerBeetle when TB_ADDRESSES is set,
// else its PostgreSQL engine on the service's database), the rail connectors with their
// breakers, the idempotency store, and the background workers (rail outcomes, idempotency
// purge). main.ts, the tests and the benches build it the same way.
import { createEngine, Ledger } from '@payagg/ledger';
import type { Config } from './config.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { Sql } from './db/index.ts';
import { applyCollectionOutcome } from './domain/collections.ts';
import { applyRefundOutcome } from './domain/refunds.ts';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency/idempotency-store.ts';
import type { Logger } from './log.ts';
import { createRailOutcomeWorker } from './rails/outcome-worker.ts';
import { createRailRegistry, type RailRegistry } from './rails/registry.ts';
import type { RailOutcome } from './rails/types.ts';

/** Connections of the ledger's own PostgreSQL pool (it runs its batches in its own transactions). */
export const ledger_pool_connections_max = 8;
/** How often expired idempotency records are purged. */
export const idempotency_purge_interval_ms = 60_000;

export type DomainRuntime = {
  ledger: Ledger;
  rails: RailRegistry;
  idempotency: IdempotencyStore;
  /** Delivers due rail outcomes now (tests drive the sandbox rails with it). */
  deliverRailOutcomes(): Promise<{ claimed: number; delivered: number; retried: number; abandoned: number }>;
  close(): Promise<void>;
};

export async function createDomainRuntime(input: {
  config: Config; sql: Sql; databaseUrl: string; secretBox: SecretBox; logger: Logger;
}): Promise<DomainRuntime> {
  const { config, sql, logger } = input;
  const engine = await createEngine(config.tigerBeetleAddresses
    ? { engine: 'tigerbeetle', addresses: config.tigerBeetleAddresses, cluster_id: config.tigerBeetleClusterId }
    : { engine: 'postgres', url: input.databaseUrl, pool_connections_max: ledger_pool_connections_max });
  const ledger = new Ledger(engine);
  const rails = createRailRegistry({ sql, config: config.rails, logger });
  const idempotency = createIdempotencyStore({
    sql, secretBox: input.secretBox, retentionHours: config.idempotencyRetentionHours, lockMs: config.idempotencyLockMs,
  });
  const deps = { sql, ledger, rails };
  const handler = async (outcome: RailOutcome) => {
    if (outcome.kind === 'collection') await applyCollectionOutcome(deps, outcome);
    else await applyRefundOutcome(deps, outcome);
  };
  const worker = createRailOutcomeWorker({ sql, handler, pollIntervalMs: config.railOutcomePollMs, logger });
  let purgeTimer: NodeJS.Timeout | null = null;
  if (config.runWorkers) {
    worker.start();
    purgeTimer = setInterval(() => {
      idempotency.purgeExpired().catch((error: Error) => logger.error('idempotency purge failed', { error: error.message }));
    }, idempotency_purge_interval_ms);
    purgeTimer.unref();
  }
  return {
    ledger,
    rails,
    idempotency,
    deliverRailOutcomes: () => worker.runOnce(),
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      await worker.stop();
      rails.close();
      await engine.close();
    },
  };
}
