// `./payagg-worker`: the background work alone, without HTTP: the job runner (jobs/: the
// idempotency purge, the run finisher, the sandbox providers' deliveries, the capabilities'
// jobs that apply provider outcomes through the ledger (provider-outcomes/), and the rest of
// jobs/registry.ts), for a deployment that runs them
// in their own processes beside API processes started with RUN_WORKERS=false. `make run` needs
// none of this: by default the API process runs them itself.
//
// Why a separate process can be worth it: settling a batch of outcomes is JavaScript work on the
// event loop that also serves requests. In its own process it cannot delay a request; on the
// 2-core bench machine that roughly halved POST /collections' median latency at 500/s
// (docs/performance.md). Several worker processes may run at once: a job is taken by one runner
// (FOR UPDATE SKIP LOCKED), and settlement is idempotent.
//
// Same configuration as the server: DATABASE_URL (else it joins, or starts, the embedded
// PostgreSQL in DATA_DIR), MASTER_KEY or DATA_DIR/master.key, the SANDBOX_RAIL_*,
// and JOB_* settings; its request pool defaults to 2 connections
// (DATABASE_POOL_MAX). Stops cleanly on SIGINT/SIGTERM (the jobs in progress finish).
import { ConfigError, connectionsPerProcess, loadConfig } from './config.ts';
import { resolveMasterKey } from './crypto/master-key.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { connectDatabase } from './db/index.ts';
import { prepareSchema } from './db/schema-steps.ts';
import { checkMasterKey } from './accounts/bootstrap.ts';
import { createLogger } from './log.ts';
import { createDomainRuntime } from './runtime.ts';
import { serveMetrics } from './metrics/server.ts';
import { metricsSettingsFromEnv } from './metrics/settings.ts';

async function main(): Promise<void> {
  // RUN_WORKERS is the API process's switch; this process exists to run the background work.
  const config = loadConfig(process.env, 'worker');
  const metricsSettings = metricsSettingsFromEnv(process.env);
  const logger = createLogger(config.logLevel);
  const masterKey = resolveMasterKey(config, logger);
  const db = await connectDatabase(config, logger);
  try {
    // Like the server: the schema migrated (MIGRATE_ON_START, the embedded default) or checked
    // (decision 0512), and a master key other than the database's refused.
    await prepareSchema(db, config, logger);
    await checkMasterKey(db.sql, masterKey);
    const runtime = await createDomainRuntime({ config, sql: db.sql, databaseUrl: db.url, secretBox: createSecretBox(masterKey), logger });
    // The worker has no other HTTP listener: this one is for Prometheus alone (decision 0560).
    const metrics = await serveMetrics({ settings: metricsSettings, sql: db.sql, rails: runtime.rails, config, logger })
      .catch(async (error: unknown) => { await runtime.close(); throw error; });
    logger.info('background work running', {
      job_concurrency: config.jobConcurrency, connections_max: connectionsPerProcess(config).total,
      // What `locked_by` of this process's jobs says (graphile_worker._private_jobs): who holds a job.
      job_runner_id: runtime.jobRunner?.workerId() ?? null,
    });
    process.stdout.write('payagg worker running (job runner: idempotency purge, refund sweeper, completer; sandbox rail outcomes)\n');
    const stop = async (signal: string) => {
      logger.info('shutting down', { signal });
      await metrics?.close();
      await runtime.close();
      await db.close();
      logger.info('stopped');
    };
    await new Promise<void>((resolve) => {
      const onSignal = (signal: string) => void stop(signal).then(resolve, (error: Error) => {
        logger.error('error during shutdown', { error: error.message });
        process.exitCode = 1;
        resolve();
      });
      process.once('SIGINT', () => onSignal('SIGINT'));
      process.once('SIGTERM', () => onSignal('SIGTERM'));
    });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : `failed to start: ${(error as Error).message}`;
  process.stderr.write(`payagg worker: ${message}\n`);
  process.exitCode = 1;
});
