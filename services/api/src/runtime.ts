// The domain runtime beside the HTTP app: the ledger (TigerBeetle when TB_ADDRESSES is set,
// else its PostgreSQL engine on the service's database), the rail connectors with their
// breakers, the idempotency store, the provider outcome ingress, and the background work (the job
// runner, jobs/). main.ts, worker.ts, the tests and the
// benches build it the same way.
//
// Connections, by pool (config.ts connectionsPerProcess; README "Connections"): the request pool
// (`sql`, DATABASE_POOL_MAX, made by the caller), the ledger's (LEDGER_POOL_MAX), the
// asynchronous-commit pool (ASYNC_COMMIT_POOL_MAX), and where background work runs the worker
// pool (WORKER_POOL_MAX), the job queue's (JOB_QUEUE_POOL_MAX), and the webhook worker's
// (WEBHOOK_POOL_MAX, plus its job runner's 2).
import { createEngine, Ledger, PostgresEngine, type LedgerEngine } from '@payagg/ledger';
import type { Config } from './config.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import { asynchronousCommitSession, createPool, openConnections, postgresTarget, type Sql } from './db/index.ts';
import { createGroupCommit, type GroupCommit } from './db/group-commit.ts';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency/idempotency-store.ts';
import { createKycRegistry, type KycRegistry } from './kyc/registry.ts';
import type { JobDeps } from './jobs/job.ts';
import { enqueueJob } from './jobs/queue.ts';
import { type JobRunner, startJobRunner } from './jobs/runner.ts';
import type { Logger } from './log.ts';
import { createProviderOutcomeIngress } from './provider-outcomes/ingress.ts';
import { deliverRailOutcomesNow, type RailOutcomesRound } from './provider-outcomes/run-now.ts';
import { createRailRegistry, type RailRegistry } from './rails/registry.ts';
import { createWebhookWorker, type WebhookWorker } from './webhooks/worker.ts';
import { createDestinationVault } from './crypto/destination-vault.ts';
import type { PayoutsRuntime } from './payouts/payout-processing.ts';
import { createPayoutRailRegistry } from './payout-rails/registry.ts';
import { partnerWithdrawalsOnPayoutRails } from './partner-wallets/partner-withdrawals.ts';
import { sandboxDeliveryJobKeyPrefix, sandboxOutcomeWindowMs } from './connectors/sandbox/payout-rails/deliver-due-outcomes-job.ts';
import { describeLedgerEngine } from './ledger-engine.ts';
import { observeLedgerEngine } from './metrics/ledger-calls.ts';
import type { ReadinessPool } from './http/readiness.ts';
import type { ProviderCallbackHandler, ProviderOutcomeIngress } from './provider-outcomes/types.ts';
import { type ProviderConnectors, providerConnectorsFromEnv } from './provider-routing/provider-catalog.ts';
import type { ReconReportSources } from './reconciliation/settlement-pulls.ts';

/**
 * /readyz asks the ledger through its pool on PostgreSQL and, on TigerBeetle, with a lookup of this
 * account (any id: found or not, an answer needs the cluster's quorum).
 */
const readinessProbeAccountId = 1n;

/**
 * Application names of the runtime's pools (pg_stat_activity shows whose a connection is). The
 * ledger's engine keeps postgres.js's default name; the job queue's is jobs/schema.ts jobQueuePoolName.
 */
export const asyncCommitPoolName = 'payagg-async-commit';
export const workerPoolName = 'payagg-worker';
export const webhookPoolName = 'payagg-webhooks';

export type DomainRuntime = {
  ledger: Ledger;
  rails: RailRegistry;
  idempotency: IdempotencyStore;
  /** The KYC provider: the sandbox by default (SANDBOX_KYC_*: docs/sub-merchants.md). */
  kyc: KycRegistry;
  /** Payout rails (sandbox by default: SANDBOX_PAYOUT_*), the destination vault, the retry schedule. */
  payouts: PayoutsRuntime;
  /** Where every provider outcome enters (a provider's callback handler; the sandbox's jobs; status polls): provider-outcomes/. */
  providerOutcomes: ProviderOutcomeIngress;
  /** The real providers' callback handlers (POST /provider-callbacks/<provider>/...). */
  providerCallbackHandlers: readonly ProviderCallbackHandler[];
  /** The configured providers' report APIs reconciliation pulls from (reconciliation/settlement-pulls.ts). */
  reconReportSources: ReconReportSources;
  /** The request path's final commits, batched under load (db/group-commit.ts). */
  groupCommit: GroupCommit;
  /** What the job tasks run with (tests run a task's pass with it). */
  jobDeps: JobDeps;
  /** The job runner, when this process runs background work (RUN_WORKERS). */
  jobRunner: JobRunner | null;
  /** The webhook relay and its job runner (webhooks/worker.ts); started with the background work. */
  webhooks: WebhookWorker;
  /** The pools the request path uses beside the caller's `sql` (GET /readyz probes each: http/readiness.ts). */
  requestPools: ReadinessPool[];
  /** Delivers due sandbox rail outcomes now and applies them (tests drive the sandbox rails with it). */
  deliverRailOutcomes(): Promise<RailOutcomesRound>;
  close(): Promise<void>;
};

