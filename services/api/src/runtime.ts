// The domain runtime beside the HTTP app: the ledger (TigerBeetle when TB_ADDRESSES is set,
// else its PostgreSQL engine on the service's database), the rail connectors with their
// breakers, the idempotency store, and the background workers (rail outcomes, idempotency
// purge, completer). main.ts, the tests and the benches build it the same way.
import { createEngine, Ledger, PostgresEngine } from '@payagg/ledger';
import type { Config } from './config.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import { asynchronous_commit_session, createPool, openConnections, postgresTarget, type Sql } from './db/index.ts';
import { createGroupCommit, type GroupCommit } from './db/group-commit.ts';
import { completeAbandonedCollections } from './domain/collection-completer.ts';
import { applyCollectionOutcomes } from './domain/collections.ts';
import { applyRefundOutcome, voidPendingRefundReservations } from './domain/refunds.ts';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency/idempotency-store.ts';
import type { Logger } from './log.ts';
import { createRailOutcomeWorker, mapWithConcurrency } from './rails/outcome-worker.ts';
import { createRailRegistry, type RailRegistry } from './rails/registry.ts';
import type { RailOutcome } from './rails/types.ts';
import { createWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';

/** Connections of the ledger's own PostgreSQL pool (it runs its batches in its own transactions). */
export const ledger_pool_connections_max = 8;
/**
 * Connections of the rail outcome worker's own pool, and how many outcomes it settles at once
 * (one connection each; the claim and the delivered mark run between rounds). Its own pool means
 * a settlement backlog can never take the API's connections (before: up to 50 concurrent
 * settlements on the shared pool of DATABASE_POOL_MAX, and the API queued behind them). Four
 * overlap their round trips and commits enough to settle about 340 collections/s on the 2-core
 * bench machine (one at a time: 190/s) while the ledger's account locks keep them from
 * piling up (docs/collections.md, Throughput).
 */
export const outcome_worker_pool_connections_max = 4;
/**
 * Connections of the pool whose commits do not wait for the disk (db/index.ts
 * asynchronous_commit_session), for writes whose loss in a database crash is harmless: the
 * sandbox providers' own rows (they stand for an external system; a later synchronous commit
 * of ours flushes them anyway) and idempotency recovery points (idempotency-store.ts). Each
 * use is one short statement, so a few connections serve the whole request rate.
 *
 * Connections in all: DATABASE_POOL_MAX (10) + ledger 8 + worker 4 + this 4 + webhooks 4 = 30
 * per process (the webhook pool opens its connections as it needs them), well within PostgreSQL's default max_connections of 100 (the embedded cluster's default).
 */
export const asynchronous_commit_pool_connections_max = 4;
/**
 * Connections of the webhook worker's own pool (relay, sweep, claims and outcome records of the
 * endpoints served at once). Its statements are short and batched per endpoint round, so a few
 * serve thousands of deliveries a second, and a delivery backlog never takes the API's.
 */
export const webhook_worker_pool_connections_max = 4;
/**
 * How often expired idempotency records are purged, refund voids a crash left are finished, and
 * the collection completer (domain/collection-completer.ts) looks for abandoned runs.
 */
export const idempotency_purge_interval_ms = 60_000;

export type DomainRuntime = {
  ledger: Ledger;
  rails: RailRegistry;
  idempotency: IdempotencyStore;
  /** The request path's final commits, batched under load (db/group-commit.ts). */
  groupCommit: GroupCommit;
  /** The webhook relay, senders and sweep (src/webhooks/worker.ts); started with the other workers. */
  webhooks: WebhookWorker;
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
    : { engine: 'postgres', ...postgresTarget(input.databaseUrl), pool_connections_max: ledger_pool_connections_max });
  const ledger = new Ledger(engine);
  const asyncCommitSql = createPool(input.databaseUrl, asynchronous_commit_pool_connections_max, 'payagg-async-commit',
    asynchronous_commit_session);
  const workerSql = createPool(input.databaseUrl, outcome_worker_pool_connections_max, 'payagg-outcome-worker');
  // The pools made here open their connections now (openConnections): the sandbox rails run on
  // the asynchronous-commit pool inside the rail breaker's timeout, where a first request paying
  // for a new PostgreSQL backend could time out (a false outage) on a busy machine; the worker's
  // and the ledger's would otherwise open in the middle of the first settlements.
  await Promise.all([
    openConnections(asyncCommitSql, asynchronous_commit_pool_connections_max),
    openConnections(workerSql, outcome_worker_pool_connections_max),
    ...(engine instanceof PostgresEngine ? [openConnections(engine.sql, ledger_pool_connections_max)] : []),
  ]);
  // The sandbox providers write only their own simulated state: asynchronous commits.
  const rails = createRailRegistry({ sql: asyncCommitSql, config: config.rails, logger });
  const idempotency = createIdempotencyStore({
    sql, secretBox: input.secretBox, retentionHours: config.idempotencyRetentionHours, lockMs: config.idempotencyLockMs,
    recoveryPointSql: asyncCommitSql,
  });
  // The handlers run on the worker's pool (see outcome_worker_pool_connections_max); their
  // transactions (status, events) commit synchronously as everywhere else.
  const workerDeps = { sql: workerSql, ledger, rails };
  // A round's collection outcomes settle together (one transaction, one ledger batch); refund
  // outcomes, rarer, one at a time, a few at once.
  const batchHandler = async (outcomes: RailOutcome[]): Promise<(unknown | null)[]> => {
    const answers: (unknown | null)[] = outcomes.map(() => null);
    const collections = [...outcomes.keys()].filter((i) => outcomes[i]!.kind === 'collection');
    const refunds = [...outcomes.keys()].filter((i) => outcomes[i]!.kind !== 'collection');
    const settled = await applyCollectionOutcomes(workerDeps, collections.map((i) => outcomes[i]!));
    collections.forEach((i, k) => { answers[i] = settled[k]; });
    await mapWithConcurrency(refunds, outcome_worker_pool_connections_max, async (i) => {
      answers[i] = await applyRefundOutcome(workerDeps, outcomes[i]!).then(() => null, (error: unknown) => error ?? new Error('refund outcome failed'));
    });
    return answers;
  };
  const worker = createRailOutcomeWorker({
    sql: workerSql, batchHandler, pollIntervalMs: config.railOutcomePollMs,
    deliveryConcurrency: outcome_worker_pool_connections_max, logger,
  });
  const webhookSql = createPool(input.databaseUrl, webhook_worker_pool_connections_max, 'payagg-webhooks');
  const webhooks = createWebhookWorker({ sql: webhookSql, box: input.secretBox, config: config.webhooks, logger });
  let purgeTimer: NodeJS.Timeout | null = null;
  if (config.runWorkers) {
    worker.start();
    webhooks.start();
    purgeTimer = setInterval(() => {
      idempotency.purgeExpired().catch((error: Error) => logger.error('idempotency purge failed', { error: error.message }));
      completeAbandonedCollections({ ...workerDeps, idempotency, logger }).catch((error: Error) =>
        logger.error('collection completer pass failed', { error: error.message }));
      voidPendingRefundReservations(workerDeps).then(
        ({ voided, failed }) => {
          if (voided > 0) logger.warn('voided refund reservations a crash had left held', { voided });
          if (failed.length > 0) logger.error('could not void refund reservations; retrying next sweep', { refund_ids: failed });
        },
        (error: Error) => logger.error('refund reservation sweep failed', { error: error.message }),
      );
    }, idempotency_purge_interval_ms);
    purgeTimer.unref();
  }
  return {
    ledger,
    rails,
    idempotency,
    groupCommit: createGroupCommit(sql),
    webhooks,
    deliverRailOutcomes: () => worker.runOnce(),
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      await Promise.all([worker.stop(), webhooks.stop()]);
      rails.close();
      await engine.close();
      await Promise.all([workerSql.end({ timeout: 5 }), asyncCommitSql.end({ timeout: 5 }), webhookSql.end({ timeout: 5 })]);
    },
  };
}
