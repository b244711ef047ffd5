// `make run`: connect the database (embedded by default), migrate, create the sandbox merchant on the
// very first start (not on a production server, which has no sandbox), listen on PORT; shut down
// in order on SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config.ts';
import { resolveMasterKey } from './crypto/master-key.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { connectDatabase } from './db/index.ts';
import { prepareSchema } from './db/schema-steps.ts';
import { checkMasterKey, ensureSandboxMerchant, startBanner } from './accounts/bootstrap.ts';
import { createLogger } from './log.ts';
import { createDomainRuntime, type DomainRuntime } from './runtime.ts';
import { buildApp, closeServer, listen } from './service.ts';
import { describeLedgerEngine, ledgerEngineBannerLine } from './ledger-engine.ts';
import { type MetricsServer, serveMetrics } from './metrics/server.ts';
import { metricsSettingsFromEnv } from './metrics/settings.ts';

// A shutdown that takes longer than this is forced (exit code 1).
const shutdownTimeoutMs = 15_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const metricsSettings = metricsSettingsFromEnv(process.env);
  const logger = createLogger(config.logLevel);
  const masterKey = resolveMasterKey(config, logger);
  const db = await connectDatabase(config, logger);
  let server: Awaited<ReturnType<typeof listen>> | null = null;
  let runtime: DomainRuntime | null = null;
  let metrics: MetricsServer | null = null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    try {
      if (server) await closeServer(server);
      await metrics?.close();
      if (runtime) await runtime.close();
      await db.close();
      logger.info('stopped');
      process.exitCode = 0;
    } catch (error) {
      logger.error('error during shutdown', { error: (error as Error).message });
      process.exitCode = 1;
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // `make run` migrates here; a process on a shared database only checks (decision 0512).
    await prepareSchema(db, config, logger);
    await checkMasterKey(db.sql, masterKey);
    const sandbox = config.mode === 'production' ? null : await ensureSandboxMerchant(db.sql, createSecretBox(masterKey));
    runtime = await createDomainRuntime({ config, sql: db.sql, databaseUrl: db.url, secretBox: createSecretBox(masterKey), logger });
    const { app, notImplementedRoutes } = buildApp({ config, sql: db.sql, logger, masterKey, runtime });
    if (stopping) return;
    // Prometheus scrapes each process on its own port (decision 0560).
    metrics = await serveMetrics({ settings: metricsSettings, sql: db.sql, rails: runtime.rails, config, logger });
    server = await listen(app, config.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info('listening', { port, not_implemented_routes: notImplementedRoutes.length });
    const banner = startBanner(port, config.mode, sandbox);
    // Second line, under "listening": which ledger engine holds the money (src/ledger-engine.ts).
    banner.splice(1, 0, ledgerEngineBannerLine(describeLedgerEngine(config, db.url)));
    process.stdout.write(`${banner.join('\n')}\n`);
  } catch (error) {
    logger.error('failed to start', { error: (error as Error).message });
    await metrics?.close();
    await runtime?.close().catch(() => {});
    await db.close().catch(() => {});
    process.exitCode = 1;
  }
}

main().catch((error) => {
  const message = error instanceof ConfigError ? `configuration error: ${error.message}` : (error as Error).stack;
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
});