/** The ledger on its engine (TigerBeetle when TB_ADDRESSES is set, else PostgreSQL); `engine` stays bare. */
async function openLedger(config: Config, databaseUrl: string, logger: Logger): Promise<{ engine: LedgerEngine; ledger: Ledger }> {
  const engine = await createEngine(config.tigerBeetleAddresses
    ? { engine: 'tigerbeetle', addresses: config.tigerBeetleAddresses, clusterId: config.tigerBeetleClusterId, requestTimeoutMs: config.tigerBeetleRequestTimeoutMs }
          // No DDL at start: the ledger's tables are a migration step (db/schema-steps.ts, decision 0512).
    : { engine: 'postgres', ...postgresTarget(databaseUrl), poolConnectionsMax: config.ledgerPoolMax, migrate: false });
  const ledger = new Ledger(observeLedgerEngine(engine)); // calls observed (metrics/ledger-calls.ts); `engine` stays bare
  logger.info('ledger engine', describeLedgerEngine(config, databaseUrl));
  return { engine, ledger };
}

/** The asynchronous-commit pool and the background work's, their connections open. */
async function openPools(config: Config, databaseUrl: string, engine: LedgerEngine): Promise<{ asyncCommitSql: Sql; workerSql: Sql }> {
  const asyncCommitSql = createPool(databaseUrl, config.asyncCommitPoolMax, asyncCommitPoolName, asynchronousCommitSession);
  // The background work's own pool: a settlement backlog can never take the API's connections
  // (before it had one: up to 50 concurrent settlements on the request pool, and the API queued
  // behind them). Four connections overlap round trips and commits enough to settle about 340
  // collections/s on the 2-core bench machine (one: 190/s) while the ledger's account locks
  // keep them from piling up (docs/collections.md, Throughput). postgres.js opens connections
  // on first use: a process that runs no background work opens none of it (tests that call
  // deliverRailOutcomes open them then).
  const workerSql = createPool(databaseUrl, config.workerPoolMax, workerPoolName);
  // The pools made here open their connections now (openConnections): the sandbox rails run on
  // the asynchronous-commit pool inside the rail breaker's timeout, where a first request paying
  // for a new PostgreSQL backend could time out (a false outage) on a busy machine; the worker's
  // and the ledger's would otherwise open in the middle of the first settlements.
  await Promise.all([
    openConnections(asyncCommitSql, config.asyncCommitPoolMax),
    ...(config.runWorkers ? [openConnections(workerSql, config.workerPoolMax)] : []),
    ...(engine instanceof PostgresEngine ? [openConnections(engine.sql, config.ledgerPoolMax)] : []),
  ]);
  return { asyncCommitSql, workerSql };
}

/**
 * The sandbox KYC provider is only called from jobs (kyc.submit_case), so it keeps its record
 * of each submission on the background pool, committed synchronously: the record and the job
 * that delivers its decision commit together, and neither may be lost once a case is marked
 * submitted.
 */
function createKyc(config: Config, workerSql: Sql): KycRegistry {
  return createKycRegistry({
    sql: workerSql,
    sandbox: config.kyc.sandbox,
    scheduleDecisionDelivery: async (q, delivery) => {
      await enqueueJob(q, 'kyc.sandbox_deliver_decision', { caseId: delivery.caseId },
        { runAt: delivery.runAt, jobKey: `kyc.sandbox_deliver_decision:${delivery.caseId}` });
    },
  });
}

/** Starts the job runner and the webhook worker (RUN_WORKERS); when either fails, stops both, releases the rest and throws. */
async function startBackgroundWork(input: {
  config: Config; databaseUrl: string; jobDeps: JobDeps; webhooks: WebhookWorker; logger: Logger; release(): Promise<void>;
}): Promise<JobRunner | null> {
  const { config } = input;
  if (!config.runWorkers) return null;
  let jobRunner: JobRunner | null = null;
  try {
    jobRunner = await startJobRunner({
      databaseUrl: input.databaseUrl, deps: input.jobDeps, concurrency: config.jobConcurrency,
      poolConnectionsMax: config.jobQueuePoolMax, pollIntervalMs: config.jobPollIntervalMs, logger: input.logger,
    });
    await input.webhooks.start();
    return jobRunner;
  } catch (error) {
    await jobRunner?.stop();
    await input.webhooks.stop();
    await input.release();
    throw error;
  }
}

export async function createDomainRuntime(input: {
  config: Config; sql: Sql; databaseUrl: string; secretBox: SecretBox; logger: Logger;
  /** The real providers (default: those configured in the environment: provider-routing/provider-catalog.ts). */
  providers?: ProviderConnectors;
}): Promise<DomainRuntime> {
  const { config, sql, logger, databaseUrl } = input;
  const providers = input.providers ?? providerConnectorsFromEnv(process.env, { sql });
  const { engine, ledger } = await openLedger(config, databaseUrl, logger);
  const { asyncCommitSql, workerSql } = await openPools(config, databaseUrl, engine);
  // The sandbox providers write only their own simulated state: asynchronous commits.
  const rails = createRailRegistry({ sql: asyncCommitSql, config: config.rails, logger, providerConnectors: providers.rails ?? [] });
  const idempotency = createIdempotencyStore({
    sql, secretBox: input.secretBox, retentionHours: config.idempotencyRetentionHours, lockMs: config.idempotencyLockMs,
    recoveryPointSql: asyncCommitSql,
  });
  // Outcomes are recorded on the worker pool and applied by the capabilities' jobs (decision 0610).
  const providerOutcomes = createProviderOutcomeIngress(workerSql);
  const kyc = createKyc(config, workerSql);
  const payouts = createPayoutsRuntime({ config, workerSql, secretBox: input.secretBox, providers, logger });
  const jobDeps: JobDeps = { sql: workerSql, ledger, rails, idempotency, kyc, payouts, logger, config, now: () => Date.now(), secretBox: input.secretBox, providerOutcomes };
  // Webhook delivery has its own pool (WEBHOOK_POOL_MAX) and job runner: a delivery backlog or a
  // hanging receiver takes neither the API's connections nor the other jobs' (webhooks/worker.ts).
  const webhookSql = createPool(databaseUrl, config.webhookPoolMax, webhookPoolName);
  const webhooks = createWebhookWorker({
    sql: webhookSql, databaseUrl, jobDeps, box: input.secretBox, config: config.webhooks, logger,
  });
  /** Everything but the background work, released once it has stopped. */
  const release = async () => {
    rails.close();
    payouts.rails.close();
    await engine.close();
    await Promise.all([workerSql.end({ timeout: 5 }), asyncCommitSql.end({ timeout: 5 }), webhookSql.end({ timeout: 5 })]);
  };
  const jobRunner = await startBackgroundWork({ config, databaseUrl, jobDeps, webhooks, logger, release });
  return {
    ledger,
    rails,
    idempotency,
    kyc,
    payouts,
    providerOutcomes,
    providerCallbackHandlers: providers.callbackHandlers ?? [], reconReportSources: { paystack: providers.settlementReports?.paystack ?? null },
    groupCommit: createGroupCommit(sql),
    jobDeps,
    jobRunner,
    webhooks,
    requestPools: [
      engine instanceof PostgresEngine ? { name: 'ledger', sql: engine.sql } : { name: 'ledger', probe: () => engine.lookupAccounts([readinessProbeAccountId]) },
      { name: 'async-commit', sql: asyncCommitSql },
    ],
    deliverRailOutcomes: () => deliverRailOutcomesNow({ databaseUrl, deps: jobDeps, logger }),
    async close() {
      await Promise.all([jobRunner?.stop(), webhooks.stop()]);
      await release();
    },
  };
}

/**
 * The payout rails and what sends use. The sandbox payout rails, like the KYC provider, are
 * called from jobs only and keep their record of each send on the background pool: the record
 * and the job that delivers its outcome commit together. Real providers' beside them, routed by
 * the routing table (payout-rails/registry.ts).
 */
function createPayoutsRuntime(input: { config: Config; workerSql: Sql; secretBox: SecretBox; providers: ProviderConnectors; logger: Logger }): PayoutsRuntime {
  const { config } = input;
  return {
    rails: createPayoutRailRegistry({
      sql: input.workerSql,
      sandbox: config.payouts.sandbox,
      providerConnectors: input.providers.payoutRails ?? [],
      routing: config.providers.routing,
      ...(config.rails.breaker ? { breaker: config.rails.breaker } : {}),
      logger: input.logger,
      // One delivery job per rail and 100 ms window: the sends of a burst share it (a waiting
      // job keeps its time; one already running gets a successor, which finds what it missed).
      scheduleOutcomeDelivery: async (q, delivery) => {
        const window = Math.floor(delivery.runAt.getTime() / sandboxOutcomeWindowMs) + 1;
        await enqueueJob(q, 'payout_rails.sandbox_deliver_due_outcomes', { destinationType: delivery.destinationType }, {
          runAt: new Date(window * sandboxOutcomeWindowMs), jobKey: `${sandboxDeliveryJobKeyPrefix(delivery.destinationType)}${window}`,
          jobKeyMode: 'preserve_run_at',
        });
      },
    }),
    vault: createDestinationVault(input.secretBox),
    retryScheduleMs: config.payouts.retryScheduleMs,
    railSharers: [partnerWithdrawalsOnPayoutRails],
  };
}
